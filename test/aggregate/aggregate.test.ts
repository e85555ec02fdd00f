import assert from "node:assert/strict";
import { test } from "node:test";
import {
  aggregateBadgeJson,
  aggregateConsole,
  aggregateMarkdown,
  aggregateRecords,
} from "../../src/aggregate/index.js";
import { recordBytes } from "../../src/record/index.js";
import { writeAnswerText, writeExpectedAnswer } from "../../src/text-forms/index.js";
import { file, numbersCase, ok, record } from "./fixtures.js";

const jcs = [ok("jcs/a", '{"a":1}'), ok("jcs/b", "[1]")];

test("each implementation's suites are tallied from its record, and all agreeing passes", () => {
  const a = record("alpha", [...jcs, ok("reject/x", "reject"), numbersCase(0, 999)]);
  const b = record("beta", [...jcs, { name: "reject/x", pass: false, expected: "reject", got: "[]" }]);
  const agg = aggregateRecords([file("a/record.json", a), file("b/record.json", b)]);
  assert.deepEqual(
    agg.implementations.map((i) => [i.id, i.label, i.conformant, i.suites]),
    [
      [
        "I1",
        "alpha 1.0",
        true,
        [
          { suite: "jcs", cases: 2, passed: 2 },
          { suite: "reject", cases: 1, passed: 1 },
          { suite: "numbers", cases: 1, passed: 1 },
        ],
      ],
      [
        "I2",
        "beta 1.0",
        false,
        [
          { suite: "jcs", cases: 2, passed: 2 },
          { suite: "reject", cases: 1, passed: 0 },
        ],
      ],
    ],
  );
  assert.deepEqual(
    agg.records.map((r) => [r.outcome, r.implementation]),
    [
      ["accept conformant=true", "I1"],
      ["accept conformant=false", "I2"],
    ],
  );
  // beta answered reject/x with an output where alpha refused: a disagreement.
  assert.deepEqual(
    agg.disagreements.map((d) => [d.case, d.answers.map((x) => [x.implementation, x.got])]),
    [
      [
        "reject/x",
        [
          ["I1", "reject"],
          ["I2", "[]"],
        ],
      ],
    ],
  );
  assert.equal(agg.verdict.exitCode, 1);
});

test("a non-conformant implementation alone is shown but fails only with requireConformant", () => {
  const a = record("alpha", [...jcs]);
  const b = record("beta", [jcs[0]!, { ...jcs[1]!, pass: false, expected: "[2]" }]);
  const shown = aggregateRecords([file("a", a), file("b", b)]);
  assert.equal(shown.disagreements.length, 0, "the same got is no disagreement, whatever was expected");
  assert.equal(shown.verdict.conformant, 1);
  assert.equal(shown.verdict.exitCode, 0);
  assert.deepEqual(aggregateBadgeJson(shown), {
    schemaVersion: 1,
    label: "canon conformance",
    message: "1/2 implementations",
    color: "red",
  });
  const strict = aggregateRecords([file("a", a), file("b", b)], { requireConformant: true });
  assert.equal(strict.verdict.exitCode, 1);
  assert.deepEqual(strict.verdict.failures, ["1 implementation not conformant"]);
});

test("three agreeing conformant implementations: exit 0 and a green 3/3 badge", () => {
  const files = ["alpha", "beta", "gamma"].map((n) => file(`${n}/record.json`, record(n, jcs)));
  const agg = aggregateRecords(files);
  assert.equal(agg.verdict.exitCode, 0);
  assert.deepEqual(agg.verdict.failures, []);
  assert.deepEqual(aggregateBadgeJson(agg), {
    schemaVersion: 1,
    label: "canon conformance",
    message: "3/3 implementations",
    color: "brightgreen",
  });
  assert.match(aggregateConsole(agg), /Aggregate: OK\n$/);
});

test("refusals with different reasons agree; a tampered record is refused, the rest still shown", () => {
  const a = record("alpha", [
    ...jcs,
    {
      name: "reject/x",
      pass: true,
      expected: writeExpectedAnswer({ status: "rejected" }),
      got: writeAnswerText({ status: "rejected", reason: "dup 'a'" }),
    },
  ]);
  const b = record("beta", [
    ...jcs,
    { name: "reject/x", pass: true, expected: "reject", got: 'reject: dup "a" at 3' },
  ]);
  const tampered = new TextDecoder()
    .decode(recordBytes(record("gamma", jcs)))
    .replace('"got":"[1]"', '"got":"[2]"');
  assert.match(tampered, /"got":"\[2\]"/);
  const agg = aggregateRecords([
    file("a", a),
    { source: "gamma/record.json", bytes: new TextEncoder().encode(tampered) },
    file("b", b),
    { source: "gone/record.json", readError: "ENOENT" },
  ]);
  assert.deepEqual(
    agg.records.map((r) => [r.source, r.outcome, r.accepted]),
    [
      ["a", "accept conformant=true", true],
      ["gamma/record.json", "reject step=4 reason=signature_invalid", false],
      ["b", "accept conformant=true", true],
      ["gone/record.json", "unreadable (ENOENT)", false],
    ],
  );
  assert.equal(agg.implementations.length, 2, "the accepted two are still shown");
  assert.equal(agg.disagreements.length, 0);
  assert.equal(agg.verdict.exitCode, 1);
  assert.deepEqual(agg.verdict.failures, ["2 records refused or unreadable"]);
  const text = aggregateConsole(agg);
  assert.match(
    text,
    /reject step=4 reason=signature_invalid {2}gamma\/record\.json\n {6}sig does not verify/,
  );
  assert.match(aggregateBadgeJson(agg).message, /^2\/2 implementations, 2 refused$/);
});

test("shards of one implementation join: a complete sweep, or the gap and overlap named", () => {
  const shard = (from: number, to: number) => record("alpha", [...jcs, numbersCase(from, to)]);
  const whole = aggregateRecords([file("s1", shard(0, 999)), file("s2", shard(1000, 1999))]);
  assert.equal(whole.implementations.length, 1, "same implementation and suite: one implementation");
  const [impl] = whole.implementations;
  assert.equal(impl!.sweeps[0]!.complete, true);
  assert.deepEqual(impl!.records, ["s1", "s2"]);
  assert.deepEqual(impl!.suites, [
    { suite: "jcs", cases: 2, passed: 2 },
    { suite: "numbers", cases: 2, passed: 2 },
  ]);
  assert.equal(impl!.conformant, true);
  assert.equal(whole.verdict.exitCode, 0);

  const gap = aggregateRecords([file("s1", shard(0, 999)), file("s3", shard(2000, 2999))]);
  assert.deepEqual(gap.implementations[0]!.sweeps[0]!.missing, [{ from: 1000, to: 1999 }]);
  assert.equal(gap.implementations[0]!.conformant, false);
  assert.equal(gap.verdict.exitCode, 1);
  assert.match(aggregateConsole(gap), /I1 {2}numbers: NOT one sweep of 0-2999: missing 1000-1999/);

  const overlap = aggregateRecords([file("s1", shard(0, 1499)), file("s2", shard(1000, 1999))]);
  assert.deepEqual(overlap.implementations[0]!.sweeps[0]!.doubled, [
    { from: 1000, to: 1499, sources: ["s1", "s2"] },
  ]);
  assert.equal(overlap.verdict.incompleteSweeps, 1);
  assert.match(aggregateConsole(overlap), /doubled 1000-1499/);
  assert.match(aggregateConsole(overlap), / {6}1000-1499 is in: s1, s2/);
});

test("shards are joined only within one implementation and suite", () => {
  const a = record("alpha", [numbersCase(0, 999)]);
  const otherSuite = record("alpha", [numbersCase(0, 999)], { suite: "nfc:numbers" });
  const otherFiles = record("alpha", [numbersCase(0, 999)], {
    implementation: {
      adapter: "command",
      impl: "alpha --lines",
      name: "alpha",
      version: "1.0",
      files: [{ path: "C:\\alpha.exe", sha256: "02".repeat(32) }],
    },
  });
  const agg = aggregateRecords([file("a", a), file("b", otherSuite), file("c", otherFiles)]);
  assert.equal(agg.implementations.length, 3);
  assert.ok(agg.implementations.every((i) => i.sweeps.length === 1 && i.sweeps[0]!.complete));
});

test("one implementation's shards answering one case differently is listed too", () => {
  const s1 = record("alpha", [ok("jcs/a", "1"), numbersCase(0, 9)]);
  const s2 = record("alpha", [
    { name: "jcs/a", pass: false, expected: "1", got: "1.0" },
    numbersCase(10, 19),
  ]);
  const agg = aggregateRecords([file("s1", s1), file("s2", s2)]);
  assert.deepEqual(
    agg.disagreements.map((d) => d.answers.map((a) => [a.implementation, a.source, a.got])),
    [
      [
        ["I1", "s1", "1"],
        ["I1", "s2", "1.0"],
      ],
    ],
  );
  assert.deepEqual(agg.implementations[0]!.suites[0], { suite: "jcs", cases: 1, passed: 0 });
});

test("no records at all fails", () => {
  const agg = aggregateRecords([]);
  assert.equal(agg.verdict.exitCode, 1);
  assert.deepEqual(agg.verdict.failures, ["no records"]);
});

test("generated cases named as ranges join as one sweep per property; others are ordinary cases", () => {
  const s1 = record("alpha", [
    ok("generated/idem/seed-2/0-49"),
    ok("generated/free-form-name"),
    numbersCase(0, 9),
  ]);
  const s2 = record("alpha", [ok("generated/idem/seed-2/50-99"), numbersCase(10, 19)]);
  const agg = aggregateRecords([file("s1", s1), file("s2", s2)]);
  const [impl] = agg.implementations;
  assert.deepEqual(
    impl!.sweeps.map((c) => [c.sweep, c.total, c.complete]),
    [
      ["numbers", 20, true],
      ["generated/idem", 100, true],
    ],
  );
  assert.deepEqual(impl!.suites.at(-1), { suite: "generated", cases: 3, passed: 3 });
  assert.equal(agg.verdict.exitCode, 0);
});

test("open choices made differently (one strips a byte-order mark, one refuses it) are shown apart and fail nothing", () => {
  const bom = [
    "canon-or-reject/bom-object",
    "canon-or-reject/bom-array",
    "canon-or-reject/bom-then-whitespace",
  ];
  const expected = writeExpectedAnswer({ status: "either", output: '{"a":1}' });
  const strips = record("strips", [
    ...jcs,
    ...bom.map((name) => ({
      name,
      pass: true,
      expected,
      got: writeAnswerText({ status: "canonical", output: '{"a":1}' }),
    })),
  ]);
  const refuses = record("refuses", [
    ...jcs,
    ...bom.map((name) => ({
      name,
      pass: true,
      expected,
      got: writeAnswerText({ status: "rejected", reason: "byte-order mark" }),
    })),
  ]);
  const agg = aggregateRecords([file("a/record.json", strips), file("b/record.json", refuses)]);
  assert.deepEqual(agg.disagreements, []);
  assert.deepEqual(
    agg.choices.map((c) => c.case),
    bom,
  );
  assert.equal(agg.verdict.exitCode, 0, agg.verdict.failures.join("; "));
  assert.equal(agg.verdict.choices, 3);
  const text = aggregateConsole(agg);
  assert.match(text, /0 cases answered differently, 3 open choices made differently \(allowed\)/);
  assert.match(
    text,
    /Open choices made differently \(3\): the RFC leaves these open, every answer is allowed, not a failure:\n {2}canon-or-reject\/bom-object\n/,
  );
  assert.doesNotMatch(text, /Cases answered differently/);
  assert.match(text, /Aggregate: OK\n$/);
  const markdown = aggregateMarkdown(agg);
  assert.match(markdown, /^## ✅ Aggregate passed/);
  assert.match(markdown, /### Open choices made differently \(3\)/);
  assert.doesNotMatch(markdown, /### Cases answered differently/);

  // An answer that failed such a case is no choice: it disagrees, and fails the aggregate.
  const wrong = record("wrong", [
    ...jcs,
    ...bom.map((name) => ({
      name,
      pass: false,
      expected,
      got: writeAnswerText({ status: "canonical", output: "{}" }),
    })),
  ]);
  const bad = aggregateRecords([file("a/record.json", strips), file("c/record.json", wrong)]);
  assert.deepEqual(
    bad.disagreements.map((d) => d.case),
    bom,
  );
  assert.deepEqual(bad.choices, []);
  assert.equal(bad.verdict.exitCode, 1);
  // Outside the open-choice suite, two passing answers that differ still disagree (a shard's own).
  const x = record("x", [ok("jcs/a", '{"a":1}')]);
  const y = record("y", [ok("jcs/a", '{"a":2}')]);
  assert.equal(
    aggregateRecords([file("x/record.json", x), file("y/record.json", y)]).disagreements.length,
    1,
  );
});
