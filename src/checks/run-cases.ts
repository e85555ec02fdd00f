// Judges many cases with many requests in flight (the adapters bound their own process parallelism)
// and hands the results back in corpus order, whatever order they finish in. A check that throws is
// a failed case with the error as its reason: one bad case never ends the run.
import { messageOf } from "../text.js";
import { writeAnswerText, writeNotRun } from "../text-forms/index.js";
import type { CaseResult, CheckContext, CorpusCase } from "../types.js";
import { judged } from "./judge.js";
import { checkFor, expectationOf } from "./registry.js";

export interface RunCasesOptions {
  /** Cases judged at once. */
  concurrency: number;
  /** Called as each case is judged, with how many are done so far (in completion order). */
  onResult?: (result: CaseResult, done: number) => void;
  /** Called as each case is started, in corpus order. */
  onStart?: (c: CorpusCase) => void;
  /** Judges each case inside it (a run that names the case each request came from: src/run/judge.ts). */
  around?: (c: CorpusCase, judge: () => Promise<CaseResult>) => Promise<CaseResult>;
}

export async function runCases(
  cases: CorpusCase[],
  ctx: CheckContext,
  options: RunCasesOptions,
): Promise<CaseResult[]> {
  const { concurrency, onResult, onStart, around } = options;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`concurrency must be an integer >= 1, got ${concurrency}`);
  }
  const results: CaseResult[] = new Array(cases.length);
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < cases.length) {
      const index = next++;
      const c = cases[index]!;
      onStart?.(c);
      const result = await (around ? around(c, () => judgeSafely(c, ctx)) : judgeSafely(c, ctx));
      results[index] = result;
      onResult?.(result, ++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, cases.length) }, worker));
  return results;
}

async function judgeSafely(c: CorpusCase, ctx: CheckContext): Promise<CaseResult> {
  // Not asked at all: this transport cannot carry the case (src/adapters/lines-plan.ts). Never a pass.
  if (c.notRun !== undefined) return judged(c, false, expectationOf(c), writeNotRun(c.notRun));
  try {
    return await checkFor(c.kind)(c, ctx);
  } catch (error) {
    const reason = `the ${c.kind} check threw: ${messageOf(error)}`;
    return judged(c, false, expectationOf(c), writeAnswerText({ status: "failed", reason }));
  }
}
