// The whole self-test through the CLI, as a user runs it (moved from commands.test.ts to the slow
// suite: it proves every known-bad against the whole corpus; prove.test.ts holds the same claims
// in-process).
import assert from "node:assert/strict";
import { test } from "node:test";
import { runCli } from "../helpers/cli.js";

function run(args: string[], input?: string | Uint8Array) {
  return runCli(args, { input: input ?? "", timeout: 120_000 });
}

test("self-test exits 0 and prints the table and its verdict", () => {
  const r = run(["self-test", "--numbers", "2000"]);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /reference \(profile rfc8785\): \d+ cases, all pass/);
  assert.match(
    r.stdout,
    /^known-bad +canon +reject +canon-or-reject +consistent-choice +I1 +I2 +I3 +I4 +numbers +property/m,
  );
  assert.match(r.stdout, /SELF-TEST PASSED/);
});
