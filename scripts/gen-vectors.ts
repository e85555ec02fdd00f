// Writes vectors/ (data only) from the readable tables below: one manifest per suite, each case's raw
// input bytes and expected output in their own files, the pinned SHA-256 and Keccak-256 of every
// `canon` output, and the `nfc` profile's overrides. The expected outputs are written here by hand
// from RFC 8785 and the seeds, never taken from the reference canonicalizer; test/corpus checks the
// two against each other and that vectors/ is exactly what this script writes.
//
//   npx tsx scripts/gen-vectors.ts [--out DIR]     (DIR defaults to vectors/)
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { nfcValue } from "../src/jcs/index.js";

export const CORPUS_VERSION = "2026.12.2";

// The npm `canonicalize` package, not our reference, serializes the NFC forms of the nfc profile, so
// that those expectations come from an independent implementation.
const canonicalizeValue = (await import("canonicalize")).default as unknown as (value: unknown) => string;

// ---------------------------------------------------------------------------------------------
// Helpers for writing cases: J`...` is a JSON text exactly as typed (backslashes kept), x(...)
// concatenates UTF-8 text and raw bytes so that invalid UTF-8 can be spelled out.
// ---------------------------------------------------------------------------------------------
const J = String.raw;
const utf8 = new TextEncoder();
type Bytes = string | Uint8Array;
function x(...parts: (string | number[])[]): Uint8Array {
  const chunks = parts.map((p) => (typeof p === "string" ? utf8.encode(p) : Uint8Array.from(p)));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
const toBytes = (b: Bytes) => (typeof b === "string" ? utf8.encode(b) : b);
const hex2 = (n: number) => n.toString(16).padStart(2, "0");

type Kind =
  | "canon"
  | "reject"
  | "canon-or-reject"
  | "equal"
  | "differ"
  | "idempotent"
  | "roundtrip"
  | "consistent-choice";
interface Entry {
  name: string;
  kind: Kind;
  why: string;
  source: string;
  input?: Bytes;
  expected?: Bytes;
  a?: Bytes;
  b?: Bytes;
  /** Members the `nfc` profile replaces (beyond the NFC form of expected outputs, derived below). */
  nfc?: { kind?: Kind; why?: string };
  /** What lines mode sends instead, when it cannot carry `input` faithfully (docs/protocol.md). */
  lines?: { input: Bytes; why: string };
  /** consistent-choice: the canon-or-reject cases of this suite that make up the choice. */
  of?: string[];
}

// Every rule is tested where no open choice can hide it (docs/architecture.md, "Judgement"): a
// case whose text would be a scalar alone is sent inside an array, `[x]` expecting `[canon(x)]`, so
// an implementation that refuses top-level scalars is still asked about x. The top-level forms are
// canon-or-reject cases of their own.
const JSON_SPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
function isContainerText(b: Bytes): boolean {
  const bytes = toBytes(b);
  let i = 0;
  while (i < bytes.length && JSON_SPACE.has(bytes[i]!)) i++;
  return bytes[i] === 0x5b || bytes[i] === 0x7b;
}
const inArray = (b: Bytes): Uint8Array => x("[", Array.from(toBytes(b)), "]");
/** `e` with its scalar texts (input, expected, a, b) put inside an array; containers stay as they are. */
function contained(e: Entry): Entry {
  if (e.kind === "equal" || e.kind === "differ") {
    if (isContainerText(e.a!) && isContainerText(e.b!)) return e;
    return { ...e, a: inArray(e.a!), b: inArray(e.b!) };
  }
  if (e.input === undefined || isContainerText(e.input)) return e;
  return {
    ...e,
    input: inArray(e.input),
    ...(e.expected !== undefined ? { expected: inArray(e.expected) } : {}),
  };
}

const RFC = "RFC 8785";
const canon = (name: string, input: Bytes, expected: Bytes, why: string, source: string): Entry => ({
  name,
  kind: "canon",
  input,
  expected,
  why,
  source,
});
const reject = (name: string, input: Bytes, why: string, source: string): Entry => ({
  name,
  kind: "reject",
  input,
  why,
  source,
});
const either = (name: string, input: Bytes, expected: Bytes, why: string, source: string): Entry => ({
  name,
  kind: "canon-or-reject",
  input,
  expected,
  why,
  source,
});
const pair = (
  kind: "equal" | "differ",
  name: string,
  a: Bytes,
  b: Bytes,
  why: string,
  source: string,
): Entry => ({
  name,
  kind,
  a,
  b,
  why,
  source,
});
const single = (
  kind: "idempotent" | "roundtrip",
  name: string,
  input: Bytes,
  why: string,
  source: string,
): Entry => ({
  name,
  kind,
  input,
  why,
  source,
});

// ---------------------------------------------------------------------------------------------
// Suite jcs: every rule of RFC 8785 §3.2, both sides of it.
// ---------------------------------------------------------------------------------------------
function jcsSuite(): Entry[] {
  const s322 = `${RFC} §3.2.2.2`;
  const s323 = `${RFC} §3.2.2.3`;
  const cases: Entry[] = [];
  const add = (...e: Entry[]) => cases.push(...e);

  // Literals, §3.2.2.1
  const s321 = `${RFC} §3.2.2.1`;
  add(
    canon("literal-null", "null", "null", "null is written as the literal null", s321),
    canon("literal-true", "true", "true", "true is written as the literal true", s321),
    canon("literal-false", "false", "false", "false is written as the literal false", s321),
    canon(
      "literals-in-array",
      "[ true , false , null ]",
      "[true,false,null]",
      "literals inside an array, spaces dropped",
      s321,
    ),
    canon(
      "literals-in-object",
      J`{"t":true,"f":false,"n":null}`,
      J`{"f":false,"n":null,"t":true}`,
      "literals as member values keep their spelling",
      s321,
    ),
  );

  // Top-level scalars are canon-or-reject's (a choice RFC 8785 leaves open); here every scalar case
  // is sent inside an array (contained(), at the end).

  // Strings, §3.2.2.2: each of the 32 control characters, given as an escape, in its one canonical form.
  const short: Record<number, string> = { 8: "\\b", 9: "\\t", 10: "\\n", 12: "\\f", 13: "\\r" };
  for (let c = 0; c < 0x20; c++) {
    const out = short[c] ?? `\\u00${hex2(c)}`;
    add(
      canon(
        `control-u00${hex2(c)}`,
        `["\\u00${hex2(c).toUpperCase()}"]`,
        `["${out}"]`,
        short[c]
          ? `U+00${hex2(c).toUpperCase()} must be written as the two-character escape ${out}`
          : `U+00${hex2(c).toUpperCase()} must be written as \\u00${hex2(c)} with lowercase hex`,
        s322,
      ),
    );
  }
  add(
    canon(
      "short-escapes-kept",
      J`"\b\t\n\f\r"`,
      J`"\b\t\n\f\r"`,
      "the five short escapes stay short escapes",
      s322,
    ),
    canon(
      "control-in-key",
      J`{"\n":2,"\u0001":1}`,
      J`{"\u0001":1,"\n":2}`,
      "control characters in member names are escaped the same way and sort by their unit",
      s322,
    ),
    canon("quote-and-backslash", J`"\"\\"`, J`"\"\\"`, `" and \\ are written as \\" and \\\\`, s322),
    canon(
      "quote-backslash-as-unicode-escapes",
      J`"\u0022\u005C"`,
      J`"\"\\"`,
      `\\u0022 and \\u005c become \\" and \\\\`,
      s322,
    ),
    canon("solidus-escaped", J`"\/"`, J`"/"`, "an escaped solidus is written unescaped", s322),
    canon("solidus-raw", J`"a/b"`, J`"a/b"`, "a solidus is never escaped", s322),
    canon("solidus-as-unicode-escape", J`"\u002f"`, J`"/"`, "\\u002f is written as a plain solidus", s322),
    canon(
      "del-raw",
      x('"', [0x7f], '"'),
      x('"', [0x7f], '"'),
      "DEL (U+007F) is not a control character in JSON and stays raw",
      s322,
    ),
    canon("del-escaped", J`"\u007f"`, x('"', [0x7f], '"'), "an escaped DEL is written raw", s322),
    canon(
      "u2028-escaped",
      J`"\u2028"`,
      '"\u2028"',
      "U+2028 LINE SEPARATOR is written raw, not escaped",
      s322,
    ),
    canon(
      "u2029-escaped",
      J`"\u2029"`,
      '"\u2029"',
      "U+2029 PARAGRAPH SEPARATOR is written raw, not escaped",
      s322,
    ),
    canon("u2028-raw", '"a\u2028b"', '"a\u2028b"', "a raw U+2028 stays raw", s322),
    canon(
      "printable-ascii-escaped",
      J`"\u0041\u004a\u007e"`,
      J`"AJ~"`,
      "escaped printable ASCII is written raw",
      s322,
    ),
    canon(
      "uppercase-hex-escape",
      J`"\u004A\u00E9"`,
      '"J\u00e9"',
      "uppercase hex in input escapes is accepted; the output has no escape",
      s322,
    ),
    canon(
      "latin1-escaped",
      J`"caf\u00e9"`,
      '"caf\u00e9"',
      "non-ASCII characters are written raw UTF-8, never escaped",
      s322,
    ),
    canon("latin1-raw", '"caf\u00e9"', '"caf\u00e9"', "raw non-ASCII stays raw", s322),
    canon(
      "u0080-escaped",
      J`"\u0080"`,
      '"\u0080"',
      "U+0080 (a C1 control) is not escaped: only U+0000..U+001F are",
      s322,
    ),
    canon("u009f-escaped", J`"\u009f"`, '"\u009f"', "U+009F is not escaped", s322),
    canon("u00a0-escaped", J`"\u00a0"`, '"\u00a0"', "NO-BREAK SPACE inside a string is written raw", s322),
    canon("u07ff-escaped", J`"\u07ff"`, '"\u07ff"', "the last two-byte UTF-8 character is written raw", s322),
    canon(
      "u0800-escaped",
      J`"\u0800"`,
      '"\u0800"',
      "the first three-byte UTF-8 character is written raw",
      s322,
    ),
    canon("euro-escaped", J`"\u20ac"`, '"\u20ac"', "the euro sign is written raw", s322),
    canon(
      "ud7ff-escaped",
      J`"\ud7ff"`,
      '"\ud7ff"',
      "the last character before the surrogates is written raw",
      s322,
    ),
    canon(
      "ue000-escaped",
      J`"\ue000"`,
      '"\ue000"',
      "the first character after the surrogates is written raw",
      s322,
    ),
    canon(
      "ufffd-escaped",
      J`"\ufffd"`,
      '"\ufffd"',
      "the replacement character is an ordinary character",
      s322,
    ),
    canon("astral-raw", '"\u{1f600}"', '"\u{1f600}"', "a raw four-byte character stays raw", s322),
    canon(
      "astral-escaped-pair",
      J`"\ud83d\ude00"`,
      '"\u{1f600}"',
      "an escaped surrogate pair is written as the raw character",
      s322,
    ),
    canon(
      "astral-escaped-pair-uppercase",
      J`"\uD83D\uDE00"`,
      '"\u{1f600}"',
      "an escaped pair in uppercase hex is the same character",
      s322,
    ),
    canon(
      "astral-first",
      J`"\ud800\udc00"`,
      '"\u{10000}"',
      "U+10000, the first astral character, is written raw",
      s322,
    ),
    canon("astral-last-assigned-plane", J`"\udbff\udffd"`, '"\u{10fffd}"', "U+10FFFD is written raw", s322),
    canon(
      "astral-in-key",
      J`{"\ud83d\ude00":"\ud83d\ude00"}`,
      '{"\u{1f600}":"\u{1f600}"}',
      "member names follow the same string rules",
      s322,
    ),
    canon("string-empty-in-array", J`["",""]`, J`["",""]`, "empty strings are kept", s322),
    canon(
      "string-spaces-kept",
      J`" a  b "`,
      J`" a  b "`,
      "spaces inside a string are content, not whitespace",
      s322,
    ),
    canon(
      "string-all-escape-kinds",
      J`"\"\\\/\b\f\n\r\t\u0000\u001f\u0020\u00e9"`,
      J`"\"\\/\b\f\n\r\t\u0000\u001f ` + '\u00e9"',
      "every escape form in one string, each to its canonical form",
      s322,
    ),
    canon(
      "string-long",
      `"${"x".repeat(10000)}"`,
      `"${"x".repeat(10000)}"`,
      "a 10,000-character string is kept whole",
      s322,
    ),
    canon(
      "string-long-unicode",
      `"${"\u00e9\u{1f600}".repeat(2000)}"`,
      `"${"\u00e9\u{1f600}".repeat(2000)}"`,
      "4,000 non-ASCII characters are kept whole and raw",
      s322,
    ),
    canon(
      "ufeff-in-string-escaped",
      J`"\ufeff"`,
      '"\ufeff"',
      "U+FEFF inside a string is a character, written raw (between tokens it is refused)",
      s322,
    ),
    canon(
      "ufeff-in-string-raw",
      x('"a', [0xef, 0xbb, 0xbf], 'b"'),
      x('"a', [0xef, 0xbb, 0xbf], 'b"'),
      "a raw U+FEFF inside a string stays",
      s322,
    ),
    canon(
      "nbsp-in-string-raw",
      x('"a', [0xc2, 0xa0], 'b"'),
      x('"a', [0xc2, 0xa0], 'b"'),
      "a raw NO-BREAK SPACE inside a string is content (between tokens it is refused)",
      s322,
    ),
    canon(
      "emoji-zwj-sequence",
      J`"\ud83d\udc69\u200d\ud83d\udcbb"`,
      '"\u{1f469}\u200d\u{1f4bb}"',
      "a ZWJ sequence is kept character for character, the joiner raw",
      s322,
    ),
    canon(
      "string-numeric-kept",
      J`["1.0","-0","1e2","01"]`,
      J`["1.0","-0","1e2","01"]`,
      "strings that look like numbers are strings, kept as written",
      s322,
    ),
    canon(
      "string-json-inside-kept",
      J`{"doc":"{\"b\":1, \"a\":2}"}`,
      J`{"doc":"{\"b\":1, \"a\":2}"}`,
      "JSON text inside a string is not canonicalized",
      s322,
    ),
    canon(
      "key-numeric-kept",
      J`{"1e2":2,"1.0":1}`,
      J`{"1.0":1,"1e2":2}`,
      "member names that look like numbers keep their spelling",
      `${RFC} §3.2.3`,
    ),
    canon(
      "key-escaped-digit",
      J`{"\u0031":1,"0":0}`,
      J`{"0":0,"1":1}`,
      "an escaped digit in a name is unescaped and sorted by value",
      `${RFC} §3.2.3`,
    ),
    canon(
      "not-normalized-a-ring",
      J`"A\u030a"`,
      '"A\u030a"',
      "strings are kept as sent: A + COMBINING RING stays decomposed (RFC 8785 does not normalize)",
      `${RFC} §3.1`,
    ),
  );

  // Member names are strings: each character rule above holds in a name as in a value. An
  // implementation can write names with other code than values (issue 20: a real one escaped DEL in
  // names only), so each rule is asked in a name too.
  const inName = `${s322} (member names are strings, RFC 8259 §4)`;
  const controlNames = Array.from({ length: 0x20 }, (_, c) => c);
  add(
    canon(
      "name-del-escaped",
      J`{"\u007f":1,"a\u007Fb":2}`,
      x('{"a', [0x7f], 'b":2,"', [0x7f], '":1}'),
      "DEL (U+007F) in a member name is written raw, as in a value: it is not one of the controls JSON escapes",
      `${inName}; issue 20 (a real implementation escaped it in names only)`,
    ),
    canon(
      "name-del-raw",
      x('{"b":0,"', [0x7f], '":1}'),
      x('{"b":0,"', [0x7f], '":1}'),
      "a raw DEL in a member name stays raw, and sorts after every other ASCII name",
      `${inName}; issue 20 (a real implementation escaped it in names only)`,
    ),
    ...[0x00, 0x10].map((from) => {
      const codes = controlNames.slice(from, from + 0x10);
      return canon(
        `name-controls-${hex2(from)}-${hex2(from + 0x0f)}`,
        `{${[...codes]
          .reverse()
          .map((c) => `"\\u00${hex2(c).toUpperCase()}":0`)
          .join(",")}}`,
        `{${codes.map((c) => `"${short[c] ?? `\\u00${hex2(c)}`}":0`).join(",")}}`,
        `U+00${hex2(from).toUpperCase()}..U+00${hex2(from + 0x0f).toUpperCase()} as member names: each written in its one canonical escape (short form, or lowercase \\u00xx), sorted by unit`,
        inName,
      );
    }),
    canon(
      "name-quote-and-backslash",
      J`{"\\":2,"\u0022\u005C":3,"\"":1}`,
      J`{"\"":1,"\"\\":3,"\\":2}`,
      `" and \\ in member names are written \\" and \\\\, whether sent escaped short or as \\u escapes`,
      inName,
    ),
    canon(
      "name-solidus",
      J`{"a/b":2,"\/":1,"\u002F\u002f":3}`,
      J`{"/":1,"//":3,"a/b":2}`,
      "a solidus in a member name is never escaped, however it was sent",
      inName,
    ),
    canon(
      "name-line-separators",
      J`{"\u2029":2,"\u2028":1}`,
      '{"\u2028":1,"\u2029":2}',
      "U+2028 and U+2029 in member names are written raw",
      inName,
    ),
    canon(
      "name-c1-and-nbsp",
      J`{"\u00a0":3,"\u009f":2,"\u0080":1}`,
      '{"\u0080":1,"\u009f":2,"\u00a0":3}',
      "C1 controls and NO-BREAK SPACE in member names are written raw: only U+0000..U+001F are escaped",
      inName,
    ),
    canon(
      "name-utf8-boundaries",
      J`{"\ufffd":5,"\ue000":4,"\ud7ff":3,"\u0800":2,"\u07ff":1}`,
      '{"\u07ff":1,"\u0800":2,"\ud7ff":3,"\ue000":4,"\ufffd":5}',
      "member names at the UTF-8 length boundaries and around the surrogates are written raw",
      inName,
    ),
    canon(
      "name-ufeff",
      x('{"a', [0xef, 0xbb, 0xbf], 'b":2,"\\ufeff":1}'),
      '{"a\ufeffb":2,"\ufeff":1}',
      "U+FEFF in a member name is a character, written raw, sent raw or escaped",
      inName,
    ),
    canon(
      "name-astral-raw",
      '{"\u{1f600}":1,"\\uD800\\uDC00":2}',
      '{"\u{10000}":2,"\u{1f600}":1}',
      "a raw four-byte character in a member name stays raw; an uppercase escaped pair is written raw",
      inName,
    ),
    canon(
      "name-uppercase-hex-escape",
      J`{"\u004A\u00E9":1}`,
      '{"J\u00e9":1}',
      "uppercase hex in a member name's escapes is accepted; the name is written without escapes",
      inName,
    ),
    canon(
      "name-not-normalized",
      J`{"A\u030a":1}`,
      '{"A\u030a":1}',
      "a member name is kept as sent: A + COMBINING RING stays decomposed (RFC 8785 does not normalize)",
      `${RFC} §3.1; RFC 8259 §4`,
    ),
  );

  // Key order, §3.2.3: by UTF-16 code units, recursively; arrays keep their order.
  const s33 = `${RFC} §3.2.3`;
  add(
    canon("sort-simple", J`{"b":1,"a":2}`, J`{"a":2,"b":1}`, "members are sorted by name", s33),
    canon(
      "sort-prefix-first",
      J`{"ab":1,"a":2,"abc":3}`,
      J`{"a":2,"ab":1,"abc":3}`,
      "a name sorts before every longer name it is a prefix of",
      s33,
    ),
    canon("sort-empty-key-first", J`{"a":1,"":0}`, J`{"":0,"a":1}`, "the empty name sorts first", s33),
    canon(
      "sort-uppercase-before-lowercase",
      J`{"a":1,"B":2,"A":3,"b":4}`,
      J`{"A":3,"B":2,"a":1,"b":4}`,
      "sorting is by code unit, not case-insensitive",
      s33,
    ),
    canon(
      "sort-digits-as-strings",
      J`{"10":1,"9":2,"1":3,"100":4}`,
      J`{"1":3,"10":1,"100":4,"9":2}`,
      "numeric-looking names sort as strings, not numbers",
      s33,
    ),
    canon(
      "sort-control-before-space",
      J`{" ":1,"\n":2,"!":3}`,
      J`{"\n":2," ":1,"!":3}`,
      "U+000A sorts before U+0020 before U+0021",
      s33,
    ),
    canon(
      "sort-latin1-after-ascii",
      '{"\u00e9":1,"z":2,"e":3}',
      '{"e":3,"z":2,"\u00e9":1}',
      "U+00E9 sorts after every ASCII name",
      s33,
    ),
    canon(
      "sort-utf16-not-code-points",
      J`{"\ue000":1,"\ud83d\ude00":2}`,
      '{"\u{1f600}":2,"\ue000":1}',
      "U+1F600 (units D83D DE00) sorts before U+E000, unlike code-point order",
      s33,
    ),
    canon(
      "sort-utf16-high-bmp-after-astral",
      J`{"\uff61":1,"\ud800\udc00":2,"\ud7ff":3}`,
      '{"\ud7ff":3,"\u{10000}":2,"\uff61":1}',
      "by UTF-16 units: D7FF < D800 DC00 < FF61",
      s33,
    ),
    canon(
      "sort-by-decoded-name",
      J`{"\u0062":1,"a":2}`,
      J`{"a":2,"b":1}`,
      "names sort by their value, not by how they were escaped",
      s33,
    ),
    canon(
      "sort-escaped-names-written-raw",
      J`{"\u00e9":1,"\u0065":2}`,
      '{"e":2,"\u00e9":1}',
      "escaped names are unescaped in the output and sorted by value",
      s33,
    ),
    canon(
      "sort-common-prefix",
      J`{"aab":1,"aa":2,"aaa":3,"ab":4}`,
      J`{"aa":2,"aaa":3,"aab":1,"ab":4}`,
      "names with a long common prefix sort by their first different unit",
      s33,
    ),
    canon(
      "sort-nested-objects",
      J`{"b":{"y":1,"x":2},"a":{"d":3,"c":4}}`,
      J`{"a":{"c":4,"d":3},"b":{"x":2,"y":1}}`,
      "nested objects are sorted too",
      s33,
    ),
    canon(
      "sort-objects-in-arrays",
      J`[{"b":1,"a":2},{"d":3,"c":4}]`,
      J`[{"a":2,"b":1},{"c":4,"d":3}]`,
      "objects inside arrays are sorted, the array is not",
      s33,
    ),
    canon("array-order-kept", "[3,1,2]", "[3,1,2]", "array elements keep their order", s33),
    canon(
      "array-of-strings-order-kept",
      J`["b","a","c"]`,
      J`["b","a","c"]`,
      "an array of strings is not sorted",
      s33,
    ),
    canon(
      "sort-many-keys",
      `{${[..."qwertyuiopasdfghjklzxcvbnm"].map((c, i) => `"${c}":${i}`).join(",")}}`,
      `{${[..."abcdefghijklmnopqrstuvwxyz"].map((c) => `"${c}":${"qwertyuiopasdfghjklzxcvbnm".indexOf(c)}`).join(",")}}`,
      "26 members in keyboard order come out in alphabetical order",
      s33,
    ),
    canon(
      "sort-deep-mixed",
      J`{"z":[{"b":[{"d":1,"c":2}],"a":null}],"y":{"k":{"j":{}}}}`,
      J`{"y":{"k":{"j":{}}},"z":[{"a":null,"b":[{"c":2,"d":1}]}]}`,
      "sorting applies at every depth, through arrays",
      s33,
    ),
    canon(
      "rfc-sorting-example",
      J`{"\u20ac":"Euro Sign","\r":"Carriage Return","\ufb33":"Hebrew Letter Dalet With Dagesh","1":"One","\ud83d\ude00":"Emoji: Grinning Face","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis"}`,
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis","\u20ac":"Euro Sign","\u{1f600}":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
      "the RFC's own sorting example",
      s33,
    ),
  );

  // Member names that mean something to a language's object model. Implementations that build a
  // native object, or ask it how to serialize itself, have left such an object unsorted with its
  // whole subtree (`toJSON`), dropped the member (`__proto__`), or thrown. Each name is tested at
  // the top, two levels down inside an array, and with an object value that must be sorted too.
  const lang = "RFC 8785 §3.2.3; RFC 8259 §4 (names are any strings)";
  add(
    canon(
      "name-tojson-unsorted-sibling",
      J`{"toJSON":0,"b":1,"a":2}`,
      J`{"a":2,"b":1,"toJSON":0}`,
      "an object with a member named toJSON is sorted like any other (seen left unchanged by JavaScript implementations)",
      `${lang}; issue 13 (the RFC authors' JavaScript, json-canonicalize)`,
    ),
  );
  for (const [name, slug, origin] of LANGUAGE_NAMES) {
    const q = JSON.stringify(name);
    add(
      canon(
        `name-${slug}-every-depth`,
        `{"b":1,${q}:{"d":[{${q}:0,"c":1}],"b":1,"a":2},"a":[{"z":{"y":0,${q}:{"b":1,"a":2}}}]}`,
        sortedText(name),
        `${q} (${origin}) is an ordinary member name at every depth: sorted, kept, its value canonicalized`,
        lang,
      ),
    );
  }

  // Member names that begin with U+0000: valid JSON strings, refused by implementations that use
  // NUL-terminated keys or a leading NUL as a marker (a PHP library's private-property mangling).
  const nul = "RFC 8259 §7; RFC 8785 §3.2.3; issue 13 (a PHP library)";
  add(
    canon(
      "name-u0000-alone",
      J`{"\u0000":1,"a":2}`,
      J`{"\u0000":1,"a":2}`,
      "a member named U+0000 is valid, written \\u0000, and sorts first",
      nul,
    ),
    canon(
      "name-u0000-leading",
      J`{"a":1,"\u0000b":2}`,
      J`{"\u0000b":2,"a":1}`,
      "a name starting with U+0000 sorts before every other non-empty name",
      nul,
    ),
    canon(
      "name-u0000-nested",
      J`[{"x":{"\u0000\u0000":0,"\u0000":1}}]`,
      J`[{"x":{"\u0000":1,"\u0000\u0000":0}}]`,
      "NUL-leading names deep in a document, one a prefix of the other",
      nul,
    ),
  );

  // Inputs past the buffer sizes readers use (64 KiB pipe and stdin chunks, 1 MiB buffers) with a
  // multi-byte character split across the boundary: a reader that decodes each chunk on its own
  // turns it into U+FFFD U+FFFD (seen in npm canonicalize 5's CLI). The canonical output reorders
  // the members, so a reader that only copies bytes through does not pass by chance.
  const big = "RFC 8785 §3.2.2.2; RFC 3629; issue 13 (npm canonicalize 5's CLI)";
  add(
    splitAcross(
      "input-64k-split-two-byte",
      65536,
      "\u00e9",
      "a 70 KB input whose \u00e9 (2 bytes) straddles byte 65536 comes out whole",
      big,
    ),
    splitAcross(
      "input-1m-split-four-byte",
      1048576,
      "\u{1f600}",
      "a 1.05 MB input whose emoji (4 bytes) straddles byte 1048576 comes out whole",
      big,
    ),
  );

  // Numbers, §3.2.2.3: the ECMAScript Number-to-String algorithm.
  const num = (name: string, input: string, expected: string, why: string) =>
    add(canon(name, input, expected, why, s323));
  num("int-zero", "0", "0", "zero is 0");
  num("int-one", "1", "1", "a small integer is written as digits");
  num("int-negative", "-1", "-1", "a negative integer keeps its sign");
  num("int-nine-digits", "123456789", "123456789", "integers are written without exponent");
  num("int-max-safe", "9007199254740991", "9007199254740991", "2^53 - 1 is exact");
  num("int-min-safe", "-9007199254740991", "-9007199254740991", "-(2^53 - 1) is exact");
  num("neg-zero", "-0", "0", "minus zero is written as 0");
  num("neg-zero-fraction", "-0.0", "0", "-0.0 is written as 0");
  num("zero-fraction", "0.0", "0", "0.0 is written as 0");
  num("zero-exponent", "0e10", "0", "0e10 is zero");
  num("neg-zero-exponent", "-0E-5", "0", "-0E-5 is minus zero, written as 0");
  num("one-point-zero", "1.0", "1", "1.0 is the integer 1");
  num("trailing-zeros", "1.500", "1.5", "trailing fraction zeros are dropped");
  num("exponent-uppercase", "1E2", "100", "1E2 is 100");
  num("exponent-lowercase", "1e2", "100", "1e2 is 100");
  num("exponent-plus", "1e+2", "100", "an explicit + in the exponent changes nothing");
  num("exponent-leading-zeros", "1E002", "100", "leading zeros in the exponent are allowed and mean nothing");
  num("exponent-minus-zero", "1e-0", "1", "an exponent of -0 is 0");
  num("fraction-times-ten", "0.1e1", "1", "0.1e1 is 1");
  num("ten-over-ten", "10e-1", "1", "10e-1 is 1");
  num("hundred-over-hundred", "100e-2", "1", "100e-2 is 1");
  num("decimal-from-exponent", "123e-2", "1.23", "123e-2 is 1.23");
  num("negative-fraction", "-1.5", "-1.5", "a negative fraction keeps its sign");
  num("pi", "3.141592653589793", "3.141592653589793", "17 significant digits where needed, no more");
  num("one-tenth", "0.1", "0.1", "0.1 is written as 0.1, the shortest text that reads back");
  num(
    "point-three-rounding",
    "0.30000000000000004",
    "0.30000000000000004",
    "the double after 0.3 needs all its digits",
  );
  num(
    "shortest-round-trip",
    "0.1000000000000000055511151231257827",
    "0.1",
    "extra digits that name the same double are dropped",
  );
  num(
    "many-digits-rounds-to-one",
    "1.00000000000000000000000000000000001",
    "1",
    "a long mantissa rounds to the nearest double",
  );
  num(
    "past-2-53-with-fraction",
    "9007199254740993.0",
    "9007199254740992",
    "a non-integer literal past 2^53 is rounded to the nearest double",
  );
  num("two-53", "9.007199254740992e15", "9007199254740992", "2^53 is written as digits");
  num("e20-as-digits", "1e20", "100000000000000000000", "below 1e21 numbers are written without exponent");
  num("e21-boundary", "1e21", "1e+21", "from 1e21 on an exponent is used, with an explicit +");
  num(
    "e21-below",
    "9.999999999999999e20",
    "999999999999999900000",
    "the double below 1e21 is written in digits",
  );
  num(
    "e21-two-below",
    "9.999999999999997e20",
    "999999999999999700000",
    "two doubles below 1e21 (RFC appendix B)",
  );
  num("e21-negative", "-1e21", "-1e+21", "negative numbers use the same boundary");
  num("e21-fraction", "1.5e21", "1.5e+21", "the exponent form keeps a fraction");
  num("two-68", "2.9514790517935283e20", "295147905179352830000", "2^68 in digits (RFC appendix B)");
  num("e23", "1E23", "1e+23", "1e23 (RFC appendix B)");
  num("e23-below", "9.999999999999997e22", "9.999999999999997e+22", "the double below 1e23 (RFC appendix B)");
  num(
    "e23-above",
    "1.0000000000000001e23",
    "1.0000000000000001e+23",
    "the double above 1e23 (RFC appendix B)",
  );
  num("e30", "1E30", "1e+30", "a large power of ten");
  num("e300", "1.5e300", "1.5e+300", "a large exponent with a fraction");
  num("e-6-as-digits", "1e-6", "0.000001", "1e-6 is still written as a decimal fraction");
  num("e-6-as-fraction", "0.000001", "0.000001", "0.000001 stays as it is");
  num("e-7-boundary", "1e-7", "1e-7", "below 1e-6 an exponent is used, with an explicit -");
  num("e-7-from-fraction", "0.0000001", "1e-7", "0.0000001 is written 1e-7");
  num(
    "e-7-below-1e-6",
    "9.999999999999997e-7",
    "9.999999999999997e-7",
    "the double below 1e-6 needs an exponent (RFC appendix B)",
  );
  num("e-7-fraction", "1.5e-7", "1.5e-7", "a fraction with a small exponent");
  num(
    "small-fraction-digits",
    "0.00000123",
    "0.00000123",
    "a small fraction above 1e-6 is written in digits",
  );
  num("e-7-negative", "-1e-7", "-1e-7", "negative small numbers use the same boundary");
  num("e-27", "0.000000000000000000000000001", "1e-27", "a long decimal fraction becomes an exponent");
  num("min-subnormal", "5e-324", "5e-324", "the smallest positive double");
  num(
    "min-subnormal-long",
    "4.9406564584124654e-324",
    "5e-324",
    "the smallest double, spelled with 17 digits, is written shortest",
  );
  num("min-subnormal-negative", "-5e-324", "-5e-324", "the negative smallest double");
  num("max-subnormal", "2.2250738585072009e-308", "2.225073858507201e-308", "the largest subnormal");
  num("min-normal", "2.2250738585072014e-308", "2.2250738585072014e-308", "the smallest normal double");
  num("subnormal-1e-320", "1e-320", "1e-320", "a subnormal in the middle of the range");
  num("max-double", "1.7976931348623157e308", "1.7976931348623157e+308", "the largest double");
  num(
    "max-double-negative",
    "-1.7976931348623157e308",
    "-1.7976931348623157e+308",
    "the most negative double",
  );
  num(
    "thirds-rounding",
    "333333333.33333329",
    "333333333.3333333",
    "rounding to the nearest double, then the shortest text (RFC example)",
  );
  num("appendix-b-333-a", "333333333.3333332", "333333333.3333332", "RFC appendix B: 41b3de4355555553");
  num("appendix-b-333-b", "333333333.33333325", "333333333.33333325", "RFC appendix B: 41b3de4355555554");
  num("appendix-b-333-c", "333333333.3333334", "333333333.3333334", "RFC appendix B: 41b3de4355555556");
  num("appendix-b-333-d", "333333333.33333343", "333333333.33333343", "RFC appendix B: 41b3de4355555557");
  num(
    "appendix-b-small-negative",
    "-3.3333333333333333e-6",
    "-0.0000033333333333333333",
    "RFC appendix B: becbf647612f3696",
  );
  num(
    "appendix-b-1424953923781206",
    "1424953923781206.2",
    "1424953923781206.2",
    "RFC appendix B: 43143ff3c1cb0959",
  );
  num(
    "numbers-in-array",
    "[1.0, 1e2, -0, 0.5e-6, 1e21]",
    "[1,100,0,5e-7,1e+21]",
    "several number rules in one array",
  );

  // Whitespace, §3.2.1: none in the output, any of the four JSON whitespace characters accepted in input.
  const s31 = `${RFC} §3.2.1`;
  add(
    canon(
      "ws-around-top-level",
      " \t\r\n{}\r\n\t ",
      "{}",
      "whitespace before and after the text is dropped",
      s31,
    ),
    canon("ws-in-empty-object", "{ \n\t }", "{}", "whitespace inside an empty object is dropped", s31),
    canon("ws-in-empty-array", "[ \r\n ]", "[]", "whitespace inside an empty array is dropped", s31),
    canon("ws-around-colon", J`{"a" : 1}`, J`{"a":1}`, "whitespace around a colon is dropped", s31),
    canon("ws-around-comma", "[1 ,\t2 ,\n3]", "[1,2,3]", "whitespace around commas is dropped", s31),
    canon(
      "ws-everywhere",
      ` \t{ \n"b" \r: \t[ 1 , { "c" : null } ] ,\n"a":"x" } \n`,
      J`{"a":"x","b":[1,{"c":null}]}`,
      "whitespace at every place the grammar allows it",
      s31,
    ),
    canon(
      "ws-pretty-crlf",
      `{\r\n  "a": 1,\r\n  "b": [\r\n    true\r\n  ]\r\n}\r\n`,
      J`{"a":1,"b":[true]}`,
      "a pretty-printed text with CRLF line ends",
      s31,
    ),
    canon(
      "ws-pretty-tabs",
      `{\n\t"a":\t{\n\t\t"b":\t2\n\t}\n}`,
      J`{"a":{"b":2}}`,
      "a text indented with tabs",
      s31,
    ),
    canon(
      "ws-in-string-kept",
      J`{"a b":" c\td "}`,
      '{"a b":" c\\td "}',
      "whitespace inside strings is content: spaces kept, tab escaped",
      s31,
    ),
  );

  // Structures.
  const s32 = `${RFC} §3.2`;
  const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
  add(
    canon("empty-object", "{}", "{}", "an empty object", s32),
    canon("empty-array", "[]", "[]", "an empty array", s32),
    canon(
      "nested-empties",
      '[[],{},[{}],{"a":[]}]',
      J`[[],{},[{}],{"a":[]}]`,
      "empty containers nested in each other",
      s32,
    ),
    canon(
      "mixed-array",
      J`[null,true,1,"s",[],{}]`,
      J`[null,true,1,"s",[],{}]`,
      "an array of every kind of value",
      s32,
    ),
    canon(
      "nesting-100",
      deep(100),
      deep(100),
      "100 levels of nesting are well within every implementation's limits",
      s32,
    ),
    canon(
      "nesting-objects-50",
      `${J`{"a":`.repeat(50)}1${"}".repeat(50)}`,
      `${J`{"a":`.repeat(50)}1${"}".repeat(50)}`,
      "50 nested objects",
      s32,
    ),
  );

  // The RFC authors' testdata (cyberphone/json-canonicalization testdata/input and output).
  const td = "RFC 8785 authors' testdata";
  add(
    canon(
      "rfc-testdata-arrays",
      `[\n  56,\n  {\n    "d": true,\n    "10": null,\n    "1": [ ]\n  }\n]`,
      J`[56,{"1":[],"10":null,"d":true}]`,
      "arrays keep their order; objects in them are sorted",
      `${td} (arrays)`,
    ),
    canon(
      "rfc-testdata-french",
      '{\n  "peach": "This sorting order",\n  "p\u00e9ch\u00e9": "is wrong according to French",\n  "p\u00eache": "but canonicalization MUST",\n  "sin":   "ingnore locale"\n}\n',
      '{"peach":"This sorting order","p\u00e9ch\u00e9":"is wrong according to French","p\u00eache":"but canonicalization MUST","sin":"ingnore locale"}',
      "sorting ignores locale: p\u00e9ch\u00e9 before p\u00eache",
      `${td} (french)`,
    ),
    canon(
      "rfc-testdata-structures",
      J`{
  "1": {"f": {"f": "hi","F": 5} ,"\n": 56.0},
  "10": { },
  "": "empty",
  "a": { },
  "111": [ { } ],
  "A": { }
}`,
      J`{"":"empty","1":{"\n":56,"f":{"F":5,"f":"hi"}},"10":{},"111":[{}],"A":{},"a":{}}`,
      "nested structures, the empty name, numeric-looking names",
      `${td} (structures)`,
    ),
    canon(
      "rfc-testdata-unicode",
      J`{
  "Unnormalized Unicode":"\u1e0d\u0307"
}
`,
      '{"Unnormalized Unicode":"\u1e0d\u0307"}',
      "unnormalized Unicode is kept as sent",
      `${td} (unicode)`,
    ),
    canon(
      "rfc-testdata-values",
      J`{
  "numbers": [1E30, 4.50, 333333333.33333329, 2e-3, 0.000000000000000000000000001],
  "escaping": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
  "literals": [null, true, false]
}`,
      '{"escaping":"\u20ac$\\u000f\\nA\'B\\"\\\\\\\\\\"/","literals":[null,true,false],"numbers":[1e+30,4.5,333333333.3333333,0.002,1e-27]}',
      "numbers, escapes and literals together",
      `${td} (values)`,
    ),
    canon(
      "rfc-testdata-weird",
      J`{
  "\u20ac": "Euro Sign",
  "1": "One",
  "\u0080": "Control\u007f",
  "\ud83d\ude02": "Smiley",
  "\u00f6": "Latin Small Letter O With Diaeresis",
  "\ufb33": "Hebrew Letter Dalet With Dagesh",
  "</script>": "Browser Challenge"
}
`,
      '{"1":"One","</script>":"Browser Challenge","\u0080":"Control\u007f","\u00f6":"Latin Small Letter O With Diaeresis","\u20ac":"Euro Sign","\u{1f602}":"Smiley","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
      "odd names: a C1 control, an emoji, a Hebrew presentation form, </script>",
      `${td} (weird)`,
    ),
    canon(
      "rfc-section-3-2-4-example",
      J`{
  "numbers": [333333333.33333329, 1E30, 4.50,
              2e-3, 0.000000000000000000000000001],
  "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
  "literals": [null, true, false]
}`,
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"\u20ac$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
      "the RFC's worked example of canonicalization",
      `${RFC} §3.2.4`,
    ),
  );

  // canoncheck's shared vectors (seed 002); record-agent-output and numbers pin their digests.
  const cc = "seed 002 canoncheck vectors";
  add(
    canon(
      "canoncheck-numbers",
      J`{"zero": 0, "tiny": 1e-6, "neg": -42, "int": 123456789, "half": 1.50, "frac": 3.141592653589793, "big": 1e20}`,
      J`{"big":100000000000000000000,"frac":3.141592653589793,"half":1.5,"int":123456789,"neg":-42,"tiny":0.000001,"zero":0}`,
      "canoncheck's numbers vector; pinned sha256 b175a680...a20badbf, keccak256 f1ddcb33...5c63ca46",
      cc,
    ),
    canon(
      "canoncheck-numeric-equivalence",
      J`{"e": 1E1, "d": 10.0, "c": 100, "b": 1e2, "a": 1.0}`,
      J`{"a":1,"b":100,"c":100,"d":10,"e":10}`,
      "1.0, 1e2, 100 and 10.0 are the same numbers",
      cc,
    ),
    canon(
      "canoncheck-record-agent-output",
      J`{"result": "MATCH", "tags": ["bitcoin", "deterministic"], "claim": "tx_count==3721", "block_height": 800000, "agent": "resolver-01"}`,
      J`{"agent":"resolver-01","block_height":800000,"claim":"tx_count==3721","result":"MATCH","tags":["bitcoin","deterministic"]}`,
      "canoncheck's record vector; pinned sha256 d9d95374...eff393f, keccak256 35ee5191...cee1172",
      cc,
    ),
    canon(
      "canoncheck-record-nested",
      J`{"z": {"b": 2, "a": 1}, "m": "", "a": [{"y": true, "x": null}, {"n": -2.50}]}`,
      J`{"a":[{"x":null,"y":true},{"n":-2.5}],"m":"","z":{"a":1,"b":2}}`,
      "nested records, the empty string, a negative fraction",
      cc,
    ),
    canon(
      "canoncheck-unicode",
      J`{"\u00e9": "caf\u00e9", "greek": "\u03a9\u03bc\u03ad\u03b3\u03b1", "emoji": "\ud83d\ude00", "a": "plain"}`,
      '{"a":"plain","emoji":"\u{1f600}","greek":"\u03a9\u03bc\u03ad\u03b3\u03b1","\u00e9":"caf\u00e9"}',
      "non-ASCII names and values, raw UTF-8 out, sorted by UTF-16 units",
      cc,
    ),
  );
  // ws-everywhere puts a CR between a name and its colon, which lines mode cannot carry faithfully.
  const everywhere = cases.find((c) => c.name === "ws-everywhere")!;
  everywhere.lines = {
    input: (everywhere.input as string).replace(/\r/g, "\t").replace(/\n/g, " "),
    why: "its line breaks sent as tabs and spaces, whitespace all the same",
  };
  return cases.map(contained);
}

/** Names with a meaning in some language's object model, and where. */
const LANGUAGE_NAMES: readonly (readonly [string, string, string])[] = [
  ["toJSON", "tojson", "JavaScript's JSON.stringify hook"],
  ["__proto__", "js-proto", "JavaScript's prototype accessor"],
  ["constructor", "constructor", "JavaScript"],
  ["prototype", "prototype", "JavaScript"],
  ["hasOwnProperty", "has-own-property", "JavaScript"],
  ["valueOf", "value-of", "JavaScript"],
  ["toString", "to-string", "JavaScript"],
  ["__defineGetter__", "js-define-getter", "JavaScript"],
  ["__class__", "py-class", "Python"],
  ["__dict__", "py-dict", "Python"],
  ["__init__", "py-init", "Python"],
  ["__getattr__", "py-getattr", "Python"],
  ["__construct", "php-construct", "PHP"],
  ["__toString", "php-to-string", "PHP"],
  ["__get", "php-get", "PHP"],
  ["to_json", "ruby-to-json", "Ruby"],
  ["class", "class", "Ruby and Java"],
  ["$ref", "ref", "JSON Schema and serializers of object graphs"],
];

/** The canonical text of name-*-every-depth, written out member by member (names sorted by UTF-16
 * code unit; these are ASCII, where that is plain string order). */
function sortedText(name: string): string {
  type V = number | V[] | [string, V][] | { o: [string, V][] };
  const obj = (...members: [string, V][]): V => ({ o: members });
  const write = (v: V): string => {
    if (typeof v === "number") return String(v);
    if (!Array.isArray(v)) {
      const sorted = [...v.o].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${sorted.map(([k, w]) => `${JSON.stringify(k)}:${write(w)}`).join(",")}}`;
    }
    return `[${(v as V[]).map(write).join(",")}]`;
  };
  return write(
    obj(
      ["b", 1],
      [name, obj(["d", [obj([name, 0], ["c", 1])]], ["b", 1], ["a", 2])],
      ["a", [obj(["z", obj(["y", 0], [name, obj(["b", 1], ["a", 2])])])]],
    ),
  );
}

/** A canon case: `{"b":1,"a":"<long string>"}`, the string's `char` starting one byte before
 * `boundary` so that the boundary falls inside it; the output puts "a" first. */
function splitAcross(name: string, boundary: number, char: string, why: string, source: string): Entry {
  const head = `{"b":1,"a":"`;
  const before = "x".repeat(boundary - 1 - head.length);
  const after = "y".repeat(4096);
  const text = `${before}${char}${after}`;
  const input = `${head}${text}"}`;
  if (utf8.encode(input).indexOf(utf8.encode(char)[0]!, boundary - 1) !== boundary - 1) {
    throw new Error(`${name}: the character does not start at byte ${boundary - 1}`);
  }
  return canon(name, input, `{"a":"${text}","b":1}`, why, source);
}

// ---------------------------------------------------------------------------------------------
// Suite reject: everything a strict parser must refuse, one rule a case, top level and nested.
// ---------------------------------------------------------------------------------------------
function rejectSuite(): Entry[] {
  const cases: Entry[] = [];
  // Sent inside an array when it would be a scalar alone (contained()), so a refusal of top-level
  // scalars cannot pass it for the wrong reason.
  const add = (name: string, input: Bytes, why: string, source: string) =>
    cases.push(contained(reject(name, input, why, source)));
  // Sent exactly as written: the rule is about the text around the value, and the value is a container.
  const whole = (name: string, input: Bytes, why: string, source: string, lines?: Entry["lines"]) =>
    cases.push({ ...reject(name, input, why, source), ...(lines ? { lines } : {}) });
  const dup = "RFC 8785 §3.1 (I-JSON, RFC 7493 §2.3)";
  const ijsonStr = "RFC 8785 §3.1 (I-JSON, RFC 7493 §2.1)";
  const utf8Rule = "RFC 8259 §8.1; RFC 3629 §3";
  const grammar = "RFC 8259 §2";
  const numGrammar = "RFC 8259 §6";
  const strGrammar = "RFC 8259 §7";

  // Duplicate member names.
  add(
    "dup-top-level",
    J`{"a":1,"a":2}`,
    "a member name used twice",
    `${dup}; seed 002 canoncheck vectors (reject_duplicate_key)`,
  );
  add("dup-same-value", J`{"a":1,"a":1}`, "a duplicate is refused even when both values agree", dup);
  add("dup-nested", J`{"x":{"a":1,"a":2}}`, "a duplicate inside a nested object", dup);
  add("dup-in-array", J`[1,{"a":1,"a":2}]`, "a duplicate inside an object inside an array", dup);
  add("dup-not-adjacent", J`{"a":1,"b":2,"a":3}`, "a duplicate with another member between", dup);
  add("dup-escaped-equal", J`{"a":1,"\u0061":2}`, "a and \\u0061 are the same name", dup);
  add("dup-both-escaped", J`{"\u0061":1,"\u0061":2}`, "the same escaped name twice", dup);
  add("dup-solidus-escape", J`{"/":1,"\/":2}`, "/ and \\/ are the same name", dup);
  add("dup-hex-case", '{"\\u00E9":1,"\u00e9":2}', "\\u00E9 and a raw \u00e9 are the same name", dup);
  add(
    "dup-astral-raw-and-escaped",
    '{"\u{1f600}":1,"\\ud83d\\ude00":2}',
    "a raw emoji and its escaped pair are the same name",
    dup,
  );
  add("dup-empty-name", J`{"":1,"":2}`, "the empty name twice", dup);
  add("dup-deep", J`{"a":[{"b":{"c":{"d":1,"d":2}}}]}`, "a duplicate four levels down", dup);

  // Lone surrogates.
  add("lone-high-surrogate", J`"\ud800"`, "a high surrogate escape with no low surrogate after it", ijsonStr);
  add("lone-low-surrogate", J`"\udc00"`, "a low surrogate escape on its own", ijsonStr);
  add("lone-high-at-end", J`"abc\ud83d"`, "a high surrogate as the last unit of a string", ijsonStr);
  add("high-then-letter", J`"\ud800\u0041"`, "a high surrogate followed by an ordinary character", ijsonStr);
  add("high-then-high", J`"\ud800\ud800"`, "two high surrogates", ijsonStr);
  add("reversed-pair", J`"\ude00\ud83d"`, "a surrogate pair in the wrong order", ijsonStr);
  add("lone-surrogate-in-key", J`{"\udfff":1}`, "a lone surrogate in a member name", ijsonStr);
  add("lone-surrogate-nested", J`{"a":["ok","\ud834"]}`, "a lone surrogate deep in a document", ijsonStr);
  add(
    "surrogate-raw-high",
    x('"', [0xed, 0xa0, 0x80], '"'),
    "ED A0 80 encodes U+D800, which UTF-8 forbids",
    utf8Rule,
  );
  add(
    "surrogate-raw-low",
    x('"', [0xed, 0xb0, 0x80], '"'),
    "ED B0 80 encodes U+DC00, which UTF-8 forbids",
    utf8Rule,
  );
  add(
    "surrogate-raw-pair-cesu8",
    x('"', [0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80], '"'),
    "a surrogate pair encoded as two 3-byte sequences (CESU-8) is not UTF-8",
    utf8Rule,
  );
  add(
    "surrogate-raw-in-key",
    x('{"', [0xed, 0xbf, 0xbf], '":1}'),
    "a raw-encoded surrogate in a member name",
    utf8Rule,
  );

  // Invalid UTF-8.
  add("overlong-2-byte-solidus", x('"', [0xc0, 0xaf], '"'), "C0 AF is an overlong '/'", utf8Rule);
  add(
    "overlong-2-byte-nul",
    x('"', [0xc0, 0x80], '"'),
    "C0 80 is an overlong NUL (modified UTF-8)",
    utf8Rule,
  );
  add("overlong-c1", x('"', [0xc1, 0xbf], '"'), "C1 can only start an overlong sequence", utf8Rule);
  add("overlong-3-byte", x('"', [0xe0, 0x80, 0xaf], '"'), "E0 80 AF is an overlong '/'", utf8Rule);
  add("overlong-4-byte", x('"', [0xf0, 0x80, 0x80, 0xaf], '"'), "F0 80 80 AF is an overlong '/'", utf8Rule);
  add("overlong-3-byte-max", x('"', [0xe0, 0x9f, 0xbf], '"'), "E0 9F BF is an overlong U+07FF", utf8Rule);
  add("truncated-2-byte", x('"', [0xc3], '"'), "a 2-byte sequence cut after its first byte", utf8Rule);
  add(
    "truncated-3-byte",
    x('"', [0xe2, 0x82], '"'),
    "a 3-byte sequence (the euro sign) cut after two bytes",
    utf8Rule,
  );
  add(
    "truncated-4-byte",
    x('"', [0xf0, 0x9f, 0x98], '"'),
    "a 4-byte sequence (an emoji) cut after three bytes",
    utf8Rule,
  );
  add(
    "truncated-then-ascii",
    x('"', [0xc3], 'A"'),
    "a lead byte followed by an ASCII byte, not a continuation",
    utf8Rule,
  );
  add("truncated-at-end-of-input", x('"', [0xe2, 0x82]), "input ends inside a multi-byte sequence", utf8Rule);
  add("stray-continuation-80", x('"', [0x80], '"'), "a continuation byte with no lead byte", utf8Rule);
  add(
    "stray-continuation-bf",
    x('"a', [0xbf], 'b"'),
    "a continuation byte between ASCII characters",
    utf8Rule,
  );
  add(
    "too-many-continuations",
    x('"', [0xc3, 0xa9, 0xa9], '"'),
    "\u00e9 followed by an extra continuation byte",
    utf8Rule,
  );
  add("byte-ff", x('"', [0xff], '"'), "0xFF never occurs in UTF-8", utf8Rule);
  add("byte-fe", x('"', [0xfe], '"'), "0xFE never occurs in UTF-8", utf8Rule);
  add(
    "lead-f5",
    x('"', [0xf5, 0x80, 0x80, 0x80], '"'),
    "F5 would start a code point past U+10FFFF",
    utf8Rule,
  );
  add(
    "above-10ffff",
    x('"', [0xf4, 0x90, 0x80, 0x80], '"'),
    "F4 90 80 80 encodes U+110000, past the end of Unicode",
    utf8Rule,
  );
  add(
    "five-byte-sequence",
    x('"', [0xf8, 0x88, 0x80, 0x80, 0x80], '"'),
    "5-byte sequences are not UTF-8",
    utf8Rule,
  );
  add("latin1-byte", x('"caf', [0xe9], '"'), "a Latin-1 encoded \u00e9 is not UTF-8", utf8Rule);
  add("invalid-utf8-in-key", x('{"', [0xff], '":1}'), "invalid UTF-8 in a member name", utf8Rule);
  add("invalid-utf8-nested", x('{"a":["', [0xc0, 0xaf], '"]}'), "invalid UTF-8 deep in a document", utf8Rule);
  add("invalid-utf8-outside-string", x("[1,", [0xff], "]"), "an invalid byte between tokens", utf8Rule);

  // Numbers.
  add("leading-zero", "01", "a number may not start with 0 followed by digits", numGrammar);
  add("leading-zero-negative", "-01", "-01 has a leading zero", numGrammar);
  add("leading-zeros-double", "00", "00 is not a number", numGrammar);
  add("leading-zero-nested", J`{"a":[012]}`, "a leading zero inside a document", numGrammar);
  add("leading-zero-fraction", "00.5", "00.5 has a leading zero", numGrammar);
  add("plus-sign", "+1", "a number may not start with +", numGrammar);
  add("plus-sign-in-object", J`{"a":+1}`, "+1 as a member value", numGrammar);
  add("leading-dot", ".5", "a number needs a digit before the dot", numGrammar);
  add("trailing-dot", "1.", "a number needs a digit after the dot", numGrammar);
  add("dot-exponent", "1.e5", "a dot needs digits before the exponent", numGrammar);
  add("exponent-without-digits", "1e", "an exponent needs digits", numGrammar);
  add("exponent-sign-only", "1e+", "an exponent sign needs digits", numGrammar);
  add("exponent-minus-only", "[1E-]", "an exponent sign needs digits, inside an array", numGrammar);
  add("double-exponent", "1e5e3", "only one exponent", numGrammar);
  add("double-dot", "1.5.2", "only one fraction", numGrammar);
  add("minus-alone", "-", "a minus sign alone", numGrammar);
  add("double-minus", "--1", "two minus signs", numGrammar);
  add("minus-space", "- 1", "no space between minus and digits", numGrammar);
  add("hex-number", "0x10", "hexadecimal is not JSON", numGrammar);
  const seen = "issue 13 (both Go implementations)";
  add("hex-float", "[0x1p-2]", "a C99 hexadecimal float is not JSON", `${numGrammar}; ${seen}`);
  add(
    "hex-float-fraction",
    J`{"a":0x1.8p1}`,
    "a hexadecimal float with a fraction",
    `${numGrammar}; ${seen}`,
  );
  add("hex-float-negative", "[1,-0x1P+3]", "a negative hexadecimal float after another value", numGrammar);
  add("underscore-digits", "1_000", "digit separators are not JSON", numGrammar);
  add("underscore-in-fraction", J`{"n":1.000_5}`, "a digit separator in a fraction", numGrammar);
  add(
    "leading-dot-in-object",
    J`{"n":.5}`,
    "a number needs a digit before the dot, as a member value",
    numGrammar,
  );
  add("trailing-dot-in-array", "[1.,2]", "a number needs a digit after the dot, before a comma", numGrammar);
  add("nan-token", "NaN", "NaN is not a JSON token", `${numGrammar}; ${RFC} §3.2.2.3`);
  add(
    "nan-in-object",
    J`{"a":NaN}`,
    "NaN as a member value",
    `${numGrammar}; seed 002 canoncheck vectors (reject_nan)`,
  );
  add("infinity-token", "Infinity", "Infinity is not a JSON token", `${numGrammar}; ${RFC} §3.2.2.3`);
  add("minus-infinity-token", "-Infinity", "-Infinity is not a JSON token", `${numGrammar}; ${RFC} §3.2.2.3`);
  add("infinity-nested", "[1,Infinity]", "Infinity inside an array", numGrammar);
  add(
    "overflow-1e400",
    "1e400",
    "1e400 is beyond the largest double; it has no IEEE-754 value to canonicalize",
    `${RFC} §3.2.2.3; RFC 7493 §2.2`,
  );
  add(
    "overflow-minus-1e400",
    "-1e400",
    "-1e400 is beyond the most negative double",
    `${RFC} §3.2.2.3; RFC 7493 §2.2`,
  );
  add(
    "overflow-nested",
    J`{"a":[1.8e308]}`,
    "1.8e308 rounds past the largest double, inside a document",
    `${RFC} §3.2.2.3; RFC 7493 §2.2`,
  );
  add(
    "overflow-long-integer",
    "1" + "0".repeat(400),
    "a 401-digit integer is beyond the largest double",
    `${RFC} §3.2.2.3; RFC 7493 §2.2`,
  );

  // Literals.
  add("literal-truncated-true", "tru", "an incomplete literal", grammar);
  add("literal-capitalized", "True", "literals are lowercase", grammar);
  add("literal-upper-null", "NULL", "literals are lowercase", grammar);
  add("literal-truncated-null-nested", "[nul]", "an incomplete literal inside an array", grammar);
  add("literal-undefined", "undefined", "undefined is not JSON", grammar);
  add("literal-run-on", "truefalse", "two literals with nothing between", grammar);
  add("literal-extra-letter", "nulll", "a literal followed by a letter", grammar);

  // Structure.
  whole("empty-input", "", "zero bytes are not a JSON text", grammar);
  whole("whitespace-only", " \n\t ", "whitespace alone is not a JSON text", grammar);
  whole("two-values", J`{"a":1} [2]`, "a JSON text is exactly one value", grammar);
  add("two-objects", "{}{}", "two objects back to back", grammar);
  add("two-arrays-spaced", "[] []", "two arrays separated by a space", grammar);
  add("value-then-garbage", J`{"a":1}x`, "text after the value", grammar);
  add("unclosed-array", "[", "an array never closed", grammar);
  add("unclosed-object", "{", "an object never closed", grammar);
  add("unclosed-array-with-value", "[1", "an array with one value never closed", grammar);
  add("unclosed-object-with-member", J`{"a":1`, "an object with a member never closed", grammar);
  add("unclosed-nested", J`{"a":[1,{"b":2}`, "nested containers left open", grammar);
  add("name-without-value", J`{"a"}`, "a member name with no colon or value", grammar);
  add("colon-without-value", J`{"a":}`, "a colon with no value", grammar);
  add("missing-colon", J`{"a" 1}`, "a member without its colon", grammar);
  add("double-colon", J`{"a"::1}`, "two colons", grammar);
  add("trailing-comma-array", "[1,]", "a trailing comma in an array", grammar);
  add("trailing-comma-object", J`{"a":1,}`, "a trailing comma in an object", grammar);
  add("trailing-comma-nested", J`{"a":[1,2,],"b":3}`, "a trailing comma inside a nested array", grammar);
  add("leading-comma", "[,1]", "a comma before the first element", grammar);
  add("double-comma", "[1,,2]", "an empty element between commas", grammar);
  add("comma-only-object", "{,}", "an object holding only a comma", grammar);
  add("missing-comma", "[1 2]", "two elements without a comma", grammar);
  add("missing-comma-object", J`{"a":1 "b":2}`, "two members without a comma", grammar);
  add("unquoted-name", "{a:1}", "member names are strings", grammar);
  add("number-name", "{1:1}", "a number is not a member name", grammar);
  add("literal-name", "{null:1}", "a literal is not a member name", grammar);
  add("single-quoted-string", "'a'", "strings use double quotes", strGrammar);
  add("single-quoted-name", "{'a':1}", "member names use double quotes", strGrammar);
  add("single-quoted-nested", "[\"ok\",'no']", "a single-quoted string inside an array", strGrammar);
  // A line comment ends at a line break, which the lines protocol cannot carry (it would become a
  // space, and the comment would swallow the value). No one-line // comment reads the same to every
  // reader: Ruby's parser takes a // comment only when a line break ends it, so it takes the input
  // and refuses `[1] // note` (issue 20). There the rule is sent as a comment that needs no line
  // break to end it: test/adapters/lines-forms.test.ts holds each form to the original's verdict.
  const comments = "RFC 8259 §2; issue 13 (the Ruby library accepts // comments)";
  const noBreakNeeded =
    "a comment that needs no line break to end it: a /* */ comment %s (a // comment on one line reads otherwise to a parser that wants a line break after it)";
  whole("comment-line", "// note\n[1]", "JSON has no comments: a // line before the value", comments, {
    input: "[1] /* note */",
    why: noBreakNeeded.replace("%s", "after the value"),
  });
  whole("comment-line-in-array", "[1, // c\n2]", "a // line comment between two elements", comments, {
    input: "[1, /* c */ 2]",
    why: noBreakNeeded.replace("%s", "between the two elements"),
  });
  add("comment-line-at-end", "[1] // note", "a // comment after the value, to the end of the text", comments);
  whole("comment-block", "/* note */ [1]", "JSON has no block comments", grammar);
  add("comment-inside-array", "[1 /* two */]", "a comment inside an array", grammar);
  whole("comment-hash", "[1] # note", "# is not a comment either", grammar);
  whole("unmatched-close-bracket", "]", "a closing bracket alone", grammar);
  add("mismatched-brackets", "[}", "an array closed as an object", grammar);
  add("mismatched-braces", "{]", "an object closed as an array", grammar);
  add("extra-close-bracket", "[]]", "one closing bracket too many", grammar);
  add("extra-close-brace", J`{"a":1}}`, "one closing brace too many", grammar);

  // Strings.
  // A raw CR or LF cannot travel inside a line: lines mode sends U+0001 there, an unescaped control
  // character refused by the same rule.
  const viaU0001 = (input: Bytes) => ({
    input: toBytes(input).map((b) => (b === 0x0a || b === 0x0d ? 0x01 : b)),
    why: "sent with U+0001 for the raw line break, which lines mode cannot carry: the same rule forbids both",
  });
  for (let c = 0; c < 0x20; c++) {
    add(
      `raw-control-u00${hex2(c)}`,
      x('"a', [c], 'b"'),
      `U+00${hex2(c).toUpperCase()} must be escaped inside a string`,
      strGrammar,
    );
    if (c === 0x0a || c === 0x0d) cases[cases.length - 1]!.lines = viaU0001(cases[cases.length - 1]!.input!);
  }
  whole(
    "raw-control-in-key",
    x('{"a', [0x0a], 'b":1}'),
    "a raw line feed inside a member name",
    strGrammar,
    viaU0001(x('{"a', [0x0a], 'b":1}')),
  );
  add("raw-tab-nested", x('{"a":["x', [0x09], 'y"]}'), "a raw tab in a string inside a document", strGrammar);
  // Member names are strings: the same rule in a name (raw-control-in-key has the line feed).
  add("raw-tab-in-key", x('{"a', [0x09], 'b":1}'), "a raw tab inside a member name", strGrammar);
  add("raw-nul-in-key", x('{"', [0x00], '":1}'), "a raw NUL as a member name", strGrammar);
  add(
    "raw-unit-separator-in-key",
    x('{"b":1,"a', [0x1f], '":2}'),
    "a raw U+001F inside a later member name",
    strGrammar,
  );
  add("unterminated-string", J`"abc`, "a string never closed", strGrammar);
  add(
    "unterminated-after-escape",
    J`"abc\"`,
    "the closing quote is escaped, so the string never ends",
    strGrammar,
  );
  add("escape-x", J`"\x41"`, "\\x is not a JSON escape", strGrammar);
  add("escape-a", J`"\a"`, "\\a is not a JSON escape", strGrammar);
  add("escape-single-quote", J`"\'"`, "\\' is not a JSON escape", strGrammar);
  add("escape-zero", J`"\0"`, "\\0 is not a JSON escape", strGrammar);
  add("escape-space", J`"\ "`, "a backslash before a space", strGrammar);
  add("escape-uppercase-u", J`"\U0041"`, "\\U is not \\u", strGrammar);
  add("escape-u-short", J`"\u12"`, "\\u needs four hex digits", strGrammar);
  add("escape-u-bad-hex", J`"\u00G0"`, "G is not a hex digit", strGrammar);
  add("escape-u-alone", J`"\u"`, "\\u with no digits", strGrammar);
  add("escape-u-braces", J`"\u{41}"`, "\\u{...} is not JSON", strGrammar);
  add("escape-bad-in-key", J`{"\q":1}`, "a bad escape in a member name", strGrammar);
  add(
    "escape-raw-newline",
    x('"a\\', [0x0a], 'b"'),
    "a backslash before a raw line feed (a line continuation) is not JSON",
    strGrammar,
  );
  cases[cases.length - 1]!.lines = viaU0001(cases[cases.length - 1]!.input!);

  // Whitespace beyond the four JSON whitespace characters.
  const ws = `${RFC} §3.2.1; RFC 8259 §2`;
  add("ws-nbsp", x("[1,", [0xc2, 0xa0], "2]"), "U+00A0 NO-BREAK SPACE is not JSON whitespace", ws);
  add("ws-bom-inside", x("[1,", [0xef, 0xbb, 0xbf], "2]"), "U+FEFF inside the text is not whitespace", ws);
  add("ws-vertical-tab", x("[1,", [0x0b], "2]"), "VT is not JSON whitespace", ws);
  add("ws-form-feed", x("[1,", [0x0c], "2]"), "FF is not JSON whitespace", ws);
  add("ws-line-separator", x("[1,", [0xe2, 0x80, 0xa8], "2]"), "U+2028 is not JSON whitespace", ws);
  add("ws-ideographic-space", x("[1,", [0xe3, 0x80, 0x80], "2]"), "U+3000 is not JSON whitespace", ws);
  add("ws-nul-between-tokens", x("[1,", [0x00], "2]"), "NUL is not whitespace", ws);
  whole("ws-nbsp-top-level", x([0xc2, 0xa0], "[1]"), "U+00A0 before the value", ws);
  add("ws-form-feed-in-object", x('{"a":', [0x0c], "1}"), "FF inside an object", ws);
  whole("ws-nul-trailing", x("[1]", [0x00]), "a trailing NUL byte after the value", ws);
  // The same rule beside every kind of token (literal, number, string, member name, [ ] { } : ,),
  // each side, with the characters one language or another calls white space: a parser may skip
  // them in one place only (issue 20: a real implementation trimmed them from around literals).
  const NBSP = [0xc2, 0xa0];
  const IDEOGRAPHIC = [0xe3, 0x80, 0x80];
  const LINE_SEPARATOR = [0xe2, 0x80, 0xa8];
  const NEXT_LINE = [0xc2, 0x85];
  const BOM = [0xef, 0xbb, 0xbf];
  const seen20 = `${ws}; issue 20 (a real implementation accepted it beside a literal)`;
  add("ws-nbsp-after-literal", x("[true", NBSP, "]"), "U+00A0 after a literal is not whitespace", seen20);
  add("ws-nul-after-literal", x("[true", [0x00], "]"), "NUL after a literal is not whitespace", seen20);
  add(
    "ws-ideographic-space-before-literal",
    x('{"a":', IDEOGRAPHIC, "false}"),
    "U+3000 before a literal (a member value) is not whitespace",
    seen20,
  );
  add("ws-next-line-before-literal", x("[", NEXT_LINE, "null]"), "U+0085 NEXT LINE before a literal", ws);
  add(
    "ws-line-separator-after-literal",
    x("[false", LINE_SEPARATOR, ",1]"),
    "U+2028 between a literal and a comma",
    ws,
  );
  add("ws-bom-after-literal", x("[null", BOM, "]"), "U+FEFF after a literal", ws);
  add("ws-nbsp-after-number", x("[1", NBSP, "]"), "U+00A0 after a number, before ]", ws);
  add(
    "ws-unit-separator-after-number",
    x("[1", [0x1f], ",2]"),
    "U+001F (which Python's isspace() counts as space) after a number",
    ws,
  );
  add("ws-nbsp-before-string", x('{"a":', NBSP, '"b"}'), "U+00A0 before a string value", ws);
  add("ws-ideographic-space-after-string", x('["a"', IDEOGRAPHIC, "]"), "U+3000 after a string", ws);
  add("ws-nbsp-before-name", x("{", NBSP, '"a":1}'), "U+00A0 before a member name", ws);
  add("ws-form-feed-after-name", x('{"a"', [0x0c], ":1}"), "FF between a member name and its colon", ws);
  add("ws-vertical-tab-after-open-bracket", x("[", [0x0b], "1]"), "VT after [", ws);
  add("ws-nbsp-after-close-bracket", x("[[]", NBSP, "]"), "U+00A0 after a nested ]", ws);
  add("ws-form-feed-before-open-brace", x("[", [0x0c], "{}]"), "FF before {", ws);
  add("ws-ideographic-space-before-close-brace", x('{"a":1', IDEOGRAPHIC, "}"), "U+3000 before }", ws);
  whole("ws-nbsp-after-close-brace", x("{}", NBSP), "U+00A0 after the closing } of the text", ws);
  add("ws-next-line-before-comma", x('["a"', NEXT_LINE, ',"b"]'), "U+0085 NEXT LINE before a comma", ws);
  return cases;
}

// ---------------------------------------------------------------------------------------------
// Suite canon-or-reject: where the RFCs let an implementation choose.
// ---------------------------------------------------------------------------------------------
function canonOrRejectSuite(): Entry[] {
  const bom = "RFC 8259 §8.1 (a parser MAY ignore a BOM)";
  const big = "RFC 7493 §2.2; RFC 8785 §3.2.2.3; seed 002 numeric policy";
  const depth = "RFC 8259 §9 (an implementation may limit nesting depth)";
  const nonchar = "RFC 7493 §2.1 (I-JSON excludes noncharacters); RFC 8785 §3.1";
  const utf16 = "RFC 8259 §8.1 (JSON exchanged between systems is UTF-8); RFC 8785 §3.2.4";
  const BOM = [0xef, 0xbb, 0xbf];
  const deepArrays = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
  const deepObjects = (n: number) => `${J`{"a":`.repeat(n - 1)}{}${"}".repeat(n - 1)}`;
  const u16 = (text: string, le: boolean, withBom: boolean) => {
    const units = [...(withBom ? "\ufeff" : ""), ...text].join("");
    const out = new Uint8Array(units.length * 2);
    for (let i = 0; i < units.length; i++) {
      const u = units.charCodeAt(i);
      out[2 * i + (le ? 0 : 1)] = u & 0xff;
      out[2 * i + (le ? 1 : 0)] = u >> 8;
    }
    return out;
  };
  const doc16 = '{"b":"\u00e9","a":[1, 2.0]}';
  const out16 = '{"a":[1,2],"b":"\u00e9"}';
  // Top-level scalars: RFC 8259 §2 lets a JSON text be any value, RFC 7493 §4.1 tells protocols not to
  // use one, and RFC 4627 parsers refuse them. Either is a choice, but one choice: accepting some
  // scalar texts and refusing others is not a policy (top-level-scalars-consistent).
  const top = "RFC 8259 §2; RFC 7493 §4.1; RFC 8785 §3.2";
  const topLevel: Entry[] = [
    either("top-level-string", J`"hello"`, J`"hello"`, "a string alone is a JSON text", top),
    either("top-level-empty-string", J`""`, J`""`, "the empty string alone", top),
    either(
      "top-level-string-escapes",
      J`"caf\u00e9\n\/"`,
      '"caf\u00e9\\n/"',
      "a string alone, its escapes canonicalized",
      top,
    ),
    either("top-level-integer", "42", "42", "a number alone is a JSON text", top),
    either("top-level-fraction", "-1.50", "-1.5", "a number alone, reformatted", top),
    either("top-level-zero", "0", "0", "zero alone", top),
    either("top-level-exponent", "1E2", "100", "a number with an exponent alone", top),
    either("top-level-null", "null", "null", "null alone", top),
    either("top-level-true", "true", "true", "true alone", top),
    either("top-level-false", "false", "false", "false alone", top),
    either(
      "top-level-literal-with-whitespace",
      " \n null \t",
      "null",
      "whitespace around a scalar text is dropped",
      top,
    ),
    either("top-level-number-with-whitespace", "   42   ", "42", "whitespace around a number text", top),
  ];
  // The other choices are each asked inside an array, so that only the one choice is asked.
  return [
    ...topLevel,
    {
      name: "top-level-scalars-consistent",
      kind: "consistent-choice" as const,
      of: topLevel.map((e) => e.name),
      why: "a top-level scalar is accepted (each exactly) or refused, but the same for all: refusing strings and accepting numbers is no policy",
      source: top,
    },
    ...canonOrRejectRest(),
  ].map((e) => (/^(big-int|nonchar|underflow)-/.test(e.name) ? contained(e) : e));

  function canonOrRejectRest(): Entry[] {
    return [
      either(
        "bom-object",
        x(BOM, J`{"b":1,"a":2}`),
        J`{"a":2,"b":1}`,
        "a leading UTF-8 BOM may be ignored or refused; the output never has one",
        bom,
      ),
      either("bom-array", x(BOM, "[1.0]"), "[1]", "a BOM before an array", bom),
      {
        ...either("bom-then-whitespace", x(BOM, " \n[1]"), "[1]", "a BOM followed by whitespace", bom),
        lines: {
          input: x(BOM, " [1]"),
          why: "a space after the BOM, no line break: a lenient reader could take a BOM before a line break for a bare word",
        },
      },
      either(
        "big-int-2-53",
        "9007199254740992",
        "9007199254740992",
        "2^53 written as an integer: exact as a double, but past I-JSON's safe range",
        big,
      ),
      either(
        "big-int-2-53-plus-1",
        "9007199254740993",
        "9007199254740992",
        "2^53 + 1 is no double; the nearest (ties to even) is 2^53",
        big,
      ),
      either(
        "big-int-negative",
        "-9007199254740993",
        "-9007199254740992",
        "-(2^53 + 1) rounds to -(2^53)",
        big,
      ),
      either(
        "big-int-2-64",
        "18446744073709551616",
        "18446744073709552000",
        "2^64 as an integer, written by ES6 rules",
        big,
      ),
      either(
        "big-int-1e20",
        "100000000000000000000",
        "100000000000000000000",
        "1e20 written as an integer literal",
        big,
      ),
      either(
        "big-int-1e21",
        "1000000000000000000000",
        "1e+21",
        "1e21 written as an integer literal becomes 1e+21",
        big,
      ),
      either(
        "big-int-20-digits",
        "12345678901234567890",
        "12345678901234567000",
        "a 20-digit integer rounds to the nearest double",
        big,
      ),
      either(
        "big-int-in-object",
        J`{"id":123456789012345678901234567890}`,
        J`{"id":1.2345678901234568e+29}`,
        "a big integer id inside an object",
        big,
      ),
      either(
        "big-int-in-array",
        "[9007199254740991,9007199254740993]",
        "[9007199254740991,9007199254740992]",
        "the largest safe integer beside one past it",
        big,
      ),
      either(
        "nesting-1000-arrays",
        deepArrays(1000),
        deepArrays(1000),
        "1,000 nested arrays: accepting or refusing deep nesting are both allowed",
        depth,
      ),
      either("nesting-10000-arrays", deepArrays(10000), deepArrays(10000), "10,000 nested arrays", depth),
      either("nesting-1000-objects", deepObjects(1000), deepObjects(1000), "1,000 nested objects", depth),
      either("nesting-10000-objects", deepObjects(10000), deepObjects(10000), "10,000 nested objects", depth),
      either(
        "nonchar-uffff-escaped",
        J`"\uffff"`,
        '"\uffff"',
        "U+FFFF is a noncharacter: I-JSON excludes it, JSON allows it; raw UTF-8 if kept",
        nonchar,
      ),
      either(
        "nonchar-uffff-raw",
        x('"', [0xef, 0xbf, 0xbf], '"'),
        x('"', [0xef, 0xbf, 0xbf], '"'),
        "U+FFFF sent raw",
        nonchar,
      ),
      either("nonchar-ufffe-escaped", J`"\ufffe"`, '"\ufffe"', "U+FFFE is a noncharacter", nonchar),
      either(
        "nonchar-ufdd0-escaped",
        J`"\ufdd0"`,
        '"\ufdd0"',
        "U+FDD0, the first of the 32 noncharacters in Arabic Presentation Forms-A",
        nonchar,
      ),
      either(
        "nonchar-ufdd0-raw",
        x('"', [0xef, 0xb7, 0x90], '"'),
        x('"', [0xef, 0xb7, 0x90], '"'),
        "U+FDD0 sent raw",
        nonchar,
      ),
      either(
        "nonchar-u1ffff-escaped",
        J`"\ud83f\udfff"`,
        '"\u{1ffff}"',
        "U+1FFFF, a noncharacter outside the BMP, from an escaped pair",
        nonchar,
      ),
      either(
        "nonchar-u1ffff-raw",
        x('"', [0xf0, 0x9f, 0xbf, 0xbf], '"'),
        x('"', [0xf0, 0x9f, 0xbf, 0xbf], '"'),
        "U+1FFFF sent raw",
        nonchar,
      ),
      either(
        "nonchar-u10ffff-escaped",
        J`"\udbff\udfff"`,
        '"\u{10ffff}"',
        "U+10FFFF, the last code point, is a noncharacter",
        nonchar,
      ),
      either(
        "nonchar-in-key",
        J`{"\uffff":1,"a":2}`,
        '{"a":2,"\uffff":1}',
        "a noncharacter as a member name sorts by its unit FFFF",
        nonchar,
      ),
      either(
        "utf16le-with-bom",
        u16(doc16, true, true),
        out16,
        "UTF-16LE with a BOM: may be decoded or refused; output is UTF-8",
        utf16,
      ),
      either("utf16be-with-bom", u16(doc16, false, true), out16, "UTF-16BE with a BOM", utf16),
      either(
        "utf16le-without-bom",
        u16(doc16, true, false),
        out16,
        "UTF-16LE without a BOM (detectable from its zero bytes, RFC 4627 §3)",
        utf16,
      ),
      either("utf16be-without-bom", u16(doc16, false, false), out16, "UTF-16BE without a BOM", utf16),
      either(
        "underflow-to-zero",
        "1e-400",
        "0",
        "1e-400 rounds to 0: rounding is the RFC's number model, refusing it is defensible",
        "RFC 8785 §3.2.2.3; RFC 7493 §2.2",
      ),
    ];
  }
}

// ---------------------------------------------------------------------------------------------
// Suite invariants: seed 000's fixtures as JSON texts (Python json.dumps spelling), its why and
// [measured] labels kept, plus semantic mutations and re-spellings of our own.
// ---------------------------------------------------------------------------------------------
function invariantsSuite(): Entry[] {
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

// ---------------------------------------------------------------------------------------------
// Suite numbers: only the generator's parameters are stored.
// ---------------------------------------------------------------------------------------------
function numbersManifest() {
  const view = new DataView(new ArrayBuffer(8));
  const bits = (n: number) => {
    view.setFloat64(0, n);
    return view.getBigUint64(0).toString(16).padStart(16, "0");
  };
  const offset = (n: number, ulps: number) => {
    view.setFloat64(0, n);
    view.setBigUint64(0, view.getBigUint64(0) + BigInt(ulps));
    return view.getFloat64(0);
  };
  const edges: { bits: string; note: string }[] = [];
  const add = (n: number, note: string) => edges.push({ bits: bits(n), note });
  const hex = (h: string, note: string) => edges.push({ bits: h, note });
  // The samples of RFC 8785 appendix B (the first lines of the authors' number file).
  hex("0000000000000000", "zero");
  hex("8000000000000000", "minus zero");
  hex("0000000000000001", "min pos number (smallest subnormal)");
  hex("8000000000000001", "min neg number");
  hex("7fefffffffffffff", "max pos number");
  hex("ffefffffffffffff", "max neg number");
  hex("4340000000000000", "2^53");
  hex("c340000000000000", "-2^53");
  hex("4430000000000000", "~2^68");
  hex("44b52d02c7e14af5", "below 1e23");
  hex("44b52d02c7e14af6", "1e23");
  hex("44b52d02c7e14af7", "above 1e23");
  hex("444b1ae4d6e2ef4e", "two below 1e21");
  hex("444b1ae4d6e2ef4f", "below 1e21");
  hex("444b1ae4d6e2ef50", "1e21");
  hex("3eb0c6f7a0b5ed8c", "below 1e-6");
  hex("3eb0c6f7a0b5ed8d", "1e-6");
  hex("41b3de4355555553", "333333333.3333332");
  hex("41b3de4355555554", "333333333.33333325");
  hex("41b3de4355555555", "333333333.3333333");
  hex("41b3de4355555556", "333333333.3333334");
  hex("41b3de4355555557", "333333333.33333343");
  hex("becbf647612f3696", "-0.0000033333333333333333");
  hex("43143ff3c1cb0959", "1424953923781206.2");
  // Subnormal and normal boundaries, and the safe-integer boundary.
  hex("000fffffffffffff", "max subnormal");
  hex("0010000000000000", "min normal");
  hex("800fffffffffffff", "max negative subnormal");
  // The subnormal range, bit by bit: each power of two 2^-1074 .. 2^-1023 and the pattern of all ones
  // below it (a one-digit mantissa at every subnormal magnitude, and the longest).
  for (let k = 0; k < 52; k++) {
    hex((1n << BigInt(k)).toString(16).padStart(16, "0"), `subnormal 2^${k - 1074}`);
    hex(((1n << BigInt(k + 1)) - 1n).toString(16).padStart(16, "0"), `subnormal 2^${k - 1073} - 2^-1074`);
  }
  add(2 ** 53 - 1, "2^53 - 1");
  add(2 ** 53 + 2, "2^53 + 2 (2^53 + 1 is no double)");
  add(-(2 ** 53 - 1), "-(2^53 - 1)");
  add(1, "one");
  add(-1, "minus one");
  add(0.1, "0.1");
  add(0.5, "one half");
  // Powers of ten around the two formatting boundaries, each with its neighbours one ulp away.
  for (const p of [1e-8, 1e-7, 1e-6, 1e-5, 1e20, 1e21, 1e22]) {
    add(offset(p, -1), `below ${p}`);
    add(p, String(p));
    add(offset(p, 1), `above ${p}`);
    add(-p, `-${p}`);
  }
  return {
    suite: "numbers",
    generator: "edges-grid-lowbias32/2",
    seed: 1,
    blockSize: 1000,
    blocksPerCase: 100,
    why: "each double, sent with 17 significant digits and an exponent, must come back as ECMAScript's String(n)",
    source: "RFC 8785 §3.2.2.3 and appendix B",
    // A pattern listed twice (1e-6 and 1e21 are in appendix B and among the powers) is sent once.
    edgeCases: edges.filter((e, i) => edges.findIndex((f) => f.bits === e.bits) === i),
    // Short decimals at every exponent a double has, sent as written (`12e-320`), where real
    // implementations wrote a 149-digit decimal, threw, or hung (issue 13: erdtman's Java).
    grid: {
      mantissas: [1, 99],
      exponents: [-324, 308],
      note: "M x 10^E for M 1..99 and E -324..308, spelled MeE; those that overflow or round to 0 left out",
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Writing the files.
// ---------------------------------------------------------------------------------------------
const hexOf = (hash: (b: Uint8Array) => Uint8Array, bytes: Uint8Array) => bytesToHex(hash(bytes));

/** The `nfc` profile's expected output: the RFC 8785 form of the same value with every string in NFC
 * (the profile's one normalization, src/jcs/profile.ts, which refuses names that collide after NFC),
 * serialized by the independent npm package. */
function nfcForm(expected: Uint8Array): Uint8Array {
  if (expected.every((byte) => byte < 0x80)) return expected; // ASCII is already NFC
  const text = new TextDecoder("utf-8", { fatal: true }).decode(expected);
  return utf8.encode(canonicalizeValue(nfcValue(JSON.parse(text))));
}

function writeSuite(out: string, suite: string, entries: Entry[]): number {
  const dir = join(out, suite);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "inputs"), { recursive: true });
  const names = new Set<string>();
  const write = (path: string, bytes: Bytes) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), toBytes(bytes));
    return path;
  };
  const cases = entries.map((e) => {
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(e.name)) throw new Error(`${suite}/${e.name}: not kebab-case`);
    if (names.has(e.name)) throw new Error(`${suite}/${e.name}: name used twice`);
    names.add(e.name);
    const c: Record<string, unknown> = { name: e.name, kind: e.kind };
    const nfc: Record<string, unknown> = { ...e.nfc };
    if (e.kind === "equal" || e.kind === "differ") {
      c.a = write(`inputs/${e.name}.a.json`, e.a!);
      c.b = write(`inputs/${e.name}.b.json`, e.b!);
    } else if (e.kind === "consistent-choice") {
      c.of = e.of!;
    } else {
      c.input = write(`inputs/${e.name}.json`, e.input!);
    }
    if (e.kind === "canon" || e.kind === "canon-or-reject") {
      const expected = toBytes(e.expected!);
      c.expected = write(`expected/${e.name}.json`, expected);
      if (e.kind === "canon") {
        c.sha256 = hexOf(sha256, expected);
        c.keccak256 = hexOf(keccak_256, expected);
      }
      const normalized = nfcForm(expected);
      if (Buffer.compare(normalized, expected) !== 0) {
        nfc.expected = write(`expected/${e.name}.nfc.json`, normalized);
        if (e.kind === "canon") {
          nfc.sha256 = hexOf(sha256, normalized);
          nfc.keccak256 = hexOf(keccak_256, normalized);
        }
      }
    }
    if (e.lines) {
      c.linesInput = write(`inputs/${e.name}.lines.json`, e.lines.input);
      c.linesWhy = e.lines.why;
    }
    c.why = e.why;
    c.source = e.source;
    if (Object.keys(nfc).length > 0) c.profiles = { nfc };
    return c;
  });
  writeFileSync(join(dir, "manifest.json"), `${JSON.stringify({ suite, cases }, null, 2)}\n`);
  return cases.length;
}

export function generate(out: string): Record<string, number> {
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "VERSION"), `${CORPUS_VERSION}\n`);
  const counts = {
    jcs: writeSuite(out, "jcs", jcsSuite()),
    reject: writeSuite(out, "reject", rejectSuite()),
    "canon-or-reject": writeSuite(out, "canon-or-reject", canonOrRejectSuite()),
    invariants: writeSuite(out, "invariants", invariantsSuite()),
  };
  rmSync(join(out, "numbers"), { recursive: true, force: true });
  mkdirSync(join(out, "numbers"), { recursive: true });
  writeFileSync(join(out, "numbers", "manifest.json"), `${JSON.stringify(numbersManifest(), null, 2)}\n`);
  return counts;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const at = process.argv.indexOf("--out");
  const out =
    at >= 0 ? process.argv[at + 1]! : join(dirname(fileURLToPath(import.meta.url)), "..", "vectors");
  const counts = generate(out);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(`wrote ${out}: ${JSON.stringify(counts)}, ${total} stored cases`);
}
