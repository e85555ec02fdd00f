// Each known-bad shows its one fault on an input made for it, and otherwise behaves as the reference.
import assert from "node:assert/strict";
import { test } from "node:test";
import { canonicalize } from "../../src/jcs/index.js";
import { KNOWN_BADS, knownBad, knownBadCanonicalizer } from "../../src/known-bad/index.js";

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
const REJECT = Symbol("reject");

function write(name: string, input: string | Uint8Array): string | typeof REJECT {
  const bytes = typeof input === "string" ? encoder.encode(input) : input;
  try {
    return decoder.decode(knownBad(name).write(bytes));
  } catch {
    return REJECT;
  }
}

// [known-bad, input, what it answers (the fault), what RFC 8785 says]
const FAULTS: [string, string | Uint8Array, string | typeof REJECT, string | typeof REJECT][] = [
  ["no_canonicalization", '{"b":1,"a":2}', '{"b":1,"a":2}', '{"a":2,"b":1}'],
  ["drops_string_values", '{"brief":"BBB"}', '{"brief":""}', '{"brief":"BBB"}'],
  ["too_aggressive", '{"route":"/a-b/x"}', '{"route":"abx"}', '{"route":"/a-b/x"}'],
  ["keeps_last_duplicate", '{"a":1,"a":2}', '{"a":2}', REJECT],
  ["accepts_lone_surrogates", '["\\ud800"]', '["\\ud800"]', REJECT],
  ["accepts_invalid_utf8", new Uint8Array([0x22, 0xff, 0x22]), '"\uFFFD"', REJECT],
  ["accepts_nan", "[NaN,-Infinity]", "[NaN,-Infinity]", REJECT],
  ["accepts_leading_zeros", "[007,-01.5]", "[7,-1.5]", REJECT],
  ["accepts_trailing_commas", '[1,{"a":",]",},]', '[1,{"a":",]"}]', REJECT],
  ["keeps_big_integers_exact", "[9007199254740993]", "[9007199254740993]", "[9007199254740992]"],
  ["rejects_top_level_strings_only", '"x"', REJECT, '"x"'],
  ["accepts_hex_floats", "[0x1p-2,-0x1.8P+1]", "[0.25,-3]", REJECT],
  ["float_parser_number_grammar", "[.5,1.,1.e5,1_000]", "[0.5,1,100000,1000]", REJECT],
  ["accepts_line_comments", "[1, // c\n2]", "[1,2]", REJECT],
  ["refuses_nul_names", '{"\\u0000":1,"a":2}', REJECT, '{"\\u0000":1,"a":2}'],
  ["refuses_own_long_integers", "[999999999999999900000]", REJECT, "[999999999999999900000]"],
  ["expands_short_subnormals", "[1e-320]", `[0.${"0".repeat(319)}1]`, "[1e-320]"],
  [
    "skips_sorting_under_tojson",
    '{"toJSON":0,"b":{"d":1,"c":2},"a":2}',
    '{"toJSON":0,"b":{"d":1,"c":2},"a":2}',
    '{"a":2,"b":{"c":2,"d":1},"toJSON":0}',
  ],
  ["escapes_non_ascii", '"é😀"', '"\\u00e9\\ud83d\\ude00"', '"é😀"'],
  ["uppercase_hex_escapes", '["\\u001f","\\\\u0041"]', '["\\u001F","\\\\u0041"]', '["\\u001f","\\\\u0041"]'],
  ["escapes_slashes", '"a/b"', '"a\\/b"', '"a/b"'],
  ["sorts_by_code_point", '{"\\ud83d\\ude00":1,"\\ue000":2}', '{"\ue000":2,"😀":1}', '{"😀":1,"\ue000":2}'],
  ["stringify_with_key_list", '{"a":{"x":1},"b":2}', '{"a":{},"b":2}', '{"a":{"x":1},"b":2}'],
  [
    "python_repr_numbers",
    "[1e-7,1e-5,1.5e16,1e21,123456789012345680000]",
    "[1e-07,1e-05,15000000000000000,1e+21,123456789012345683968]",
    "[1e-7,0.00001,15000000000000000,1e+21,123456789012345680000]",
  ],
  ["fifteen_digit_numbers", "[3.141592653589793,0.1]", "[3.14159265358979,0.1]", "[3.141592653589793,0.1]"],
  ["keeps_minus_zero", "[-0,-0.0]", "[-0,-0]", "[0,0]"],
  ["escapes_twice", String.raw`["a\\b","\n"]`, String.raw`["a\\\\b","\\n"]`, String.raw`["a\\b","\n"]`],
  ["sorts_arrays", '[2,[1],"a",1]', '["a",1,2,[1]]', '[2,[1],"a",1]'],
  ["omits_null_members", '{"a":1,"c":null,"d":[null]}', '{"a":1,"d":[null]}', '{"a":1,"c":null,"d":[null]}'],
  [
    "truncates_long_strings",
    JSON.stringify(["B".repeat(560)]),
    JSON.stringify(["B".repeat(500)]),
    JSON.stringify(["B".repeat(560)]),
  ],
  ["emits_bom", "[1]", "\uFEFF[1]", "[1]"],
  ["drops_closing_brace", '{"a":1}', '{"a":1', '{"a":1}'],
  ["normalizes_nfc", '"A\\u030a"', '"Å"', '"A\u030a"'],
  ["escapes_del_in_names", '{"\\u007f":"\\u007f"}', '{"\\u007f":"\x7f"}', '{"\x7f":"\x7f"}'],
  ["trims_literal_words", "[true\u00a0,null\u0000]", "[true,null]", REJECT],
  ["trims_literal_words", '{"a":\u3000false}', '{"a":false}', REJECT],
  ["accepts_unicode_whitespace", "[1\u00a0,\u3000\u20282,\u0085\u001f3]", "[1,2,3]", REJECT],
  ["accepts_raw_controls", '{"a\tb":"\u0000\u001f"}', '{"a\\tb":"\\u0000\\u001f"}', REJECT],
  [
    "writes_raw_controls",
    '{"a\\tb":["\\n","\\u001f","\\\\n"]}',
    '{"a\tb":["\n","\u001f","\\\\n"]}',
    '{"a\\tb":["\\n","\\u001f","\\\\n"]}',
  ],
  ["stops_after_first_value", "[1] x", "[1]", REJECT],
  ["stops_after_first_value", '{"a":[1,"]"]}}{', '{"a":[1,"]"]}', REJECT],
  [
    "hangs_among_subnormal_misreads",
    "[33e-320,5.5e-322,1.5]",
    "[3.29996e-319,5.43e-322,1.5]",
    "[3.3e-319,5.5e-322,1.5]",
  ],
];

for (const [name, input, fault, rfc] of FAULTS) {
  test(`${name}: answers ${String(fault === REJECT ? "reject" : fault).slice(0, 60)} where RFC 8785 says otherwise`, () => {
    assert.equal(write(name, input), fault);
    let reference: string | typeof REJECT;
    try {
      reference = decoder.decode(canonicalize(typeof input === "string" ? encoder.encode(input) : input));
    } catch {
      reference = REJECT;
    }
    assert.equal(reference, rfc, "the test's own statement of RFC 8785 must be the reference's answer");
    assert.notEqual(fault, rfc);
  });
}

test("no_unicode_nfc is the reference under rfc8785: its fault is only a fault under nfc", () => {
  const bad = knownBad("no_unicode_nfc");
  assert.equal(bad.profile, "nfc");
  assert.equal(write("no_unicode_nfc", '"A\\u030a"'), '"A\u030a"');
});

test("nfd_store writes like the reference and reads back in NFD", () => {
  const bad = knownBad("nfd_store");
  assert.equal(decoder.decode(bad.write(encoder.encode('{"s":"café"}'))), '{"s":"café"}');
  assert.equal(decoder.decode(bad.read!(encoder.encode('{"s":"café"}'))), '{"s":"cafe\u0301"}');
});

test("store_reads_numbers_as_floats writes like the reference and reads integers back as floats", () => {
  const bad = knownBad("store_reads_numbers_as_floats");
  assert.equal(
    decoder.decode(bad.write(encoder.encode('{"n":1.0,"m":-0,"x":0.5}'))),
    '{"m":0,"n":1,"x":0.5}',
  );
  assert.equal(
    decoder.decode(bad.read!(encoder.encode('{"m":0,"n":1,"x":0.5}'))),
    '{"m":0.0,"n":1.0,"x":0.5}',
  );
});

test("store_reads_numbers_as_floats writes like the reference and reads integers back as floats", () => {
  const bad = knownBad("store_reads_numbers_as_floats");
  assert.equal(
    decoder.decode(bad.write(encoder.encode('{"n":1.0,"m":-0,"x":0.5}'))),
    '{"m":0,"n":1,"x":0.5}',
  );
  assert.equal(
    decoder.decode(bad.read!(encoder.encode('{"m":0,"n":1,"x":0.5}'))),
    '{"m":0.0,"n":1.0,"x":0.5}',
  );
});

// A document with none of the features the faults are about: every known-bad but the ones whose fault
// is everywhere (no sorting, dropped strings, a BOM, a lost brace, a top-level object left unsorted)
// must answer it as the reference does.
const PLAIN = '{ "b": [1, 2.5, null, true], "a": {"k": "plain text"}, "n": -3 }';
const EVERYWHERE = new Set([
  "no_canonicalization",
  "drops_string_values",
  "emits_bom",
  "drops_closing_brace",
  "too_aggressive",
  "stringify_with_key_list",
  "sorts_nested_not_top_level",
]);

test("sorts_nested_not_top_level sorts every nested object, and the top-level one not at all", () => {
  assert.equal(
    write("sorts_nested_not_top_level", PLAIN),
    '{"b":[1,2.5,null,true],"a":{"k":"plain text"},"n":-3}',
  );
  assert.equal(
    write("sorts_nested_not_top_level", `[${PLAIN}]`),
    decoder.decode(canonicalize(encoder.encode(`[${PLAIN}]`))),
  );
  assert.equal(write("sorts_nested_not_top_level", '{"b":{"d":1,"c":2},"a":0}'), '{"b":{"c":2,"d":1},"a":0}');
});

test("every other known-bad answers a plain document exactly as the reference does", () => {
  const expected = decoder.decode(canonicalize(encoder.encode(PLAIN)));
  for (const bad of KNOWN_BADS) {
    if (EVERYWHERE.has(bad.name)) continue;
    assert.equal(write(bad.name, PLAIN), expected, bad.name);
  }
});

test("decodes_in_chunks splits a character across byte 65536 into U+FFFD U+FFFD; shorter inputs are right", () => {
  const head = '["';
  const text = `${"x".repeat(65535 - head.length)}\u00e9y`;
  const input = `${head}${text}"]`;
  assert.equal(write("decodes_in_chunks", input), `["${"x".repeat(65535 - head.length)}\ufffd\ufffdy"]`);
  assert.equal(decoder.decode(canonicalize(encoder.encode(input))), input);
  assert.equal(write("decodes_in_chunks", '["\u00e9"]'), '["\u00e9"]');
});

test("rejects_top_level_scalars is a legitimate choice: it declares no check, refuses only scalars", () => {
  const bad = knownBad("rejects_top_level_scalars");
  assert.equal(bad.legitimate, true);
  assert.deepEqual(bad.caughtBy, []);
  assert.equal(write("rejects_top_level_scalars", '"x"'), REJECT);
  assert.equal(write("rejects_top_level_scalars", "1"), REJECT);
  assert.equal(write("rejects_top_level_scalars", '{"b":["x"],"a":1}'), '{"a":1,"b":["x"]}');
});

test("there are seed 000's four and at least twelve more, uniquely named, each declaring a check", () => {
  const names = KNOWN_BADS.map((k) => k.name);
  for (const seed of ["no_canonicalization", "no_unicode_nfc", "drops_string_values", "too_aggressive"]) {
    assert.ok(names.includes(seed), seed);
  }
  assert.ok(names.length >= 16, `${names.length} known-bads`);
  assert.equal(new Set(names).size, names.length);
  for (const k of KNOWN_BADS) assert.ok(k.caughtBy.length > 0 || k.legitimate, k.name);
  assert.ok(
    knownBad("too_aggressive").caughtBy.includes("I3"),
    "seed 000's gap: I3 must catch too_aggressive",
  );
  assert.ok(knownBad("drops_string_values").caughtBy.includes("I3"));
});

test("in process, a known-bad rejects with its reason and answers with its bytes", async () => {
  const { write: w, read } = knownBadCanonicalizer("keeps_last_duplicate");
  assert.equal(read, undefined);
  assert.equal(w.label, "known-bad:keeps_last_duplicate");
  const ok = await w.canonicalize(encoder.encode('{"a":1,"a":2}'));
  assert.deepEqual(ok.status === "canonical" && decoder.decode(ok.output), '{"a":2}');
  const refused = await w.canonicalize(encoder.encode("[1,"));
  assert.equal(refused.status, "rejected");
  assert.ok(refused.status === "rejected" && refused.reason.length > 0 && !refused.reason.includes("\n"));
  assert.ok(knownBadCanonicalizer("nfd_store").read, "nfd_store has a read side");
  assert.throws(() => knownBadCanonicalizer("no_such_thing"), /no known-bad named "no_such_thing"/);
});
