// The attack of issue 38, item 6: a canonicalizer that answers rightly only when its input looks like
// once mode's batch (a top-level array of 9 or more objects or arrays; the sentinels' array has 7), and
// is known-bad NAME otherwise. Its batches confirm every input, its sentinels agree (it is the same
// known-bad alone and in a short array), so without the sample rule (src/batch/sample.ts) a default
// once run calls it conformant; asked alone, each input gets the known-bad's answer.
import { knownBad } from "../../src/known-bad/index.js";
import { referenceWrite } from "../../src/known-bad/tools.js";

/** An array of this many objects or arrays is answered as the reference answers it. */
export const BATCH_SHAPED_LENGTH = 9;

/** The input is a top-level array of at least BATCH_SHAPED_LENGTH objects or arrays. */
export function looksLikeABatch(input: Uint8Array): boolean {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(input));
  } catch {
    return false;
  }
  return (
    Array.isArray(value) &&
    value.length >= BATCH_SHAPED_LENGTH &&
    value.every((element) => typeof element === "object" && element !== null)
  );
}

/** Known-bad `name`'s write side, right (the reference) on an input that looks like a batch. */
export function rightOnlyInBatches(name: string): (input: Uint8Array) => Uint8Array {
  const bad = knownBad(name).write;
  return (input) => (looksLikeABatch(input) ? referenceWrite(input) : bad(input));
}
