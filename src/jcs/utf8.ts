// Strict UTF-8 decoding. The native decoder in fatal mode implements the WHATWG/Unicode rules
// exactly (overlong forms, encoded surrogates such as ED A0 80, code points past U+10FFFF, truncated
// sequences and stray continuation bytes are all refused) and is far faster than a loop in JS; it only
// cannot say where the bad byte is, so that is found by a second, slow pass on the error path only.
import { JcsError } from "./errors.js";

// ignoreBOM: true keeps a leading U+FEFF in the text, so the parser can apply its BOM option itself.
const strictDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    const offset = firstInvalidUtf8Offset(bytes);
    throw new JcsError("invalid-utf8", offset, "the input is not valid UTF-8");
  }
}

/** Where the first ill-formed sequence starts (Unicode 15 Table 3-7), or -1 if there is none. */
export function firstInvalidUtf8Offset(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const length = utf8SequenceLength(bytes, i);
    if (length <= 0) return i;
    i += length;
  }
  return -1;
}

/**
 * The length of the well-formed UTF-8 sequence at `i` (Unicode 15 Table 3-7), 0 if it is ill-formed,
 * or -1 if it is a well-formed start cut short by the end of `bytes`.
 */
export function utf8SequenceLength(bytes: Uint8Array, i: number): number {
  const b = bytes[i]!;
  if (b < 0x80) return 1;
  let need: number;
  let lo = 0x80;
  let hi = 0xbf;
  if (b >= 0xc2 && b <= 0xdf) need = 1;
  else if (b >= 0xe0 && b <= 0xef) {
    need = 2;
    if (b === 0xe0) lo = 0xa0; // overlong
    if (b === 0xed) hi = 0x9f; // UTF-16 surrogates
  } else if (b >= 0xf0 && b <= 0xf4) {
    need = 3;
    if (b === 0xf0) lo = 0x90; // overlong
    if (b === 0xf4) hi = 0x8f; // past U+10FFFF
  } else return 0;
  for (let k = 1; k <= need; k++) {
    const c = bytes[i + k];
    if (c === undefined) return -1;
    if (k === 1 ? c < lo || c > hi : c < 0x80 || c > 0xbf) return 0;
  }
  return need + 1;
}

/** The UTF-8 byte offset of UTF-16 index `index` in `text` (a well-formed string). */
export function byteOffsetOf(text: string, index: number): number {
  let bytes = 0;
  const end = Math.min(index, text.length);
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < end) {
      bytes += 4; // a surrogate pair is one 4-byte sequence
      i++;
    } else bytes += 3;
  }
  return bytes;
}
