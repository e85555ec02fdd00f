// How a request travels as one line in the lines protocol. A raw CR or LF cannot sit inside a line, so
// each one outside a JSON string becomes a space (insignificant whitespace, RFC 8259 §2) and each one
// inside a string becomes U+0001 (still an unescaped control character, which RFC 8259 §7 forbids, so
// the input stays one that must be rejected). String state is tracked over the raw bytes, escapes
// included; the input may be invalid JSON or invalid UTF-8: bytes >= 0x80 never look like `"`, `\`,
// CR or LF, so the rule holds byte by byte whatever the input is.

const CR = 0x0d;
const LF = 0x0a;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const SPACE = 0x20;
const U0001 = 0x01;

/** The request line for `input`: the bytes with CR/LF mapped, then one LF. */
export function encodeRequestLine(input: Uint8Array): Buffer {
  const line = Buffer.allocUnsafe(input.length + 1);
  let inString = false;
  let escaped = false;
  for (let i = 0; i < input.length; i++) {
    const b = input[i]!;
    if (b === CR || b === LF) {
      line[i] = inString ? U0001 : SPACE;
      escaped = false;
      continue;
    }
    line[i] = b;
    if (!inString) {
      if (b === QUOTE) inString = true;
    } else if (escaped) {
      escaped = false;
    } else if (b === BACKSLASH) {
      escaped = true;
    } else if (b === QUOTE) {
      inString = false;
    }
  }
  line[input.length] = LF;
  return line;
}
