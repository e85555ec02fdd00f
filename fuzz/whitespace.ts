// Whitespace between tokens: the four characters RFC 8259 allows (the signed form does not change),
// or characters that look like whitespace but are not JSON's (the text is no longer JSON).
import type { Rng } from "./rng.js";

const LEGAL = [" ", "\t", "\n", "\r", "\r\n", "  "];
const ILLEGAL = ["\u000b", "\u000c", "\u00a0", "\u2028", "\ufeff", "\u0000", "\u3000"];

/** A gap function for tree.write: whitespace in about one gap in `1/density`, legal or not. */
export function whitespaceGap(rng: Rng, legal: boolean, density = 4): () => string {
  return () => {
    if (!rng.chance(1 / density)) return "";
    if (legal || !rng.chance(0.2)) return rng.pick(LEGAL);
    return rng.pick(ILLEGAL);
  };
}
