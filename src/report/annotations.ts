// Failed cases as error annotations for the action to hand to core.error(). GitHub shows at most
// 10 error annotations per step, so past that the last one says how many more failed instead.
import { cutText } from "./format.js";
import { assertConsistent } from "./tally.js";
import type { ReportInput } from "./types.js";
import { showInvisible } from "./visible.js";

/** GitHub's limit on error annotations per step. */
export const GITHUB_ANNOTATIONS_PER_STEP = 10;

/** An annotation's parts, plain text (the action's core.error escapes them for the runner). */
export interface FailureAnnotation {
  title: string;
  message: string;
}

/** Each value in a message is cut here: an annotation is a pointer to the summary, not the detail. */
const VALUE_MAX = 300;

const shown = (text: string) => {
  const kept = cutText(text, VALUE_MAX);
  return showInvisible(kept) + (kept === text ? "" : "…");
};

/** At most `max` annotations: one per failed case, the last a count of the rest when they do not fit. */
export function failureAnnotations(
  input: ReportInput,
  max = GITHUB_ANNOTATIONS_PER_STEP,
): FailureAnnotation[] {
  if (!Number.isInteger(max) || max < 1)
    throw new RangeError(`failureAnnotations: max must be a positive integer, not ${max}`);
  assertConsistent(input);
  const failures = input.results.filter((r) => !r.pass);
  const fits = failures.length <= max ? failures.length : max - 1;
  const out: FailureAnnotation[] = failures.slice(0, fits).map((r) => ({
    title: `canon conformance: ${shown(`${r.suite}/${r.name}`)} failed`,
    message: `${shown(r.why)} (${shown(r.source)})\nexpected: ${shown(r.expected)}\ngot: ${shown(r.got)}`,
  }));
  if (fits < failures.length) {
    const rest = failures.length - fits;
    out.push({
      title: `canon conformance: ${rest} more failed cases`,
      message: `${failures.length} cases failed in all; the job summary and record.json list every one.`,
    });
  }
  return out;
}
