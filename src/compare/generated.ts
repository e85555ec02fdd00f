// The generated half of a differential run: JSON values written with random representational noise
// (whitespace anywhere it may go, member order, characters escaped or raw, \u in either case, numbers
// in any spelling that reads back as the same double), plus, rarely, a fragment that is not JSON, so
// that two implementations are compared on refusing as well as on writing. Every choice shrinks
// toward the plainest form (no space, raw characters, String(n), ASCII, 0), so fast-check's shrinking
// ends at the smallest, plainest text that still shows a disagreement.
//
// Characters are escaped with the corpus speller's table (src/corpus/generated/spell.ts); the choices
// here are fast-check's own, so that shrinking works on the text itself.
//
// Where the RFC leaves a choice (a byte-order mark, an integer literal past 2^53, very deep nesting)
// nothing is generated: two correct implementations may answer those differently.
import fc from "fast-check";
import { SHORT_ESCAPES, unicodeEscape } from "../corpus/generated/spell.js";

/** Whitespace between tokens; the first is what shrinking aims for. */
const space = fc.constantFrom("", " ", "\n", "\t", "\r\n", "  ");

/** Code points by class, weighted toward the ones implementations get wrong. */
const codePoint = fc.oneof(
  { withCrossShrink: true },
  { weight: 6, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
  { weight: 1, arbitrary: fc.integer({ min: 0x00, max: 0x1f }) },
  // DEL, C1 controls, no-break and soft hyphen, the JavaScript line separators, a BOM inside a string.
  { weight: 1, arbitrary: fc.constantFrom(0x7f, 0x80, 0x9f, 0xa0, 0xad, 0x2028, 0x2029, 0xfeff) },
  { weight: 1, arbitrary: fc.integer({ min: 0x300, max: 0x36f }) },
  { weight: 2, arbitrary: fc.integer({ min: 0x80, max: 0xd7ff }) },
  // U+E000..U+FFFF against U+10000.. is where code-point order and UTF-16 order part (RFC 8785 §3.2.3).
  { weight: 2, arbitrary: fc.integer({ min: 0xe000, max: 0xffff }) },
  { weight: 2, arbitrary: fc.integer({ min: 0x10000, max: 0x10ffff }) },
);

/** `cp` inside a JSON string, spelled the `choice`th way (0 is the plainest). */
export function spellCodePoint(cp: number, choice: number): string {
  const ch = String.fromCodePoint(cp);
  const units = ch.length === 2 ? [ch.charCodeAt(0), ch.charCodeAt(1)] : [cp];
  const escaped = (upper: boolean) => units.map((u) => unicodeEscape(u, upper)).join("");
  const mustEscape = cp < 0x20 || cp === 0x22 || cp === 0x5c;
  if (mustEscape) {
    const short = SHORT_ESCAPES[cp];
    if (choice === 0) return short ?? escaped(false);
    return escaped(choice === 2);
  }
  switch (choice) {
    case 1:
      return escaped(false);
    case 2:
      return escaped(true);
    case 3:
      return cp === 0x2f ? "\\/" : ch;
    default:
      return ch;
  }
}

interface JsonString {
  /** The string's value, for keeping an object's names distinct. */
  value: string;
  /** As written, quotes included. */
  text: string;
}

const jsonString: fc.Arbitrary<JsonString> = fc
  .array(fc.tuple(codePoint, fc.nat(3)), { maxLength: 6 })
  .map((chars) => ({
    value: chars.map(([cp]) => String.fromCodePoint(cp)).join(""),
    text: `"${chars.map(([cp, choice]) => spellCodePoint(cp, choice)).join("")}"`,
  }));

const numberValue = fc.oneof(
  { withCrossShrink: true },
  { weight: 3, arbitrary: fc.integer({ min: -1000, max: 1000 }) },
  { weight: 3, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      -0,
      0.1,
      1e-7,
      1e21,
      1e-6,
      1e20,
      2 ** 53,
      2 ** 53 + 2,
      5e-324,
      Number.MAX_VALUE,
      123456789012345680000,
      4.35,
      0.000001,
    ),
  },
);

const SAFE = Number.MAX_SAFE_INTEGER;

/** `n` spelled the `choice`th way; every spelling reads back as exactly `n` (RFC 8259 §6). */
export function spellNumber(n: number, choice: number): string {
  let text: string;
  switch (choice) {
    case 1:
      text = n.toExponential();
      break;
    case 2:
      text = n.toExponential().toUpperCase().replace("E+", "E");
      break;
    case 3:
      // 17 significant digits always read back as the same double.
      text = n.toPrecision(17);
      break;
    case 4:
      text = withTrailingZero(String(n));
      break;
    default:
      text = Object.is(n, -0) ? "-0" : String(n);
  }
  if (Object.is(n, -0) && !text.startsWith("-")) text = `-${text}`;
  // An integer literal past 2^53 is a choice the RFC leaves (round or refuse): keep it a fraction.
  if (/^-?\d+$/.test(text) && Math.abs(n) > SAFE) text = `${text}.0`;
  return text;
}

/** `1.5` -> `1.50`, `1e-7` -> `1.0e-7`: the same number, written longer. */
function withTrailingZero(text: string): string {
  const [mantissa, exponent] = text.split("e") as [string, string | undefined];
  const longer = mantissa.includes(".") ? `${mantissa}0` : `${mantissa}.0`;
  return exponent === undefined ? longer : `${longer}e${exponent}`;
}

const jsonNumber = fc.tuple(numberValue, fc.nat(4)).map(([n, choice]) => spellNumber(n, choice));

/** Not JSON (RFC 8259 §2-§8), or refused by RFC 8785 (duplicate names, lone surrogates): all must be refused. */
const NOT_JSON = [
  "01",
  "-",
  "1.",
  ".5",
  "+1",
  "1e",
  "NaN",
  "Infinity",
  "tru",
  "nul",
  "'a'",
  "[1,]",
  '{"a":1,}',
  '{"a":1,"a":2}',
  '"\\ud800"',
  '"\\udc00\\ud800"',
  '"\\x"',
  '"\\u12"',
  '"\u0001"',
  '"\t"',
  "[1 2]",
  '{"a" 1}',
  "{1:2}",
];

const notJson = fc.constantFrom(...NOT_JSON);

const { value: jsonText } = fc.letrec<{ value: string; array: string; object: string }>((tie) => ({
  value: fc.oneof(
    { withCrossShrink: true, depthSize: "small", maxDepth: 4 },
    { weight: 4, arbitrary: jsonNumber },
    { weight: 4, arbitrary: jsonString.map((s) => s.text) },
    { weight: 1, arbitrary: fc.constantFrom("null", "true", "false") },
    { weight: 3, arbitrary: tie("array") },
    { weight: 4, arbitrary: tie("object") },
    { weight: 1, arbitrary: notJson },
  ),
  array: fc
    .tuple(space, fc.array(fc.tuple(space, tie("value"), space), { maxLength: 5 }))
    .map(([inner, items]) => `[${items.length === 0 ? inner : items.map((t) => t.join("")).join(",")}]`),
  object: fc
    .tuple(
      space,
      fc.uniqueArray(fc.tuple(space, jsonString, space, space, tie("value"), space), {
        selector: (member) => member[1].value,
        maxLength: 5,
      }),
    )
    .map(([inner, members]) => {
      const written = members.map(
        ([s1, name, s2, s3, value, s4]) => `${s1}${name.text}${s2}:${s3}${value}${s4}`,
      );
      return `{${members.length === 0 ? inner : written.join(",")}}`;
    }),
}));

/** A whole document: a value with whitespace around it. */
export const noisyJson: fc.Arbitrary<string> = fc
  .tuple(space, jsonText, space)
  .map(([before, value, after]) => `${before}${value}${after}`);
