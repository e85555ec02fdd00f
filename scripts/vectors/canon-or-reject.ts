// Suite canon-or-reject: where the RFCs let an implementation choose.
import { J, x } from "./bytes.js";
import { contained, type Entry, either } from "./entry.js";

export function canonOrRejectSuite(): Entry[] {
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
