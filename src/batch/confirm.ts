// Asking the collected inputs many to a process: each batch is one JSON array, and RFC 8785 writes an
// array element by element, so an answer byte for byte equal to the reference's canonical form of
// the array confirms every input in it: the implementation answered exactly that slice for it. A batch
// answered otherwise is narrowed (src/checks/narrow.ts, as a numbers block is): an array answer of the
// right length confirms each element found right in its place; anything else splits the batch in
// halves until the failing inputs stand alone. A failing input is never confirmed: its own check asks
// it alone, so its verdict and its `got` are its own; an input left alone by the narrowing is not
// asked as an array of one first (that would pay a hang twice), but left to its check.
import { askBriefly, askPart } from "../ask.js";
import { bytesEqual } from "../bytes.js";
import { narrowEarning } from "../checks/narrow.js";
import { answeredExactly } from "../checks/rules.js";
import type { Answer, Canonicalizer } from "../types.js";
import type { BatchItem } from "./collect.js";
import { splitArray } from "./shape.js";

/** A batch's bound in input bytes: well under any pipe or argument limit, big enough that the
 * default run needs a handful. */
export const MAX_BATCH_BYTES = 256 * 1024;
/** A batch's bound in inputs: a batch that fails as a whole costs about two requests per halving. */
export const MAX_BATCH_COUNT = 512;

/** The items in batches, in order, each within both bounds (an item alone may be the whole batch). */
export function packBatches(
  items: readonly BatchItem[],
  bounds = { bytes: MAX_BATCH_BYTES, count: MAX_BATCH_COUNT },
): BatchItem[][] {
  const batches: BatchItem[][] = [];
  let current: BatchItem[] = [];
  let size = 2;
  for (const item of items) {
    const grown = size + item.input.length + (current.length > 0 ? 1 : 0);
    if (current.length > 0 && (grown > bounds.bytes || current.length >= bounds.count)) {
      batches.push(current);
      current = [];
      size = 2;
    }
    size += item.input.length + (current.length > 0 ? 1 : 0);
    current.push(item);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** `[` + the parts joined by `,` + `]`. */
export function arrayOf(parts: readonly Uint8Array[]): Uint8Array {
  const size = parts.reduce((n, p) => n + p.length, 0) + Math.max(parts.length - 1, 0) + 2;
  const out = new Uint8Array(size);
  out[0] = 0x5b;
  let at = 1;
  parts.forEach((p, k) => {
    if (k > 0) out[at++] = 0x2c;
    out.set(p, at);
    at += p.length;
  });
  out[at] = 0x5d;
  return out;
}

export interface Confirmation {
  /** Each confirmed input's canonical bytes, by its key. */
  answers: Map<string, Uint8Array>;
  /** Each input found wrong in its place in an array answer: that place's bytes, by its key
   * (./nested.ts: not a verdict, and never one of a stored case). */
  slices: Map<string, Uint8Array>;
  /** The items of `slices`, in the order their batches were sent. */
  sliced: BatchItem[];
  /** Requests made: the batches and their narrowing. */
  requests: number;
}

/** What narrowing a batch of `n` inputs may spend beyond what it earns (one request for each input it
 * confirms, which its check then need not ask): the √n parts a batch with no answer is split into, and
 * the first levels of halving a refused one. */
export function narrowAllowance(n: number): number {
  return Math.ceil(Math.sqrt(n)) + 2;
}

/**
 * Asks `batches` of `impl` and confirms what they show (file comment). Each batch's narrowing pays its
 * way (`narrowEarning`): it may spend `narrowAllowance` requests plus one for each input it confirms,
 * so a batch most of whose inputs fail is not halved down to every input. And narrowing stops asking
 * once `narrowBudget` requests are spent in all: the inputs it has not placed yet stay unconfirmed, and
 * are asked alone by their checks, so a command that fails most of its inputs costs at most that much
 * more than asking everything alone.
 */
export async function confirmBatches(
  impl: Canonicalizer,
  batches: readonly BatchItem[][],
  narrowBudget: number,
): Promise<Confirmation> {
  const answers = new Map<string, Uint8Array>();
  const slices = new Map<string, Uint8Array>();
  const wrongIn = new Map<BatchItem, Uint8Array>();
  let requests = 0;
  let budget = narrowBudget;
  const confirm = (items: readonly BatchItem[]) => {
    for (const item of items) answers.set(item.key, item.expected);
  };
  const request = (items: readonly BatchItem[]) => ({
    input: arrayOf(items.map((i) => i.input)),
    expected: arrayOf(items.map((i) => i.expected)),
  });
  const narrowing = {
    request,
    parts: (a: Answer) => (a.status === "canonical" ? splitArray(a.output) : null),
    right: (item: BatchItem, part: Uint8Array) => bytesEqual(part, item.expected),
    ask: async (input: Uint8Array, alone: boolean, single: boolean): Promise<Answer> => {
      if (budget <= 0) return { status: "failed", reason: "narrowing budget spent" };
      budget--;
      requests++;
      return askPart(impl, input, alone, single);
    },
    leavesSingles: true,
    matched: confirm,
    wrong: (item: BatchItem, _answer: Answer, part: Uint8Array | undefined) => {
      if (part !== undefined) wrongIn.set(item, part.slice());
    },
    arrayWrong: () => {},
  };
  await Promise.all(
    batches.map(async (items) => {
      const { input, expected } = request(items);
      requests++;
      // A batch decides no verdict: a time-out there only narrows it (Canonicalizer.canonicalizeBriefly).
      const answer = await askBriefly(impl, input);
      if (answeredExactly(answer, expected)) confirm(items);
      else await narrowEarning(items, answer, narrowing, narrowAllowance(items.length));
    }),
  );
  // In the order sent, whatever order the processes ended in.
  const sliced = batches.flat().filter((item) => wrongIn.has(item));
  for (const item of sliced) slices.set(item.key, wrongIn.get(item)!);
  return { answers, slices, sliced, requests };
}
