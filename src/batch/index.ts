// Once mode's batches (docs/protocol.md, "Batches"): before the cases are judged, the inputs the run
// will send that may travel together (./select.ts) are found by a dry pass (./collect.ts), asked many
// to a process and confirmed (./confirm.ts), once the sentinels have shown the implementation reads a
// value the same at the top level and nested (./sentinels.ts). Then the checks run exactly as without
// batches, through a Canonicalizer that answers a confirmed input with its confirmed bytes and asks
// the implementation, one process per request, for anything else. No check knows batches exist.
import type { Canonicalizer, CorpusCase, Profile } from "../types.js";
import { type Collected, collectRequests, keyOf } from "./collect.js";
import { confirmBatches, packBatches } from "./confirm.js";
import { doubtOf, SENTINELS } from "./sentinels.js";

export { kindMayBatch } from "./select.js";
export { SENTINELS } from "./sentinels.js";

/** The most input bytes a run collects for batches; requests past it are asked alone. */
const MAX_COLLECTED_BYTES = 32 * 1024 * 1024;

/** What batching planned and did, for the reports. */
export interface BatchReport {
  /** Processes the run was to start when it began: the sentinels, the batches and every request
   * that goes alone (a batch that fails costs more, a request answered from a batch none). */
  planned: number;
  /** Inputs collected to travel in batches, and the batches they made. */
  inputs: number;
  batches: number;
  /** Inputs confirmed (each then answered without a process, however often it is asked). */
  confirmed: number;
  /** Set when the doubt rule turned batching off for the run: why. */
  off?: string;
}

export interface BatchOptions {
  profile: Profile;
  /** I4's read side is the write side (./collect.ts). */
  readIsWrite: boolean;
  /** Told the plan before the first process starts, and again if the sentinels turn batching off. */
  onPlan?: (report: BatchReport) => void;
}

/** Once mode's batches started for a run (`startBatches`). */
export interface Batching {
  /** What the checks ask, from the start: a request waits until the listing is done (so that the plan
   * is said before any process starts), and one for an input in a batch until the batches are
   * answered; every other request goes to `impl` at once, beside the batches. */
  canonicalizer: Canonicalizer;
  /** What was planned and done, once the batches are answered (or turned off). */
  done: Promise<BatchReport>;
}

/**
 * Starts batches for `impl` over `cases` (file comment). `impl` is asked directly for the sentinels
 * and the batches.
 */
export function startBatches(impl: Canonicalizer, cases: readonly CorpusCase[], o: BatchOptions): Batching {
  const collecting = collectRequests(cases, {
    profile: o.profile,
    readIsWrite: o.readIsWrite,
    maxBytes: MAX_COLLECTED_BYTES,
  }).then((collected) => ({ collected, keys: new Set(collected.items.map((i) => i.key)) }));
  const confirming = collecting.then(({ collected }) =>
    confirmAll(impl, collected, o).catch((error: unknown) => ({
      answers: new Map<string, Uint8Array>(),
      report: {
        planned: collected.alone + collected.batchable,
        inputs: collected.items.length,
        batches: 0,
        confirmed: 0,
        off: `the batches could not be made: ${error instanceof Error ? error.message : String(error)}`,
      },
    })),
  );
  const canonicalizer: Canonicalizer = {
    label: impl.label,
    async canonicalize(input) {
      const key = keyOf(input);
      const { keys } = await collecting;
      if (keys.has(key)) {
        const output = (await confirming).answers.get(key);
        if (output !== undefined) return { status: "canonical", output: output.slice() };
      }
      return impl.canonicalize(input);
    },
    close: () => impl.close(),
  };
  return { canonicalizer, done: confirming.then((c) => c.report) };
}

/** The sentinels, then the batches: the confirmed answers (none when batching is off). */
async function confirmAll(
  impl: Canonicalizer,
  collected: Collected,
  o: BatchOptions,
): Promise<{ answers: ReadonlyMap<string, Uint8Array>; report: BatchReport }> {
  const none = new Map<string, Uint8Array>();
  const batches = packBatches(collected.items);
  if (batches.length === 0) {
    const report = { planned: collected.alone + collected.batchable, inputs: 0, batches: 0, confirmed: 0 };
    o.onPlan?.(report);
    return { answers: none, report };
  }
  const sentinelRequests = SENTINELS.length + 1;
  const report: BatchReport = {
    planned: collected.alone + batches.length + sentinelRequests,
    inputs: collected.items.length,
    batches: batches.length,
    confirmed: 0,
  };
  o.onPlan?.(report);
  const off = await doubtOf(impl);
  if (off !== undefined) {
    const alone = { ...report, planned: collected.alone + collected.batchable + sentinelRequests, off };
    o.onPlan?.(alone);
    return { answers: none, report: alone };
  }
  // Narrowing may cost at most half as many requests as there are inputs (./confirm.ts).
  const { answers } = await confirmBatches(
    impl,
    batches,
    Math.max(16, Math.ceil(collected.items.length / 2)),
  );
  return { answers, report: { ...report, confirmed: answers.size } };
}

/** The same, waited for: the Canonicalizer to ask once the batches are answered (`impl` itself when
 * batching is off), and what was done. */
export async function prepareBatches(
  impl: Canonicalizer,
  cases: readonly CorpusCase[],
  o: BatchOptions,
): Promise<{ canonicalizer: Canonicalizer; report: BatchReport }> {
  const started = startBatches(impl, cases, o);
  const report = await started.done;
  return {
    canonicalizer: report.off === undefined && report.batches > 0 ? started.canonicalizer : impl,
    report,
  };
}
