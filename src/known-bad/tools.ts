// Small pieces the known-bads are built from. Most known-bads are the reference with one fault, so
// these let a fault be written in a line or two: walk a parsed value, decode leniently, rewrite bare
// tokens in the raw text, or pass text through the reference serializer untouched.
import { canonicalize, type JsonObject, type JsonValue, parse, serialize } from "../jcs/index.js";

export const encoder = new TextEncoder();
const strictDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

export { canonicalize as referenceWrite, parse as referenceParse, serialize as referenceSerialize };

/** Strict UTF-8 text, as JSON.parse-based implementations get it from a strict reader. */
export function decodeStrict(input: Uint8Array): string {
  return strictDecoder.decode(input);
}

/** Known-bad walkers recurse; past this depth they give up (refusing deep nesting is allowed). Low
 * enough that the stack holds it before V8 has optimized the walk: at 2,000 a cold walk overflowed
 * first, so the same input was refused in other words once the walk was warm. */
export const MAX_WALK_DEPTH = 1_000;

export interface ValueMap {
  /** A string value (not a member name). */
  string?: (s: string) => string;
  /** A member name. */
  name?: (s: string) => string;
  /** An array, its items already mapped. */
  array?: (items: JsonValue[]) => JsonValue[];
  /** Whether a member (its value already mapped) is kept. */
  keepMember?: (name: string, value: JsonValue) => boolean;
}

/** A copy of `value` mapped by `map`. Names that collide after mapping are refused. */
export function mapValue(value: JsonValue, map: ValueMap, depth = 0): JsonValue {
  if (depth > MAX_WALK_DEPTH) throw new Error(`nesting deeper than ${MAX_WALK_DEPTH} levels`);
  if (typeof value === "string") return map.string ? map.string(value) : value;
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    const items = value.map((v) => mapValue(v, map, depth + 1));
    return map.array ? map.array(items) : items;
  }
  const out = Object.create(null) as JsonObject;
  for (const [name, v] of Object.entries(value)) {
    const mapped = map.name ? map.name(name) : name;
    const item = mapValue(v, map, depth + 1);
    if (map.keepMember && !map.keepMember(mapped, item)) continue;
    if (Object.hasOwn(out, mapped)) throw new Error(`duplicate member name ${JSON.stringify(mapped)}`);
    out[mapped] = item;
  }
  return out;
}

/** Raw JSON text with `rewrite` applied to each stretch outside strings (strings kept as written). */
export function rewriteOutsideStrings(text: string, rewrite: (stretch: string) => string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const quote = text.indexOf('"', i);
    const end = quote < 0 ? text.length : quote;
    out += rewrite(text.slice(i, end));
    if (quote < 0) break;
    const close = endOfString(text, quote);
    out += text.slice(quote, close);
    i = close;
  }
  return out;
}

// A "raw" value travels through the reference serializer as a marked string, then the marks are
// removed from the output, leaving the text as written. U+E000 (private use) keeps the mark from
// colliding with anything a test input says.
const RAW_MARK = "\uE000raw:";
const RAW_IN_OUTPUT = /"\uE000raw:([^"]*)"/g;

export function rawText(text: string): string {
  return RAW_MARK + text;
}

/** The reference serialization of `value`, with every rawText() string written bare. */
export function serializeWithRaw(value: JsonValue): string {
  return serialize(value).replace(RAW_IN_OUTPUT, "$1");
}

/** A copy of `value` with every number replaced by the raw text `format` gives it. */
export function formatNumbers(value: JsonValue, format: (n: number) => string, depth = 0): JsonValue {
  if (depth > MAX_WALK_DEPTH) throw new Error(`nesting deeper than ${MAX_WALK_DEPTH} levels`);
  if (typeof value === "number") return rawText(format(value));
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => formatNumbers(v, format, depth + 1));
  const out = Object.create(null) as JsonObject;
  for (const [name, v] of Object.entries(value)) out[name] = formatNumbers(v, format, depth + 1);
  return out;
}

/**
 * Rewrites the bare tokens of raw JSON text (runs of letters, digits, `+ - .` outside strings:
 * numbers, literals, and words like NaN that are not JSON) through `rewrite`; undefined keeps one.
 */
export function rewriteBareTokens(text: string, rewrite: (token: string) => string | undefined): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      const end = endOfString(text, i);
      out += text.slice(i, end);
      i = end;
    } else if (/[A-Za-z0-9+\-.]/.test(c)) {
      let end = i + 1;
      while (end < text.length && /[A-Za-z0-9+\-.]/.test(text[end]!)) end++;
      const token = text.slice(i, end);
      out += rewrite(token) ?? token;
      i = end;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The index just past the string whose quote is at `start` (or the end of text if unclosed). */
function endOfString(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    if (text[i] === "\\") i += 2;
    else if (text[i] === '"') return i + 1;
    else i++;
  }
  return text.length;
}

/** Keys compared by Unicode code point instead of UTF-16 code unit (what Python, Go and Rust sort by). */
export function compareCodePoints(a: string, b: string): number {
  const x = Array.from(a, (ch) => ch.codePointAt(0)!);
  const y = Array.from(b, (ch) => ch.codePointAt(0)!);
  for (let k = 0; k < Math.min(x.length, y.length); k++) if (x[k] !== y[k]) return x[k]! - y[k]!;
  return x.length - y.length;
}

/**
 * A small serializer whose member order is `compare`: right in everything else (JSON.stringify's
 * string form, String(n) numbers), so a known-bad built on it has exactly one fault.
 */
export function serializeOrdered(
  value: JsonValue,
  compare: (a: string, b: string) => number,
  depth = 0,
  writeName: (name: string) => string = JSON.stringify,
): string {
  if (depth > MAX_WALK_DEPTH) throw new Error(`nesting deeper than ${MAX_WALK_DEPTH} levels`);
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  // Each level calls itself directly: a frame more per level would overflow the stack sooner.
  if (Array.isArray(value))
    return `[${value.map((v) => serializeOrdered(v, compare, depth + 1, writeName)).join(",")}]`;
  const names = Object.keys(value).sort(compare);
  return `{${names.map((k) => `${writeName(k)}:${serializeOrdered(value[k]!, compare, depth + 1, writeName)}`).join(",")}}`;
}

/** Raw JSON text with `rewrite` applied to each string (its quotes included), the rest kept. */
export function rewriteStrings(text: string, rewrite: (string: string) => string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const quote = text.indexOf('"', i);
    if (quote < 0) return out + text.slice(i);
    const close = endOfString(text, quote);
    out += text.slice(i, quote) + rewrite(text.slice(quote, close));
    i = close;
  }
  return out;
}
