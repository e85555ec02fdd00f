// Runs an async task over the items of an iterable with at most `concurrency` in flight, pulling
// items lazily so that a long stream (generated numbers blocks) never sits in memory whole.
import fc from "fast-check";

export async function forEachConcurrently<T>(
  items: Iterable<T>,
  concurrency: number,
  task: (item: T, index: number) => Promise<void>,
): Promise<void> {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`concurrency must be an integer >= 1, got ${concurrency}`);
  }
  const iterator = items[Symbol.iterator]();
  let index = 0;
  let finished = false;
  const next = (): { item: T; index: number } | undefined => {
    if (finished) return undefined;
    const step = iterator.next();
    if (step.done) {
      finished = true;
      return undefined;
    }
    return { item: step.value, index: index++ };
  };
  const worker = async (): Promise<void> => {
    for (let n = next(); n; n = next()) await task(n.item, n.index);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/**
 * Runs `task` over the values `arbitrary` draws for fast-check seed `seed`, run by run, exactly those
 * (and in that order) fc.sample(arbitrary, { seed, numRuns: runs }) would return, with at most
 * `concurrency` tasks in flight. Drawn lazily by fc.check itself, one value per run: never all at once
 * (100,000 values are some 8 million characters, and drawing them took seconds with the event loop
 * blocked, so SIGINT and SIGTERM waited), and the loop turns while tasks wait.
 */
export async function forEachSampled<T>(
  arbitrary: fc.Arbitrary<T>,
  draw: { seed: number; runs: number },
  concurrency: number,
  task: (value: T, index: number) => Promise<void>,
): Promise<void> {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`concurrency must be an integer >= 1, got ${concurrency}`);
  }
  if (draw.runs <= 0) return;
  const inFlight = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  let index = 0;
  await fc.check(
    fc.asyncProperty(arbitrary, async (value) => {
      if (failure) return true;
      while (inFlight.size >= concurrency) await Promise.race(inFlight);
      const p = task(value, index++).then(
        () => {
          inFlight.delete(p);
        },
        (error: unknown) => {
          inFlight.delete(p);
          failure ??= { error };
        },
      );
      inFlight.add(p);
      return true;
    }),
    { seed: draw.seed, numRuns: draw.runs },
  );
  await Promise.all(inFlight);
  if (failure) throw failure.error;
}
