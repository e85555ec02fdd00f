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
