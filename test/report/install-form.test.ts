// How every printed command starts: in the form the tool was started with (a clone's cli.js, an
// installed package), from the action's own repository and ref, else this tool's home.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import {
  cliToolCommand,
  HOME_REF,
  HOME_REPOSITORY,
  installSource,
  PACKAGE_COMMAND,
  toolCommand,
} from "../../src/report/install-form.js";

test("the action's repository and ref, as `uses:` named them, make the install form", () => {
  const source = installSource({
    GITHUB_ACTION_REPOSITORY: "octo-org/canon-conformance",
    GITHUB_ACTION_REF: "v1.2.3",
  });
  assert.deepEqual(source, { repository: "octo-org/canon-conformance", ref: "v1.2.3" });
  assert.equal(toolCommand(source), "npx --yes 'github:octo-org/canon-conformance#v1.2.3'");
  const sha = "0123456789abcdef0123456789abcdef01234567";
  assert.equal(installSource({ GITHUB_ACTION_REPOSITORY: "o/r", GITHUB_ACTION_REF: sha }).ref, sha);
});

test("outside the action, or with a value no repository or ref could be, this tool's home", () => {
  const home = { repository: HOME_REPOSITORY, ref: HOME_REF };
  assert.deepEqual(installSource({}), home);
  assert.deepEqual(installSource({ GITHUB_ACTION_REPOSITORY: "", GITHUB_ACTION_REF: "" }), home);
  for (const [repository, ref] of [
    ["o/r; rm -rf ~", "v1"],
    ["o/r", "v1 && curl x"],
    ["o/r", "$(id)"],
    ["o/r", "../../x"],
    ["no-slash", "v1"],
  ]) {
    assert.deepEqual(
      installSource({ GITHUB_ACTION_REPOSITORY: repository, GITHUB_ACTION_REF: ref }),
      home,
      `${repository} ${ref}`,
    );
  }
  assert.equal(toolCommand(home), "npx --yes 'github:canon-conformance/canon-conformance#v1'");
});

test("the CLI prints the form it was started with: a clone's cli.js, an installed package, else the git form", () => {
  const dir = mkdtempSync(join(tmpdir(), "cc-install-form-"));
  try {
    // A clone: its dist/cli.js, relative to the working folder when under it, else as a whole path.
    const clone = join(dir, "my clone");
    mkdirSync(join(clone, "dist"), { recursive: true });
    const script = join(clone, "dist", "cli.js");
    writeFileSync(script, "");
    assert.equal(cliToolCommand(script, clone, {}), "node dist/cli.js");
    assert.equal(cliToolCommand(script, join(clone, "dist"), {}), "node cli.js");
    assert.equal(cliToolCommand(script, dir, {}), "node 'my clone/dist/cli.js'");
    assert.equal(cliToolCommand(script, join(dir, "elsewhere"), {}), `node '${script}'`);

    // An installed package, through node_modules/.bin's link or its own path.
    const pkg = join(dir, "project", "node_modules", "canon-conformance", "dist");
    mkdirSync(pkg, { recursive: true });
    writeFileSync(join(pkg, "cli.js"), "");
    mkdirSync(join(dir, "project", "node_modules", ".bin"));
    const bin = join(dir, "project", "node_modules", ".bin", "canon-conformance");
    symlinkSync("../canon-conformance/dist/cli.js", bin);
    assert.equal(cliToolCommand(bin, join(dir, "project"), {}), PACKAGE_COMMAND);
    assert.equal(cliToolCommand(join(pkg, "cli.js"), dir, {}), "npx canon-conformance");

    // npx's cache, the sources under tsx, no script: the git form, the action's own in the action.
    const npx = join(dir, "cache", "_npx", "0123abcd", "node_modules", "canon-conformance", "dist");
    mkdirSync(npx, { recursive: true });
    writeFileSync(join(npx, "cli.js"), "");
    const home = "npx --yes 'github:canon-conformance/canon-conformance#v1'";
    assert.equal(cliToolCommand(join(npx, "cli.js"), dir, {}), home, "no spec found: the home form");
    // The spec npx was given, as npm keeps it beside its node_modules: the same form again.
    const npxRoot = join(dir, "cache", "_npx", "0123abcd", "package.json");
    const spec = (s: string) =>
      writeFileSync(npxRoot, JSON.stringify({ dependencies: { "canon-conformance": s } }));
    spec("github:my-fork/canon-conformance#fix-1");
    assert.equal(
      cliToolCommand(join(npx, "cli.js"), dir, {}),
      "npx --yes 'github:my-fork/canon-conformance#fix-1'",
    );
    for (const odd of ["github:o/r#$(id)", "git+file:///tmp/x.git#v1", "github:o/r"]) {
      spec(odd);
      assert.equal(cliToolCommand(join(npx, "cli.js"), dir, {}), home, odd);
    }
    writeFileSync(join(clone, "cli.ts"), "");
    assert.equal(cliToolCommand(join(clone, "cli.ts"), clone, {}), home);
    assert.equal(cliToolCommand(undefined, clone, {}), home);
    assert.equal(cliToolCommand(join(dir, "missing.js"), clone, {}), home);
    assert.equal(
      cliToolCommand(join(npx, "cli.js"), dir, { GITHUB_ACTION_REPOSITORY: "o/r", GITHUB_ACTION_REF: "v2" }),
      "npx --yes 'github:o/r#v2'",
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
