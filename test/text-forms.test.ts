// The text forms one stage writes and another reads back (src/text-forms.ts): each written and read
// back over fast-check's values, and where a form is ambiguous, the reader's rule is pinned.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import {
  type AnswerText,
  answerWithoutReason,
  isNoAnswer,
  parseRecordSuite,
  rangeWidth,
  readAnswerText,
  readPairText,
  readRangeName,
  readRecordCaseName,
  readShardWord,
  readSuiteCases,
  readSweptCaseName,
  readWholeNumber,
  recordCaseName,
  recordSuite,
  writeAnswerText,
  writePairText,
  writeRangeName,
} from "../src/text-forms.js";
import { SUITES, type SuiteName } from "../src/types.js";

const RESERVED = /^(reject|failed): /;
const SEPARATOR = " | b: ";
const occurrences = (text: string, part: string) => text.split(part).length - 1;

const answerText: fc.Arbitrary<AnswerText> = fc.oneof(
  fc
    .string()
    .filter((s) => !RESERVED.test(s))
    .map((output) => ({ status: "canonical" as const, output })),
  fc.string().map((reason) => ({ status: "rejected" as const, reason })),
  fc.string().map((reason) => ({ status: "failed" as const, reason })),
);

test("an answer written is read back, and its reason can be left out", () => {
  fc.assert(
    fc.property(answerText, (answer) => {
      const text = writeAnswerText(answer);
      assert.deepEqual(readAnswerText(text), answer);
      const bare = answer.status === "canonical" ? text : answer.status === "rejected" ? "reject" : "failed";
      assert.equal(answerWithoutReason(text), bare);
      assert.equal(isNoAnswer(text), answer.status === "failed");
    }),
    { numRuns: 2000, seed: 1 },
  );
  assert.equal(writeAnswerText({ status: "rejected", reason: "dup" }), "reject: dup");
  assert.equal(writeAnswerText({ status: "failed", reason: "timed out" }), "failed: timed out");
  // The one ambiguity: an output (never JSON) that starts like a refusal reads as one.
  assert.deepEqual(readAnswerText("reject: x"), { status: "rejected", reason: "x" });
  assert.deepEqual(readAnswerText('{"a":"reject: x"}'), { status: "canonical", output: '{"a":"reject: x"}' });
});

test("a pair written is read back whenever its separator stands once; else it is not read as a pair", () => {
  fc.assert(
    fc.property(fc.string(), fc.string(), (a, b) => {
      const text = writePairText({ a, b });
      if (occurrences(text, SEPARATOR) === 1) assert.deepEqual(readPairText(text), { a, b });
      else assert.equal(readPairText(text), undefined, text);
    }),
    { numRuns: 3000, seed: 2 },
  );
  // Answers that hold the separator: the split is not certain, so there is none.
  fc.assert(
    fc.property(fc.string(), fc.string(), fc.string(), (a, b, c) => {
      assert.equal(readPairText(writePairText({ a: `${a}${SEPARATOR}${c}`, b })), undefined);
    }),
    { numRuns: 500, seed: 3 },
  );
  fc.assert(
    fc.property(fc.string(), (both) => assert.deepEqual(readPairText(writePairText({ both })), { both })),
    { numRuns: 500, seed: 4 },
  );
  assert.equal(writePairText({ a: "reject: x", b: "{}" }), "a: reject: x | b: {}");
  assert.equal(writePairText({ both: "[1]" }), "both: [1]");
  assert.equal(readPairText("[1]"), undefined);
});

const range = fc
  .tuple(
    fc.nat({ max: 0xffffffff }),
    fc.nat({ max: Number.MAX_SAFE_INTEGER }),
    fc.nat({ max: Number.MAX_SAFE_INTEGER }),
  )
  .map(([seed, x, y]) => ({ seed, from: Math.min(x, y), to: Math.max(x, y) }));

test("a range name written is read back, whatever its padding; one that ends before it starts is none", () => {
  fc.assert(
    fc.property(range, fc.nat({ max: 20 }), (r, width) => {
      const text = writeRangeName(r, width);
      assert.deepEqual(readRangeName(text), r);
      if (r.from < r.to)
        assert.equal(readRangeName(writeRangeName({ ...r, from: r.to, to: r.from }, width)), undefined);
    }),
    { numRuns: 2000, seed: 5 },
  );
  assert.equal(
    writeRangeName({ seed: 1, from: 0, to: 99_999 }, rangeWidth(100_000, 9)),
    "seed-1/000000000-000099999",
  );
  assert.equal(writeRangeName({ seed: 7, from: 50, to: 99 }, rangeWidth(100, 4)), "seed-7/0050-0099");
  assert.equal(rangeWidth(100_000_000_000, 9), 11);
  assert.equal(readRangeName("seed-x/0-9"), undefined);
  assert.equal(readRangeName("seed-1/0-9 "), undefined);
});

test("a swept record case name reads back as its sweep and range; other suites' names do not", () => {
  const property = fc.stringMatching(/^[a-z][a-z-]{0,20}$/);
  fc.assert(
    fc.property(range, property, fc.nat({ max: 12 }), (r, name, width) => {
      const numbers = recordCaseName("numbers", writeRangeName(r, width));
      assert.deepEqual(readSweptCaseName(numbers), { sweep: "numbers", ...r });
      const generated = recordCaseName("generated", `${name}/${writeRangeName(r, width)}`);
      assert.deepEqual(readSweptCaseName(generated), { sweep: `generated/${name}`, ...r });
      for (const suite of SUITES.filter((s) => s !== "numbers" && s !== "generated")) {
        assert.equal(readSweptCaseName(recordCaseName(suite, writeRangeName(r, width))), undefined);
      }
    }),
    { numRuns: 1000, seed: 6 },
  );
  assert.equal(readSweptCaseName("generated/a/b/seed-1/0-9"), undefined, "a property name holds no /");
  fc.assert(
    fc.property(fc.constantFrom(...SUITES), fc.string(), (suite, name) => {
      assert.deepEqual(readRecordCaseName(recordCaseName(suite, name)), { suite, name });
    }),
    { numRuns: 1000, seed: 9 },
  );
  assert.deepEqual(readRecordCaseName("no-slash"), { suite: "no-slash", name: "" });
});

test("a record's suite written is read back: profile, suites and each parameter stated", () => {
  const suites = fc.subarray([...SUITES], { minLength: 1 });
  const shard = fc
    .tuple(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 0, max: 63 }))
    .map(([count, k]) => ({ index: (k % count) + 1, count }));
  const parameters = fc.record(
    {
      numbers: fc.nat({ max: Number.MAX_SAFE_INTEGER }),
      generated: fc.nat({ max: 1_000_000 }),
      shard,
      seed: fc.nat({ max: 0xffffffff }),
    },
    { requiredKeys: [] },
  );
  fc.assert(
    fc.property(fc.constantFrom("rfc8785", "nfc" as const), suites, parameters, (profile, names, p) => {
      const label = recordSuite(profile, names as SuiteName[], p);
      const read = parseRecordSuite(label);
      assert.ok(read, label);
      assert.equal(read.profile, profile);
      assert.deepEqual(read.suites, names);
      const generates = names.includes("numbers") || names.includes("generated");
      const stated = read.parameters;
      assert.equal(readWholeNumber(stated.numbers), names.includes("numbers") ? p.numbers : undefined);
      assert.equal(readWholeNumber(stated.generated), names.includes("generated") ? p.generated : undefined);
      assert.equal(readWholeNumber(stated.seed), generates ? p.seed : undefined);
      assert.deepEqual(
        stated.shard === undefined ? undefined : readShardWord(`shard=${stated.shard}`),
        generates ? p.shard : undefined,
      );
      if (!generates) assert.equal(label, `${profile}:${names.join(",")}`);
    }),
    { numRuns: 2000, seed: 7 },
  );
  assert.deepEqual(readShardWord("shard=3/8"), { index: 3, count: 8 });
  assert.equal(readShardWord("shard=3"), undefined);
  assert.equal(readWholeNumber("1e3"), undefined);
  assert.equal(readWholeNumber("99999999999999999999"), undefined, "past 2^53 is no whole number here");
});

test("a run of some cases: cases=P,... comes last in the suite and reads back; a full run has none", () => {
  const label = recordSuite("rfc8785", ["jcs", "numbers"], {
    numbers: 10,
    seed: 2,
    cases: ["jcs/a-*", "numbers/*"],
  });
  assert.equal(label, "rfc8785:jcs,numbers numbers=10 seed=2 cases=jcs/a-*,numbers/*");
  assert.deepEqual(readSuiteCases(label), ["jcs/a-*", "numbers/*"]);
  assert.equal(parseRecordSuite(label)?.parameters.seed, "2", "the other parameters read as before");
  assert.equal(readSuiteCases(recordSuite("rfc8785", ["jcs"], { cases: [] })), undefined);
  assert.equal(readSuiteCases("rfc8785:jcs"), undefined);
});
