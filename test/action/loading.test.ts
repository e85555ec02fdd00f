// Everything the action will run is loaded before the first process of the command under test starts
// (docs/sandbox.md "What the harness promises"; issue 18, attack 1): the bundle is one file that
// imports no other file of its own later, and a pull request's signing key is warned about. In-process
// and by reading the test bundle: no action is started here (trust.slow.test.ts starts it, hostile).
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import { test } from "node:test";
import { keyInPullRequestJob } from "../../src/action/key.js";
import { actionScript } from "../helpers/dist.js";

test("the action is one file: no chunk beside it, and no import of a file of its own at run time", () => {
  const bundle = actionScript();
  // impl.cjs and sandbox-harness.js are the tests' own (scripts/build.mjs --test), not shipped.
  assert.deepEqual(
    readdirSync(dirname(bundle))
      .filter((name) => name !== "impl.cjs" && name !== "sandbox-harness.js")
      .sort(),
    ["cli.js", "index.js"],
  );
  // Code only: type annotations in the bundled libraries' comments name modules too.
  const text = readFileSync(bundle, "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
  // No dynamic import of anything (a file, a package): what is imported late is bundled, and evaluated
  // from the source read at start-up.
  assert.doesNotMatch(text, /\bimport\(\s*["'`][^"'`]+["'`]\s*\)/, "a dynamic import");
  assert.doesNotMatch(text, /\brequire\(\s*["'`]\.\.?\//, "a require of a file");
  // The upload client is in it, read with the rest (and set up only when it uploads).
  assert.match(text, /\bDefaultArtifactClient = class\b/);
});

test("a signing key given to mode: run on a pull_request* event is warned about; on other events, or without a key, not", () => {
  for (const event of ["pull_request", "pull_request_target", "pull_request_review"]) {
    assert.match(
      keyInPullRequestJob(true, event) ?? "",
      new RegExp(`on a ${event} event: code of the pull request ran in this job before this step`),
    );
    assert.match(keyInPullRequestJob(true, event) ?? "", /sign in a second job with mode: sign/);
    assert.equal(keyInPullRequestJob(false, event), undefined);
  }
  for (const event of ["push", "workflow_dispatch", "schedule", ""])
    assert.equal(keyInPullRequestJob(true, event), undefined);
});
