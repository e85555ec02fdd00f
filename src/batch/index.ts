// Once mode's batches (docs/protocol.md, "Batches"): before the cases are judged, the inputs the run
// will send that may travel together (./select.ts) are found by a dry pass (./collect.ts), asked many
// to a process and confirmed (./confirm.ts), once the sentinels have shown the implementation reads a
// value the same at the top level and nested (./sentinels.ts), and a random sample of the confirmed
// inputs asked alone has agreed (./sample.ts). Then the checks run exactly as without
// batches, through a Canonicalizer that answers a confirmed input with its confirmed bytes and asks
// the implementation, one process per request, for anything else. No check knows batches exist but
// the generated suite, which may read what a batch showed of a wrong answer (./nested.ts).
import type { Answer, Canonicalizer, CorpusCase, NestedAnswers, Profile } from "../types.js";
import { type Collected, collectRequests, keyOf } from "./collect.js";
import { confirmBatches, packBatches } from "./confirm.js";
import { doubtOfSlices, itemsOf, nestedAnswersOf, type Shown, secondRound } from "./nested.js";
import { doubtOfSample, drawSampleSeed, SAMPLE_SIZE } from "./sample.js";
import { doubtOf, SENTINEL_REQUESTS } from "./sentinels.js";

export { SAMPLE_SEED, SAMPLE_SIZE } from "./sample.js";
export { kindMayBatch } from "./select.js";
export { SENTINEL_REQUESTS, SENTINELS } from "./sentinels.js";

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
  /** Set when the doubt rule or the sample rule turned batching off for the run: why. */
  off?: string;
  /** Confirmed inputs asked alone again (./sample.ts), and the seed that chose them; unset when no
   * batch was sent. */
  sampled?: number;
  sampleSeed?: string;
  /** Inputs found wrong in their place in an array answer, whose slices stand in for generated
   * draws (./nested.ts); unset when there were none. */
  sliced?: number;
  /** Set when there were such slices and a probe showed they may not stand in: why. */
  slicesOff?: string;
}

export interface BatchOptions {
  profile: Profile;
  /** I4's read side is the write side (./collect.ts). */
  readIsWrite: boolean;
  /** Told the plan before the first process starts, and again if the sentinels or the sample turn
   * batching off. */
  onPlan?: (report: BatchReport) => void;
  /** The seed of the sample of confirmed inputs asked alone (./sample.ts): a run's, to replay it; drawn
   * fresh when absent. */
  sampleSeed?: string;
}

/** Once mode's batches started for a run (`startBatches`). */
export interface Batching {
  /** What the checks ask, from the start: a request waits until the listing is done (so that the plan
   * is said before any process starts), and one for an input in a batch until the batches are
   * answered; every other request goes to `impl` at once, beside the batches. */
  canonicalizer: Canonicalizer;
  /** What was planned and done, once the batches are answered (or turned off). */
  done: Promise<BatchReport>;
  /** What the batches showed of each input beyond confirming it (./nested.ts), for generated draws. */
  nested: NestedAnswers;
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
      shown: undefined,
      report: {
        planned: collected.alone + collected.batchable,
        inputs: collected.items.length,
        batches: 0,
        confirmed: 0,
        off: `the batches could not be made: ${error instanceof Error ? error.message : String(error)}`,
      },
    })),
  );
  const confirmed = async (input: Uint8Array): Promise<Answer | undefined> => {
    const key = keyOf(input);
    const { keys } = await collecting;
    if (!keys.has(key)) return undefined;
    const output = (await confirming).shown?.confirmed.get(key);
    return output === undefined ? undefined : { status: "canonical", output: output.slice() };
  };
  const briefly = impl.canonicalizeBriefly;
  const canonicalizer: Canonicalizer = {
    label: impl.label,
    async canonicalize(input) {
      return (await confirmed(input)) ?? impl.canonicalize(input);
    },
    ...(briefly
      ? {
          async canonicalizeBriefly(input: Uint8Array) {
            return (await confirmed(input)) ?? briefly.call(impl, input);
          },
        }
      : {}),
    close: () => impl.close(),
  };
  // The slices, once the probes have tested them, and the second round (./nested.ts).
  const showing = Promise.all([collecting, confirming]).then(
    async ([{ keys }, c]): Promise<{ shown: Shown; trusted: boolean; off?: string } | undefined> => {
      if (c.shown === undefined) return undefined;
      if (c.shown.sliced.length === 0) return { shown: c.shown, trusted: false };
      const off = await doubtOfSlices(impl, c.shown);
      if (off !== undefined) return { shown: c.shown, trusted: false, off };
      const items = itemsOf(c.shown.slices.values(), keys, o.profile);
      return { shown: await secondRound(impl, c.shown, items), trusted: true };
    },
  );
  const shown = showing.catch(() => undefined);
  const done = Promise.all([confirming, shown]).then(([c, s]) => {
    const sliced = c.shown?.sliced.length ?? 0;
    if (sliced === 0) return c.report;
    return { ...c.report, sliced, ...(s?.off === undefined ? {} : { slicesOff: s.off }) };
  });
  return { canonicalizer, done, nested: nestedAnswersOf(shown, impl, o.profile) };
}

/** The sentinels, then the batches: the confirmed answers (none when batching is off). */
async function confirmAll(
  impl: Canonicalizer,
  collected: Collected,
  o: BatchOptions,
): Promise<{ report: BatchReport; shown: Shown | undefined }> {
  const batches = packBatches(collected.items);
  if (batches.length === 0) {
    const report = { planned: collected.alone + collected.batchable, inputs: 0, batches: 0, confirmed: 0 };
    o.onPlan?.(report);
    return { report, shown: undefined };
  }
  const sentinelRequests = SENTINEL_REQUESTS;
  const sampleSize = Math.min(SAMPLE_SIZE, collected.items.length);
  const report: BatchReport = {
    planned: collected.alone + batches.length + sentinelRequests + sampleSize,
    inputs: collected.items.length,
    batches: batches.length,
    confirmed: 0,
  };
  o.onPlan?.(report);
  const off = await doubtOf(impl);
  if (off !== undefined) {
    const alone = { ...report, planned: collected.alone + collected.batchable + sentinelRequests, off };
    o.onPlan?.(alone);
    return { report: alone, shown: undefined };
  }
  // Narrowing may cost at most half as many requests as there are inputs (./confirm.ts).
  const { answers, slices, sliced, requests } = await confirmBatches(
    impl,
    batches,
    Math.max(16, Math.ceil(collected.items.length / 2)),
  );
  // The sample rule: some confirmed inputs asked alone again, before any check reads a confirmed answer.
  const seed = o.sampleSeed ?? drawSampleSeed();
  const sample = await doubtOfSample(
    impl,
    batches.flat().filter((item) => answers.has(item.key)),
    seed,
    sampleSize,
  );
  const sampled = { sampled: sample.asked.length, sampleSeed: seed };
  if (sample.off !== undefined) {
    const spent = sentinelRequests + requests + sample.asked.length;
    const alone = {
      ...report,
      planned: spent + collected.alone + collected.batchable,
      ...sampled,
      off: sample.off,
    };
    o.onPlan?.(alone);
    return { report: alone, shown: undefined };
  }
  return {
    report: { ...report, confirmed: answers.size, ...sampled },
    shown: { confirmed: answers, slices, sliced },
  };
}

/** The same, waited for: the Canonicalizer to ask once the batches are answered (`impl` itself when
 * batching is off), and what was done. */
export async function prepareBatches(
  impl: Canonicalizer,
  cases: readonly CorpusCase[],
  o: BatchOptions,
): Promise<{ canonicalizer: Canonicalizer; report: BatchReport; nested: NestedAnswers }> {
  const started = startBatches(impl, cases, o);
  const report = await started.done;
  return {
    canonicalizer: report.off === undefined && report.batches > 0 ? started.canonicalizer : impl,
    report,
    nested: started.nested,
  };
}
