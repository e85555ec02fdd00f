// The gate decision: which failures the list expects, which it does not, which entries are fixed, and
// the step's status from them; and the check that every entry names a case of the run.
import assert from "node:assert/strict";
import { test } from "node:test";
import { runCases } from "../../src/checks/index.js";
import { loadCorpus } from "../../src/corpus/index.js";
import { checkAgainstCorpus, decideGate, parseExpectedFailures } from "../../src/expected/index.js";
import { inProcessCanonicalizer } from "../../src/jcs/canonicalizer.js";
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

// Pinned culprits (issue 20): a listed sweep cannot hide a new fault. The numbers suite of a real
// corpus, judged against the reference with faults planted in its number writing.
const numbersRun = async (write: (n: number) => string | undefined) => {
  const corpus = await loadCorpus({ suites: ["numbers"], profile: "rfc8785", numbers: 3000 });
  const impl = inProcessCanonicalizer("numbers with faults", (input) => {
    const items = new TextDecoder().decode(input).slice(1, -1).split(",");
    const out = items.map((item) => {
      const n = Number(item);
      const special = write(Object.is(n, -0) ? -0 : n);
      if (special === "refuse") throw new Error(`refused ${item}`);
      return special ?? String(n);
    });
    return new TextEncoder().encode(`[${out.join(",")}]`);
  });
  return runCases(corpus.cases, { write: impl, read: impl }, { concurrency: 4 });
};
const refusesMinusZero = (n: number) => (Object.is(n, -0) ? "refuse" : undefined);
const alsoPythonExponents = (n: number) =>
  refusesMinusZero(n) ?? (/e-\d$/.test(String(n)) ? String(n).replace(/e-(\d)$/, "e-0$1") : undefined);

test("a listed numbers failure pinned by kind or by culprit passes; a new fault on top of it fails the step", async () => {
  const listed = await numbersRun(refusesMinusZero);
  const failed = listed.filter((r) => !r.pass);
  assert.deepEqual(
    failed.map((r) => [r.name, r.culprits]),
    [
      [
        "seed-1/000000000-000002999",
        { kinds: { refused: 1 }, listed: [{ id: "-0.0000000000000000e+0", kind: "refused" }] },
      ],
    ],
  );
  for (const entry of ["numbers/* [refused] we refuse -0", "numbers/* [-0.0000000000000000e+0] -0"]) {
    const gate = decideGate(listed, list(entry), false);
    assert.equal(gate.pass, true, entry);
    assert.equal(gate.unpinned, undefined);
  }
  const worse = await numbersRun(alsoPythonExponents);
  const gate = decideGate(worse, list("numbers/* [refused] we refuse -0"), false);
  assert.equal(gate.pass, false, "a new kind of culprit in the listed sweep fails the step");
  assert.deepEqual(gate.unexpected, ["numbers/seed-1/000000000-000002999"]);
  const [unpinned] = gate.unpinned ?? [];
  assert.equal(unpinned?.line, 1);
  assert.ok(
    unpinned!.culprits.length > 0 && unpinned!.culprits.every((c) => / \(notation\)$|more notation$/.test(c)),
    unpinned!.culprits.join(),
  );
  // Pinning the new kind too lets it pass; an entry without pins pins nothing (issue 30 item 9: a plain
  // entry let a second number defect pass the step): the sweep's failure is unexpected, every culprit
  // named as new.
  assert.equal(decideGate(worse, list("numbers/* [refused, notation] both"), false).pass, true);
  for (const g of [
    decideGate(listed, list("numbers/* any"), false),
    decideGate(worse, list("numbers/* whatever fails"), false),
  ]) {
    assert.equal(g.pass, false);
    assert.deepEqual(g.unexpected, ["numbers/seed-1/000000000-000002999"]);
    assert.ok(g.unpinned?.[0]?.culprits.some((c) => / \(refused\)$/.test(c)));
  }
  // Pinned by the one culprit's spelling: any other culprit is new, even of the same kind.
  const moreRefused = await numbersRun((n) => (Object.is(n, -0) || n === 5e-324 ? "refuse" : undefined));
  const byId = decideGate(moreRefused, list("numbers/* [-0.0000000000000000e+0] only -0"), false);
  assert.equal(byId.pass, false);
  // The edge case and each grid spelling that rounds to it (3e-324 … 7e-324).
  assert.deepEqual(byId.unpinned?.[0]?.culprits, [
    "4.9406564584124654e-324 (refused)",
    ...[3, 4, 5, 6, 7].map((m) => `${m}e-324 (refused)`),
  ]);
});

test("pins on a case that reports no culprits change nothing: the entry covers it as before", () => {
  const gate = decideGate(results, list("jcs/control-* [refused] escapes\nreject/dup [x] keeps"), false);
  assert.equal(gate.pass, true);
});
