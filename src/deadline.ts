// A time limit that a busy harness cannot misjudge. While the event loop is held up (a long
// synchronous step, a loaded machine), an answer can arrive in time and wait to be read; when the loop
// runs again its timers come first, so a plain timer would call that answer late. Here the expiry
// waits one more turn of the loop (setImmediate runs after the poll phase, which delivers the output,
// exits and file results that are ready), so what arrived in time is taken first and cancels it.

/** Calls `expire` once `ms` have passed and the I/O ready by then has been delivered; returns the
 * cancel function. */
export function deadline(ms: number, expire: () => void): () => void {
  let immediate: NodeJS.Immediate | undefined;
  const timer = setTimeout(() => {
    immediate = setImmediate(expire);
  }, ms);
  return () => {
    clearTimeout(timer);
    if (immediate !== undefined) clearImmediate(immediate);
  };
}
