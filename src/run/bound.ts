// Bounded by construction: whatever the command does (hang, stop its helpers, answer slowly, exit
// after N requests), a run ends, with its signed record, within a bound computed from its plan before
// the first case. Every wait on the command already has a deadline of its own (a request's time-out,
// a worker's silence and cleaning, the exit grace); this is the ceiling over all of them together, so
// that no way of combining them, now or after a later change, can hold a run past it. Once the bound
// is reached every request still waiting and every later one fails at once with a reason that says
// so, the adapter is closed (its processes killed), and the run goes on to seal and write its record.
import { EXIT_GRACE_MS } from "../adapters/launch.js";
import { WORKER_CLEAN_MS } from "../adapters/sandbox-worker.js";
import type { Answer, Canonicalizer } from "../types.js";

/** Room for the harness's own work around the requests (judging, narrowing, writing). */
export const BOUND_MARGIN_MS = 60_000;

/** What a run's bound is computed from: the requests its cases plan (src/corpus plannedRequests),
 * the per-request time-out, and how many requests run at once. */
export interface BoundPlan {
  requests: number;
  timeoutMs: number;
  /** Requests that may wait at the same time: once mode's jobs; 1 for lines mode, which asks again
   * alone one request at a time. */
  jobs: number;
}

/** The longest the requests of a run may take: each planned request asked twice (in a shortcut and
 * again alone), each holding a job for its whole time-out, its exit grace and a worker's cleaning. */
export function runBoundMs(p: BoundPlan): number {
  const perRequest = p.timeoutMs + EXIT_GRACE_MS + WORKER_CLEAN_MS;
  return BOUND_MARGIN_MS + Math.ceil((2 * Math.max(1, p.requests)) / Math.max(1, p.jobs)) * perRequest;
}

/** `ms` as a person reads a duration: "45 s", "12 min". */
export function showDuration(ms: number): string {
  return ms < 120_000 ? `${Math.ceil(ms / 1000)} s` : `${Math.ceil(ms / 60_000)} min`;
}

/** A Canonicalizer that answers no later than `endsAt` (a Date.now() time): at that moment every
 * request still waiting fails, `impl` is closed, and every later request fails without being asked. */
export interface BoundedCanonicalizer extends Canonicalizer {
  /** Whether the bound was reached. */
  reached(): boolean;
}

export function boundCanonicalizer(
  impl: Canonicalizer,
  endsAt: number,
  boundMs: number,
): BoundedCanonicalizer {
  const waiting = new Set<(a: Answer) => void>();
  let reached = false;
  const why = `the run reached its bound of ${showDuration(boundMs)} (computed from its plan) before the command answered`;
  const reach = () => {
    if (reached) return;
    reached = true;
    for (const resolve of [...waiting]) resolve({ status: "failed", reason: why });
    waiting.clear();
    // Ends what the adapter still runs; its own requests then settle as closed.
    void impl.close().catch(() => {});
  };
  // Not unref'd: an in-process implementation that never answers holds no handle of its own, and the
  // run must still reach its bound. close() clears it.
  const timer = setTimeout(reach, Math.max(0, endsAt - Date.now()));
  const within = (asked: () => Promise<Answer>): Promise<Answer> => {
    if (reached || Date.now() >= endsAt) {
      reach();
      return Promise.resolve({ status: "failed", reason: why });
    }
    return new Promise<Answer>((resolve) => {
      let done = false;
      const settle = (a: Answer) => {
        if (done) return;
        done = true;
        waiting.delete(settle);
        resolve(a);
      };
      waiting.add(settle);
      asked().then(settle, (error: unknown) =>
        settle({ status: "failed", reason: `the adapter failed: ${(error as Error)?.message ?? error}` }),
      );
    });
  };
  const alone = impl.canonicalizeAlone;
  const briefly = impl.canonicalizeBriefly;
  return {
    label: impl.label,
    canonicalize: (input) => within(() => impl.canonicalize(input)),
    ...(alone ? { canonicalizeAlone: (input: Uint8Array) => within(() => alone.call(impl, input)) } : {}),
    ...(briefly
      ? { canonicalizeBriefly: (input: Uint8Array) => within(() => briefly.call(impl, input)) }
      : {}),
    ...(impl.isolation
      ? {
          get isolation() {
            return impl.isolation;
          },
        }
      : {}),
    reached: () => reached,
    close: async () => {
      clearTimeout(timer);
      await impl.close();
    },
  };
}
