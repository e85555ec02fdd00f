// Grouping failures by cause (src/causes/group.ts), over the known-bads' real results and over cases
// judged here by the real checks against hand-made implementations (test/checks/fakes.ts): every text
// is written by the checks, or, for the sweeps, by the writers of src/text-forms, never by hand, so a
// change of wording in a check cannot leave these tests green and the grouping broken.
import assert from "node:assert/strict";
import { test } from "node:test";
import { utf8Problem } from "../../src/adapters/text.js";
import { normalizeReason } from "../../src/causes/cause.js";
import { differenceClass } from "../../src/causes/difference-class.js";
import { type CauseGroup, groupByCause } from "../../src/causes/group.js";
import { checkFor } from "../../src/checks/index.js";
import { runCases } from "../../src/checks/run-cases.js";
import { loadCorpus } from "../../src/corpus/index.js";
import { referenceCanonicalizer } from "../../src/jcs/canonicalizer.js";
import {
  type FurtherCause,
  I1_STEPS,
  type InstanceInput,
  recordCaseName,
  writeAnswerText,
  writeCutBytes,
  writeCutText,
  writeGeneratedGot,
  writeInstanceExpectation,
  writeInstanceInput,
  writeNotUtf8Reason,
  writeNumbersExpectation,
  writeNumbersGot,
  writePairOutputs,
  writePairText,
  writeStepText,
} from "../../src/text-forms/index.js";
import { type Answer, type CaseResult, type CorpusCase, SUITES } from "../../src/types.js";
import {
  answering,
  canonCase,
  canonical,
  context,
  idempotentCase,
  failed as noAnswer,
  pairCase,
  rejectCase,
  rejected,
} from "../checks/fakes.js";
import { SHARED_PROOF, sharedProof } from "../helpers/proof.js";

// The known-bads' results over the whole corpus but short sweeps, as a real run judges them: those of
// the proof the self-test's tests make (test/helpers/proof.ts), read, not made again.
async function runKnownBad(name: string): Promise<CaseResult[]> {
  const run = (await sharedProof()).runs.find((r) => r.bad.name === name);
  assert.ok(run, `${name} is in the shared proof`);
  return run.results;
}

/** Case `c` judged by its kind's real check, against an implementation that answers from `table`
 * (keyed by input text), named `suite/name`. */
async function judge(
  c: CorpusCase,
  table: Record<string, Answer>,
  name?: { suite?: CorpusCase["suite"]; name?: string },
): Promise<CaseResult> {
  return checkFor(c.kind)({ ...c, ...name }, context(answering(table)));
}

/** A canon case `jcs/<name>` expecting `expected` (sent as its input), answered `answer`. */
function canon(name: string, expected: string, answer: Answer): Promise<CaseResult> {
  return judge(canonCase(expected, expected, name), { [expected]: answer });
}

/** A generated case, failed as src/checks/property.ts writes it: its instance, how it was found, and
 * any further causes. */
function generated(
  name: string,
  instance: { input: InstanceInput; expected: string; got: string },
  more: { repeats?: number; also?: FurtherCause[] } = {},
): CaseResult {
  return {
    suite: "generated",
    name,
    kind: "property",
    pass: false,
    expected: writeInstanceExpectation({
      input: writeInstanceInput(instance.input),
      expected: instance.expected,
    }),
    got: writeGeneratedGot({
      answer: instance.got,
      draw: 3,
      shrinks: 4,
      firstSize: 80,
      size: 8,
      replay: { seed: 1, runs: 100, fcSeed: 12345, path: "3:1:1" },
      repeats: more.repeats ?? 0,
      also: more.also ?? [],
    }),
    why: "a generated case",
    source: "generated",
  };
}

/** Every failed case is in exactly one group, groups are biggest first, counts are the lists. */
function assertWellFormed(results: readonly CaseResult[], groups: readonly CauseGroup[]) {
  const failed = results.filter((r) => !r.pass).map((r) => recordCaseName(r.suite, r.name));
  const grouped = groups.flatMap((g) => g.cases);
  assert.deepEqual([...grouped].sort(), [...failed].sort(), "each failure in exactly one group");
  for (const g of groups) {
    assert.equal(g.count, g.cases.length);
    assert.ok(g.title.length > 0, `${g.cause} has a title`);
    if (g.count === 1) {
      assert.equal(g.kind, "case");
      assert.equal(g.cause, `case:${g.cases[0]}`);
    } else assert.notEqual(g.kind, "case");
  }
  for (let i = 1; i < groups.length; i++)
    assert.ok(groups[i - 1]!.count >= groups[i]!.count, "biggest first");
  assert.deepEqual(JSON.parse(JSON.stringify(groups)), groups, "serializable as it is");
}

test("the reference fails nothing, so there is nothing to group", async () => {
  // The corpus the shared proof's known-bads ran over.
  const corpus = await loadCorpus({ suites: [...SUITES], ...SHARED_PROOF });
  const results = await runCases(
    corpus.cases,
    { write: referenceCanonicalizer(), read: referenceCanonicalizer() },
    { concurrency: 32 },
  );
  assert.equal(results.filter((r) => !r.pass).length, 0);
  assert.deepEqual(groupByCause(results), []);
});

test("escapes_non_ascii comes out as one dominant group: writes non-ASCII as \\uXXXX", async () => {
  const results = await runKnownBad("escapes_non_ascii");
  const groups = groupByCause(results);
  assertWellFormed(results, groups);
  const failed = results.filter((r) => !r.pass).length;
  assert.ok(failed > 40, `the corpus catches it many times (${failed})`);
  const top = groups[0]!;
  assert.equal(top.cause, "difference:escapes-non-ascii");
  assert.equal(top.kind, "difference");
  assert.match(top.title, /non-ASCII .*\\uXXXX/);
  assert.ok(top.count >= failed * 0.9, `${top.count} of ${failed} in the one group`);
  for (const name of ["jcs/latin1-raw", "jcs/astral-raw", "jcs/rfc-testdata-french"]) {
    assert.ok(top.cases.includes(name), name);
  }
});

test("rejects_top_level_scalars, a choice the RFC leaves (corpus 2026.12.1), fails nothing and groups nothing", async () => {
  const results = await runKnownBad("rejects_top_level_scalars");
  assert.deepEqual(
    results.filter((r) => !r.pass).map((r) => recordCaseName(r.suite, r.name)),
    [],
  );
  assert.deepEqual(groupByCause(results), []);
});

test("a scalar policy applied to some scalars only is one failure, of the consistency case", async () => {
  const results = await runKnownBad("rejects_top_level_strings_only");
  const groups = groupByCause(results);
  assertWellFormed(results, groups);
  assert.deepEqual(
    groups.flatMap((g) => g.cases),
    ["canon-or-reject/top-level-scalars-consistent"],
  );
});

test("other writing faults each come out as their own dominant class", async () => {
  const expectations: [string, string, RegExp][] = [
    ["escapes_slashes", "difference:escapes-slash", /escapes \/ as \\\//],
    ["uppercase_hex_escapes", "difference:uppercase-hex-escapes", /uppercase/],
    ["escapes_twice", "difference:escapes-escapes", /backslash of an escape/],
    ["emits_bom", "difference:writes-bom", /byte-order mark/],
    ["sorts_by_code_point", "difference:member-order", /orders object members/],
    ["keeps_minus_zero", "difference:numbers", /numbers other than ES6 String\(n\) does: -0 for 0$/],
    ["accepts_invalid_utf8", "acceptance:RFC 8259 §8.1", /accepts input that must be refused/],
  ];
  for (const [bad, cause, title] of expectations) {
    const results = await runKnownBad(bad);
    const groups = groupByCause(results);
    assertWellFormed(results, groups);
    const failed = results.filter((r) => !r.pass).length;
    assert.equal(groups[0]!.cause, cause, `${bad}: ${JSON.stringify(groups.slice(0, 3))}`);
    assert.match(groups[0]!.title, title, bad);
    assert.ok(groups[0]!.count * 2 > failed, `${bad}: the group holds most of its ${failed} failures`);
  }
});

test("refusal messages that differ only in offsets, numbers and quoted fragments are one cause", async () => {
  const refused = (name: string, reason: string) => canon(name, `{"a":${name.length}}`, rejected(reason));
  const results = [
    await canon("passes", '{"a":1}', canonical('{"a":1}')),
    await refused("one", "unexpected character 'x' at byte 12"),
    await refused("two", "unexpected character '}' at byte 40"),
    await refused("three", 'unexpected character "\\u0001" at byte 7'),
    await refused("four", "depth 1001 exceeds the limit of 1000"),
    await refused("five", "depth 20000 exceeds the limit of 1000"),
    await refused("six", "Unsupported value: NaN"),
  ];
  const groups = groupByCause(results);
  assertWellFormed(results, groups);
  assert.deepEqual(
    groups.map((g) => [g.cause, g.count, g.cases]),
    [
      ["refusal:unexpected character … at byte N", 3, ["jcs/one", "jcs/two", "jcs/three"]],
      ["refusal:depth N exceeds the limit of N", 2, ["jcs/four", "jcs/five"]],
      ["case:jcs/six", 1, ["jcs/six"]],
    ],
  );
  // The messages differ, so the title gives the normalized one; the single case keeps its own words.
  assert.equal(groups[0]!.title, "refuses: “unexpected character … at byte N”");
  assert.equal(groups[2]!.title, "refuses: “Unsupported value: NaN”");
});

test("a group whose cases all gave the same message shows that message as given", async () => {
  const results = [
    await judge(canonCase("[1]", "[1]", "a"), { "[1]": rejected("bad token '1' at 0") }),
    await judge(canonCase("[2]", "[2]", "b"), { "[2]": rejected("bad token '1' at 0") }),
  ];
  const [group] = groupByCause(results);
  assert.equal(group!.title, "refuses: “bad token '1' at 0”");
  assert.equal(group!.cause, "refusal:bad token … at N");
});

test("harness failures (timeouts, lost framing) group by their normalized reason", async () => {
  const framing = (n: number) => noAnswer(`framing lost at request ${n}: answer not trusted`);
  const results = [
    await canon("a", "[1]", noAnswer("timed out after 10000 ms")),
    await judge(rejectCase("[", "b"), { "[": noAnswer("timed out after 10000 ms") }),
    await canon("c", "[2]", framing(17)),
    await canon("d", "[3]", framing(212)),
    await canon("e", "[4]", framing(213)),
  ];
  const groups = groupByCause(results);
  assertWellFormed(results, groups);
  assert.deepEqual(
    groups.map((g) => [g.cause, g.kind, g.count]),
    [
      ["failure:framing lost at request N: answer not trusted", "failure", 3],
      ["failure:timed out after N ms", "failure", 2],
    ],
  );
});

test("refusing top-level scalars is a policy only when no top-level scalar was accepted", async () => {
  const scalarRefused = (name: string, expected: string) => canon(name, expected, rejected(`not a ${name}`));
  const refusing = [
    await scalarRefused("number", "0"),
    await scalarRefused("string", '"hello"'),
    await scalarRefused("literal", "true"),
    await canon("object", '{"a":1}', canonical('{"a":1}')),
  ];
  const policy = groupByCause(refusing);
  assert.deepEqual(
    policy.map((g) => [g.cause, g.count]),
    [["policy:top-level-scalar", 3]],
  );
  // The same refusals, but a bare number was answered: no policy, each message is its own cause.
  const accepting = [...refusing, await canon("other-number", "1", canonical("1"))];
  assert.deepEqual(
    groupByCause(accepting).map((g) => g.cause),
    ["case:jcs/number", "case:jcs/string", "case:jcs/literal"],
  );
  // An I1 case's input (issue 14 adds it to results) counts as well as an expected output.
  const withInput = [
    await judge(idempotentCase("  42"), { "  42": rejected("scalar") }, { name: "idem-1" }),
    await judge(idempotentCase('"s"'), { '"s"': rejected("scalar") }, { name: "idem-2" }),
  ];
  assert.equal(groupByCause(withInput)[0]!.cause, "policy:top-level-scalar");
});

test("the same failures give the same groups from a record's cases alone", async () => {
  for (const bad of ["escapes_slashes", "rejects_top_level_strings_only", "keeps_minus_zero", "nfd_store"]) {
    const results = await runKnownBad(bad);
    const fromResults = groupByCause(results);
    const fromRecord = groupByCause(
      results.map((r) => ({
        name: recordCaseName(r.suite, r.name),
        pass: r.pass,
        expected: r.expected,
        got: r.got,
      })),
    );
    assert.deepEqual(fromRecord, fromResults, bad);
  }
});

test("generated cases that shrink to one counterexample are one cause", () => {
  const chunk = (from: string) =>
    generated(`odd-property/seed-1/${from}`, {
      input: { a: "[1]", b: "[1]", mutation: "swap" },
      expected: writePairOutputs({ equal: false, a: "[1]", b: "[1]" }),
      got: writePairText({ both: "[1]" }),
    });
  const groups = groupByCause([chunk("0000-0049"), chunk("0050-0099")]);
  assert.deepEqual(
    groups.map((g) => [g.cause, g.count]),
    [["counterexample:a = [1] and b = [1]", 2]],
  );
});

test("first-difference classes: a family, and the form this case shows of it", () => {
  const cases: [string, string, string | undefined, string?][] = [
    ['"é"', '"\\u00e9"', "escapes-non-ascii"],
    ['"😀"', '"\\ud83d\\ude00"', "escapes-non-ascii"],
    ['"a/b"', '"a\\/b"', "escapes-slash"],
    ['{"\x7f":1}', '{"\\u007f":1}', "escapes-del"],
    ['["A"]', '["\\u0041"]', "escapes-ascii"],
    ['"\\u001f"', '"\\u001F"', "uppercase-hex-escapes"],
    ['["\\n"]', '["\\\\n"]', "escapes-escapes"],
    ["[1]", "\uFEFF[1]", "writes-bom"],
    ["[1e-7]", "[1e-07]", "numbers", "number-exponent-spelling"],
    ["[1e+21]", "[1000000000000000000000]", "numbers", "number-notation"],
    ["[0.30000000000000004]", "[0.3]", "numbers", "number-fewer-digits"],
    ["[0]", "[-0]", "numbers", "number-minus-zero"],
    ["[1.7976931348623157e+308]", "[Infinity]", "numbers", "number-value"],
    // The same double with more digits than the shortest is not an exponent spelled differently.
    ["[5e-324]", "[4.940656458412465e-324]", "numbers", "number-more-digits"],
    ["[999999999999999900000]", "[999999999999999868928]", "numbers", "number-more-digits"],
    ['{"a":1,"b":2}', '{"b":2,"a":1}', "member-order"],
    ["[3,1,2]", "[1,2,3]", "array-order"],
    ['{"a":null,"b":1}', '{"b":1}', "drops-members", "drops-null-members"],
    ['{"a":[1],"b":1}', '{"b":1}', "drops-members", "drops-members"],
    ['{"s":"abc"}', '{"s":""}', "strings", "empties-strings"],
    ['{"s":"abcdefghijklmnopqrstuvwxyz"}', '{"s":"abcdefgh"}', "strings", "cuts-strings"],
    ['{"s":"a/b"}', '{"s":"ab"}', "strings", "changes-strings"],
    ['"A\u030a"', '"Å"', "normalizes-nfc"],
    ['"Å"', '"A\u030a"', "not-nfc"],
    ["[1,2]", "[1,2", 'edit:["]",""]'],
    ['{"a":"x"}', '{"a":"x"}', undefined],
    // Past the end of a value the check cut, nothing is known.
    [
      writeCutBytes({ shown: `"${"a".repeat(10)}`, length: 500, sha256: "0".repeat(64) }),
      `"${"a".repeat(10)}`,
      undefined,
    ],
  ];
  for (const [expected, got, id, form] of cases) {
    const found = differenceClass(expected, got);
    assert.equal(found?.id, id, `${expected} vs ${got}`);
    if (form !== undefined) assert.equal(found?.form.id, form, `${expected} vs ${got}`);
  }
  // Digits inside a string are not numbers.
  assert.notEqual(differenceClass('{"v":"10"}', '{"v":"1"}')?.id, "numbers");
});

test("a value the check cut is classed by the smallest value around the difference both show whole", () => {
  const cut = (text: string) => writeCutBytes({ shown: text, length: 9000, sha256: "0".repeat(64) });
  // Two elements swapped inside an array both sides show whole, in a long output.
  assert.equal(differenceClass(cut('{"a":[[1,0],"xxxx'), cut('{"a":[[0,1],"xxxx'))?.id, "array-order");
  // A long string value emptied, and one changed; a difference in a member name has no class.
  assert.equal(differenceClass(cut('["xxxxxxxx'), '[""]')?.form.id, "empties-strings");
  assert.equal(differenceClass(cut('["xé😀xxxx'), cut('["xéxxxx'))?.form.id, "changes-strings");
  assert.equal(differenceClass(cut('{"a":"xxxx'), cut('{"b":1,"a":"x'))?.id, undefined);
});

test("normalizeReason takes out what varies per input", () => {
  assert.equal(normalizeReason("bad byte 0xC3 at offset 1234"), "bad byte N at offset N");
  assert.equal(normalizeReason("lone surrogate U+D800 in “\\ud800x”"), "lone surrogate U+XXXX in …");
  assert.equal(normalizeReason("can't parse `01` here"), "can't parse … here");
  assert.equal(normalizeReason(writeCutText({ shown: "too long", units: 5000 })), "too long");
  assert.equal(normalizeReason("line 3\n  column 4.5e2"), "line N column N");
});

test("one fault is one cause wherever it shows: a canon case, a pair, I1, the numbers sweep, a generated case", async () => {
  const results: CaseResult[] = [
    await canon("e-7", "[1e-7]", canonical("[1e-07]")),
    await canon("e-6", "[0.000001]", canonical("[1e-06]")),
    await judge(
      pairCase("equal", "[1e-7]", "[0.0000001]"),
      { "[1e-7]": canonical("[1e-07]"), "[0.0000001]": canonical("[1e-7]") },
      { name: "respell" },
    ),
    await judge(
      pairCase("differ", "[0.1]", "[0.10000000000000002]"),
      { "[0.1]": canonical("[0.1]"), "[0.10000000000000002]": canonical("[0.1]") },
      { name: "ulp" },
    ),
    // I1: the implementation wrote Infinity, then refused it: the cause is what it wrote.
    await judge(
      idempotentCase("[1.7976931348623157e308]"),
      {
        "[1.7976931348623157e308]": canonical("[Infinity]"),
        "[Infinity]": rejected("'I' where a JSON value was expected"),
      },
      { name: "i1" },
    ),
    {
      suite: "numbers",
      name: "seed-1/0-999",
      kind: "numbers",
      pass: false,
      expected: writeNumbersExpectation(1000, "00"),
      got: writeNumbersGot({
        matched: 998,
        total: 1000,
        culprits: [{ index: 7, input: "1.0000000000000000e-7", expected: "1e-7", got: "1e-07" }],
        more: 0,
        kinds: [["notation", 1]],
      }),
      why: "numbers",
      source: "RFC 8785 §3.2.2.3",
    },
    generated("canon-matches-reference/seed-1/0000-0049", {
      input: { x: "[5e-324]" },
      expected: writeStepText(I1_STEPS.first, "[5e-324]"),
      got: writeStepText(I1_STEPS.first, "[4.940656458412465e-324]"),
    }),
  ];
  const groups = groupByCause(results);
  assertWellFormed(results, groups);
  assert.deepEqual(
    groups.map((g) => [g.cause, g.count]),
    [["difference:numbers", results.length]],
  );
  // The forms seen, most first; "exponents spelled differently" is not said of a longer mantissa.
  assert.equal(
    groups[0]!.title,
    "writes numbers other than ES6 String(n) does: exponents spelled differently, plain and exponent notation switched at another point, too few significant digits, another value, more digits than the shortest that reads back",
  );
});

test("an I1 case whose first output is right is judged by its second step: it cannot read its own output", async () => {
  const own = await judge(
    idempotentCase("[9.999999999999999e20]"),
    {
      "[9.999999999999999e20]": canonical("[999999999999999900000]"),
      "[999999999999999900000]": rejected("integer 999999999999999900000 is out of range"),
    },
    { name: "own" },
  );
  assert.deepEqual(
    groupByCause([own]).map((g) => [g.cause, g.title]),
    [["case:invariants/own", "refuses: “integer 999999999999999900000 is out of range”"]],
  );
});

test("a difference with no class of its own joins the run's one difference cause, and is counted as joined", async () => {
  // Long outputs the check cuts: the same as far as they are shown, the difference past the cut.
  const long = `["${"x".repeat(20000)}"]`;
  const results: CaseResult[] = [
    await canon("a", '{"a":"é"}', canonical('{"a":"\\u00e9"}')),
    await canon("b", '["ü"]', canonical('["\\u00fc"]')),
    await canon("long", long, canonical(`["${"x".repeat(19999)}y"]`)),
  ];
  const groups = groupByCause(results);
  assertWellFormed(results, groups);
  assert.deepEqual(
    groups.map((g) => [g.cause, g.count, g.title]),
    [
      [
        "difference:escapes-non-ascii",
        3,
        "writes non-ASCII characters as \\uXXXX escapes; and 1 case whose difference has no class of its own",
      ],
    ],
  );
  // With two classes of difference in the run, it is not joined to either: it stands alone.
  const two = [...results, await canon("slash", '"a/b"', canonical('"a\\/b"'))];
  const apart = groupByCause(two);
  assertWellFormed(two, apart);
  assert.deepEqual(
    apart.map((g) => [g.cause, g.count]),
    [
      ["difference:escapes-non-ascii", 2],
      ["case:jcs/long", 1],
      ["case:jcs/slash", 1],
    ],
  );
  assert.match(
    apart[1]!.title,
    /^writes another output than RFC 8785 \(no class of difference fits\): got \["x+…$/,
  );
});

test("a generated case that found several causes is listed under one no other case stands for", () => {
  const nul = {
    input: { x: '{"\\u0000":0}' },
    expected: writeStepText(I1_STEPS.first, '{"\\u0000":0}'),
    got: writeStepText(
      I1_STEPS.first,
      writeAnswerText({ status: "rejected", reason: "NUL names are private" }),
    ),
  };
  const both = generated("canon-matches-reference/seed-1/0100-0149", nul, {
    repeats: 12,
    also: [
      {
        draw: 7,
        shrinks: 2,
        path: "7:1:1",
        input: writeInstanceInput({ x: '["é"]' }),
        expected: writeStepText(I1_STEPS.first, '["é"]'),
        got: writeStepText(I1_STEPS.first, '["\\u00e9"]'),
      },
    ],
  });
  const results = [
    generated("canon-matches-reference/seed-1/0000-0049", nul),
    generated("canon-matches-reference/seed-1/0050-0099", nul),
    both,
  ];
  const groups = groupByCause(results);
  assertWellFormed(results, groups);
  assert.deepEqual(
    groups.map((g) => [g.cause, g.cases]),
    [
      [
        "refusal:NUL names are private",
        [
          "generated/canon-matches-reference/seed-1/0000-0049",
          "generated/canon-matches-reference/seed-1/0050-0099",
        ],
      ],
      [
        "case:generated/canon-matches-reference/seed-1/0100-0149",
        ["generated/canon-matches-reference/seed-1/0100-0149"],
      ],
    ],
  );
  assert.equal(groups[1]!.title, "writes non-ASCII characters as \\uXXXX escapes");
});

test("a generated case's counterexample is named with its own draw's answer, not the case's first draw's", () => {
  const nul = {
    input: { x: '{"\\u0000":0}' },
    expected: writeStepText(I1_STEPS.first, '{"\\u0000":0}'),
    got: writeStepText(
      I1_STEPS.first,
      writeAnswerText({ status: "rejected", reason: "NUL names are private" }),
    ),
  };
  const letters = '["abcdefghijklmnopqrstu"]';
  const numbers = "[1,2,3,4,5,6,7,8,9,10,11,12,13]";
  const results = [
    generated("canon-matches-reference/seed-1/0000-0049", nul),
    generated("canon-matches-reference/seed-1/0050-0099", nul, {
      also: [
        {
          draw: 7,
          shrinks: 2,
          path: "7:1:1",
          input: writeInstanceInput({ x: letters }),
          expected: writeStepText(I1_STEPS.first, letters),
          got: writeStepText(I1_STEPS.first, numbers),
        },
      ],
    }),
  ];
  const groups = groupByCause(results);
  assertWellFormed(results, groups);
  const alone = groups.find((g) => g.cases[0] === "generated/canon-matches-reference/seed-1/0050-0099")!;
  assert.equal(
    alone.title,
    `generated cases shrink to one counterexample: x = ${letters}: got ${writeStepText(I1_STEPS.first, numbers)}`,
  );
});

test("a title keeps the digits of its words (UTF-8, ES6, RFC 8785): only numbers standing alone vary", async () => {
  // The reasons as the adapters write them for two answers that are not UTF-8 at different places.
  const reason = (bytes: number[]) => writeNotUtf8Reason(utf8Problem(Uint8Array.from(bytes))!);
  const [first, second] = [reason([0x5b, 0x22, 0xff, 0x22, 0x5d]), reason([0x5b, 0x31, 0x2c, 0xc3, 0x5d])];
  const results = [await canon("a", "[1]", noAnswer(first)), await canon("b", "[2]", noAnswer(second))];
  const [group] = groupByCause(results);
  // Both read as the writer's words with the byte and the offset taken out, and nothing else.
  const normalized = first.replace(/0x[0-9a-f]{2}/, "N").replace(/offset \d+/, "offset N");
  assert.equal(second.replace(/0x[0-9a-f]{2}/, "N").replace(/offset \d+/, "offset N"), normalized);
  assert.equal(group!.count, 2);
  assert.equal(group!.title, `answers with bytes that are not UTF-8: “${normalized}”`);
  assert.ok(group!.title.includes(writeNotUtf8Reason("not UTF-8")), group!.title);

  const message = (n: string) => `cannot write ${n} as ES6 String(n) does (RFC 8785 §3.2.2.3, I-JSON)`;
  const refusals = [
    await canon("c", "[3]", rejected(message("1e400"))),
    await canon("d", "[4]", rejected(message("-2.5e-324"))),
  ];
  const [refusal] = groupByCause(refusals);
  assert.equal(refusal!.count, 2);
  assert.equal(refusal!.title, `refuses: “${message("N")}”`);
  assert.equal(normalizeReason("x86_64 sha256 0x1p-2 UTF-16 at 12"), "x86_64 sha256 0x1p-2 UTF-16 at N");
});

test("a refusal whose reason quotes the words that say why keeps them: grouped by those words", async () => {
  // A Rust library on serde_json refuses with its error's Debug form: the phrase is the reason.
  const serde = (phrase: string, line: number | string, column: number | string) =>
    `InvalidJson(Error(${JSON.stringify(phrase)}, line: ${line}, column: ${column}))`;
  const results = [
    await canon("a", "[1]", rejected(serde("number out of range", 1, 354))),
    await canon("b", "[2]", rejected(serde("number out of range", 1, 12))),
    await canon("c", "[3]", rejected(serde("number out of range", 2, 7))),
    await canon("d", "[4]", rejected(serde("trailing comma", 1, 5))),
    await canon("e", "[5]", rejected(serde("trailing comma", 1, 9))),
  ];
  const groups = groupByCause(results);
  assertWellFormed(results, groups);
  assert.deepEqual(
    groups.map((g) => [g.title, g.count]),
    [
      [`refuses: “${serde("number out of range", "N", "N")}”`, 3],
      [`refuses: “${serde("trailing comma", "N", "N")}”`, 2],
    ],
  );
  // A quoted piece of the input is still no part of the cause.
  assert.equal(normalizeReason(`unexpected character "}" at ${"1"}`), "unexpected character … at N");
});

test("a counterexample carrying both of a run's faults is filed under them, never a third cause (issue 37 item 9)", async () => {
  // Strings emptied and numbers cut to 15 digits, each shown alone by a canon case, then together by a
  // generated case's shrunk counterexample: no one class names its first difference.
  const x = '["!",1.2345678901234567]';
  const both = generated("canon-matches-reference/seed-1/0000-0049", {
    input: { x },
    expected: writeStepText(I1_STEPS.first, x),
    got: writeStepText(I1_STEPS.first, '["",1.23456789012346]'),
  });
  const alone = [
    await canon("strings", '["abc"]', canonical('[""]')),
    await canon("strings-2", '["de"]', canonical('[""]')),
    await canon("numbers", "[0.30000000000000004]", canonical("[0.3]")),
    await canon("numbers-2", "[1.2345678901234567]", canonical("[1.23456789012346]")),
  ];
  const apart = groupByCause(alone);
  const groups = groupByCause([...alone, both]);
  assertWellFormed([...alone, both], groups);
  assert.ok(
    groups.every((g) => !g.cause.startsWith("counterexample:")),
    groups.map((g) => g.title).join("\n"),
  );
  // The same two causes, titled as each fault alone titles it, the generated case under one of them.
  assert.deepEqual(groups.map((g) => g.title).sort(), apart.map((g) => g.title).sort());
  assert.ok(groups.some((g) => g.cases.includes("generated/canon-matches-reference/seed-1/0000-0049")));
});
