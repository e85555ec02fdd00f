// What I2 (`equal`) and I3 (`differ`) share: both inputs are valid JSON, so both must be
// canonicalized; the two checks differ only in whether the outputs must be the same.
import type { Answer, CaseResult, CheckContext, CorpusCase } from "../types.js";
import { ask, bytesEqual, judged } from "./judge.js";
import { showAnswer, showBytes } from "./show.js";

/** Inputs are shown shorter than outputs: the why already says what the pair is. */
const INPUT_LIMIT = 80;

export async function judgePair(
  c: CorpusCase,
  a: Uint8Array,
  b: Uint8Array,
  ctx: CheckContext,
  mustBeEqual: boolean,
): Promise<CaseResult> {
  const [answerA, answerB] = await Promise.all([ask(ctx.write, a), ask(ctx.write, b)]);
  const inputs = `a = ${showBytes(a, INPUT_LIMIT)} and b = ${showBytes(b, INPUT_LIMIT)}`;
  const expected = `${mustBeEqual ? "the same output" : "different outputs"} for ${inputs}`;
  if (answerA.status !== "canonical" || answerB.status !== "canonical") {
    // A rejection of either is a failure whichever the rule: the inputs are valid JSON.
    return judged(c, false, expected, showBoth(answerA, answerB));
  }
  const same = bytesEqual(answerA.output, answerB.output);
  return judged(
    c,
    same === mustBeEqual,
    expected,
    same ? `both: ${showAnswer(answerA)}` : showBoth(answerA, answerB),
  );
}

function showBoth(a: Answer, b: Answer): string {
  return `a: ${showAnswer(a)} | b: ${showAnswer(b)}`;
}
