import { codePointTag, showInvisible } from "../escape/visible.js";
import {
  readAnswerText,
  readChoiceExpectation,
  readNumbersExpectation,
  readStepText,
} from "../text-forms/index.js";

/**
 * Where two readable values first differ, when a reader could not easily see it: they share a
 * beginning, or they look identical once shown (an NFC/NFD pair, say). `undefined` when they are
 * equal or unrelated from their first character (such as `reject` against an output).
 */
export function firstDifference(expected: string, got: string): string | undefined {
  if (expected === got) return undefined;
  const a = [...expected];
  const b = [...got];
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (i === 0 && showInvisible(expected) !== showInvisible(got)) return undefined;
  const describe = (ch: string | undefined) => {
    if (ch === undefined) return "the end";
    const tag = codePointTag(ch.codePointAt(0)!).slice(1, -1);
    const shown = showInvisible(ch);
    return shown === ch ? `${tag} "${ch}"` : tag;
  };
  return `first difference at character ${i + 1}: expected ${describe(a[i])}, got ${describe(b[i])}`;
}

/**
 * The first-difference note a report adds under a failed case: only where the implementation gave
 * an output to compare. A refusal or a harness failure (`reject: …`, `failed: …`) is not a near
 * miss of the expected text, so no note is made for it; nor is a tally (a consistent choice's
 * `all N accepted, or all N refused` against how its members went, a numbers sweep's count against
 * how many matched), whose characters are no output's.
 */
export function differenceNote(c: { expected: string; got: string }): string | undefined {
  if (readChoiceExpectation(c.expected) !== undefined) return undefined;
  if (readNumbersExpectation(c.expected) !== undefined) return undefined;
  // I1/I4 lead their answer with the step that gave it (src/text-forms/steps.ts).
  const answer = readAnswerText(readStepText(c.got)?.text ?? c.got);
  if (answer.status !== "canonical") return undefined;
  return firstDifference(c.expected, c.got);
}
