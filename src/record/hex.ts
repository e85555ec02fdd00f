// Lowercase hexadecimal, the only form the record (seed 003 §2) writes keys, digests and signatures in.

export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out;
}

/** True when `text` is exactly `length` lowercase hexadecimal digits. */
export function isLowerHex(text: string, length: number): boolean {
  return text.length === length && /^[0-9a-f]*$/.test(text);
}

/** Decodes hex of either case; the caller has already checked the form. */
export function fromHex(text: string): Uint8Array {
  if (text.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(text)) throw new RangeError("not hexadecimal");
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return out;
}
