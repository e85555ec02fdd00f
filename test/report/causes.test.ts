import assert from "node:assert/strict";
import { test } from "node:test";
import { differenceClass } from "../../src/causes/difference-class.js";
import { runCases } from "../../src/checks/run-cases.js";
import { loadCorpus } from "../../src/corpus/index.js";
import { referenceCanonicalizer } from "../../src/jcs/canonicalizer.js";
import { type FailureGroup, groupFailures, normalizeReason } from "../../src/report/causes.js";
import { type CaseResult, SUITES } from "../../src/types.js";
import { SHARED_PROOF, sharedProof } from "../helpers/proof.js";
import { caseResult } from "./fixtures.js";

// The known-bads' results over the whole corpus but short sweeps, as a real run judges them: those of
// the proof the self-test's tests make (test/helpers/proof.ts), read, not made again.
async function runKnownBad(name: string): Promise<CaseResult[]> {
  const run = (await sharedProof()).runs.find((r) => r.bad.name === name);
  assert.ok(run, `${name} is in the shared proof`);
  return run.results;
}

/** Every failed case is in exactly one group, groups are biggest first, counts are the lists. */
function assertWellFormed(results: readonly CaseResult[], groups: readonly FailureGroup[]) {
  const failed = results.filter((r) => !r.pass).map((r) => `${r.suite}/${r.name}`);
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
  assert.deepEqual(groupFailures(results), []);
});

test("escapes_non_ascii comes out as one dominant group: writes non-ASCII as \\uXXXX", async () => {
  const results = await runKnownBad("escapes_non_ascii");
  const groups = groupFailures(results);
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
    results.filter((r) => !r.pass).map((r) => `${r.suite}/${r.name}`),
    [],
  );
  assert.deepEqual(groupFailures(results), []);
});

test("a scalar policy applied to some scalars only is one failure, of the consistency case", async () => {
  const results = await runKnownBad("rejects_top_level_strings_only");
  const groups = groupFailures(results);
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
    const groups = groupFailures(results);
    assertWellFormed(results, groups);
    const failed = results.filter((r) => !r.pass).length;
    assert.equal(groups[0]!.cause, cause, `${bad}: ${JSON.stringify(groups.slice(0, 3))}`);
    assert.match(groups[0]!.title, title, bad);
    assert.ok(groups[0]!.count * 2 > failed, `${bad}: the group holds most of its ${failed} failures`);
  }
});

test("refusal messages that differ only in offsets, numbers and quoted fragments are one cause", () => {
  const refused = (name: string, reason: string) =>
    caseResult("jcs", name, false, { expected: `{"a":${name.length}}`, got: `reject: ${reason}` });
  const results = [
    caseResult("jcs", "passes", true),
    refused("one", "unexpected character 'x' at byte 12"),
    refused("two", "unexpected character '}' at byte 40"),
    refused(
      "three",
      'unexpected character "\\u0001" at byte 7 (line 1, column 8)'.replace(" (line 1, column 8)", ""),
    ),
    refused("four", "depth 1001 exceeds the limit of 1000"),
    refused("five", "depth 20000 exceeds the limit of 1000"),
    refused("six", "Unsupported value: NaN"),
  ];
  const groups = groupFailures(results);
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

test("a group whose cases all gave the same message shows that message as given", () => {
  const results = ["a", "b"].map((n) =>
    caseResult("jcs", n, false, { expected: "[1]", got: "reject: bad token '1' at 0" }),
  );
  const [group] = groupFailures(results);
  assert.equal(group!.title, "refuses: “bad token '1' at 0”");
  assert.equal(group!.cause, "refusal:bad token … at N");
});

test("harness failures (timeouts, lost framing) group by their normalized reason", () => {
  const results = [
    caseResult("jcs", "a", false, { got: "failed: timed out after 10000 ms" }),
    caseResult("reject", "b", false, { got: "failed: timed out after 10000 ms" }),
    caseResult("jcs", "c", false, { got: "failed: framing lost at request 17: answer not trusted" }),
    caseResult("jcs", "d", false, { got: "failed: framing lost at request 212: answer not trusted" }),
    caseResult("jcs", "e", false, { got: "failed: framing lost at request 213: answer not trusted" }),
  ];
  const groups = groupFailures(results);
  assertWellFormed(results, groups);
  assert.deepEqual(
    groups.map((g) => [g.cause, g.kind, g.count]),
    [
      ["failure:framing lost at request N: answer not trusted", "failure", 3],
      ["failure:timed out after N ms", "failure", 2],
    ],
  );
});

test("refusing top-level scalars is a policy only when no top-level scalar was accepted", () => {
  const scalarRefused = (name: string, expected: string) =>
    caseResult("jcs", name, false, { expected, got: `reject: not a ${name}` });
  const refusing = [
    scalarRefused("number", "0"),
    scalarRefused("string", '"hello"'),
    scalarRefused("literal", "true"),
    caseResult("jcs", "object", true, { expected: '{"a":1}', got: '{"a":1}' }),
  ];
  const policy = groupFailures(refusing);
  assert.deepEqual(
    policy.map((g) => [g.cause, g.count]),
    [["policy:top-level-scalar", 3]],
  );
  // The same refusals, but a bare number was answered: no policy, each message is its own cause.
  const accepting = [...refusing, caseResult("jcs", "other-number", true, { expected: "1", got: "1" })];
  assert.deepEqual(
    groupFailures(accepting).map((g) => g.cause),
    ["case:jcs/number", "case:jcs/string", "case:jcs/literal"],
  );
  // The input issue 14 adds to results counts as well as the expected output.
  const withInput = [
    caseResult("invariants", "idem-1", false, {
      kind: "idempotent",
      expected: "canon(x) → canonical JSON",
      got: "canon(x) → reject: scalar",
      input: "  42",
    } as Partial<CaseResult>),
    caseResult("invariants", "idem-2", false, {
      kind: "idempotent",
      expected: "canon(x) → canonical JSON",
      got: "canon(x) → reject: scalar",
      input: '"s"',
    } as Partial<CaseResult>),
  ];
  assert.equal(groupFailures(withInput)[0]!.cause, "policy:top-level-scalar");
});

test("the same failures give the same groups from a record's cases alone", async () => {
  const results = await runKnownBad("escapes_slashes");
  const fromResults = groupFailures(results);
  const fromRecord = groupFailures(
    results.map((r) => ({ name: `${r.suite}/${r.name}`, pass: r.pass, expected: r.expected, got: r.got })),
  );
  assert.deepEqual(fromRecord, fromResults);
});

test("generated cases that shrink to one counterexample are one cause", () => {
  const chunk = (from: string) =>
    caseResult("generated", `odd-property/seed-1/${from}`, false, {
      kind: "property",
      expected: "for a = [1] and b = [1] (swap): different outputs for a and b: [1] and [1]",
      got: "both: [1]; draw 3 of this case failed, shrunk 4 times (80 bytes sent first, 3 now); replay: --seed 1",
    });
  const groups = groupFailures([chunk("0000-0049"), chunk("0050-0099")]);
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
    [`"${"a".repeat(10)}… (500 bytes, sha256 ${"0".repeat(64)})`, `"${"a".repeat(10)}`, undefined],
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
  const cut = (text: string) => `${text}… (9000 bytes, sha256 ${"0".repeat(64)})`;
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
  assert.equal(normalizeReason("too long… (5000 UTF-16 units)"), "too long");
  assert.equal(normalizeReason("line 3\n  column 4.5e2"), "line N column N");
});

test("one fault is one cause wherever it shows: a canon case, a pair, I1, the numbers sweep, a generated case", () => {
  const results: CaseResult[] = [
    caseResult("jcs", "e-7", false, { expected: "[1e-7]", got: "[1e-07]" }),
    caseResult("jcs", "e-6", false, { expected: "[0.000001]", got: "[1e-06]" }),
    caseResult("invariants", "respell", false, {
      kind: "equal",
      expected: "the same output for a = [1e-7] and b = [0.0000001]",
      got: "a: [1e-07] | b: [1e-07]",
    }),
    caseResult("invariants", "ulp", false, {
      kind: "differ",
      expected: "different outputs for a = [0.1] and b = [0.10000000000000002]",
      got: "both: [0.1]",
    }),
    // I1: the implementation wrote Infinity, then refused it: the cause is what it wrote.
    caseResult("invariants", "i1", false, {
      kind: "idempotent",
      input: "[1.7976931348623157e308]",
      expected: "canon(canon(x)) → [Infinity] (= canon(x))",
      got: "canon(canon(x)) → reject: 'I' where a JSON value was expected",
    }),
    caseResult("numbers", "seed-1/0-999", false, {
      kind: "numbers",
      expected: "1000 numbers as ES6 String(n), expected blocks sha256 00",
      got: "998 of 1000 matched; first mismatch: number #7: input 1.0000000000000000e-7, expected 1e-7, got 1e-07",
    }),
    caseResult("generated", "canon-matches-reference/seed-1/0000-0049", false, {
      kind: "property",
      expected: "for x = [5e-324]: canon(x) → [5e-324]",
      got: "canon(x) → [4.940656458412465e-324]; draw 3 of this case failed, shrunk 4 times (80 bytes sent first, 8 now); replay: --seed 1",
    }),
  ];
  const groups = groupFailures(results);
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

test("an I1 case whose first output is right is judged by its second step: it cannot read its own output", () => {
  const own = caseResult("invariants", "own", false, {
    kind: "idempotent",
    input: "[9.999999999999999e20]",
    expected: "canon(canon(x)) → [999999999999999900000] (= canon(x))",
    got: "canon(canon(x)) → reject: integer 999999999999999900000 is out of range",
  });
  assert.deepEqual(
    groupFailures([own]).map((g) => [g.cause, g.title]),
    [["case:invariants/own", "refuses: “integer 999999999999999900000 is out of range”"]],
  );
});

test("a difference with no class of its own joins the run's one difference cause, and is counted as joined", () => {
  const long = (digit: string) => `["${"x".repeat(10)}… (20000 bytes, sha256 ${digit.repeat(64)})`;
  const results: CaseResult[] = [
    caseResult("jcs", "a", false, { expected: '{"a":"é"}', got: '{"a":"\\u00e9"}' }),
    caseResult("jcs", "b", false, { expected: '["ü"]', got: '["\\u00fc"]' }),
    // Both cut, and the same as far as they are shown: the difference is past the cut.
    caseResult("jcs", "long", false, { expected: long("0"), got: long("1") }),
  ];
  const groups = groupFailures(results);
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
  const two = [...results, caseResult("jcs", "slash", false, { expected: '"a/b"', got: '"a\\/b"' })];
  const apart = groupFailures(two);
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
    /^writes another output than RFC 8785 \(no class of difference fits\): got \["x{10}… /,
  );
});

test("a generated case that found several causes is listed under one no other case stands for", () => {
  const tail = "; draw 0 of this case failed, shrunk 3 times (90 bytes sent first, 9 now); replay: --seed 1";
  const nul = (name: string) =>
    caseResult("generated", name, false, {
      kind: "property",
      expected: 'for x = {"\\u0000":0}: canon(x) → {"\\u0000":0}',
      got: `canon(x) → reject: NUL names are private${tail}`,
    });
  const both = caseResult("generated", "canon-matches-reference/seed-1/0100-0149", false, {
    kind: "property",
    expected: 'for x = {"\\u0000":0}: canon(x) → {"\\u0000":0}',
    got:
      `canon(x) → reject: NUL names are private${tail}; 12 more draws failed for a cause already found` +
      '; also draw 7 (another cause, shrunk 2 times, path 7:1:1): for x = ["é"]: canon(x) → ["é"] — got canon(x) → ["\\u00e9"]',
  });
  const results = [
    nul("canon-matches-reference/seed-1/0000-0049"),
    nul("canon-matches-reference/seed-1/0050-0099"),
    both,
  ];
  const groups = groupFailures(results);
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
