// The serializer of RFC 8785 §3.2, iterative (nesting lives in explicit arrays, not on the stack). It
// writes UTF-8 straight into one growing byte buffer: no string per token, no rope to flatten, no
// encoder call per chunk (these were most of its time and of the GC's).
//
// - Strings (§3.2.2.2): `"` and `\` escaped, U+0008/09/0A/0C/0D as \b \t \n \f \r, other controls
//   below U+0020 as \u00xx with lowercase hex, everything else (including U+007F, U+2028/2029) raw,
//   as UTF-8. A lone surrogate is refused (it has no UTF-8 form).
// - Numbers (§3.2.2.3): the ES6 Number-to-String algorithm is what String(n) is; -0 gives "0".
//   Integers below 2^53 and decimals of few fraction digits are written from their digits, which is
//   the same text (number()).
// - Members (§3.2.3): sorted by UTF-16 code units, which is what Array#sort does with no comparator.
import { JcsError } from "./errors.js";
import type { JsonObject, JsonValue } from "./types.js";

function notJson(v: unknown): never {
  const what = v === undefined ? "undefined" : typeof v === "object" ? "a non-plain object" : typeof v;
  throw new JcsError("not-json-value", 0, `${what} is not a JSON value`);
}

function isJsonObject(v: object): v is JsonObject {
  const proto = Object.getPrototypeOf(v);
  return proto === null || proto === Object.prototype;
}

const decoder = new TextDecoder();

/** The RFC 8785 text of `value`. Objects may be plain or null-prototype; a cycle is refused. */
export function serialize(value: JsonValue): string {
  return decoder.decode(serializeToBytes(value));
}

/** The RFC 8785 UTF-8 bytes of `value`; `sizeHint` is the length the buffer starts at (the input's,
 * when the value was parsed: its canonical form is rarely longer). */
export function serializeToBytes(value: JsonValue, sizeHint = 4096): Uint8Array {
  const out = new Writer(sizeHint);
  writeCanonical(value, out);
  return out.bytes();
}

/** The escape of each code unit below U+0020 (§3.2.2.2). */
const CONTROL_ESCAPES = Array.from({ length: 0x20 }, (_, c) => {
  const short: Record<number, string> = { 8: "\\b", 9: "\\t", 10: "\\n", 12: "\\f", 13: "\\r" };
  return short[c] ?? `\\u00${c.toString(16).padStart(2, "0")}`;
});

/** The decimals number() writes itself: m / 10^k with m below MAX_DECIMAL, k at most
 * MAX_FRACTION_DIGITS. */
const MAX_DECIMAL = 1e15;
const MAX_FRACTION_DIGITS = 4;
const POWERS_OF_TEN = [1, 10, 100, 1000, 10000];

/** A byte buffer that doubles as it fills. */
class Writer {
  buf: Uint8Array;
  at = 0;

  constructor(size: number) {
    this.buf = new Uint8Array(Math.max(64, size));
  }

  /** Room for `n` more bytes. */
  room(n: number): void {
    if (this.at + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.at + n) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.buf.subarray(0, this.at));
    this.buf = grown;
  }

  /** Text known to be ASCII (numbers, literals, punctuation). */
  ascii(s: string): void {
    this.room(s.length);
    const buf = this.buf;
    let at = this.at;
    for (let k = 0; k < s.length; k++) buf[at++] = s.charCodeAt(k);
    this.at = at;
  }

  byte(b: number): void {
    if (this.at === this.buf.length) this.room(1);
    this.buf[this.at++] = b;
  }

  /** `s` as a JSON string (§3.2.2.2), quotes included, in UTF-8. */
  string(s: string): void {
    const n = s.length;
    // At most 6 bytes a code unit (\u00xx), plus the quotes.
    this.room(6 * n + 2);
    const buf = this.buf;
    let at = this.at;
    buf[at++] = 0x22;
    // Most strings are printable ASCII throughout: copy that run with one test a code unit.
    let k = 0;
    for (; k < n; k++) {
      const c = s.charCodeAt(k);
      if (c < 0x20 || c === 0x22 || c === 0x5c || c >= 0x80) break;
      buf[at++] = c;
    }
    for (; k < n; k++) {
      const c = s.charCodeAt(k);
      if (c < 0x80) {
        if (c >= 0x20 && c !== 0x22 && c !== 0x5c) buf[at++] = c;
        else if (c >= 0x20) {
          buf[at++] = 0x5c;
          buf[at++] = c;
        } else {
          const e = CONTROL_ESCAPES[c]!;
          for (let j = 0; j < e.length; j++) buf[at++] = e.charCodeAt(j);
        }
      } else if (c < 0x800) {
        buf[at++] = 0xc0 | (c >> 6);
        buf[at++] = 0x80 | (c & 0x3f);
      } else if (c < 0xd800 || c > 0xdfff) {
        buf[at++] = 0xe0 | (c >> 12);
        buf[at++] = 0x80 | ((c >> 6) & 0x3f);
        buf[at++] = 0x80 | (c & 0x3f);
      } else {
        const low = s.charCodeAt(k + 1);
        if (c > 0xdbff || !(low >= 0xdc00 && low <= 0xdfff)) {
          throw new JcsError("lone-surrogate", 0, "a string holds a lone surrogate");
        }
        k++;
        const p = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
        buf[at++] = 0xf0 | (p >> 18);
        buf[at++] = 0x80 | ((p >> 12) & 0x3f);
        buf[at++] = 0x80 | ((p >> 6) & 0x3f);
        buf[at++] = 0x80 | (p & 0x3f);
      }
    }
    buf[at++] = 0x22;
    this.at = at;
  }

  /** A member's name and its colon: `"name":`. Names are short and printable ASCII as a rule, so
   * they are copied in one pass with one check of room; any other name is written by string(). */
  name(s: string): void {
    const n = s.length;
    this.room(n + 3);
    const buf = this.buf;
    const at = this.at;
    buf[at] = 0x22;
    for (let k = 0; k < n; k++) {
      const c = s.charCodeAt(k);
      if (c < 0x20 || c === 0x22 || c === 0x5c || c >= 0x80) {
        this.string(s);
        this.byte(0x3a);
        return;
      }
      buf[at + 1 + k] = c;
    }
    buf[at + n + 1] = 0x22;
    buf[at + n + 2] = 0x3a;
    this.at = at + n + 3;
  }

  number(v: number): void {
    // An int32's shortest text is its digits (and -0 is "0", as String(-0) is).
    if ((v | 0) === v) {
      if (v < 0) {
        this.byte(0x2d);
        this.digits(-v); // at most 2^31, still exact
      } else this.digits(v);
      return;
    }
    if (!Number.isFinite(v)) throw new JcsError("number-out-of-range", 0, `${v} is not a JSON number`);
    // A double that some decimal m / 10^k reads as, with m below 10^15 and k small (prices, most
    // measurements), is written from m. A decimal of at most 15 significant digits is the only one of
    // that few digits a double reads back from (15 is DBL_DIG), so m's digits are the shortest, which
    // String(v) writes; below 10^15 and above 10^-7 it writes them without an exponent. The first k
    // that fits leaves m no trailing zero (m / 10 would have fitted one k sooner). String(v) for the
    // others costs a call into the runtime each.
    const a = v < 0 ? -v : v;
    if (a < MAX_DECIMAL) {
      if (Number.isInteger(a)) {
        if (v < 0) this.byte(0x2d);
        this.digits(a);
        return;
      }
      for (let k = 1; k <= MAX_FRACTION_DIGITS; k++) {
        const scale = POWERS_OF_TEN[k]!;
        const m = Math.round(a * scale);
        if (m < MAX_DECIMAL && m / scale === a) {
          if (v < 0) this.byte(0x2d);
          const fraction = m % scale;
          this.digits((m - fraction) / scale);
          this.byte(0x2e);
          this.room(k);
          // The fraction's k digits, leading zeros included.
          let at = this.at + k;
          this.at = at;
          for (let f = fraction, j = 0; j < k; j++, f = (f - (f % 10)) / 10) this.buf[--at] = 0x30 + (f % 10);
          return;
        }
      }
    }
    this.ascii(String(v));
  }

  /** A non-negative integer below 2^53, digit by digit: its shortest text. */
  digits(u: number): void {
    this.room(16);
    const buf = this.buf;
    let end = this.at;
    for (let t = u; t >= 10; t = Math.floor(t / 10)) end++;
    this.at = end + 1;
    do {
      buf[end--] = 0x30 + (u % 10);
      u = Math.floor(u / 10);
    } while (u > 0);
  }

  /** What was written: a view when it fills most of the buffer (as when the size hint was right),
   * else a copy, so that a small result does not hold a large buffer. */
  bytes(): Uint8Array {
    return this.at >= this.buf.length / 2 ? this.buf.subarray(0, this.at) : this.buf.slice(0, this.at);
  }
}

/**
 * The names of objects in UTF-16 code unit order, which is what `<` compares strings by. A document's
 * objects come in a few shapes, each with its names in one order, so the sorted names of an order
 * seen before are reused: telling that an order is the same takes one identity test a name (Object.keys
 * gives the one string V8 keeps for a name; an array-index name may come as a new string each time,
 * and its order then only misses), sorting them takes several string comparisons a name. Per
 * serialize() call, so that no names outlive it.
 */
class SortedNames {
  private readonly orders: (string[] | undefined)[] = new Array(SHAPE_SLOTS);
  private readonly sorted: string[][] = new Array(SHAPE_SLOTS);

  of(obj: JsonObject): string[] {
    const names = Object.keys(obj);
    const n = names.length;
    if (n < 2) return names;
    const slot = (n * 31 + names[0]!.length * 7 + names[n - 1]!.length) & (SHAPE_SLOTS - 1);
    const order = this.orders[slot];
    if (order !== undefined && order.length === n) {
      let k = 0;
      while (k < n && order[k] === names[k]) k++;
      if (k === n) return this.sorted[slot]!;
    }
    const sorted = sortNames(names.slice());
    this.orders[slot] = names;
    this.sorted[slot] = sorted;
    return sorted;
  }
}

const SHAPE_SLOTS = 64;

/** `names` sorted in place: an insertion sort, which beats Array#sort's set-up for the few names of
 * most objects; a large object gets Array#sort (its default order is the same). */
function sortNames(names: string[]): string[] {
  const n = names.length;
  if (n > 16) return names.sort();
  for (let k = 1; k < n; k++) {
    const name = names[k]!;
    let j = k - 1;
    if (!(name < names[j]!)) continue;
    do {
      names[j + 1] = names[j]!;
      j--;
    } while (j >= 0 && name < names[j]!);
    names[j + 1] = name;
  }
  return names;
}

/** How deep the serializer goes before it keeps the containers it is in, to find a cycle. */
const CYCLE_DEPTH = 64;

/** Writes the RFC 8785 text of `value` to `out`. */
function writeCanonical(value: JsonValue, out: Writer): void {
  // The open containers, innermost last, with their sorted names (objects) and the next index.
  const containers: (JsonValue[] | JsonObject)[] = [];
  const containerNames: (string[] | null)[] = [];
  const sortedNames = new SortedNames();
  const nextIndex: number[] = [];
  // A cycle makes the walk descend forever, so it is looked for only past CYCLE_DEPTH: the containers
  // opened deeper than that are kept in `deep`, and one met again there is a cycle. Every value reached
  // before that point is written as it would be anyway, so the same values are refused, and the
  // common shallow document pays for no set at all.
  const deep = new Set<object>();

  let v: JsonValue = value;
  for (;;) {
    // Write one value, or open a container and go write its first element.
    if (typeof v === "string") out.string(v);
    else if (typeof v === "number") out.number(v);
    else if (v === null) out.ascii("null");
    else if (typeof v === "boolean") out.ascii(v ? "true" : "false");
    else if (typeof v === "object") {
      if (containers.length >= CYCLE_DEPTH) {
        if (deep.has(v)) throw new JcsError("cycle", 0, "the value contains itself");
      }
      if (Array.isArray(v)) {
        if (v.length === 0) out.ascii("[]");
        else {
          out.byte(0x5b);
          containers.push(v);
          containerNames.push(null);
          nextIndex.push(0);
          if (containers.length > CYCLE_DEPTH) deep.add(v);
          v = v[0] as JsonValue;
          continue;
        }
      } else if (isJsonObject(v)) {
        const names = sortedNames.of(v);
        if (names.length === 0) out.ascii("{}");
        else {
          const first = names[0]!;
          out.byte(0x7b);
          out.name(first);
          containers.push(v);
          containerNames.push(names);
          nextIndex.push(0);
          if (containers.length > CYCLE_DEPTH) deep.add(v);
          v = v[first] as JsonValue;
          continue;
        }
      } else notJson(v);
    } else notJson(v);

    // Move to the next element of the innermost container; close the containers that are done.
    for (;;) {
      const top = containers.length - 1;
      if (top < 0) return;
      const container = containers[top]!;
      const names = containerNames[top]!;
      const index = ++nextIndex[top]!;
      if (names === null) {
        const array = container as JsonValue[];
        if (index < array.length) {
          out.byte(0x2c);
          v = array[index] as JsonValue;
          break;
        }
        out.byte(0x5d);
      } else {
        if (index < names.length) {
          const name = names[index]!;
          out.byte(0x2c);
          out.name(name);
          v = (container as JsonObject)[name] as JsonValue;
          break;
        }
        out.byte(0x7d);
      }
      containers.pop();
      containerNames.pop();
      nextIndex.pop();
      if (containers.length >= CYCLE_DEPTH) deep.delete(container);
    }
  }
}
