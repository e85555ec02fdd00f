// Runs an async task over the items of an iterable with at most `concurrency` in flight, pulling
// items lazily so that a long stream (generated numbers blocks) never sits in memory whole.

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
