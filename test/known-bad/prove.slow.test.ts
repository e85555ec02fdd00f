// The self-test at its default size, as a user runs it (the self-test command with its real prover, in
// this process; main's dispatch to it: test/known-bad/commands.test.ts): the whole corpus with the
// default sweeps against the reference and every known-bad. npm test proves the same claims over
// shorter sweeps (test/known-bad/prove.test.ts, one shared proof); this is the proof a user gets, and
// each known-bad in it comes out as one cause, or as its definition says (test/known-bad/causes.test.ts
// over the shorter sweeps).
import assert from "node:assert/strict";
import { test } from "node:test";
import { runFromArgv } from "../../src/commands/command.js";
import { selfTestWith } from "../../src/commands/self-test.js";
import { KNOWN_BADS } from "../../src/known-bad/index.js";
import { type KnownBadRun, type Proof, prove } from "../../src/known-bad/prove.js";
import { groupFailures } from "../../src/view/causes.js";
import { withIo } from "../helpers/cli.js";

let proof: Proof | undefined;

test("self-test at its defaults: exit 0, the table, every claim holding", async () => {
  const selfTest = selfTestWith(async (options) => {
    proof = await prove(options);
    return proof;
  });
  const r = await withIo((io) => runFromArgv("self-test", selfTest, [], io));
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /reference \(profile rfc8785\): \d+ cases, all pass/);
  assert.match(
    r.stdout,
    /^known-bad +canon +reject +canon-or-reject +consistent-choice +I1 +I2 +I3 +I4 +numbers +property/m,
  );
  assert.match(r.stdout, /SELF-TEST PASSED/);
  assert.doesNotMatch(r.stdout, /!!/);
});

test("at the default sweeps too, each known-bad is one cause, or as many as its definition says", () => {
  const made = proof;
  assert.ok(made, "the self-test ran");
  for (const bad of KNOWN_BADS) {
    const run: KnownBadRun = made.runs.find((r) => r.bad.name === bad.name)!;
    const results = run.results;
    const groups = groupFailures(results);
    const shown = `${bad.name}:\n${groups.map((g) => `${g.count} ${g.cause}: ${g.title}`).join("\n")}`;
    if (bad.legitimate) {
      assert.deepEqual(groups, [], shown);
      continue;
    }
    const declared = bad.causes;
    const most = declared === undefined ? 1 : "faces" in declared ? 2 : declared.faults.length;
    assert.ok(groups.length >= 1 && groups.length <= most, shown);
    assert.equal(
      groups.reduce((sum, g) => sum + g.count, 0),
      results.filter((r) => !r.pass).length,
      shown,
    );
  }
});
