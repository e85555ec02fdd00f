// The byte-level facts batching decides on, read without parsing: what a JSON text's top-level value
// opens with, what surrounds it, how deep it nests; and an array answer cut into its elements. Both
// scan JSON's structure only (strings skipped by their quotes and escapes), so they cost one pass.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/** JSON's four whitespace bytes (RFC 8259 §2). */
function isWhitespace(b: number): boolean {
  return b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;
}

export interface Shape {
  /** The first byte of the top-level value, after any whitespace: `{`, `[`, or anything else. */
  top: "object" | "array" | "other";
  /** Bytes before the value that are JSON whitespace (a BOM is not). */
  leading: number;
  /** JSON whitespace bytes after the value. */
  trailing: number;
  /** It starts with the UTF-8 byte-order mark. */
  bom: boolean;
  /** The deepest nesting of arrays and objects: `[1]` is 1, a scalar 0 (as src/jcs counts). */
  depth: number;
}

/** The shape of `input` (file comment); meaningful for JSON, harmless for anything else. */
export function shapeOf(input: Uint8Array): Shape {
  const bom = input.length >= 3 && input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf;
  let leading = 0;
  while (leading < input.length && isWhitespace(input[leading]!)) leading++;
  let trailing = 0;
  while (trailing < input.length - leading && isWhitespace(input[input.length - 1 - trailing]!)) trailing++;
  const first = input[leading];
  const top = first === OPEN_OBJECT ? "object" : first === OPEN_ARRAY ? "array" : "other";
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < input.length; i++) {
    const b = input[i]!;
    if (inString) {
      if (b === BACKSLASH) i++;
      else if (b === QUOTE) inString = false;
    } else if (b === QUOTE) inString = true;
    else if (b === OPEN_ARRAY || b === OPEN_OBJECT) deepest = Math.max(deepest, ++depth);
    else if (b === CLOSE_ARRAY || b === CLOSE_OBJECT) depth--;
  }
  return { top, leading, trailing, bom, depth: deepest };
}

/**
 * The elements of an array answer, as the exact bytes between its top-level commas; null when the
 * answer is not `[` ... `]` with its brackets balanced. No whitespace is trimmed: a canonical element
 * has none around it, so an element that came back with some is simply not right.
 */
export function splitArray(answer: Uint8Array): Uint8Array[] | null {
  const last = answer.length - 1;
  if (last < 1 || answer[0] !== OPEN_ARRAY || answer[last] !== CLOSE_ARRAY) return null;
  if (last === 1) return [];
  const parts: Uint8Array[] = [];
  let depth = 0;
  let inString = false;
  let start = 1;
  for (let i = 1; i < last; i++) {
    const b = answer[i]!;
    if (inString) {
      if (b === BACKSLASH) i++;
      else if (b === QUOTE) inString = false;
    } else if (b === QUOTE) inString = true;
    else if (b === OPEN_ARRAY || b === OPEN_OBJECT) depth++;
    else if (b === CLOSE_ARRAY || b === CLOSE_OBJECT) {
      if (--depth < 0) return null;
    } else if (b === COMMA && depth === 0) {
      parts.push(answer.subarray(start, i));
      start = i + 1;
    }
  }
  if (depth !== 0 || inString) return null;
  parts.push(answer.subarray(start, last));
  return parts;
}
