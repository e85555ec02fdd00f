// The per-request limits every adapter takes, checked once when it is made.
export function checkLimits(o: { timeoutMs: number; maxOutputBytes: number }): void {
  if (!Number.isFinite(o.timeoutMs) || o.timeoutMs <= 0) {
    throw new RangeError(`timeoutMs must be a positive number: ${o.timeoutMs}`);
  }
  if (!Number.isInteger(o.maxOutputBytes) || o.maxOutputBytes <= 0) {
    throw new RangeError(`maxOutputBytes must be a positive integer: ${o.maxOutputBytes}`);
  }
}

/** The time limit of a request whose time-out decides no verdict (Canonicalizer.canonicalizeBriefly):
 * a fifth of the full one, at least 1 s (and never more than the full one). */
export function briefTimeoutMs(timeoutMs: number): number {
  return Math.min(timeoutMs, Math.max(1000, Math.ceil(timeoutMs / 5)));
}

/** How long a pipelined lines request owed a line waits before it is the suspect (docs/protocol.md,
 * "A hang: the suspect"): a tenth of the full limit, at least 1 s (and never more than the full one).
 * Its time-out decides nothing (the suspect is then asked alone with the full limit), and the pipeline
 * waits it out once for each request that hangs, one after another; a slow answer it cuts short costs
 * a restart and that one request asked alone, never a verdict. */
export function stallTimeoutMs(timeoutMs: number): number {
  return Math.min(timeoutMs, Math.max(1000, Math.ceil(timeoutMs / 10)));
}
