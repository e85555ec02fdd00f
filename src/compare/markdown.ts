// The job summary's view of a differential run. All content goes through src/escape/markdown.ts,
// so no input or answer can break the Markdown or put HTML in it. Shown values are already cut to a
// readable length (src/checks/show.ts); the count of disagreements shown is capped as well, so the
// section stays far below GitHub's 1 MiB summary limit whatever the run found.
import { cellCode, inlineCode, inlineText } from "../escape/markdown.js";
import { INVISIBLE_LEGEND } from "../escape/visible.js";
import { agreementText, choicesLine, compareHeadline, KIND_TEXT } from "./format.js";
import type { CompareReport, Disagreement } from "./types.js";

/** At most this many disagreements get their detail; the rest are counted. */
export const MARKDOWN_DETAIL_MAX = 100;
/** GitHub's tables grow to their widest unbreakable word and then scroll sideways: in a cell, a word
 * is broken every this many columns (the four-column table of choices gets the narrower width). */
const VALUE_COLUMNS = 64;
const CHOICE_COLUMNS = 24;

export function compareMarkdown(report: CompareReport): string {
  const { labels } = report;
  const n = report.disagreements.length;
  const mark = n === 0 ? "✅" : "❌";
  const parts = [
    `## ${mark} Differential run: ${inlineText(compareHeadline(report))}`,
    [
      `- **a:** ${inlineCode(labels.a)}`,
      `- **b:** ${inlineCode(labels.b)}`,
      `- **reference:** ${inlineCode(labels.reference)}`,
      `- **generated values:** ${report.generated}, fast-check seed ${inlineCode(String(report.seed))}` +
        (report.generatedDisagreeing > 0
          ? `; ${report.generatedDisagreeing} disagreed, the first of each kind is shown, shrunk`
          : ""),
    ].join("\n"),
  ];
  report.disagreements.slice(0, MARKDOWN_DETAIL_MAX).forEach((d, i) => {
    parts.push(disagreementSection(d, i + 1, labels));
  });
  if (n > MARKDOWN_DETAIL_MAX)
    parts.push(`… and ${n - MARKDOWN_DETAIL_MAX} more disagreements, not shown here.`);
  if (report.choices.length > 0) parts.push(choicesTable(report));
  if (n + report.choices.length > 0) parts.push(`<sub>${inlineText(INVISIBLE_LEGEND)}</sub>`);
  return `${parts.join("\n\n")}\n`;
}

function choicesTable(report: CompareReport): string {
  const shown = report.choices.slice(0, MARKDOWN_DETAIL_MAX);
  const rows = shown.map(
    (c) => `| ${[c.name, c.input, c.a, c.b].map((v) => cellCode(v, CHOICE_COLUMNS)).join(" | ")} |`,
  );
  const more = report.choices.length - shown.length;
  return [
    `### ${inlineText(choicesLine(report))}`,
    "",
    "| case | input | a | b |",
    "|---|---|---|---|",
    ...rows,
    ...(more > 0 ? ["", `… and ${more} more, not shown here.`] : []),
  ].join("\n");
}

function disagreementSection(d: Disagreement, number: number, labels: CompareReport["labels"]): string {
  const rows: [string, string][] = [["input", d.input]];
  if (d.original !== undefined) rows.push(["shrunk from", d.original]);
  rows.push(["a", d.a], ["b", d.b], ["reference", d.reference]);
  return [
    `### ${number}. ${inlineCode(d.name)}`,
    `${inlineText(KIND_TEXT[d.kind])}; ${inlineText(agreementText(d.agrees, labels))}.`,
    "",
    "| Sent or answered | Text |",
    "|---|---|",
    ...rows.map(([what, value]) => `| ${what} | ${cellCode(value, VALUE_COLUMNS)} |`),
  ].join("\n");
}
