// What the batches show beyond what they confirm, for the generated suite only (docs/protocol.md,
// "Batches", "What a batch shows of a wrong answer"). A batch answered as an array of as many elements
// as it was sent holds, in each element's place, what the implementation wrote for that input one level
// down: its slice. A stored case never takes a verdict from a slice; a generated draw may, to pass or to
// be counted as a repeat of a cause its case already found, because neither names an answer a report
// shows (a draw that shows a new cause is still asked alone, and so is every answer a report prints).
//
// The premise (that a wrong answer reads the same at the top level and nested) is tested, not trusted,
// as the sentinels test it for right answers: a few wrong inputs spread over the slices are asked alone,
// and the slices are used only if each came back alone as exactly its slice. Then the slices that are
// themselves JSON a batch may carry (I1 sends an answer back) go in a second round of batches, so that a
// draw's canon(canon(x)) has its evidence too.
import { ask } from "../ask.js";
import { bytesEqual } from "../bytes.js";
import { showAnswer, showBytes } from "../checks/show.js";
import type { Canonicalizer, NestedAnswers, Profile } from "../types.js";
import { type BatchItem, keyOf } from "./collect.js";
import { confirmBatches, packBatches } from "./confirm.js";
import { batchForm } from "./select.js";

/** Wrong inputs asked alone to test the premise (file comment); each is at most one process. */
export const SLICE_PROBES = 4;
/** Characters of an answer the reason shows. */
const SHOWN = 80;
/** The most bytes of slices kept for a run: a command's answers are its own to size, the harness's
 * memory is not. Past it a slice is not kept (its draw is asked alone). */
export const MAX_SLICE_BYTES = 64 * 1024 * 1024;

/** The evidence of one or more rounds of batches. */
export interface Shown {
  /** Confirmed inputs' canonical bytes, by key. */
  confirmed: ReadonlyMap<string, Uint8Array>;
  /** Wrong inputs' slices, by key. */
  slices: ReadonlyMap<string, Uint8Array>;
  /** The items the slices belong to, in the order they were sent. */
  sliced: readonly BatchItem[];
}

/** A shrink's batch is not narrowed: a batch refused as a whole usually holds the candidate that
 * fails (what shrinking seeks), and halving it cost more than it saved (refuses_nul_names, ...). */
const SHOW_NARROWING = 0;

/**
 * The batches' evidence as a NestedAnswers: an input's confirmed canonical form, or its slice when
 * `trusted` (the probes agreed). `show` adds the inputs a shrink will try next, many to a process
 * (and, asked for I1, their answers in a second round), so that the candidates that pass cost no
 * process of their own.
 */
export function nestedAnswersOf(
  first: Promise<{ shown: Shown; trusted: boolean } | undefined>,
  impl: Canonicalizer,
  profile: Profile,
  maxSliceBytes = MAX_SLICE_BYTES,
): NestedAnswers {
  const confirmed = new Map<string, Uint8Array>();
  const slices = new Map<string, Uint8Array>();
  const sent = new Set<string>();
  let trusted = false;
  let sliceBytes = 0;
  function keep(found: ReadonlyMap<string, Uint8Array>): void {
    for (const [key, bytes] of found) {
      if (sliceBytes + bytes.length > maxSliceBytes) continue;
      sliceBytes += bytes.length;
      slices.set(key, bytes);
    }
  }
  const ready = first.then((f) => {
    if (f === undefined) return false;
    trusted = f.trusted;
    for (const [key, bytes] of f.shown.confirmed) confirmed.set(key, bytes);
    if (trusted) keep(f.shown.slices);
    for (const item of f.shown.sliced) sent.add(item.key);
    for (const key of f.shown.confirmed.keys()) sent.add(key);
    return true;
  });
  const take = (shown: Shown) => {
    for (const [key, bytes] of shown.confirmed) confirmed.set(key, bytes);
    if (trusted) keep(shown.slices);
  };
  return {
    async answer(input) {
      if (!(await ready)) return undefined;
      const key = keyOf(input);
      return confirmed.get(key) ?? slices.get(key);
    },
    async show(inputs, answersToo) {
      if (!(await ready)) return false;
      const items = itemsOf(inputs, sent, profile);
      if (items.length === 0) return true;
      for (const item of items) sent.add(item.key);
      const round = await confirmBatches(impl, packBatches(items), SHOW_NARROWING);
      const shown = { confirmed: round.answers, slices: round.slices, sliced: round.sliced };
      take(shown);
      const placed = round.answers.size + (trusted ? round.slices.size : 0);
      if (!answersToo || placed === 0) return placed > 0;
      const again = itemsOf(round.answers.values(), sent, profile);
      if (trusted) again.push(...itemsOf(shown.slices.values(), sent, profile));
      for (const item of again) sent.add(item.key);
      if (again.length === 0) return true;
      const second = await confirmBatches(impl, packBatches(again), SHOW_NARROWING);
      take({ confirmed: second.answers, slices: second.slices, sliced: second.sliced });
      return true;
    },
  };
}

/** Up to `n` of `items`, spread evenly from the first to the last. */
export function spread<T>(items: readonly T[], n = SLICE_PROBES): T[] {
  if (items.length <= n) return [...items];
  return Array.from({ length: n }, (_, k) => items[Math.floor((k * (items.length - 1)) / (n - 1))]!);
}

/** Why the slices may not stand for answers alone, or undefined when each probe agreed. */
export async function doubtOfSlices(impl: Canonicalizer, shown: Shown): Promise<string | undefined> {
  const probes = spread(shown.sliced);
  const alone = await Promise.all(probes.map((item) => ask(impl, item.input)));
  for (const [k, answer] of alone.entries()) {
    const slice = shown.slices.get(probes[k]!.key)!;
    if (answer.status !== "canonical" || !bytesEqual(answer.output, slice)) {
      return `a wrong input was answered ${showAnswer(answer, SHOWN)} alone, and ${showBytes(slice, SHOWN)} in a batch`;
    }
  }
  return undefined;
}

/** Those of `inputs` a batch may carry and none has yet, each once, as items: the slices I1 sends
 * back, and the right answers it sends back too. */
export function itemsOf(
  inputs: Iterable<Uint8Array>,
  sent: ReadonlySet<string>,
  profile: Profile,
): BatchItem[] {
  const items = new Map<string, BatchItem>();
  for (const input of inputs) {
    const key = keyOf(input);
    if (sent.has(key) || items.has(key)) continue;
    const form = batchForm(input, profile);
    if ("expected" in form) items.set(key, { key, input: input.slice(), expected: form.expected });
  }
  return [...items.values()];
}

/** A second round of batches over `items`: what it confirmed and sliced, with the first round's
 * (narrowing as the first round's may). */
export async function secondRound(
  impl: Canonicalizer,
  first: Shown,
  items: readonly BatchItem[],
): Promise<Shown> {
  if (items.length === 0) return first;
  const again = await confirmBatches(impl, packBatches(items), Math.max(16, Math.ceil(items.length / 2)));
  return {
    confirmed: new Map([...first.confirmed, ...again.answers]),
    slices: new Map([...first.slices, ...again.slices]),
    sliced: [...first.sliced, ...again.sliced],
  };
}
