// The sample rule. A confirmed input is never asked alone by its check: its batch answer stands for it.
// A command that answers rightly only when its input looks like a batch (a long array of objects, say)
// would pass that way, and the sentinels cannot see it: they are a short array. So, after the batches, a
// random sample of the confirmed inputs is asked alone, a process each; if any comes back as anything
// but exactly its confirmed bytes, batching is off for the run, as the doubt rule turns it off
// (./sentinels.ts), and every request is asked alone.
//
// The sample's seed is drawn fresh for each run (a command cannot know which inputs will be asked
// again from the run's settings) and said in the batch report, so that a run can be replayed with it
// (`--once-batch-seed`). What the check covers, and what it does not, is in docs/protocol.md
// ("The sample rule").
import { createHash, randomBytes } from "node:crypto";
import { ask } from "../ask.js";
import { bytesEqual } from "../bytes.js";
import { showAnswer, showBytes } from "../checks/show.js";
import type { Canonicalizer } from "../types.js";
import type { BatchItem } from "./collect.js";

/** Confirmed inputs asked alone again in each run: about 8% more processes on a passing default run
 * (283), enough that a defect in a third of the confirmed inputs is missed about once in 30,000 runs. */
export const SAMPLE_SIZE = 24;
/** Characters of an answer the reason shows. */
const SHOWN = 80;

/** A seed is 16 lowercase hexadecimal digits: 64 bits, drawn from the system's random source. */
export const SAMPLE_SEED = /^[0-9a-f]{16}$/;

/** A fresh seed for a run's sample. */
export function drawSampleSeed(): string {
  return randomBytes(8).toString("hex");
}

/** The `k`th number from 0 to `n` - 1 of the stream `seed` names: the same on every machine. */
function draw(seed: string, k: number, n: number): number {
  const digest = createHash("sha256").update(`canon-conformance sample ${seed} ${k}`).digest();
  // 48 bits modulo n (at most a few thousand inputs): the bias is below 2^-36.
  return digest.readUIntBE(0, 6) % n;
}

/** Up to `size` of `items`, chosen by `seed` without repeats, in the order drawn (a partial
 * Fisher-Yates shuffle of their places). The same seed and items give the same sample. */
export function sampleOf<T>(items: readonly T[], seed: string, size = SAMPLE_SIZE): T[] {
  const places = items.map((_, k) => k);
  const n = Math.min(size, items.length);
  for (let k = 0; k < n; k++) {
    const pick = k + draw(seed, k, places.length - k);
    [places[k], places[pick]] = [places[pick]!, places[k]!];
  }
  return places.slice(0, n).map((k) => items[k]!);
}

/** What asking the sample alone found. */
export interface SampleFinding {
  /** The inputs asked alone. */
  asked: BatchItem[];
  /** Why batching must be off (an input answered otherwise alone), or undefined when all agreed. */
  off?: string;
}

/**
 * Asks a sample of `confirmed` (the confirmed items, in the order their batches were sent) alone, a
 * process each, all at once as the adapter's jobs allow, and compares each answer with the item's
 * confirmed bytes.
 */
export async function doubtOfSample(
  impl: Canonicalizer,
  confirmed: readonly BatchItem[],
  seed: string,
  size = SAMPLE_SIZE,
): Promise<SampleFinding> {
  const asked = sampleOf(confirmed, seed, size);
  const answers = await Promise.all(asked.map((item) => ask(impl, item.input)));
  const differ = asked.flatMap((item, k) => {
    const answer = answers[k]!;
    return answer.status === "canonical" && bytesEqual(answer.output, item.expected)
      ? []
      : [{ item, answer }];
  });
  const first = differ[0];
  if (first === undefined) return { asked };
  const { item, answer } = first;
  const at =
    answer.status === "canonical"
      ? `; they first differ at byte ${firstDifference(answer.output, item.expected)}`
      : "";
  return {
    asked,
    off:
      `${differ.length} of ${asked.length} confirmed inputs asked alone again (sample seed ${seed}) ` +
      `were answered otherwise: ${showBytes(item.input, SHOWN)} was answered ` +
      `${showAnswer(answer, SHOWN)} alone, and ${showBytes(item.expected, SHOWN)} in a batch${at}`,
  };
}

/** The offset of the first byte where `a` and `b` differ (the shorter's length when one begins the other). */
function firstDifference(a: Uint8Array, b: Uint8Array): number {
  let k = 0;
  while (k < a.length && k < b.length && a[k] === b[k]) k++;
  return k;
}
