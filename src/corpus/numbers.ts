// The generated `numbers` suite (docs/architecture.md, "Judgement"): the edge cases of the manifest first, then the
// grid of short decimals (1..99 x 10^e for every exponent a double has, subnormals included: where
// real implementations wrote 149-digit decimals, threw or hung), then doubles drawn from random
// 64-bit patterns by a fixed-seed generator, NaN and Infinity skipped. An edge case or a draw is
// spelled with an exponent and 17 significant digits, a grid entry as `MeE`; neither is ever an
// integer literal (which an implementation may refuse past 2^53), and a grid entry that would
// overflow or round to 0 (a choice, canon-or-reject's underflow-to-zero) is left out. The expected
// text is String(n), which is exactly RFC 8785 §3.2.2.3. Nothing is stored: a case states its stretch of the
// sweep, and its blocks are made when iterated (numberBlocks), so any count runs in bounded memory.
import { rangeWidth, writeRangeName } from "../text-forms/index.js";
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
  /** The grid's spellings, sent next. */
  grid: readonly string[];
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
    grid: gridSpellings(manifest.grid.mantissas, manifest.grid.exponents),
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
      grid: plan.grid,
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
      const { n, spelled } = numberAt(range, i);
      inputs.push(spelled);
      expected.push(String(n));
    }
    yield {
      input: encoder.encode(`[${inputs.join(",")}]`),
      expected: encoder.encode(`[${expected.join(",")}]`),
      count: last - first,
    };
  }
}

/** The i-th number of the run and its input spelling: an edge case, a grid entry, or the generator's
 * draw number i - edges - grid. */
function numberAt(
  plan: { seed: number; edges: readonly number[]; grid: readonly string[] },
  i: number,
): { n: number; spelled: string } {
  const edge = plan.edges[i];
  if (edge !== undefined) return { n: edge, spelled: spellInput(edge) };
  const short = plan.grid[i - plan.edges.length];
  if (short !== undefined) return { n: Number(short), spelled: short };
  const n = randomDouble(plan.seed, i - plan.edges.length - plan.grid.length);
  return { n, spelled: spellInput(n) };
}

const grids = new Map<string, readonly string[]>();

/** `MeE` for each exponent E (ascending) and mantissa M, leaving out what overflows or rounds to 0;
 * made once per range and shared by every case of a run. */
export function gridSpellings(mantissas: [number, number], exponents: [number, number]): readonly string[] {
  const key = `${mantissas}/${exponents}`;
  const known = grids.get(key);
  if (known) return known;
  const out: string[] = [];
  for (let e = exponents[0]; e <= exponents[1]; e++) {
    for (let m = mantissas[0]; m <= mantissas[1]; m++) {
      const spelled = `${m}e${e}`;
      const n = Number(spelled);
      if (Number.isFinite(n) && n !== 0) out.push(spelled);
    }
  }
  grids.set(key, out);
  return out;
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
