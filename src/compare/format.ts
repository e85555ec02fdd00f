// The terminal's view of a differential run. Everything that came from an input or an implementation
// goes through showInvisible, so no answer can move the cursor or hide a difference.
import { INVISIBLE_LEGEND, showInvisible } from "../escape/visible.js";
import type { Agreement, CompareReport, Disagreement, DisagreementKind } from "./types.js";

export const KIND_TEXT: Record<DisagreementKind, string> = {
  output: "both accepted, different output",
  "accept-reject": "one accepted, the other rejected",
  failed: "one gave no answer",
};

/** Which of the two the reference sides with, in words. */
export function agreementText(agrees: Agreement, labels: CompareReport["labels"]): string {
  switch (agrees) {
    case "a":
      return `a agrees with the reference (${labels.a})`;
    case "b":
      return `b agrees with the reference (${labels.b})`;
    case "both":
      return "both agree with the reference";
    case "neither":
      return "neither agrees with the reference";
  }
}

/** The one-line verdict: `3 disagreements in 1,240 inputs (…)` or `a and b agree on …`. */
export function compareHeadline(report: CompareReport): string {
  const counted = `${report.compared} inputs (${report.corpus} from the corpus, ${report.generated} generated with seed ${report.seed})`;
  const n = report.disagreements.length;
  if (n === 0) return `a and b agree on all ${counted}`;
  return `${n} disagreement${n === 1 ? "" : "s"} between a and b in ${counted}`;
}

export function formatCompare(report: CompareReport): string {
  const { labels } = report;
  const lines = [`a: ${showInvisible(labels.a)}`, `b: ${showInvisible(labels.b)}`, compareHeadline(report)];
  if (report.generatedDisagreeing > 0) {
    lines.push(
      `${report.generatedDisagreeing} generated value${report.generatedDisagreeing === 1 ? "" : "s"} disagreed; the first of each kind is shown, shrunk`,
    );
  }
  for (const d of report.disagreements) lines.push("", ...disagreementLines(d, labels));
  if (report.choices.length > 0) lines.push("", choicesLine(report));
  for (const c of report.choices) {
    lines.push(
      `~ ${showInvisible(c.name)}`,
      `    input: ${showInvisible(c.input)}`,
      `    a:     ${showInvisible(c.a)}`,
      `    b:     ${showInvisible(c.b)}`,
    );
  }
  if (report.disagreements.length + report.choices.length > 0) lines.push("", INVISIBLE_LEGEND);
  return lines.join("\n");
}

/** Why the differences listed after the disagreements are not faults. */
export function choicesLine(report: CompareReport): string {
  const n = report.choices.length;
  return `${n} input${n === 1 ? "" : "s"} where the RFC leaves a choice, and a and b chose differently (both allowed, not counted):`;
}

function disagreementLines(d: Disagreement, labels: CompareReport["labels"]): string[] {
  const lines = [
    `✗ ${showInvisible(d.name)}: ${KIND_TEXT[d.kind]}; ${agreementText(d.agrees, labels)}`,
    `    input:     ${showInvisible(d.input)}`,
  ];
  if (d.original !== undefined) lines.push(`    shrunk from: ${showInvisible(d.original)}`);
  lines.push(
    `    a:         ${showInvisible(d.a)}`,
    `    b:         ${showInvisible(d.b)}`,
    `    reference: ${showInvisible(d.reference)}`,
  );
  return lines;
}
