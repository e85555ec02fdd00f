// Install as printed (issue 22): README's and the docs' `uses:` lines and `npx` lines name one owner,
// the repository the printed commands install from (src/report/install-form.ts), and the README says
// what works where GitHub is out of reach (a tarball from npm pack, a clone's node dist/cli.js; both
// run in test/pack/install.slow.test.ts).
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { HOME_REPOSITORY } from "../../src/report/install-form.js";
import { REPO } from "../helpers/dist.js";

const read = (path: string) => readFileSync(join(REPO, path), "utf8");
const docs = [
  "README.md",
  ...readdirSync(join(REPO, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

test("every `uses:` of this action and every `npx github:` line name the one home repository", () => {
  let uses = 0;
  let npx = 0;
  for (const file of docs) {
    const text = read(file);
    for (const [, repo] of text.matchAll(/uses: ([^\s@]+)\/canon-conformance@/g)) {
      uses++;
      assert.equal(`${repo}/canon-conformance`, HOME_REPOSITORY, `${file}: uses: ${repo}/canon-conformance`);
    }
    for (const [, repo] of text.matchAll(/npx --yes '?github:([^#\s']+)#/g)) {
      npx++;
      assert.equal(repo, HOME_REPOSITORY, `${file}: npx github:${repo}`);
    }
    assert.doesNotMatch(text, /<owner>\/canon-conformance/, `${file} still says <owner>`);
  }
  assert.ok(uses > 5 && npx > 5, `${uses} uses: lines and ${npx} npx lines checked`);
});

test("the README says how to install where GitHub is out of reach: a tarball, or a clone", () => {
  const readme = read("README.md");
  const section = readme.slice(readme.indexOf("### Installing where GitHub is out of reach"));
  assert.ok(section.length < readme.length, "the section is there");
  assert.match(section, /exits with code 128 and prints nothing/);
  assert.match(section, /^npm pack\b/m);
  assert.match(section, /^npm install \.\/canon-conformance-\*\.tgz\b/m);
  assert.match(section, /^node dist\/cli\.js run\b/m);
  // What the section tells a person to run is what package.json makes: a bin, and no install script.
  const pkg = JSON.parse(read("package.json"));
  assert.equal(pkg.bin["canon-conformance"], "dist/cli.js");
  assert.equal(pkg.name, "canon-conformance", "npm pack names the tarball canon-conformance-<version>.tgz");
});
