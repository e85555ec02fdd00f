// The per-request limits every adapter takes, checked once when it is made.
export function checkLimits(o: { timeoutMs: number; maxOutputBytes: number }): void {
  if (!Number.isFinite(o.timeoutMs) || o.timeoutMs <= 0) {
    throw new RangeError(`timeoutMs must be a positive number: ${o.timeoutMs}`);
  }
  if (!Number.isInteger(o.maxOutputBytes) || o.maxOutputBytes <= 0) {
    throw new RangeError(`maxOutputBytes must be a positive integer: ${o.maxOutputBytes}`);
  }
}
