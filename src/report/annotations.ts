// Failures as annotations, for the action to hand to core.error() or core.warning(): one per distinct
// cause (causes.ts), biggest first, so that 74 failures from one fault take one annotation and the
// other causes still get theirs. GitHub shows at most 10 annotations of a level per step: when the
// step itself will fail its failure takes one, and when the causes do not all fit the last one says
// how many more there are. Titles name the implementation (implementation-name), not its command.

import { showInvisible } from "../escape/visible.js";
import type { Gate } from "../expected/index.js";
import { cutText } from "../text.js";
import type { RunView } from "../view/index.js";

/** GitHub's limit on error annotations per step. */
export const GITHUB_ANNOTATIONS_PER_STEP = 10;

/** An annotation is a pointer to the summary, not the summary: long values are cut. */
const VALUE_CHARS = 300;
/** How many of a cause's cases an annotation names. */
const CASES_NAMED = 10;

/** An annotation's parts, plain text (core.error escapes them for the runner). */
export interface FailureAnnotation {
  title: string;
  message: string;
}

function cut(text: string): string {
  return text.length <= VALUE_CHARS ? text : `${cutText(text, VALUE_CHARS)}… (${text.length} chars)`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * One annotation per cause while they fit; `stepWillFail` keeps one free for the step's failure.
 * `implementation` is how the title names what was tested (implementationName of the record).
 * Expected failures (listed by the run's expected-failures list) are not errors: they are left out,
 * and the list's own notice counts them (gateAnnotations).
 */
export function failureAnnotations(
  view: Pick<RunView, "failures" | "causes">,
  stepWillFail: boolean,
  implementation = "canon-conformance",
): FailureAnnotation[] {
  const failures = view.failures.filter((f) => !f.listed);
  const byName = new Map(failures.map((f) => [f.name, f]));
  // The run's causes, each with its cases the list does not name.
  const groups = view.causes
    .map((g) => {
      const cases = g.cases.filter((n) => byName.has(n));
      return { ...g, cases, count: cases.length };
    })
    .filter((g) => g.count > 0);
  const budget = GITHUB_ANNOTATIONS_PER_STEP - (stepWillFail ? 1 : 0);
  const shown = groups.length <= budget ? groups : groups.slice(0, budget - 1);
  const name = showInvisible(implementation);
  const annotations = shown.map((g) => {
    // The first case of the cause stands for it, in full; the others are named.
    const { name: caseName, result: r, difference } = byName.get(g.cases[0]!)!;
    const lines = [
      `${caseName}: ${r.why}`,
      ...(r.input === undefined ? [] : [`input: ${cut(r.input)}`]),
      `expected: ${cut(r.expected)}`,
      `got: ${cut(r.got)}`,
    ].map(showInvisible); // corpus text and output go through showInvisible, as in every report
    if (difference) lines.push(difference); // already shown visibly
    if (g.count > 1) {
      const others = g.cases.slice(1, CASES_NAMED + 1).map(showInvisible);
      const more = g.count - 1 - others.length;
      lines.push(`also: ${others.join(", ")}${more > 0 ? `, and ${more} more` : ""}`);
    }
    const what = g.count === 1 ? `${caseName} failed` : `${plural(g.count, "case")} failed`;
    return {
      // The cause's title is already shown visibly (causes.ts): shown again, its ⟨ would read ⟨U+27E8⟩.
      title: `${name}: ${showInvisible(what)}: ${cut(g.title)}`,
      message: lines.join("\n"),
    };
  });
  const more = groups.length - shown.length;
  if (more > 0) {
    const left = groups.slice(shown.length).reduce((sum, g) => sum + g.count, 0);
    annotations.push({
      title: `${name}: ${plural(failures.length, "case")} failed`,
      message: `${plural(more, "more cause")} (${plural(left, "failed case")}), not annotated (GitHub shows 10 per step): the job summary and results.json list every one.`,
    });
  }
  return annotations;
}

/** A note the expected-failures list adds: not an error (the error level is the failures' and the
 * step's), so it never takes one of their 10. */
export interface GateAnnotation extends FailureAnnotation {
  level: "notice" | "warning";
}

/**
 * The list's annotations: a notice counting the expected failures, and a warning naming the fixed
 * entries (when they fail the step, the step's own failure says so too).
 */
export function gateAnnotations(
  gate: Gate,
  stepWillFail: boolean,
  implementation = "canon-conformance",
): GateAnnotation[] {
  const name = showInvisible(implementation);
  const out: GateAnnotation[] = [];
  if (gate.expected.length > 0) {
    const shown = gate.expected.slice(0, CASES_NAMED).map((e) => `${e.name}: expected failure (${e.reason})`);
    const more = gate.expected.length - shown.length;
    out.push({
      level: "notice",
      title: `${name}: ${plural(gate.expected.length, "expected failure")} (listed in ${showInvisible(gate.source)})`,
      message: [...shown, ...(more > 0 ? [`and ${more} more`] : [])]
        .map((l) => cut(showInvisible(l)))
        .join("\n"),
    });
  }
  if (gate.fixed.length > 0) {
    const shown = gate.fixed
      .slice(0, CASES_NAMED)
      .map(
        (e) =>
          `line ${e.line}: ${e.pattern}: fixed: remove it from the list (${plural(e.cases, "case")} passed)`,
      );
    const more = gate.fixed.length - shown.length;
    const consequence = gate.allowFixed
      ? "allowed by allow-fixed-expected-failures"
      : stepWillFail
        ? "this fails the step until the list is updated"
        : "the step would fail on it, but fail-on-nonconformant is false";
    out.push({
      level: "warning",
      title: `${name}: ${gate.fixed.length === 1 ? "a listed expected failure passes" : `${gate.fixed.length} listed expected failures pass`} (${consequence})`,
      message: [...shown, ...(more > 0 ? [`and ${more} more`] : [])]
        .map((l) => cut(showInvisible(l)))
        .join("\n"),
    });
  }
  return out;
}
