// The self-test at its default size, as a user runs it (canon-conformance self-test, through the CLI
// face in this process): the whole corpus with the default sweeps against the reference and every
// known-bad. npm test proves the same claims over shorter sweeps (test/known-bad/prove.test.ts, one
// shared proof); this is the proof a user gets.
import assert from "node:assert/strict";
import { test } from "node:test";
import { cli } from "../helpers/cli.js";

test("self-test at its defaults: exit 0, the table, every claim holding", async () => {
  const r = await cli(["self-test"]);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /reference \(profile rfc8785\): \d+ cases, all pass/);
  assert.match(
    r.stdout,
    /^known-bad +canon +reject +canon-or-reject +consistent-choice +I1 +I2 +I3 +I4 +numbers +property/m,
  );
  assert.match(r.stdout, /SELF-TEST PASSED/);
  assert.doesNotMatch(r.stdout, /!!/);
});
