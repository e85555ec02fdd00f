// How big a sweep is. npm test runs each fast-check sweep at a fifteenth of its full size (enough to
// exercise every arbitrary and catch a regression on the common inputs) and leaves out the few tests
// that are only a larger size of another (a million nested arrays beside a hundred thousand); the slow
// suite imports the same test files again at full size (test/jcs/full-sweeps.slow.test.ts), so every
// sweep still runs whole in CI, with the same seed (its first runs are the fast suite's runs).
let full = false;

/** Switches this process to full size; call before the test files that ask are imported. */
export function useFullSweeps(): void {
  full = true;
}

/** Whether this process runs sweeps at full size (the slow suite). */
export function fullSweeps(): boolean {
  return full;
}

/** The runs for a sweep whose full size is `runs`. */
export function sweepRuns(runs: number): number {
  return full ? runs : Math.max(100, Math.round(runs / 15));
}
