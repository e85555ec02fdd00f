// A differential run (issue 7, item 2): every corpus input, then a seeded stream of generated values,
// goes to both implementations; where their answers differ, the input is shrunk to the smallest one
// found that still differs the same way, and the reference says which of the two (if either) is right.
//
// The main pass sends inputs with `concurrency` in flight. Generated values are drawn with
// fc.sample from the very property that fc.check would run, so a disagreeing value's index is a
// fast-check path: fc.check replays it from the seed and shrinks it with fast-check's own shrinkers.
import fc from "fast-check";
import { showAnswer, showBytes } from "../checks/show.js";
import { referenceCanonicalizer } from "../jcs/canonicalizer.js";
import type { Answer, Canonicalizer } from "../types.js";
import { agreement, ask, disagreementKind } from "./answers.js";
import { noisyJson } from "./generated.js";
import { forEachConcurrently } from "./pool.js";
import { shrinkInput } from "./shrink-input.js";
import type { CompareOptions, CompareReport, Disagreement, DisagreementKind } from "./types.js";

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
  const seen = new Set<string>();
  let corpusCount = 0;
  const distinct = function* () {
    for (const item of options.inputs) {
      const key = Buffer.from(item.input).toString("latin1");
      if (seen.has(key)) continue;
      seen.add(key);
      corpusCount++;
      yield item;
    }
  };
  const corpusOrder = new Map<Found, number>();
  await forEachConcurrently(distinct(), concurrency, async (item, index) => {
    const [x, y] = await both(item.input);
    const kind = disagreementKind(x, y);
    if (kind) {
      const found = { name: item.name, input: item.input, kind, a: x, b: y };
      corpusFound.push(found);
      corpusOrder.set(found, index);
    }
    progress(kind !== undefined);
  });
  corpusFound.sort((p, q) => corpusOrder.get(p)! - corpusOrder.get(q)!);

  const property = (kind?: DisagreementKind) =>
    fc.asyncProperty(noisyJson, async (text) => {
      const [x, y] = await both(encoder.encode(text));
      const found = disagreementKind(x, y);
      return kind === undefined ? found === undefined : found !== kind;
    });
  const values =
    generated.runs > 0 ? fc.sample(property(), { seed: generated.seed, numRuns: generated.runs }) : [];
  const firstOfKind = new Map<DisagreementKind, { index: number; found: Found }>();
  let generatedDisagreeing = 0;
  await forEachConcurrently(values, concurrency, async ([text], index) => {
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
  const shrinkCorpus = async (found: Found): Promise<Found & { original?: Uint8Array }> => {
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
    if (input === found.input || !last) return found;
    return { ...found, input, a: last.a, b: last.b, original: found.input };
  };
  const shrinkGenerated = async (index: number, found: Found): Promise<Found & { original?: Uint8Array }> => {
    if (found.kind === "failed") return found;
    const details = await fc.check(property(found.kind), {
      seed: generated.seed,
      path: String(index),
      numRuns: 1,
    });
    // An implementation that answers differently the second time cannot be replayed: keep what was seen.
    if (!details.failed || !details.counterexample) return found;
    const input = encoder.encode(details.counterexample[0]);
    const [x, y] = await both(input);
    if (disagreementKind(x, y) !== found.kind) return found;
    const shrunk = !sameBytes(input, found.input);
    return { ...found, input, a: x, b: y, ...(shrunk ? { original: found.input } : {}) };
  };
  const generatedFirsts = [...firstOfKind.values()].sort((p, q) => p.index - q.index);
  const shrunk: (Found & { original?: Uint8Array })[] = new Array(
    corpusFound.length + generatedFirsts.length,
  );
  const jobs = [
    ...corpusFound.map((found, i) => async () => {
      shrunk[i] = await shrinkCorpus(found);
    }),
    ...generatedFirsts.map(({ index, found }, i) => async () => {
      shrunk[corpusFound.length + i] = await shrinkGenerated(index, found);
    }),
  ];
  await forEachConcurrently(jobs, concurrency, (job) => job());

  const disagreements: Disagreement[] = [];
  for (const found of shrunk) {
    const referenceAnswer = await ask(reference, found.input);
    disagreements.push({
      name: found.name,
      input: showBytes(found.input),
      a: showAnswer(found.a),
      b: showAnswer(found.b),
      reference: showAnswer(referenceAnswer),
      agrees: agreement(found.a, found.b, referenceAnswer),
      kind: found.kind,
      ...(found.original ? { original: showBytes(found.original) } : {}),
    });
  }
  return {
    seed: generated.seed,
    compared: corpusCount + values.length,
    corpus: corpusCount,
    generated: values.length,
    generatedDisagreeing,
    labels: { a: a.label, b: b.label, reference: reference.label },
    disagreements,
    elapsedMs: Date.now() - started,
  };
}

/** A seed for fast-check when none is given: a signed 32-bit integer, to be recorded in the report. */
export function randomSeed(): number {
  return (Math.random() * 2 ** 32) | 0;
}

function generatedName(index: number, seed: number): string {
  return `generated #${index + 1} (seed ${seed})`;
}

function checkOptions(options: CompareOptions): void {
  const { generated, concurrency, shrinkBudget } = options;
  if (!Number.isInteger(generated.seed) || generated.seed < -(2 ** 31) || generated.seed >= 2 ** 31) {
    throw new RangeError(`the generated values' seed must be a signed 32-bit integer, got ${generated.seed}`);
  }
  if (!Number.isInteger(generated.runs) || generated.runs < 0) {
    throw new RangeError(`the number of generated values must be an integer >= 0, got ${generated.runs}`);
  }
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`concurrency must be an integer >= 1, got ${concurrency}`);
  }
  if (shrinkBudget !== undefined && (!Number.isInteger(shrinkBudget) || shrinkBudget < 0)) {
    throw new RangeError(`the shrink budget must be an integer >= 0, got ${shrinkBudget}`);
  }
}

function sameBytes(x: Uint8Array, y: Uint8Array): boolean {
  return x.length === y.length && x.every((v, i) => v === y[i]);
}
