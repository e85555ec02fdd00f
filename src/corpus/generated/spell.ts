// Writing a JSON value the way no canonicalizer would: members in random order, random whitespace
// between tokens, characters escaped or not (short escapes, \u with either hex case, surrogate-pair
// escapes, `\/`), numbers respelled (`5`, `5.0`, `0.5e1`, `50e-1`, `5E+0`). Every spelling means the
// same value; the choices come from a seed, so a spelling is replayed from its value and integer.
// Line breaks go only where the lines protocol carries them faithfully (SAME_LINE below).
// Seed 0 spells plainly (no whitespace, no optional escape, the shortest number text), so a shrunk
// counterexample is as short as the failure allows.
//
// An integer past 2^53 is always spelled with an exponent or a fraction: RFC 8785 lets an
// implementation refuse a long integer literal, and a spelling must be one it has to accept.
//
// The escapes themselves (RFC 8259 §7) are here once: the differential run's noisy text
// (src/compare/generated.ts) writes characters with the same table.
import type { JsonValue } from "../../jcs/index.js";
import { Choices } from "./random.js";

const WHITESPACE = [" ", "\t", "\n", "\r\n", "  "] as const;
/** Where a line break could change what a lenient parser reads (docs/protocol.md, "What lines mode
 * can carry": between a value and a comma, around a colon), only spaces and tabs go, so that every
 * spelling is one the lines protocol carries faithfully. */
const SAME_LINE = [" ", "\t", "  "] as const;

/** RFC 8259 §7's two-character escapes, by code point: `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`. */
export const SHORT_ESCAPES: Readonly<Record<number, string>> = {
  8: "\\b",
  9: "\\t",
  10: "\\n",
  12: "\\f",
  13: "\\r",
  34: '\\"',
  92: "\\\\",
};

/** One UTF-16 code unit as `\uXXXX`, its hex digits lowercase or upper. */
export function unicodeEscape(unit: number, upper: boolean): string {
  const digits = unit.toString(16).padStart(4, "0");
  return `\\u${upper ? digits.toUpperCase() : digits}`;
}

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** `value` as JSON text spelled by the choices seed `seed` makes. */
export function spell(value: JsonValue, seed: number): string {
  const choices = new Choices(seed);
  return `${space(choices)}${spellValue(value, choices)}${space(choices)}`;
}

/** Whitespace or none; `breaks` when a line break may go here (after `[`, `{` or `,`, before the
 * closing bracket, around the whole text). */
function space(c: Choices, breaks = true): string {
  return c.deviate(0.4) ? c.pick(breaks ? WHITESPACE : SAME_LINE) : "";
}

function spellValue(value: JsonValue, c: Choices): string {
  if (value === null) return "null";
  if (typeof value === "boolean") return String(value);
  if (typeof value === "number") return spellNumber(value, c);
  if (typeof value === "string") return spellString(value, c);
  if (Array.isArray(value)) {
    if (value.length === 0) return `[${space(c)}]`;
    const last = value.length - 1;
    return `[${value.map((v, k) => `${space(c)}${spellValue(v, c)}${space(c, k === last)}`).join(",")}]`;
  }
  const names = c.shuffle(Object.keys(value));
  if (names.length === 0) return `{${space(c)}}`;
  const last = names.length - 1;
  const members = names.map(
    (name, k) =>
      `${space(c)}${spellString(name, c)}${space(c, false)}:${space(c, false)}${spellValue(value[name]!, c)}${space(c, k === last)}`,
  );
  return `{${members.join(",")}}`;
}

function hex4(unit: number, c: Choices): string {
  return unicodeEscape(unit, c.deviate(0.3));
}

function spellString(text: string, c: Choices): string {
  let out = '"';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const short = SHORT_ESCAPES[cp];
    if (ch === '"' || ch === "\\") out += c.deviate(0.5) ? hex4(cp, c) : short!;
    else if (cp < 0x20) out += short && !c.deviate(0.5) ? short : hex4(cp, c);
    else if (ch === "/" && c.deviate(0.4)) out += "\\/";
    else if (!c.deviate(0.25)) out += ch;
    else if (cp > 0xffff) out += hex4(ch.charCodeAt(0), c) + hex4(ch.charCodeAt(1), c);
    else out += hex4(cp, c);
  }
  return `${out}"`;
}

export function spellNumber(n: number, c: Choices): string {
  const spelled = (Object.is(n, -0) || n === 0 ? spellZero(n, c) : respell(n, c)).replace(/e/g, () =>
    c.deviate(0.3) ? "E" : "e",
  );
  // Every spelling is checked: if a rule above were wrong, the canonical spelling is sent instead of
  // a wrong one (the suite must never blame an implementation for the generator's mistake).
  // (+0 may be spelled -0: both are 0 in RFC 8785.)
  const same = Object.is(Number(spelled), n) || (n === 0 && Number(spelled) === 0);
  if (JSON_NUMBER.test(spelled) && same && !longIntegerLiteral(spelled, n)) return spelled;
  return n.toExponential(16);
}

function longIntegerLiteral(spelled: string, n: number): boolean {
  return /^-?\d+$/.test(spelled) && !Number.isSafeInteger(n);
}

function spellZero(n: number, c: Choices): string {
  const sign = Object.is(n, -0) || c.deviate(0.1) ? "-" : "";
  return sign + c.pick(["0", "0.0", "0e0", "0.000", "0E+3", "0e-5"]);
}

/** `|n|`'s shortest digits and exponent respelled one of several ways, then its sign. */
function respell(n: number, c: Choices): string {
  const sign = n < 0 ? "-" : "";
  const abs = Math.abs(n);
  const [mantissa, exp] = abs.toExponential().split("e") as [string, string];
  const digits = mantissa.replace(".", "");
  const e = Number(exp);
  const expText = (k: number) => `e${k < 0 ? "-" : c.deviate(0.3) ? "+" : ""}${Math.abs(k)}`;
  const zeros = "0".repeat(c.below(3));
  switch (c.below(6)) {
    case 0: // the canonical text itself
      return sign + String(abs);
    case 1: // d.ddd e E
      return `${sign}${digits[0]}${digits.length > 1 || zeros ? `.${digits.slice(1)}${zeros}` : ""}${expText(e)}`;
    case 2: // integer mantissa: 50e-1
      return `${sign}${digits}${zeros}${expText(e - (digits.length - 1) - zeros.length)}`;
    case 3: // 0.ddd e E+1
      return `${sign}0.${digits}${zeros}${expText(e + 1)}`;
    case 4: {
      // the canonical text with trailing zeros on its fraction: 5.0, 0.50
      const text = String(abs);
      if (text.includes("e")) return sign + text;
      return `${sign}${text}${text.includes(".") ? "" : "."}0${zeros}`;
    }
    default: // 17 significant digits: not the shortest, still the same double
      return sign + abs.toExponential(16);
  }
}
