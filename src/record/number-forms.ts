// §2: every number in a record is written in decimal digits, without a sign, a fraction or an
// exponent, and is at most 2^53 - 1. Parsing loses the written form (`1.0` and `1e0` both become 1),
// so this reads the number tokens of the source text itself. It runs only on text the strict parser
// has accepted, so outside strings every run of number characters is one JSON number.
import { MAX_INTEGER } from "./format.js";

const PLAIN_INTEGER = /^(0|[1-9][0-9]*)$/;

function isNumberChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e || c === 0x65 || c === 0x45;
}

/** The first number token in `text` that is not a plain integer 0..2^53-1, or null if there is none. */
export function firstNonPlainNumber(text: string): string | null {
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Skip the string; an escape is a backslash and the one character after it (\uXXXX's
      // digits are plain characters of the string).
      i++;
      while (i < n && text.charCodeAt(i) !== 0x22) i += text.charCodeAt(i) === 0x5c ? 2 : 1;
      i++;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      const start = i;
      while (i < n && isNumberChar(text.charCodeAt(i))) i++;
      const token = text.slice(start, i);
      if (!PLAIN_INTEGER.test(token) || BigInt(token) > BigInt(MAX_INTEGER)) return token;
    } else {
      i++;
    }
  }
  return null;
}
