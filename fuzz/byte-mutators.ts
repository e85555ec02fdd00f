// Mutations that know nothing of JSON: they work on the bytes, as line noise, a bad copy, a wrong
// encoding or a truncated download would. Each is named so that counts and findings can say which
// one produced an input.
import type { Rng } from "./rng.js";

export interface Mutator<T> {
  name: string;
  apply(rng: Rng, input: T): T;
}

const encoder = new TextEncoder();

/** Bytes a parser treats specially: structure, quotes, escapes, UTF-8 lead and continuation bytes. */
const INTERESTING = [
  0x00, 0x09, 0x0a, 0x0d, 0x20, 0x22, 0x2c, 0x2d, 0x2e, 0x30, 0x31, 0x3a, 0x45, 0x5b, 0x5c, 0x5d, 0x65, 0x7b,
  0x7d, 0x7f, 0x80, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff,
];

/** Byte sequences that are wrong or special in UTF-8: overlong, surrogate, past U+10FFFF, BOM, NBSP. */
const INTERESTING_SEQUENCES: Uint8Array[] = [
  [0xc0, 0xaf],
  [0xe0, 0x80, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xed, 0xbf, 0xbf],
  [0xf4, 0x90, 0x80, 0x80],
  [0xef, 0xbb, 0xbf],
  [0xc2, 0xa0],
  [0xe2, 0x80, 0xa8],
  [0xf0, 0x9f, 0x98, 0x80],
  [0xf0, 0x9f, 0x98],
].map((s) => Uint8Array.from(s));

function splice(input: Uint8Array, at: number, remove: number, insert: Uint8Array): Uint8Array {
  const out = new Uint8Array(input.length - remove + insert.length);
  out.set(input.subarray(0, at), 0);
  out.set(insert, at);
  out.set(input.subarray(at + remove), at + insert.length);
  return out;
}

function utf16(input: Uint8Array, littleEndian: boolean, bom: boolean): Uint8Array {
  const text = new TextDecoder("utf-8").decode(input);
  const units = (bom ? "\uFEFF" : "") + text;
  const out = new Uint8Array(units.length * 2);
  const view = new DataView(out.buffer);
  for (let i = 0; i < units.length; i++) view.setUint16(i * 2, units.charCodeAt(i), littleEndian);
  return out;
}

export const BYTE_MUTATORS: Mutator<Uint8Array>[] = [
  {
    name: "bit-flip",
    apply(rng, input) {
      if (input.length === 0) return input;
      const out = Uint8Array.from(input);
      const flips = rng.chance(0.7) ? 1 : rng.range(2, 8);
      for (let i = 0; i < flips; i++) out[rng.int(out.length)]! ^= 1 << rng.int(8);
      return out;
    },
  },
  {
    name: "byte-set",
    apply(rng, input) {
      if (input.length === 0) return input;
      const out = Uint8Array.from(input);
      out[rng.int(out.length)] = rng.chance(0.5) ? rng.pick(INTERESTING) : rng.u32() & 0xff;
      return out;
    },
  },
  {
    name: "byte-insert",
    apply(rng, input) {
      const insert = rng.chance(0.3)
        ? rng.pick(INTERESTING_SEQUENCES)
        : rng.chance(0.5)
          ? Uint8Array.of(rng.pick(INTERESTING))
          : rng.bytes(rng.range(1, 4));
      return splice(input, rng.int(input.length + 1), 0, insert);
    },
  },
  {
    name: "byte-delete",
    apply(rng, input) {
      if (input.length === 0) return input;
      const at = rng.int(input.length);
      return splice(input, at, Math.min(rng.range(1, 4), input.length - at), new Uint8Array());
    },
  },
  {
    name: "chunk-duplicate",
    apply(rng, input) {
      if (input.length === 0) return input;
      const from = rng.int(input.length);
      const chunk = input.slice(from, from + rng.range(1, 64));
      return splice(input, rng.int(input.length + 1), 0, chunk);
    },
  },
  {
    name: "truncate",
    apply(rng, input) {
      return input.slice(0, rng.int(input.length));
    },
  },
  {
    name: "append-garbage",
    apply(rng, input) {
      const tail = rng.pick([encoder.encode(" {}"), encoder.encode("\n"), encoder.encode("x"), rng.bytes(3)]);
      return splice(input, input.length, 0, tail);
    },
  },
  {
    name: "random-bytes",
    apply(rng) {
      return rng.bytes(rng.range(0, 256));
    },
  },
  {
    name: "utf8-bom",
    apply(_rng, input) {
      return splice(input, 0, 0, Uint8Array.of(0xef, 0xbb, 0xbf));
    },
  },
  {
    name: "utf16",
    apply(rng, input) {
      return utf16(input, rng.chance(0.5), rng.chance(0.5));
    },
  },
];
