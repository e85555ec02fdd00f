// The generated `numbers` suite (DESIGN.md "Numbers"): the edge cases of the manifest first, then
// doubles drawn from random 64-bit patterns by a fixed-seed generator, NaN and Infinity skipped. Each
// input is spelled with an exponent and 17 significant digits, so it reads back as the same double and
// is never an integer literal (which an implementation may refuse past 2^53); the expected text is
// String(n), which is exactly RFC 8785 §3.2.2.3. Nothing is stored: a case states its stretch of the
// sweep, and its blocks are made when iterated (numberBlocks), so any count runs in bounded memory.
import { rangeWidth, writeRangeName } from "../text-forms.js";
import type { CorpusCase, NumberBlock, NumbersRange } from "../types.js";
import type { NumbersManifest } from "./manifest.js";

export interface NumbersPlan {
  seed: number;
  /** How many numbers the run sends in all. */
  count: number;
  blockSize: number;
  blocksPerCase: number;
  /** The edge-case doubles, sent first. */
  edges: readonly number[];
  why: string;
  source: string;
}

export function numbersPlan(manifest: NumbersManifest, count: number, seed = manifest.seed): NumbersPlan {
  return {
    seed,
    count,
    blockSize: manifest.blockSize,
    blocksPerCase: manifest.blocksPerCase,
    edges: manifest.edgeCases.map((edge) => doubleFromBits(edge.bits)),
    why: manifest.why,
    source: manifest.source,
  };
}

/** The run's numbers as cases of `blocksPerCase` blocks each, named `seed-S/FIRST-LAST`. */
export function numbersCases(plan: NumbersPlan): CorpusCase[] {
  const perCase = plan.blockSize * plan.blocksPerCase;
  const width = rangeWidth(plan.count, 9);
  const cases: CorpusCase[] = [];
  for (let start = 0; start < plan.count; start += perCase) {
    const range = { seed: plan.seed, from: start, to: Math.min(start + perCase, plan.count) - 1 };
    cases.push({
      suite: "numbers",
      name: writeRangeName(range, width),
      why: plan.why,
      source: plan.source,
      kind: "numbers",
      ...range,
      count: range.to - range.from + 1,
      blockSize: plan.blockSize,
      edges: plan.edges,
    });
  }
  return cases;
}

/** The blocks of a numbers case, made as they are iterated: each a JSON array of `blockSize`
 * spellings and the exact text RFC 8785 requires for it. */
export function* numberBlocks(range: NumbersRange): Generator<NumberBlock> {
  const encoder = new TextEncoder();
  for (let first = range.from; first <= range.to; first += range.blockSize) {
    const last = Math.min(first + range.blockSize, range.to + 1);
    const inputs: string[] = [];
    const expected: string[] = [];
    for (let i = first; i < last; i++) {
      const n = numberAt(range, i);
      inputs.push(spellInput(n));
      expected.push(String(n));
    }
    yield {
      input: encoder.encode(`[${inputs.join(",")}]`),
      expected: encoder.encode(`[${expected.join(",")}]`),
      count: last - first,
    };
  }
}

/** The i-th number of the run: an edge case, or the generator's draw number i - edges. */
function numberAt(plan: { seed: number; edges: readonly number[] }, i: number): number {
  const edge = plan.edges[i];
  if (edge !== undefined) return edge;
  return randomDouble(plan.seed, i - plan.edges.length);
}

/** `n` with an exponent and 17 significant digits; -0 keeps its sign, which toExponential drops. */
export function spellInput(n: number): string {
  return Object.is(n, -0) ? "-0.0000000000000000e+0" : n.toExponential(16);
}

const scratch = new DataView(new ArrayBuffer(8));

export function doubleFromBits(hex: string): number {
  scratch.setUint32(0, Number.parseInt(hex.slice(0, 8), 16));
  scratch.setUint32(4, Number.parseInt(hex.slice(8, 16), 16));
  return scratch.getFloat64(0);
}

/**
 * Draw number `r` of stream `seed`: a finite double from a random 64-bit pattern. The generator is
 * counter-based (every draw a hash of seed and index), so a case can start anywhere in the stream
 * without replaying what comes before it; non-finite patterns are redrawn from the next lane.
 */
function randomDouble(seed: number, r: number): number {
  const hi = Math.floor(r / 0x1_0000_0000);
  const lo = r >>> 0;
  const base = lowbias32(lowbias32(lowbias32(seed ^ 0x9e3779b9) ^ hi) ^ lo);
  for (let lane = 0; ; lane += 2) {
    scratch.setUint32(0, lowbias32(base ^ lane));
    scratch.setUint32(4, lowbias32(base ^ (lane + 1)));
    const n = scratch.getFloat64(0);
    if (Number.isFinite(n)) return n;
  }
}

/** A 32-bit integer hash with good avalanche (Chris Wellons' "lowbias32"); a bijection on 32 bits.
 * The numbers stream and the generated suite's seed derivation both use it. */
export function lowbias32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}
