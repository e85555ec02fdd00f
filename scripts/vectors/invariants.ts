// Suite invariants: seed 000's fixtures as JSON texts (Python json.dumps spelling), its why and
// [measured] labels kept, plus semantic mutations and re-spellings of our own.
import { type Bytes, J } from "./bytes.js";
import { contained, type Entry, pair, RFC, single } from "./entry.js";

export function invariantsSuite(): Entry[] {
  const s0 = "seed 000";
  const m = "seed 000 [measured]";
  const own3 = "RFC 8785 §3.2 (I3: canonicalization must not reconcile a change of meaning)";
  const own2 = "RFC 8785 §3.2 (I2: representational differences reconcile)";
  const differ = (name: string, a: Bytes, b: Bytes, why: string, source = own3) =>
    pair("differ", name, a, b, why, source);
  const equal = (name: string, a: Bytes, b: Bytes, why: string, source = own2) =>
    pair("equal", name, a, b, why, source);
  const nfdPair = pair(
    "differ",
    "representational-unicode-nfc-nfd",
    J`{"name": "caf\u00e9"}`,
    J`{"name": "cafe\u0301"}`,
    "NFC vs NFD - same rendered text, different bytes (RFC 8785 keeps strings as sent, so they must stay different)",
    `${s0}; RFC 8785 §3.1`,
  );
  nfdPair.nfc = {
    kind: "equal",
    why: "NFC vs NFD - same rendered text, different bytes (the nfc profile must reconcile them)",
  };
  const cases: Entry[] = [
    // SEMANTIC -> I3 differ
    differ(
      "semantic-tag-strip-id",
      J`{"route": "/arcade/draft/X/invite", "note": "a<b>c"}`,
      J`{"route": "/arcade/draft//invite", "note": "abc"}`,
      "DM route deleted a tag-shaped span; both sends returned 201 [measured]",
      m,
    ),
    differ(
      "semantic-tag-strip-unclosed",
      J`{"cmd": "run /a/b/<secret> now"}`,
      J`{"cmd": "run "}`,
      "no closing bracket: strip ran to end of message [measured]",
      m,
    ),
    differ(
      "semantic-truncated-500",
      `{"brief": "${"B".repeat(560)}"}`,
      `{"brief": "${"B".repeat(500)}"}`,
      "Work Board cuts descriptions at exactly 500 chars, no error [measured]",
      m,
    ),
    differ(
      "semantic-truncated-280",
      `{"body": "${"C".repeat(300)}"}`,
      `{"body": "${"C".repeat(280)}"}`,
      "Governance proposal bodies cut at 280, no error [measured]",
      m,
    ),
    differ(
      "semantic-null-materialised",
      J`{"a": 1}`,
      J`{"a": 1, "c": null}`,
      "store materialised an absent field as explicit null",
      s0,
    ),
    // REPRESENTATIONAL -> I2 equal (the NFC/NFD pair: differ under rfc8785, equal under nfc)
    equal(
      "representational-key-order",
      J`{"b": 2, "a": 1}`,
      J`{"a": 1, "b": 2}`,
      "key order differs, meaning identical",
      s0,
    ),
    equal(
      "representational-whitespace",
      J`{"a": 1, "b": [1, 2]}`,
      J`{"a": 1, "b": [1,  2]}`,
      "insignificant whitespace only",
      s0,
    ),
    nfdPair,
    equal(
      "representational-int-vs-float",
      J`{"n": 5}`,
      J`{"n": 5.0}`,
      "5 vs 5.0 - JCS renders both as the token 5",
      s0,
    ),
    equal(
      "representational-neg-zero",
      J`{"z": 0}`,
      J`{"z": -0.0}`,
      "-0.0 must canonicalize to 0, per JCS",
      s0,
    ),
    // I1 samples
    single(
      "idempotent",
      "i1-sample-nested",
      J`{"b": 1, "a": [1, 2, {"z": null, "y": true}]}`,
      "I1 sample: nested object in an array",
      s0,
    ),
    single(
      "idempotent",
      "i1-sample-mixed-scalars",
      J`{"s": "caf\u00e9", "n": 1.0, "m": -0.0, "big": 1000000000000000}`,
      "I1 sample: non-ASCII, 1.0, -0.0 and 10**15",
      s0,
    ),
    single(
      "idempotent",
      "i1-sample-array",
      J`[1, "two", 3.0, null, true, false]`,
      "I1 sample: an array of every scalar",
      s0,
    ),
    single("idempotent", "i1-sample-empty-object", "{}", "I1 sample: the empty object", s0),
    single("idempotent", "i1-sample-empty-array", "[]", "I1 sample: the empty array", s0),
    single(
      "idempotent",
      "i1-sample-deep",
      J`{"nested": {"deep": {"deeper": [1.0, 2.0]}}}`,
      "I1 sample: three levels deep with floats",
      s0,
    ),
    // I4 samples
    single("roundtrip", "i4-sample-object", J`{"a": 1, "b": "x"}`, "I4 sample: a small object", s0),
    single("roundtrip", "i4-sample-float", J`{"n": 1.0}`, "I4 sample: 1.0", s0),
    single(
      "roundtrip",
      "i4-sample-unicode",
      J`{"s": "caf\u00e9"}`,
      "I4 sample: a precomposed character a normalizing store could decompose",
      s0,
    ),
    single("roundtrip", "i4-sample-array", J`[1, 2.0, "z"]`, "I4 sample: an array", s0),
    single("roundtrip", "i4-sample-neg-zero", J`{"m": -0.0}`, "I4 sample: minus zero", s0),

    // Our own semantic mutations: one character of punctuation (seed 000's too_aggressive strips them).
    differ("punct-hyphen-dropped", J`{"a": "a-b"}`, J`{"a": "ab"}`, "a-b and ab differ by one hyphen"),
    differ(
      "punct-decimal-point-in-string",
      J`{"v": "1.5"}`,
      J`{"v": "15"}`,
      "the string 1.5 is not the string 15",
    ),
    differ(
      "punct-slash-to-dot",
      J`{"route": "/a/b"}`,
      J`{"route": "/a.b"}`,
      "a path separator changed to a dot",
    ),
    differ(
      "punct-comma-to-semicolon",
      J`["a,b"]`,
      J`["a;b"]`,
      "one punctuation character replaced by another",
    ),
    differ(
      "punct-exclamation-to-question",
      J`{"k": "stop!"}`,
      J`{"k": "stop?"}`,
      "! and ? mean different things",
    ),
    differ(
      "punct-in-key",
      J`{"a-b": 1}`,
      J`{"ab": 1}`,
      "member names differing only by a hyphen are different members",
    ),
    differ(
      "punct-email-stripped",
      J`{"to": "a@b.c"}`,
      J`{"to": "abc"}`,
      "an address with its punctuation stripped",
    ),
    differ("punct-minus-sign-in-string", J`{"delta": "-5"}`, J`{"delta": "5"}`, "a sign inside a string"),
    differ("punct-space-dropped", J`{"s": "a b"}`, J`{"s": "ab"}`, "a space inside a string is content"),
    differ(
      "punct-trailing-space",
      J`{"s": "x "}`,
      J`{"s": "x"}`,
      "a trailing space inside a string is content",
    ),
    differ(
      "punct-newline-escape-dropped",
      J`{"s": "a\nb"}`,
      J`{"s": "ab"}`,
      "an escaped line feed is content",
    ),
    differ("punct-nul-dropped", J`{"s": "\u0000"}`, J`{"s": ""}`, "an escaped NUL is a character"),
    // Structure and values.
    differ("dropped-array-element", "[1, 2, 3]", "[1, 2]", "an array lost its last element"),
    differ("dropped-middle-element", J`["a", "b", "c"]`, J`["a", "c"]`, "an array lost a middle element"),
    differ("dropped-member", J`{"a": 1, "b": 2}`, J`{"a": 1}`, "an object lost a member"),
    differ("swapped-array-elements", "[1, 2]", "[2, 1]", "array order is meaning"),
    differ(
      "swapped-member-values",
      J`{"a": 1, "b": 2}`,
      J`{"a": 2, "b": 1}`,
      "two members swapped their values",
    ),
    differ(
      "swapped-names-and-values",
      J`{"from": "x", "to": "y"}`,
      J`{"from": "y", "to": "x"}`,
      "sender and recipient swapped",
    ),
    differ("renamed-member", J`{"a": 1}`, J`{"b": 1}`, "a member renamed"),
    differ(
      "number-off-by-one-ulp",
      "0.1",
      "0.10000000000000002",
      "the double next to 0.1 is a different number",
    ),
    differ("number-one-ulp-above-one", "1", "1.0000000000000002", "1 and the next double above it differ"),
    differ(
      "number-off-by-one-integer",
      "9007199254740991",
      "9007199254740990",
      "two large integers one apart",
    ),
    differ("number-sign", "[1]", "[-1]", "a changed sign"),
    differ("number-exponent", "1e21", "1e22", "a changed exponent"),
    differ("number-vs-string", J`{"n": 1}`, J`{"n": "1"}`, "a number and a string of its digits"),
    differ("null-vs-string", "[null]", J`["null"]`, "null and the string null"),
    differ("true-vs-string", "true", J`"true"`, "true and the string true"),
    differ("false-vs-zero", "[false]", "[0]", "false is not 0"),
    differ("null-vs-absent", J`{"a": null}`, "{}", "an explicit null is not an absent member"),
    differ("empty-string-vs-null", J`{"a": ""}`, J`{"a": null}`, "the empty string is not null"),
    differ("array-vs-object", "[]", "{}", "an empty array is not an empty object"),
    differ("nested-array-flattened", "[[1]]", "[1]", "a level of nesting removed"),
    differ("case-changed", J`{"s": "A"}`, J`{"s": "a"}`, "case is content"),
    differ(
      "astral-vs-replacement",
      J`{"s": "\ud83d\ude00"}`,
      J`{"s": "\ufffd"}`,
      "an emoji replaced by U+FFFD",
    ),
    differ(
      "truncated-by-one",
      `{"s": "${"x".repeat(64)}"}`,
      `{"s": "${"x".repeat(63)}"}`,
      "a string one character shorter",
    ),
    differ(
      "combining-mark-dropped",
      J`{"s": "e\u0301"}`,
      J`{"s": "e"}`,
      "a dropped combining accent changes the text",
    ),
    // Our own re-spellings: each must reconcile.
    equal("respell-escaped-letter", J`{"a": "\u0061"}`, J`{"a": "a"}`, "\\u0061 is a"),
    equal("respell-escaped-name", J`{"\u0061": 1}`, J`{"a": 1}`, "an escaped member name is the same name"),
    equal("respell-exponent", J`{"n": 1E2}`, J`{"n": 100}`, "1E2 is 100"),
    equal("respell-exponent-plus", "[1e+2]", "[1E2]", "1e+2 is 1E2"),
    equal("respell-fraction-exponent", "0.1e1", "1", "0.1e1 is 1"),
    equal("respell-negative-exponent", "10e-1", "1", "10e-1 is 1"),
    equal("respell-trailing-zeros", "1.50", "1.5", "1.50 is 1.5"),
    equal("respell-small-exponent", "1e-7", "0.0000001", "1e-7 is 0.0000001"),
    equal("respell-half", "5e-1", "0.5", "5e-1 is 0.5"),
    equal("respell-neg-zero", "-0", "0", "-0 is 0"),
    equal("respell-solidus", J`{"url": "a\/b"}`, J`{"url": "a/b"}`, "\\/ is /"),
    equal(
      "respell-escaped-nonascii",
      J`{"s": "caf\u00e9"}`,
      '{"s": "caf\u00e9"}',
      "an escaped \u00e9 is the raw \u00e9",
    ),
    equal(
      "respell-escape-hex-case",
      J`"\u00E9"`,
      J`"\u00e9"`,
      "uppercase and lowercase hex escapes are the same character",
    ),
    equal(
      "respell-escaped-pair",
      J`"\ud83d\ude00"`,
      '"\u{1f600}"',
      "an escaped surrogate pair is the raw character",
    ),
    equal("respell-short-vs-unicode-escape", J`"a\nb"`, J`"a\u000ab"`, "\\n is \\u000a"),
    equal("respell-tab-escape", J`"\t"`, J`"\u0009"`, "\\t is \\u0009"),
    equal("respell-quote-escape", J`"\""`, J`"\u0022"`, '\\" is \\u0022'),
    equal(
      "respell-key-order-nested",
      J`{"o": {"y": 1, "x": [{"b": 2, "a": 1}]}}`,
      J`{"o": {"x": [{"a": 1, "b": 2}], "y": 1}}`,
      "key order at every depth",
    ),
    equal(
      "respell-whitespace-pretty",
      `{\n  "a": [\n    1,\n    2\n  ]\n}\n`,
      J`{"a":[1,2]}`,
      "pretty-printed and compact",
    ),
    equal("respell-whitespace-crlf-tabs", `{\r\n\t"a":\t1\r\n}`, J`{"a":1}`, "CRLF and tabs are whitespace"),
    equal("respell-integer-as-float", "[2.0, 3.00]", "[2, 3]", "2.0 is 2"),
    equal(
      "respell-long-mantissa",
      "0.1000000000000000055511151231257827",
      "0.1",
      "extra digits naming the same double",
    ),
    equal("respell-outer-whitespace", "  [true]  ", "[true]", "whitespace around the text"),
    // More I1 and I4 inputs: the RFC's harder documents.
    single(
      "idempotent",
      "i1-rfc-values",
      J`{"numbers": [1E30, 4.50, 333333333.33333329, 2e-3, 0.000000000000000000000000001], "escaping": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/", "literals": [null, true, false]}`,
      "the RFC's values document: numbers and escapes canonicalized twice",
      "RFC 8785 authors' testdata (values)",
    ),
    single(
      "idempotent",
      "i1-controls",
      J`{"c": "\u0000\u0001\b\t\n\u000b\f\r\u001f\u007f"}`,
      "escaped controls stay the same when canonicalized again",
      `${RFC} §3.2.2.2`,
    ),
    single(
      "idempotent",
      "i1-astral-keys",
      J`{"\ud83d\ude00": 1, "\ue000": 2, "\u00e9": 3}`,
      "UTF-16 key order is stable when applied twice",
      `${RFC} §3.2.3`,
    ),
    single(
      "idempotent",
      "i1-number-boundaries",
      "[1e21, 1e-7, 5e-324, 1.7976931348623157e308, 0.000001, 1.5e-7]",
      "number texts at the exponent boundaries read back as themselves",
      `${RFC} §3.2.2.3`,
    ),
    single(
      "idempotent",
      "i1-reads-own-long-integer",
      "[9.999999999999999e20]",
      "ES6 writes this double as the integer 999999999999999900000; refusing integer literals past 2^53 is a choice only for an implementation that never writes one: failing here means it cannot read its own output",
      `${RFC} §3.2.2.3; RFC 7493 §2.2; issue 13 (trailofbits rfc8785.py)`,
    ),
    single(
      "roundtrip",
      "i4-controls-and-astral",
      J`{"s": "\u0001\ud83d\ude00\u2028"}`,
      "controls, an emoji and U+2028 survive the read side",
      `${RFC} §3.2.2.2`,
    ),
    single(
      "roundtrip",
      "i4-number-boundaries",
      "[1e21, 1e-7, 5e-324]",
      "exponent-form numbers survive the read side",
      `${RFC} §3.2.2.3`,
    ),
    single(
      "roundtrip",
      "i4-nfd-text",
      J`{"s": "e\u0301"}`,
      "a decomposed character must come back decomposed from the read side",
      `${RFC} §3.1`,
    ),
  ];
  // A scalar pair is compared inside arrays: [a] and [b] (contained()).
  return cases.map(contained);
}
