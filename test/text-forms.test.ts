// The text forms one stage writes and another reads back (src/text-forms): each written and read back
// over fast-check's values; each reader refusing what its writer never writes (other forms' texts
// included); and where a form is ambiguous, the reader's rule pinned.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import {
  type AnswerText,
  answerWithoutReason,
  type FurtherCause,
  type GeneratedGot,
  generatedCaseName,
  I1_STEPS,
  I4_STEPS,
  type InstanceInput,
  isNoAnswer,
  type NumbersCulprit,
  type NumbersGot,
  parseRecordSuite,
  rangeWidth,
  readAnswerText,
  readChoiceExpectation,
  readChoiceGot,
  readCutBytes,
  readCutText,
  readExpectedAnswer,
  readGeneratedGot,
  readInstanceExpectation,
  readInstanceInput,
  readLinesCountReason,
  readNotRun,
  readNumbersExpectation,
  readNumbersGot,
  readPairExpectation,
  readPairInputs,
  readPairOutputs,
  readPairText,
  readPairTextAtFirst,
  readRangeName,
  readRecordCaseName,
  readRunsExpectation,
  readShardWord,
  readStepText,
  readSuiteCases,
  readSuiteProtocol,
  readSweptCaseName,
  readTwiceExpectation,
  readWholeNumber,
  recordCaseName,
  recordSuite,
  stepAnswer,
  writeAnswerText,
  writeChoiceExpectation,
  writeChoiceGot,
  writeCutBytes,
  writeCutText,
  writeExpectedAnswer,
  writeGeneratedGot,
  writeInstanceExpectation,
  writeInstanceInput,
  writeLinesCountReason,
  writeNotRun,
  writeNumbersExpectation,
  writeNumbersGot,
  writePairExpectation,
  writePairInputs,
  writePairOutputs,
  writePairText,
  writePropertyExpectation,
  writeRangeName,
  writeReplay,
  writeRunsExpectation,
  writeRunsPassed,
  writeStepText,
  writeTwiceExpectation,
} from "../src/text-forms/index.js";
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
      const generated = recordCaseName("generated", generatedCaseName(name, writeRangeName(r, width)));
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

// --- the expectations of the answer kinds ------------------------------------------------------------

test("what an answer kind expects is read back; an output spelled like a refusal reads as one", () => {
  fc.assert(
    fc.property(fc.string(), (output) => {
      assert.deepEqual(readExpectedAnswer(writeExpectedAnswer({ status: "either", output })), {
        status: "either",
        output,
      });
      if (output !== "reject" && !output.startsWith("reject, or "))
        assert.deepEqual(readExpectedAnswer(writeExpectedAnswer({ status: "canonical", output })), {
          status: "canonical",
          output,
        });
    }),
    { numRuns: 1000, seed: 10 },
  );
  assert.deepEqual(readExpectedAnswer(writeExpectedAnswer({ status: "rejected" })), { status: "rejected" });
  assert.equal(writeExpectedAnswer({ status: "either", output: "[1]" }), "reject, or [1]");
});

// --- pairs: answers at the first separator, inputs, expectations, outputs ----------------------------

test("a pair read at its first separator: a's answer whole when it holds none; the writer's text never refused", () => {
  fc.assert(
    fc.property(fc.string(), fc.string(), (a, b) => {
      const text = writePairText({ a, b });
      const read = readPairTextAtFirst(text);
      assert.ok(read && "a" in read, text);
      // a's answer whole unless it holds the separator, or ends in its first five characters.
      if (!`${a}${SEPARATOR.slice(0, -1)}`.includes(SEPARATOR)) assert.deepEqual(read, { a, b });
    }),
    { numRuns: 2000, seed: 11 },
  );
  // a's answer holds the separator: the certain reader refuses, the first split is a person's reading.
  const ambiguous = writePairText({ a: "x | b: y", b: "z" });
  assert.equal(readPairText(ambiguous), undefined);
  assert.deepEqual(readPairTextAtFirst(ambiguous), { a: "x", b: "y | b: z" });
  // What the writer never writes: no `a: ` lead, no separator, a separator inside the lead.
  for (const text of ["[1]", "a: [1]", "a: | b: x", "b: x | a: y", " both: x", "A: x | b: y"]) {
    assert.equal(readPairText(text), undefined, text);
    assert.equal(readPairTextAtFirst(text), undefined, text);
  }
  assert.deepEqual(readPairTextAtFirst(writePairText({ both: "x | b: y" })), { both: "x | b: y" });
});

test("a pair's inputs are read back as one of their splits, the first when a's holds no separator", () => {
  fc.assert(
    fc.property(fc.string(), fc.string(), (a, b) => {
      const splits = readPairInputs(writePairInputs({ a, b }));
      assert.ok(splits?.some((s) => s.a === a && s.b === b));
      if (!`${a} and b =`.includes(" and b = ")) assert.deepEqual(splits?.[0], { a, b });
    }),
    { numRuns: 2000, seed: 12 },
  );
  assert.deepEqual(readPairInputs(writePairInputs({ a: "[1] and b = [2]", b: "[3]" })), [
    { a: "[1]", b: "[2] and b = [3]" },
    { a: "[1] and b = [2]", b: "[3]" },
  ]);
  for (const text of ["[1]", "a = [1]", "b = [1] and a = [2]", "x = [1]"])
    assert.equal(readPairInputs(text), undefined);
});

test("a pair's expectation and a generated pair's outputs are read back", () => {
  fc.assert(
    fc.property(fc.boolean(), fc.string(), fc.string(), fc.string(), (equal, what, a, b) => {
      assert.deepEqual(readPairExpectation(writePairExpectation({ equal, what })), { equal, what });
      const one = readPairOutputs(writePairOutputs({ equal: true, output: a }));
      assert.deepEqual(one, { equal: true, output: a });
      const two = readPairOutputs(writePairOutputs({ equal: false, a, b }));
      assert.ok(two && !two.equal && two.splits.some((s) => s.a === a && s.b === b));
      if (!`${a} and`.includes(" and ")) assert.deepEqual(two.splits[0], { a, b });
    }),
    { numRuns: 2000, seed: 13 },
  );
  assert.equal(
    writePairExpectation({ equal: false, what: "the two inputs" }),
    "different outputs for the two inputs",
  );
  for (const text of ["[1]", "the same outputs for x", "Different outputs for x", "for a = 1 and b = 2"])
    assert.equal(readPairExpectation(text), undefined, text);
  // A stored pair's expectation names its inputs, not a generated pair's outputs.
  assert.equal(
    readPairOutputs(writePairExpectation({ equal: true, what: "a = [1] and b = [1.0]" })),
    undefined,
  );
});

// --- steps -------------------------------------------------------------------------------------------

test("a step's text is read back with its step; a text led by none reads as none", () => {
  const steps = [I1_STEPS.first, I1_STEPS.second, I4_STEPS.first, I4_STEPS.second];
  fc.assert(
    fc.property(fc.constantFrom(...steps), fc.string(), (step, text) => {
      assert.deepEqual(readStepText(writeStepText(step, text)), { step, text });
      assert.equal(stepAnswer(writeStepText(step, text), step), text);
    }),
    { numRuns: 2000, seed: 14 },
  );
  fc.assert(
    fc.property(fc.string(), (text) => {
      if (!/^(canon\(x\)|canon\(canon\(x\)\)|write\(x\)|read\(w\)) → /.test(text))
        assert.equal(readStepText(text), undefined, text);
    }),
    { numRuns: 1000, seed: 15 },
  );
  for (const text of ["canon(x) →x", "canon(x)→ x", "read(x) → 1", " canon(x) → 1", "[1]"])
    assert.equal(readStepText(text), undefined, text);
  assert.equal(stepAnswer(writeStepText(I1_STEPS.first, "x"), I1_STEPS.second), undefined);
});

test("a two-step expectation is read back; what its writer never writes is refused", () => {
  fc.assert(
    fc.property(fc.constantFrom(I1_STEPS, I4_STEPS), fc.string(), (steps, own) => {
      assert.deepEqual(readTwiceExpectation(writeTwiceExpectation({ steps, own })), { steps, own });
      assert.deepEqual(readTwiceExpectation(writeTwiceExpectation({ steps })), { steps });
    }),
    { numRuns: 2000, seed: 16 },
  );
  assert.equal(writeTwiceExpectation({ steps: I1_STEPS, own: "[1]" }), "canon(canon(x)) → [1] (= canon(x))");
  assert.equal(writeTwiceExpectation({ steps: I4_STEPS }), "write(x) → canonical JSON");
  for (const text of [
    "canon(x) → [1]", // a first step with an output: a generated canon instance's, not a two-step one
    "canon(canon(x)) → [1]", // no echo
    "canon(canon(x)) → [1] (= w)", // I4's echo after I1's step
    "read(w) → [1] (= canon(x))",
    "canon(canon(x)) = canon(x)",
    "[1]",
  ])
    assert.equal(readTwiceExpectation(text), undefined, text);
});

// --- consistent-choice ------------------------------------------------------------------------------

test("a consistent choice's texts are read back; a count that names other members is refused", () => {
  const names = fc.array(fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,15}$/), { maxLength: 5 });
  fc.assert(
    fc.property(names, names, names, fc.nat({ max: 1000 }), (accepted, refused, noAnswer, n) => {
      const got = { accepted, refused, noAnswer };
      const text = writeChoiceGot(got);
      if (text !== "") assert.deepEqual(readChoiceGot(text), got);
      assert.equal(readChoiceExpectation(writeChoiceExpectation(n)), n);
    }),
    { numRuns: 1000, seed: 17 },
  );
  for (const text of [
    "",
    "accepted 2: a",
    "refused 1: a; accepted 1: b",
    "accepted 1: a; accepted 1: b",
    "[1]",
  ])
    assert.equal(readChoiceGot(text), undefined, text);
  for (const text of ["all 2 accepted, or all 3 refused", "all 2 accepted", "[1]"])
    assert.equal(readChoiceExpectation(text), undefined, text);
});

// --- a lines-mode answer of several lines ------------------------------------------------------------

test("an answer of several lines: its count and the lines shown read back, whatever they hold", () => {
  fc.assert(
    fc.property(
      fc.array(fc.string({ unit: "grapheme" }), { minLength: 1, maxLength: 2 }),
      fc.nat(),
      (shown, more) => {
        const count = shown.length + (shown.length === 2 ? more : 0);
        assert.deepEqual(readLinesCountReason(writeLinesCountReason(count, shown)), { count, lines: shown });
      },
    ),
    { numRuns: 1000, seed: 29 },
  );
  // Cut short by a report inside a line (an escape cut in two left out): read up to there.
  const whole = writeLinesCountReason(2, ['{"\u0001":0,"a\\b"', "x"]);
  for (const [cut, line] of [
    [whole.indexOf("\\u0001") + 4, '{"'],
    [whole.indexOf("\\u0001") + 6, '{"\u0001'],
    [whole.indexOf("\\\\b") + 1, '{"\u0001":0,"a'],
  ] as const) {
    assert.deepEqual(readLinesCountReason(whole.slice(0, cut)), { count: 2, lines: [line], lastCut: true });
  }
  for (const text of [
    "answered with 2 lines",
    "timed out after 10 s",
    'answered with 2 lines instead of one: "a"',
  ])
    assert.equal(readLinesCountReason(text), undefined, text);
});

// --- the numbers sweep -------------------------------------------------------------------------------

const numberToken = fc.stringMatching(/^-?[0-9]{1,3}(\.[0-9]{1,3})?(e[-+]?[0-9]{1,3})?$/);
const culprit: fc.Arbitrary<NumbersCulprit> = fc
  .oneof(
    fc.record({ index: fc.nat(), input: numberToken, expected: numberToken, got: fc.string() }),
    fc.record({ block: fc.nat(), got: fc.string() }),
  )
  .map((c) => ({ ...c })); // plain objects, as the reader makes

test("a numbers got is read back: each culprit, how many more, the kinds", () => {
  fc.assert(
    fc.property(
      fc.nat(),
      fc.nat(),
      fc.array(culprit, { maxLength: 10 }),
      fc.nat({ max: 5000 }),
      fc.array(
        fc.tuple(fc.constantFrom("refused", "minus-zero", "not-a-number", "array"), fc.integer({ min: 1 })),
        {
          minLength: 1,
          maxLength: 4,
        },
      ),
      (matched, total, culprits, more, kinds) => {
        const got: NumbersGot = { matched, total, culprits, more: culprits.length > 0 ? more : 0, kinds };
        const text = writeNumbersGot(got);
        const read = readNumbersGot(text);
        if (culprits.length === 0) {
          assert.deepEqual(read, { matched, total, culprits: [], more: 0, kinds: [] });
          return;
        }
        // A culprit's answer is free text: read back whole when it holds no `; `.
        if (culprits.every((c) => !c.got.includes("; "))) assert.deepEqual(read, got);
        else assert.equal(read?.matched, matched);
      },
    ),
    { numRuns: 2000, seed: 18 },
  );
  fc.assert(
    fc.property(
      fc.nat(),
      fc.option(fc.stringMatching(/^[0-9a-f]{64}$/), { nil: undefined }),
      (count, sha256) => {
        const read = readNumbersExpectation(writeNumbersExpectation(count, sha256));
        assert.deepEqual(read, sha256 === undefined ? { count } : { count, sha256 });
      },
    ),
    { numRuns: 500, seed: 19 },
  );
  // Records from before the culprits were named state the first mismatch only: read too.
  assert.deepEqual(
    readNumbersGot("998 of 1000 matched; first mismatch: number #7: input 1.0e-7, expected 1e-7, got 1e-07")
      ?.culprits,
    [{ index: 7, input: "1.0e-7", expected: "1e-7", got: "1e-07" }],
  );
  for (const text of [
    "[1]",
    "3 of 4 matched; something else",
    "3 of 4 matchedx",
    "3 of four matched",
    " 3 of 4 matched",
  ])
    assert.equal(readNumbersGot(text), undefined, text);
  for (const text of ["1000 numbers as ES6 String(n) and more", "numbers as ES6 String(n)", "[1]"])
    assert.equal(readNumbersExpectation(text), undefined, text);
});

// --- the generated suite ---------------------------------------------------------------------------

/** Free text as an instance's parts hold it: anything but the words that follow them (and a
 * parenthesis, which a mutation's note is read by). */
const free = fc.string().filter((s) => !/[()]|: |; |— got/.test(s) && !s.endsWith(" "));

const instanceInput: fc.Arbitrary<InstanceInput> = fc.oneof(
  free.map((x) => ({ x })),
  fc.record({ a: free, b: free }).filter((p) => !p.a.includes(" and b = ")),
  fc
    .record({ a: free, b: free, mutation: fc.stringMatching(/^[a-z ]{1,20}$/) })
    .filter((p) => !p.a.includes(" and b = ")),
);

const instanceExpectation = fc.oneof(
  free.map((r) => writeStepText(I1_STEPS.first, r)),
  free.map((own) => writeTwiceExpectation({ steps: I1_STEPS, own })),
  free.map((output) => writePairOutputs({ equal: true, output })),
  fc.tuple(free, free).map(([a, b]) => writePairOutputs({ equal: false, a, b })),
);

test("a generated instance's input and expectation are read back; what the writer never writes is refused", () => {
  fc.assert(
    fc.property(instanceInput, instanceExpectation, (input, expected) => {
      const inputText = writeInstanceInput(input);
      const read = readInstanceInput(inputText);
      if ("x" in input) assert.equal(read?.x, input.x);
      else {
        assert.deepEqual(read?.pairs?.[0], { a: input.a, b: input.b });
        assert.equal(read?.mutation, input.mutation);
      }
      assert.deepEqual(readInstanceExpectation(writeInstanceExpectation({ input: inputText, expected })), {
        input: inputText,
        expected,
      });
    }),
    { numRuns: 2000, seed: 20 },
  );
  // The mutation is read off any input: an `x = …` input the check cut reads without its note.
  assert.deepEqual(readInstanceInput(`x = [1,2${writeCutText({ shown: "", units: 900 })}`), {
    text: "x = [1,2…",
    x: "[1,2…",
    mutation: "900 UTF-16 units",
  });
  for (const text of ["[1]", "y = 1", "a = 1", "b = 1 and a = 2"])
    assert.equal(readInstanceInput(text), undefined, text);
  for (const text of ["x = 1: canon(x) → 1", "for x = 1", "for x = 1: the output [1]", "[1]"])
    assert.equal(readInstanceExpectation(text), undefined, text);
});

test("a generated case's got is read back: the answer, the draw, the repeats and draws not asked, each further cause; a got with no draw is none", () => {
  const further: fc.Arbitrary<FurtherCause> = fc
    .record({
      draw: fc.nat(),
      shrinks: fc.nat(),
      path: fc.option(fc.stringMatching(/^\d{1,3}(:\d{1,3}){0,4}$/), { nil: null }),
      input: instanceInput.map(writeInstanceInput),
      expected: instanceExpectation,
      got: free,
    })
    .map((c) => ({ ...c })); // plain objects, as the reader makes
  fc.assert(
    fc.property(
      free,
      fc.record({
        draw: fc.nat(),
        shrinks: fc.nat(),
        firstSize: fc.nat(),
        size: fc.nat(),
        repeats: fc.nat(),
        unasked: fc.nat(),
      }),
      fc.record({
        seed: fc.nat(),
        runs: fc.nat(),
        fcSeed: fc.integer(),
        path: fc.option(fc.stringMatching(/^\d{1,3}(:\d{1,3}){0,4}$/), { nil: null }),
      }),
      fc.array(further, { maxLength: 3 }),
      (answer, numbers, replay, also) => {
        const got: GeneratedGot = { answer, ...numbers, replay, also };
        const read = readGeneratedGot(writeGeneratedGot(got));
        assert.deepEqual(read, {
          answer,
          draw: numbers.draw,
          shrinks: numbers.shrinks,
          repeats: numbers.repeats,
          unasked: numbers.unasked,
          also,
        });
      },
    ),
    { numRuns: 1000, seed: 21 },
  );
  assert.equal(
    writeReplay({ seed: 1, runs: 50, fcSeed: -3, path: "2:0" }),
    "replay: --seed 1 --generated-runs 50 (fast-check seed -3, path 2:0)",
  );
  assert.equal(readGeneratedGot(writeRunsPassed(50)), undefined);
  assert.equal(readGeneratedGot(writeStepText(I1_STEPS.first, "[1]")), undefined);
  assert.equal(readGeneratedGot("[1]; draw x of this case failed"), undefined);
  fc.assert(
    fc.property(fc.nat(), fc.nat(), fc.nat(), free, (count, from, to, claim) => {
      const runs = { count, from, to, claim };
      assert.deepEqual(readRunsExpectation(writeRunsExpectation(runs)), runs);
    }),
    { numRuns: 500, seed: 22 },
  );
  assert.equal(readRunsExpectation(writePropertyExpectation({ from: 0, to: 49, property: "p" })), undefined);
});

// --- notes --------------------------------------------------------------------------------------------

test("a cut value's note and a case not run are read back; a text without one is not cut", () => {
  fc.assert(
    fc.property(fc.string(), fc.nat(), fc.stringMatching(/^[0-9a-f]{64}$/), (shown, length, sha256) => {
      assert.deepEqual(readCutBytes(writeCutBytes({ shown, length, sha256 })), { shown, length, sha256 });
      assert.deepEqual(readCutText(writeCutText({ shown, units: length })), { shown, units: length });
      assert.equal(readNotRun(writeNotRun(shown)), shown);
    }),
    { numRuns: 1000, seed: 23 },
  );
  for (const text of [
    "[1]",
    "[1]… (12 bytes)",
    `[1] (12 bytes, sha256 ${"0".repeat(64)})`,
    `[1]… (12 bytes, sha256 ${"0".repeat(63)})`,
  ])
    assert.equal(readCutBytes(text), undefined, text);
  for (const text of ["x", "x… (12 units)", "x… (12 UTF-16 units) "])
    assert.equal(readCutText(text), undefined, text);
  assert.equal(readNotRun("run in lines mode: x"), undefined);
});

// --- one form is not another --------------------------------------------------------------------------

test("each reader refuses what the other forms' writers write", () => {
  const samples: [string, string][] = [
    ["pair", writePairText({ a: "[1]", b: "[2]" })],
    ["both", writePairText({ both: "[1]" })],
    ["step", writeStepText(I1_STEPS.second, "[1]")],
    ["twice", writeTwiceExpectation({ steps: I4_STEPS, own: "[1]" })],
    [
      "numbers",
      writeNumbersGot({
        matched: 1,
        total: 2,
        culprits: [{ block: 0, got: "[1]" }],
        more: 0,
        kinds: [["array", 1]],
      }),
    ],
    ["numbers-expected", writeNumbersExpectation(2, "00")],
    ["choice", writeChoiceGot({ accepted: ["a"], refused: ["b"], noAnswer: [] })],
    ["choice-expected", writeChoiceExpectation(2)],
    ["pair-expected", writePairExpectation({ equal: true, what: writePairInputs({ a: "1", b: "2" }) })],
    [
      "instance",
      writeInstanceExpectation({
        input: writeInstanceInput({ x: "1" }),
        expected: writeStepText(I1_STEPS.first, "1"),
      }),
    ],
    ["runs", writeRunsExpectation({ count: 2, from: 0, to: 1, claim: "c" })],
    ["not-run", writeNotRun("why")],
  ];
  const readers: [string, (text: string) => unknown, string[]][] = [
    ["readPairText", readPairText, ["pair", "both"]],
    ["readStepText", readStepText, ["step", "twice"]],
    ["readTwiceExpectation", readTwiceExpectation, ["twice"]],
    ["readNumbersGot", readNumbersGot, ["numbers"]],
    ["readNumbersExpectation", readNumbersExpectation, ["numbers-expected"]],
    ["readChoiceGot", readChoiceGot, ["choice"]],
    ["readChoiceExpectation", readChoiceExpectation, ["choice-expected"]],
    ["readPairExpectation", readPairExpectation, ["pair-expected"]],
    ["readInstanceExpectation", readInstanceExpectation, ["instance"]],
    ["readGeneratedGot", readGeneratedGot, []],
    ["readRunsExpectation", readRunsExpectation, ["runs"]],
    ["readNotRun", readNotRun, ["not-run"]],
  ];
  for (const [reader, read, own] of readers) {
    for (const [form, text] of samples) {
      assert.equal(read(text) !== undefined, own.includes(form), `${reader} of the ${form} form: ${text}`);
    }
  }
});

test("the record's suite states the protocol the implementation was spoken to in, read back; records without it read as before", () => {
  for (const protocol of ["once", "lines", "http"] as const) {
    const suite = recordSuite("rfc8785", ["jcs", "numbers"], {
      numbers: 10,
      seed: 1,
      protocol,
      cases: ["jcs/*"],
    });
    assert.equal(suite, `rfc8785:jcs,numbers numbers=10 seed=1 protocol=${protocol} cases=jcs/*`);
    assert.equal(readSuiteProtocol(suite), protocol);
    assert.deepEqual(readSuiteCases(suite), ["jcs/*"]);
  }
  assert.equal(readSuiteProtocol("rfc8785:jcs,reject"), undefined);
  assert.equal(readSuiteProtocol("rfc8785:jcs protocol=carrier-pigeon"), undefined);
});
