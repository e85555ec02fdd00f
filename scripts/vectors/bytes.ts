// Spelling a case's bytes: J`...` is a JSON text exactly as typed (backslashes kept), x(...)
// concatenates UTF-8 text and raw bytes so that invalid UTF-8 can be spelled out.

export const J = String.raw;
const utf8 = new TextEncoder();
export type Bytes = string | Uint8Array;
export function x(...parts: (string | number[])[]): Uint8Array {
  const chunks = parts.map((p) => (typeof p === "string" ? utf8.encode(p) : Uint8Array.from(p)));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
export const toBytes = (b: Bytes) => (typeof b === "string" ? utf8.encode(b) : b);
export const hex2 = (n: number) => n.toString(16).padStart(2, "0");
