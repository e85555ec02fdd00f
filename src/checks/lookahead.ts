// Which candidates fast-check will try next while it shrinks (./property.ts asks them many to a
// process, once mode's batches permitting: src/batch/nested.ts). The arbitrary is wrapped so that a
// shrink stream is pulled in chunks: when fast-check takes the first candidate of a chunk, the next
// ones are already known, and so are the first candidates of the step after it. fast-check takes candidates lazily, one at a time, and drops the stream at the
// first that fails, so the values, their order and the counterexample paths stay exactly fast-check's.
import fc from "fast-check";

/** Candidates known at once: a shrink step tries a few to a few dozen before one fails. */
export const AHEAD = 16;
/** Of a chunk's first PARENTS candidates, the first CHILDREN candidates each would shrink to are known
 * too: the step after one of them is taken usually starts among them. */
export const PARENTS = 4;
export const CHILDREN = 8;

export interface Lookahead<T> {
  /** The arbitrary to hand fast-check in place of the one wrapped. */
  arbitrary: fc.Arbitrary<T>;
  /** The candidate fast-check took last and the rest of its chunk, in order (`next`), and the first
   * candidates of the chunk's first few (`after`: what shrinking would try after taking one). */
  upcoming(): { next: readonly T[]; after: readonly T[] };
}

export function lookahead<T>(inner: fc.Arbitrary<T>, ahead = AHEAD): Lookahead<T> {
  let upcoming: { next: T[]; after: T[] } = { next: [], after: [] };
  class Ahead extends fc.Arbitrary<T> {
    generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
      return inner.generate(mrng, biasFactor);
    }
    canShrinkWithoutContext(value: unknown): value is T {
      return inner.canShrinkWithoutContext(value);
    }
    shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
      const source = inner.shrink(value, context)[Symbol.iterator]();
      const chunk: fc.Value<T>[] = [];
      let children: T[] = [];
      function* inChunks(): IterableIterator<fc.Value<T>> {
        for (;;) {
          if (chunk.length === 0) {
            for (let n = source.next(); !n.done; n = source.next()) {
              chunk.push(n.value);
              if (chunk.length === ahead) break;
            }
            // A shrink stream is lazy and depends only on its value and context: asking it here
            // changes nothing fast-check will ask of it.
            children = chunk
              .slice(0, PARENTS)
              .flatMap((v) => [...inner.shrink(v.value_, v.context).take(CHILDREN)].map((c) => c.value_));
          }
          const next = chunk.shift();
          if (next === undefined) return;
          upcoming = { next: [next, ...chunk].map((v) => v.value_), after: children };
          yield next;
        }
      }
      return new fc.Stream(inChunks());
    }
  }
  return { arbitrary: new Ahead(), upcoming: () => upcoming };
}
