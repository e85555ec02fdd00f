// Judges many cases with many requests in flight (the adapters bound their own process parallelism)
// and hands the results back in corpus order, whatever order they finish in. A check that throws is
// a failed case with the error as its reason: one bad case never ends the run.
import type { CaseResult, CheckContext, CorpusCase } from "../types.js";
import { checkFor } from "./check-for.js";
import { judged, messageOf } from "./judge.js";
import { showBytes } from "./show.js";

export interface RunCasesOptions {
  /** Cases judged at once. */
  concurrency: number;
  /** Called as each case is judged, with how many are done so far (in completion order). */
  onResult?: (result: CaseResult, done: number) => void;
}

export async function runCases(
  cases: CorpusCase[],
  ctx: CheckContext,
  options: RunCasesOptions,
): Promise<CaseResult[]> {
  const { concurrency, onResult } = options;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`concurrency must be an integer >= 1, got ${concurrency}`);
  }
  const results: CaseResult[] = new Array(cases.length);
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < cases.length) {
      const index = next++;
      const result = await judgeSafely(cases[index]!, ctx);
      results[index] = result;
      onResult?.(result, ++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, cases.length) }, worker));
  return results;
}

async function judgeSafely(c: CorpusCase, ctx: CheckContext): Promise<CaseResult> {
  try {
    return await checkFor(c.kind)(c, ctx);
  } catch (error) {
    return judged(c, false, expectationOf(c), `failed: the ${c.kind} check threw: ${messageOf(error)}`);
  }
}

/** The expectation in words, for a case whose check could not say it itself. */
function expectationOf(c: CorpusCase): string {
  switch (c.kind) {
    case "canon":
      return showBytes(c.expected);
    case "reject":
      return "reject";
    case "canon-or-reject":
      return `reject, or ${showBytes(c.expected)}`;
    case "equal":
      return "the same output for both inputs";
    case "differ":
      return "different outputs for the two inputs";
    case "idempotent":
      return "canon(canon(x)) = canon(x)";
    case "roundtrip":
      return "read(write(x)) = write(x)";
    case "numbers":
      return `${c.count} numbers as ES6 String(n)`;
    case "property":
      return `runs ${c.from}–${c.to} of ${c.property} pass`;
  }
}
