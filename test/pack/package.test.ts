// What makes the package installable by anyone with Node (issue 14): nothing to fetch at run time,
// nothing to build on install, and every printed install command the one src/report/install-form.ts
// prints. test/pack/install.slow.test.ts installs it and runs it.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { HOME_REF, HOME_REPOSITORY, PACKAGE_COMMAND, toolCommand } from "../../src/report/install-form.js";
import { REPO } from "../helpers/dist.js";

const pkg = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as {
  dependencies?: Record<string, string>;
  scripts: Record<string, string>;
  bin: Record<string, string>;
  files: string[];
};

test("no runtime dependency: dist/ bundles them all, so an install fetches nothing from a registry", () => {
  assert.deepEqual(Object.keys(pkg.dependencies ?? {}), []);
  assert.ok(pkg.files.includes("dist"));
});

test("no script npm runs when it installs the package from git (it would install every devDependency first)", () => {
  // pacote's git fetcher prepares a clone, with a full `npm install`, when any of these is present.
  for (const name of ["build", "prepare", "prepack", "preinstall", "install", "postinstall"]) {
    assert.equal(pkg.scripts[name], undefined, `package.json has a '${name}' script`);
  }
  assert.equal(pkg.scripts["build:dist"], "node scripts/build.mjs");
});

test("every npx line of the README, the docs and the examples is the install form the reports print", () => {
  const form = `npx --yes github:${HOME_REPOSITORY}#${HOME_REF}`;
  // The reports quote the spec (a # is a comment only at a word's start, but quoting costs nothing).
  assert.equal(
    toolCommand({ repository: HOME_REPOSITORY, ref: HOME_REF }),
    `npx --yes 'github:${HOME_REPOSITORY}#${HOME_REF}'`,
  );
  let seen = 0;
  for (const file of ["README.md", "docs/action.md", "docs/matrix.md", "examples/README.md"]) {
    const text = readFileSync(join(REPO, file), "utf8");
    for (const match of text.matchAll(/npx [^\n`]*/g)) {
      seen++;
      const printed = toolCommand({ repository: HOME_REPOSITORY, ref: HOME_REF });
      // `npx canon-conformance` runs a copy installed in the project (the offline tarball route), and
      // is what a run started so prints (install-form.ts PACKAGE_COMMAND).
      const local = match[0] === PACKAGE_COMMAND || match[0].startsWith(`${PACKAGE_COMMAND} `);
      assert.ok(
        local || match[0].startsWith(`${form} `) || match[0].startsWith(`${printed} `),
        `${file}: ${match[0]}`,
      );
    }
  }
  assert.ok(seen >= 10, `only ${seen} npx lines found`);
});
