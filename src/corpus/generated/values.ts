// Random JSON values for the generated suite, hostile where implementations go wrong: strings with
// controls, quotes, backslashes, U+2028/2029, astral characters, NFC/NFD-sensitive sequences and
// names that sort differently by UTF-16 code unit than by code point; numbers at the edges of the
// double format and of ES6 Number-to-String's notation switches. Never a noncharacter or a lone
// surrogate: RFC 8785 lets an implementation refuse those, so they belong to the stored suites.
import fc from "fast-check";
import type { JsonObject, JsonValue } from "../../jcs/index.js";

/** A code point an implementation must accept in a string: no surrogate, no noncharacter. */
function isPlainScalar(cp: number): boolean {
  if (cp >= 0xd800 && cp <= 0xdfff) return false;
  if (cp >= 0xfdd0 && cp <= 0xfdef) return false;
  return (cp & 0xfffe) !== 0xfffe;
}

const anyScalar = fc
  .integer({ min: 0x20, max: 0x10fffd })
  .filter(isPlainScalar)
  .map((cp) => String.fromCodePoint(cp));

/** Characters that need care: each one a whole code point, or a base with its combining mark. */
const HOSTILE = [
  '"',
  "\\",
  "/",
  "\u007f",
  "\u0080",
  "\u009f",
  "\u00e9", // é precomposed (NFC) ...
  "e\u0301", // ... and decomposed (NFD)
  "\u00c5",
  "A\u030a",
  "\u212b", // ANGSTROM SIGN: NFC turns it into U+00C5
  "\u2028",
  "\u2029",
  "\ufeff",
  "\ufffd",
  "\ue000",
  "\uff5e",
  "\u{10000}",
  "\u{1f600}",
  "\u{1d11e}",
  "\u{10fffd}",
] as const;

const control = fc.integer({ min: 0, max: 0x1f }).map((cp) => String.fromCharCode(cp));

const stringUnit = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom("a", "b", "z", "A", "0", " ", "~") },
  { weight: 2, arbitrary: control },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 1, arbitrary: anyScalar },
);

/** Member names from a small alphabet, so that siblings share prefixes and their order is tested:
 * U+E000..U+FFFF against astral characters is where UTF-16 order and code point order part. */
const nameUnit = fc.constantFrom(
  "a",
  "b",
  "A",
  "\u0000",
  '"',
  "\u00e9",
  "e\u0301",
  "\ue000",
  "\uff5e",
  "\u{10000}",
  "\u{1f600}",
);

const hostileString = fc.string({ unit: stringUnit, maxLength: 8 });
const memberName = fc.string({ unit: nameUnit, maxLength: 3 });

const TWO_53 = 2 ** 53;
const scratch = new DataView(new ArrayBuffer(8));

/** The double next to a positive `n`, up (+1) or down (-1): one unit in the last place away. */
function nextDouble(n: number, step: 1 | -1): number {
  scratch.setFloat64(0, n);
  scratch.setBigUint64(0, scratch.getBigUint64(0) + BigInt(step));
  return scratch.getFloat64(0);
}

/** Doubles where number formatting goes wrong: notation switches at 1e-7 and 1e21, subnormals, -0,
 * the largest and smallest doubles, integers around 2^53, short decimals at every magnitude. */
export const hostileNumber: fc.Arbitrary<number> = fc
  .oneof(
    { weight: 3, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
    { weight: 2, arbitrary: fc.integer({ min: -1000, max: 1000 }) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.integer({ min: -99999, max: 99999 }), fc.integer({ min: -30, max: 30 }))
        .map(([m, e]) => Number(`${m}e${e}`)),
    },
    { weight: 1, arbitrary: fc.double({ min: -1e-307, max: 1e-307, noNaN: true }) },
    { weight: 1, arbitrary: fc.integer({ min: -16, max: 16 }).map((k) => TWO_53 + 2 * k) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        0,
        -0,
        Number.MIN_VALUE,
        -Number.MIN_VALUE,
        Number.MAX_VALUE,
        -Number.MAX_VALUE,
        2.2250738585072014e-308,
        TWO_53 - 1,
        -(TWO_53 - 1),
        1e21,
        999999999999999900000,
        1e-7,
        nextDouble(1e-7, 1),
        nextDouble(1e-7, -1),
        0.000001,
        1e16,
        0.1,
        333333333.3333333,
      ),
    },
  )
  .filter(Number.isFinite);

/** Integers an implementation may write as a long integer literal (2^53 <= |n| < 1e21), which some
 * refuse to read back (RFC 8785 leaves it to them): not for properties that feed outputs back in. */
export function writesLongInteger(n: number): boolean {
  return Number.isInteger(n) && Math.abs(n) >= TWO_53 && Math.abs(n) < 1e21;
}

interface ValueOptions {
  /** Leave out numbers whose canonical form is an integer literal past 2^53. */
  feedsBack?: boolean;
}

/** A JSON text: an object or an array a few levels deep, never a scalar alone (a top-level scalar is a
 * choice RFC 8785 leaves open, tested only in canon-or-reject; here it would hide every other rule). */
export function jsonValue(options: ValueOptions = {}): fc.Arbitrary<JsonValue> {
  const number = options.feedsBack ? hostileNumber.filter((n) => !writesLongInteger(n)) : hostileNumber;
  const leaf: fc.Arbitrary<JsonValue> = fc.oneof(
    { weight: 3, arbitrary: hostileString },
    { weight: 3, arbitrary: number },
    { weight: 1, arbitrary: fc.constantFrom<JsonValue>(null, true, false) },
  );
  const tree = fc.letrec<{ value: JsonValue; array: JsonValue[]; object: JsonObject }>((tie) => ({
    value: fc.oneof({ depthSize: "small", withCrossShrink: true }, leaf, tie("array"), tie("object")),
    array: fc.array(tie("value"), { maxLength: 4 }),
    // Names unique even after NFC, so the nfc profile never has to merge two members.
    object: fc
      .uniqueArray(fc.tuple(memberName, tie("value")), {
        maxLength: 5,
        selector: ([name]) => name.normalize("NFC"),
      })
      .map((entries) => Object.fromEntries(entries)),
  }));
  return fc.oneof({ weight: 3, arbitrary: tree.object }, { weight: 1, arbitrary: tree.array });
}
