// How every printed command starts: from the action's own repository and ref, else this tool's home.
import assert from "node:assert/strict";
import { test } from "node:test";
import { HOME_REF, HOME_REPOSITORY, installSource, toolCommand } from "../../src/report/install-form.js";

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
