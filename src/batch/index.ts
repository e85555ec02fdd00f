// Once mode's batches (docs/protocol.md, "Batches"): before the cases are judged, the inputs the run
// will send that may travel together (./select.ts) are found by a dry pass (./collect.ts), asked many
// to a process and confirmed (./confirm.ts), once the sentinels have shown the implementation reads a
// value the same at the top level and nested (./sentinels.ts). Then the checks run exactly as without
// batches, through a Canonicalizer that answers a confirmed input with its confirmed bytes and asks
// the implementation, one process per request, for anything else. No check knows batches exist.
import type { Canonicalizer, CorpusCase, Profile } from "../types.js";
import { collectRequests, keyOf } from "./collect.js";
import { confirmBatches, packBatches } from "./confirm.js";
import { doubtOf, SENTINELS } from "./sentinels.js";

export { SENTINELS } from "./sentinels.js";
export { splitArray } from "./shape.js";

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

/**
 * Batches for `impl` over `cases` (file comment): the Canonicalizer the checks are to ask, and what
 * was done. `impl` is asked directly for the sentinels and the batches.
 */
export async function prepareBatches(
  impl: Canonicalizer,
  cases: readonly CorpusCase[],
  o: BatchOptions,
): Promise<{ canonicalizer: Canonicalizer; report: BatchReport }> {
  const collected = await collectRequests(cases, {
    profile: o.profile,
    readIsWrite: o.readIsWrite,
    maxBytes: MAX_COLLECTED_BYTES,
  });
  const batches = packBatches(collected.items);
  if (batches.length === 0) {
    const report = { planned: collected.alone + collected.batchable, inputs: 0, batches: 0, confirmed: 0 };
    o.onPlan?.(report);
    return { canonicalizer: impl, report };
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
    return { canonicalizer: impl, report: alone };
  }
  // Narrowing may cost at most half as many requests as there are inputs (./confirm.ts).
  const { answers } = await confirmBatches(
    impl,
    batches,
    Math.max(16, Math.ceil(collected.items.length / 2)),
  );
  return { canonicalizer: answering(impl, answers), report: { ...report, confirmed: answers.size } };
}

/** `impl`, answering each confirmed input with its confirmed bytes and no process. */
export function answering(impl: Canonicalizer, answers: ReadonlyMap<string, Uint8Array>): Canonicalizer {
  return {
    label: impl.label,
    canonicalize(input) {
      const output = answers.get(keyOf(input));
      return output === undefined
        ? impl.canonicalize(input)
        : Promise.resolve({ status: "canonical", output: output.slice() });
    },
    ...(impl.canonicalizeAlone ? { canonicalizeAlone: impl.canonicalizeAlone.bind(impl) } : {}),
    close: () => impl.close(),
  };
}
