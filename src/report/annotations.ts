// Failed cases as error annotations, for the action to hand to core.error(). GitHub shows at most 10
// error annotations per step: when the step itself will fail its failure takes one, and when the cases
// do not all fit the last one says how many more there are.
import { cutText } from "../text.js";
import type { CaseResult } from "../types.js";
import { firstDifference } from "./difference.js";
import { showInvisible } from "./visible.js";

/** GitHub's limit on error annotations per step. */
export const GITHUB_ANNOTATIONS_PER_STEP = 10;

/** An annotation is a pointer to the summary, not the summary: long values are cut. */
const VALUE_CHARS = 300;

/** An annotation's parts, plain text (core.error escapes them for the runner). */
export interface FailureAnnotation {
  title: string;
  message: string;
}

function cut(text: string): string {
  return text.length <= VALUE_CHARS ? text : `${cutText(text, VALUE_CHARS)}… (${text.length} chars)`;
}

/** One annotation per failed case while they fit; `stepWillFail` keeps one free for the step's failure. */
export function failureAnnotations(
  results: readonly CaseResult[],
  stepWillFail: boolean,
): FailureAnnotation[] {
  const failures = results.filter((r) => !r.pass);
  const budget = GITHUB_ANNOTATIONS_PER_STEP - (stepWillFail ? 1 : 0);
  const shown = failures.length <= budget ? failures : failures.slice(0, budget - 1);
  const annotations = shown.map((r) => {
    // Corpus text goes through showInvisible, as in every report: a control character must not hide.
    const lines = [r.why, `expected: ${cut(r.expected)}`, `got: ${cut(r.got)}`].map(showInvisible);
    const difference = firstDifference(r.expected, r.got); // already shown visibly
    if (difference) lines.push(difference);
    return { title: `canon-conformance: ${r.suite}/${r.name} failed`, message: lines.join("\n") };
  });
  const more = failures.length - shown.length;
  if (more > 0) {
    annotations.push({
      title: `canon-conformance: ${failures.length} cases failed`,
      message: `${more} more failed case${more === 1 ? "" : "s"}, not annotated (GitHub shows 10 per step): the job summary and results.json list every one.`,
    });
  }
  return annotations;
}
