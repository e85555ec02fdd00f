// The small deterministic randomness the generated suite needs outside fast-check: a seeded stream
// for spelling choices (so a counterexample is a value and an integer, and replays exactly), and a
// hash that derives each chunk's fast-check seed from the run seed.
import { lowbias32 } from "../numbers.js";

/** One 32-bit seed from several integers (the run seed, a property's index, a chunk's first run). */
export function mixSeed(...parts: number[]): number {
  let h = 0x6a09e667;
  for (const part of parts) h = lowbias32(h ^ lowbias32(part >>> 0));
  return h >>> 0;
}

/**
 * A seeded stream of choices (mulberry32): the same seed always makes the same choices. Seed 0 is
 * the plain stream: it never deviates, always takes the first option and never shuffles, so a
 * spelling made with it is the plainest one, and fast-check's shrinking (towards 0) reaches it
 * whenever the failure does not depend on how the input was spelled.
 */
export class Choices {
  private state: number;
  readonly plain: boolean;

  constructor(seed: number) {
    this.state = seed >>> 0;
    this.plain = this.state === 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  }

  /** An integer in [0, n); 0 in the plain stream. */
  below(n: number): number {
    return this.plain ? 0 : Math.floor(this.next() * n);
  }

  /** True (leave the plain way) with probability p; never in the plain stream. */
  deviate(p: number): boolean {
    return !this.plain && this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)]!;
  }

  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    if (this.plain) return out;
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
}
