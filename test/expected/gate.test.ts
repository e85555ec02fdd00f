// The gate decision: which failures the list expects, which it does not, which entries are fixed, and
// the step's status from them; and the check that every entry names a case of the run.
import assert from "node:assert/strict";
import { test } from "node:test";
import { checkAgainstCorpus, decideGate, parseExpectedFailures } from "../../src/expected/index.js";
import { caseResult } from "../report/fixtures.js";

const list = (text: string) => parseExpectedFailures(text, "known.txt");

const results = [
  caseResult("jcs", "control-del", false),
  caseResult("jcs", "control-nul", false),
  caseResult("jcs", "control-tab", true),
  caseResult("jcs", "plain", true),
  caseResult("reject", "dup", false),
];

test("every failure listed, nothing listed passing: the step passes, with each reason", () => {
  const gate = decideGate(results, list("jcs/control-* escapes, #12\nreject/dup keeps the last, #3"), false);
  assert.equal(gate.pass, true);
  assert.deepEqual(gate.unexpected, []);
  assert.deepEqual(gate.fixed, []);
  assert.deepEqual(gate.expected, [
    { name: "jcs/control-del", reason: "escapes, #12", line: 1 },
    { name: "jcs/control-nul", reason: "escapes, #12", line: 1 },
    { name: "reject/dup", reason: "keeps the last, #3", line: 2 },
  ]);
  // The glob still covers a passing case: counted, not fixed, since one of its cases fails.
  assert.deepEqual(
    gate.entries.map((e) => [e.pattern, e.cases, e.failed]),
    [
      ["jcs/control-*", 3, 2],
      ["reject/dup", 1, 1],
    ],
  );
});

test("a failure the list leaves out fails the step, and is named", () => {
  const gate = decideGate(results, list("jcs/control-* escapes"), false);
  assert.equal(gate.pass, false);
  assert.deepEqual(gate.unexpected, ["reject/dup"]);
});

test("an entry whose cases all pass is fixed and fails the step, unless fixed ones are allowed", () => {
  const text = "jcs/control-* escapes\nreject/dup keeps the last\njcs/plain was broken";
  const strict = decideGate(results, list(text), false);
  assert.equal(strict.pass, false);
  assert.deepEqual(strict.unexpected, []);
  assert.deepEqual(
    strict.fixed.map((e) => [e.line, e.pattern, e.cases]),
    [[3, "jcs/plain", 1]],
  );
  const allowed = decideGate(results, list(text), true);
  assert.equal(allowed.pass, true);
  assert.equal(allowed.fixed.length, 1, "still reported when allowed");
});

test("a case two entries cover takes the first one's reason; entries of suites not run cover nothing", () => {
  const gate = decideGate(
    results,
    list("jcs/control-del first\njcs/* second\nreject/* third\nnumbers/* not run"),
    false,
  );
  assert.equal(gate.pass, true);
  assert.deepEqual(
    gate.expected.map((e) => e.reason),
    ["first", "second", "third"],
  );
  assert.deepEqual(
    gate.entries.map((e) => [e.pattern, e.cases]),
    [
      ["jcs/control-del", 1],
      ["jcs/*", 4],
      ["reject/*", 1],
      ["numbers/*", 0],
    ],
  );
  assert.deepEqual(gate.fixed, [], "an entry covering no case of the run is not fixed");
});

test("a run of no cases never passes the gate", () => {
  assert.equal(decideGate([], list("jcs/a x"), true).pass, false);
});

test("the corpus check: an entry must cover a case of a suite the run takes", () => {
  const cases = results.map((r) => ({ suite: r.suite, name: r.name }));
  checkAgainstCorpus(list("jcs/control-* a\nreject/dup b\nnumbers/* c"), cases);
  assert.throws(
    () => checkAgainstCorpus(list("jcs/control-* a\n# x\nreject/dupe typo"), cases),
    /^ExpectedListError: known.txt line 3: 'reject\/dupe' matches no case of the corpus in this run \(.*e\.g\. reject\/dup\); nothing was run$/,
  );
  assert.throws(() => checkAgainstCorpus(list("jcs/control-x* a"), cases), /line 1: 'jcs\/control-x\*'/);
});
