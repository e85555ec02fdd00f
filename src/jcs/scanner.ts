// The lexical half of the strict parser: RFC 8259's tokens (strings, numbers, literals, whitespace)
// read from decoded text with charCodeAt, plus the I-JSON rules that apply to single tokens (RFC 7493:
// no lone surrogates, numbers that fit a double). parse.ts drives it.
//
// Positions are UTF-16 indexes into the text; they become byte offsets only when an error is thrown.
import { JcsError } from "./errors.js";
import { resolveOptions } from "./options.js";
import type { ParseOptions } from "./types.js";
import { byteOffsetOf } from "./utf8.js";

export const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const NAME_SLOTS_MASK = 255;

export class Scanner {
  readonly text: string;
  readonly n: number;
  /** The next UTF-16 index to read. */
  i = 0;
  readonly maxDepth: number;
  private readonly rejectBig: boolean;
  /** Member names read so far, by a hash of their code units (readName). Per parse, so that no slice
   * of one document's text outlives its parse. */
  private readonly names: (string | undefined)[] = new Array(NAME_SLOTS_MASK + 1);

  constructor(text: string, options: ParseOptions) {
    const resolved = resolveOptions(options);
    this.text = text;
    this.n = text.length;
    this.maxDepth = resolved.maxDepth;
    this.rejectBig = resolved.rejectBigIntegers;
    if (this.n > 0 && text.charCodeAt(0) === 0xfeff) {
      if (!resolved.ignoreBom) this.fail("bom", 0, "a byte-order mark (U+FEFF) precedes the JSON text");
      this.i = 1;
    }
  }

  fail(code: string, at: number, message: string): never {
    throw new JcsError(code, byteOffsetOf(this.text, at), message);
  }

  unexpected(at: number, wanted: string): never {
    if (at >= this.n) return this.fail("unexpected-end", at, `the input ends where ${wanted} was expected`);
    const c = this.text.codePointAt(at)!;
    const shown = c >= 0x20 && c < 0x7f ? `'${String.fromCharCode(c)}'` : `U+${hex(c)}`;
    return this.fail("unexpected-character", at, `${shown} where ${wanted} was expected`);
  }

  /** Skips the four whitespace characters of RFC 8259 §2 and returns the next code unit (NaN at end). */
  skipWhitespace(): number {
    const text = this.text;
    let i = this.i;
    let c = text.charCodeAt(i);
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(++i);
    this.i = i;
    return c;
  }

  /**
   * Reads the member name whose opening quote is at `i`, as readString() does. A document repeats a
   * few names many times, so a name without escapes is looked up in a small table by a hash of its
   * code units: a hit returns the string read before, one V8 has already internalized as a property
   * key, so the duplicate check and the store that follow skip hashing and interning a fresh slice
   * (and no slice is made for the GC to collect).
   */
  readName(): string {
    const text = this.text;
    const n = this.n;
    const start = this.i + 1;
    let i = start;
    let hash = 0;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) break;
      if (c === BACKSLASH || c < 0x20 || (c >= 0xd800 && c <= 0xdfff) || i >= n) return this.readString();
      hash = (Math.imul(hash, 31) + c) | 0;
      i++;
    }
    this.i = i + 1;
    const slot = (hash ^ (hash >>> 11)) & NAME_SLOTS_MASK;
    const known = this.names[slot];
    if (known !== undefined && known.length === i - start) {
      let k = 0;
      while (k < known.length && known.charCodeAt(k) === text.charCodeAt(start + k)) k++;
      if (k === known.length) return known;
    }
    const name = text.slice(start, i);
    this.names[slot] = name;
    return name;
  }

  /** Reads the string whose opening quote is at `i` and returns its value; `i` ends after it. */
  readString(): string {
    const text = this.text;
    const n = this.n;
    const start = this.i + 1;
    let i = start;
    // Fast path: no escapes, so the value is a slice of the source.
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) {
        this.i = i + 1;
        return text.slice(start, i);
      }
      if (c === BACKSLASH || c < 0x20 || (c >= 0xd800 && c <= 0xdfff) || i >= n) break;
      i++;
    }
    // Slow path: collect the chunks between escapes.
    let out = "";
    let chunk = start;
    for (;;) {
      if (i >= n) this.fail("unterminated-string", start - 1, "a string is not closed");
      const c = text.charCodeAt(i);
      if (c === QUOTE) {
        this.i = i + 1;
        return out + text.slice(chunk, i);
      }
      if (c === BACKSLASH) {
        out += text.slice(chunk, i);
        this.i = i;
        out += this.readEscape();
        i = chunk = this.i;
      } else if (c < 0x20) {
        this.fail("control-character", i, `raw control character U+${hex(c)} in a string`);
      } else if (c >= 0xd800 && c <= 0xdfff) {
        // Only text from parseText() callers can hold raw surrogates (the UTF-8 decoder never makes
        // a lone one): a pair is fine, a lone one is refused.
        const next = text.charCodeAt(i + 1);
        if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i += 2;
        else this.fail("lone-surrogate", i, `lone surrogate U+${hex(c)} in a string`);
      } else i++;
    }
  }

  private hex4(at: number): number {
    let v = 0;
    for (let k = at; k < at + 4; k++) {
      const d = hexDigitValue(this.text.charCodeAt(k));
      if (d < 0) return this.fail("invalid-escape", at - 2, "\\u must be followed by four hex digits");
      v = (v << 4) | d;
    }
    return v;
  }

  /** Reads the escape whose backslash is at `i`; `i` ends after it. */
  private readEscape(): string {
    const text = this.text;
    const at = this.i;
    const c = text.charCodeAt(at + 1);
    this.i = at + 2;
    switch (c) {
      case QUOTE:
        return '"';
      case BACKSLASH:
        return "\\";
      case 0x2f:
        return "/";
      case 0x62:
        return "\b";
      case 0x66:
        return "\f";
      case 0x6e:
        return "\n";
      case 0x72:
        return "\r";
      case 0x74:
        return "\t";
      case 0x75: {
        const u = this.hex4(at + 2);
        this.i = at + 6;
        if (u < 0xd800 || u > 0xdfff) return String.fromCharCode(u);
        if (u <= 0xdbff && text.charCodeAt(at + 6) === BACKSLASH && text.charCodeAt(at + 7) === 0x75) {
          const low = this.hex4(at + 8);
          if (low >= 0xdc00 && low <= 0xdfff) {
            this.i = at + 12;
            return String.fromCharCode(u, low);
          }
        }
        return this.fail("lone-surrogate", at, `\\u${hex(u)} is a lone surrogate`);
      }
      default:
        if (at + 1 >= this.n) return this.fail("unterminated-string", at, "a string is not closed");
        return this.fail(
          "invalid-escape",
          at,
          'a backslash must start one of \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX',
        );
    }
  }

  /** Reads the number at `i` (a '-' or a digit) and returns its double; `i` ends after it. */
  readNumber(): number {
    const text = this.text;
    const start = this.i;
    let i = start;
    let c = text.charCodeAt(i);
    const negative = c === 0x2d;
    if (negative) c = text.charCodeAt(++i);
    // The digits, integer and fraction, as an integer while it stays exact (`digits` at most 15).
    const first = i;
    let mantissa = 0;
    if (c === 0x30) {
      c = text.charCodeAt(++i);
      if (c >= 0x30 && c <= 0x39) this.fail("leading-zero", start, "a number must not have a leading zero");
    } else if (c >= 0x31 && c <= 0x39) {
      do {
        mantissa = mantissa * 10 + (c - 0x30);
        c = text.charCodeAt(++i);
      } while (c >= 0x30 && c <= 0x39);
    } else return this.fail("invalid-number", start, "'-' must be followed by a digit");
    let digits = i - first;
    let fraction = 0;
    if (c === 0x2e) {
      c = text.charCodeAt(++i);
      if (!(c >= 0x30 && c <= 0x39)) {
        this.fail("invalid-number", start, "a decimal point must be followed by a digit");
      }
      const from = i;
      do {
        mantissa = mantissa * 10 + (c - 0x30);
        c = text.charCodeAt(++i);
      } while (c >= 0x30 && c <= 0x39);
      fraction = i - from;
      digits += fraction;
    }
    let exponent = false;
    if (c === 0x65 || c === 0x45) {
      exponent = true;
      c = text.charCodeAt(++i);
      if (c === 0x2b || c === 0x2d) c = text.charCodeAt(++i);
      if (!(c >= 0x30 && c <= 0x39)) this.fail("invalid-number", start, "an exponent must have a digit");
      do c = text.charCodeAt(++i);
      while (c >= 0x30 && c <= 0x39);
    }
    this.i = i;
    // Fast path: at most 15 digits are an exact integer below 2^53, and 10^k (k <= 22) is an exact
    // double, so one IEEE division rounds correctly (ties to even), as Number() would. -0 stays -0.
    if (!exponent && digits <= 15) {
      const magnitude = fraction === 0 ? mantissa : mantissa / POWERS_OF_TEN[fraction]!;
      return negative ? -magnitude : magnitude;
    }
    // Otherwise Number() (correctly rounded, ties to even); the grammar is checked above, so it sees
    // only RFC 8259 number text.
    const value = Number(text.slice(start, i));
    if (value === Infinity || value === -Infinity) {
      this.fail("number-out-of-range", start, "the number is beyond the range of an IEEE-754 double");
    }
    if (!exponent && fraction === 0 && this.rejectBig && (value > MAX_SAFE || value < -MAX_SAFE)) {
      this.fail("big-integer", start, "the integer is beyond ±(2^53-1) and big integers are refused");
    }
    return value;
  }

  /** Reads `word` (true, false, null) at `i`, or fails. */
  expectWord(word: string): void {
    if (!this.text.startsWith(word, this.i)) this.unexpected(this.i, "a JSON value");
    this.i += word.length;
  }

  /** After the top-level value: only whitespace may follow. */
  expectEnd(): void {
    this.skipWhitespace();
    if (this.i < this.n) this.unexpected(this.i, "the end of the input");
  }
}

/** 10^0 to 10^15, each exact as a double. */
const POWERS_OF_TEN = Array.from({ length: 16 }, (_, k) => 10 ** k);

/** The value of an ASCII hex digit (either case), or -1. */
function hexDigitValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  return -1;
}

export function hex(c: number): string {
  return c.toString(16).toUpperCase().padStart(4, "0");
}
