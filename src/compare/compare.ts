// A differential run (issue 7, item 2): every corpus input, then a seeded stream of generated values,
// goes to both implementations; where their answers differ, the input is shrunk to the smallest one
// found that still differs the same way, and the reference says which of the two (if either) is right.
//
// The main pass sends inputs with `concurrency` in flight. Generated values are drawn by fc.check, one
// run at a time (forEachSampled): the values fc.sample(noisyJson, seed) yields, which are exactly those
// fc.check(asyncProperty(noisyJson, ...)) runs with that seed (test/compare/generated.test.ts holds it
// to that), so a disagreeing value's index is a fast-check path: fc.check replays it and shrinks it
// with fast-check's own shrinkers.
// (fc.sample of the property itself would not do: it draws with a different bias from run 9 on.)
import fc from "fast-check";
import { ask } from "../ask.js";
import { bytesEqual } from "../bytes.js";
import { showAnswer, showBytes } from "../checks/show.js";
import { referenceCanonicalizer } from "../jcs/canonicalizer.js";
import type { Answer } from "../types.js";
import { agreement, allowedChoice, disagreementKind } from "./answers.js";
import { noisyJson } from "./generated.js";
import { forEachConcurrently, forEachSampled } from "./pool.js";
import { shrinkInput } from "./shrink-input.js";
import type { Choice, CompareOptions, CompareReport, Disagreement, DisagreementKind } from "./types.js";

/** Requests to each implementation a corpus input's shrinking may spend unless told otherwise. */
export const DEFAULT_SHRINK_BUDGET = 200;

const encoder = new TextEncoder();

interface Found {
  name: string;
  input: Uint8Array;
  kind: DisagreementKind;
  a: Answer;
  b: Answer;
}

export async function compareImplementations(options: CompareOptions): Promise<CompareReport> {
  const { a, b, generated, concurrency } = options;
  checkOptions(options);
  const reference = options.reference ?? referenceCanonicalizer();
  const shrinkBudget = options.shrinkBudget ?? DEFAULT_SHRINK_BUDGET;
  const started = Date.now();
  const both = async (input: Uint8Array) => Promise.all([ask(a, input), ask(b, input)]);

  // The main pass: corpus inputs (each distinct byte string once), then the generated values.
  const total =
    (options.inputCount ?? (Array.isArray(options.inputs) ? options.inputs.length : 0)) + generated.runs;
  let done = 0;
  let failedSoFar = 0;
  const corpusFound: Found[] = [];
  const progress = (disagreed: boolean) => {
    done++;
    if (disagreed) failedSoFar++;
    options.onProgress?.({
      done,
      total: Math.max(total, done),
      failed: failedSoFar,
      elapsedMs: Date.now() - started,
    });
  };
  const sentBefore = new Set<string>();
  let corpusCount = 0;
  // Pair cases share inputs with other cases: each distinct byte string is sent once, under its first name.
  const distinct = function* () {
    for (const item of options.inputs) {
      const key = Buffer.from(item.input).toString("latin1");
      if (sentBefore.has(key)) continue;
      sentBefore.add(key);
      corpusCount++;
      yield item;
    }
  };
  const corpusOrder = new Map<object, number>();
  const choices: Choice[] = [];
  await forEachConcurrently(distinct(), concurrency, async (item, index) => {
    const [x, y] = await both(item.input);
    const kind = disagreementKind(x, y);
    const either = item.either;
    const byChoice =
      kind !== undefined && either !== undefined && allowedChoice(x, either) && allowedChoice(y, either);
    if (byChoice) {
      const choice = { name: item.name, input: showBytes(item.input), a: showAnswer(x), b: showAnswer(y) };
      choices.push(choice);
      corpusOrder.set(choice, index);
    } else if (kind) {
      const found = { name: item.name, input: item.input, kind, a: x, b: y };
      corpusFound.push(found);
      corpusOrder.set(found, index);
    }
    progress(kind !== undefined && !byChoice);
  });
  const inCorpusOrder = (p: object, q: object) => corpusOrder.get(p)! - corpusOrder.get(q)!;
  corpusFound.sort(inCorpusOrder);
  choices.sort(inCorpusOrder);

  /**
   * "a and b do not disagree in this way", over generated values; `seen` gets every value tried. Past
   * the replayed value and `shrinkBudget` shrink candidates it holds without asking, which ends
   * fast-check's shrinking at the smallest failure found so far.
   */
  const property = (kind: DisagreementKind, seen: string[]) =>
    fc.asyncProperty(noisyJson, async (text) => {
      seen.push(text);
      if (seen.length > 1 + shrinkBudget) return true;
      const [x, y] = await both(encoder.encode(text));
      return disagreementKind(x, y) !== kind;
    });
  const firstOfKind = new Map<DisagreementKind, { index: number; found: Found }>();
  let generatedDisagreeing = 0;
  const draw = { seed: fastCheckSeed(generated.seed), runs: generated.runs };
  let generatedCount = 0;
  await forEachSampled(noisyJson, draw, concurrency, async (text, index) => {
    generatedCount++;
    const input = encoder.encode(text);
    const [x, y] = await both(input);
    const kind = disagreementKind(x, y);
    if (kind) {
      generatedDisagreeing++;
      const first = firstOfKind.get(kind);
      if (!first || index < first.index) {
        firstOfKind.set(kind, {
          index,
          found: { name: generatedName(index, generated.seed), input, kind, a: x, b: y },
        });
      }
    }
    progress(kind !== undefined);
  });

  // Shrinking: corpus inputs by deleting members and elements, generated values by fast-check. A
  // failed answer (a timeout, a crash) is reported as it came: probing it again would cost a timeout
  // per probe and show nothing smaller.
  const shrinkStructurally = async (found: Found): Promise<Found> => {
    if (found.kind === "failed" || shrinkBudget === 0) return found;
    let last: { a: Answer; b: Answer } | undefined;
    const { input } = await shrinkInput(
      found.input,
      async (candidate) => {
        const [x, y] = await both(candidate);
        const same = disagreementKind(x, y) === found.kind;
        if (same) last = { a: x, b: y };
        return same;
      },
      shrinkBudget,
    );
    return input === found.input || !last ? found : { ...found, input, a: last.a, b: last.b };
  };
  const shrinkGenerated = async (index: number, found: Found): Promise<Found> => {
    if (found.kind === "failed" || shrinkBudget === 0) return found;
    const seen: string[] = [];
    const details = await fc.check(property(found.kind, seen), {
      seed: fastCheckSeed(generated.seed),
      path: String(index),
      numRuns: 1,
    });
    // The replay must start from the very value the main pass saw, and an implementation that answers
    // differently the second time cannot be replayed: either way, keep what was seen.
    let shrunk = found;
    const replayed = seen[0] !== undefined && bytesEqual(encoder.encode(seen[0]), found.input);
    if (replayed && details.failed && details.counterexample) {
      const input = encoder.encode(details.counterexample[0]);
      const [x, y] = await both(input);
      if (disagreementKind(x, y) === found.kind) shrunk = { ...found, input, a: x, b: y };
    }
    // fast-check cannot lift a value out of its container; deleting and lifting can finish the job.
    return shrinkStructurally(shrunk);
  };
  const generatedFirsts = [...firstOfKind.values()].sort((p, q) => p.index - q.index);
  const shrunk: Found[] = new Array(corpusFound.length + generatedFirsts.length);
  const jobs = [
    ...corpusFound.map((found, i) => async () => {
      shrunk[i] = await shrinkStructurally(found);
    }),
    ...generatedFirsts.map(({ index, found }, i) => async () => {
      shrunk[corpusFound.length + i] = await shrinkGenerated(index, found);
    }),
  ];
  await forEachConcurrently(jobs, concurrency, (job) => job());

  const disagreements: Disagreement[] = [];
  for (const [i, found] of shrunk.entries()) {
    const original =
      i < corpusFound.length ? corpusFound[i]!.input : generatedFirsts[i - corpusFound.length]!.found.input;
    const referenceAnswer = await ask(reference, found.input);
    disagreements.push({
      name: found.name,
      input: showBytes(found.input),
      a: showAnswer(found.a),
      b: showAnswer(found.b),
      reference: showAnswer(referenceAnswer),
      agrees: agreement(found.a, found.b, referenceAnswer),
      kind: found.kind,
      ...(bytesEqual(found.input, original) ? {} : { original: showBytes(original) }),
    });
  }
  return {
    seed: generated.seed,
    compared: corpusCount + generatedCount,
    corpus: corpusCount,
    generated: generatedCount,
    generatedDisagreeing,
    labels: { a: a.label, b: b.label, reference: reference.label },
    disagreements,
    choices,
    elapsedMs: Date.now() - started,
  };
}

/** fast-check's seed for a run's seed: a run seed is 0..2^32-1 (src/options), fast-check's a signed
 * 32-bit integer; the same 32 bits (the same seed below 2^31, the same stream for every run seed). */
function fastCheckSeed(seed: number): number {
  return seed | 0;
}

/** `generated #N (seed S)`: the N-th value drawn with seed S, fast-check path N-1. */
function generatedName(index: number, seed: number): string {
  return `generated #${index + 1} (seed ${seed})`;
}

/** The run's options were checked by their reader (src/options); these are the caller's own. */
function checkOptions(options: CompareOptions): void {
  const { concurrency, shrinkBudget } = options;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`concurrency must be an integer >= 1, got ${concurrency}`);
  }
  if (shrinkBudget !== undefined && (!Number.isInteger(shrinkBudget) || shrinkBudget < 0)) {
    throw new RangeError(`the shrink budget must be an integer >= 0, got ${shrinkBudget}`);
  }
}
