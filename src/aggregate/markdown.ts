// The aggregate as one Markdown summary (a job summary, a PR comment). GitHub refuses a step summary
// over 1 MiB, so the fixed parts are bounded (each value cut, long lists capped) and the cases
// answered differently fill what is left, in order; the summary says what it left out, and
// aggregate.json has all of it. All record text goes through src/report/markdown-escape.ts.
import { cutText } from "../report/format.js";
import { GITHUB_SUMMARY_LIMIT, SUMMARY_MARGIN } from "../report/markdown.js";
import { inlineCode, inlineText, preBlock } from "../report/markdown-escape.js";
import { INVISIBLE_LEGEND } from "../report/visible.js";
import { showRange } from "./coverage.js";
import type { Aggregate, Disagreement, ImplementationView } from "./types.js";
import { countsLine, coverageLine, shortSigner, suiteCell, suiteColumns } from "./view.js";

export interface AggregateMarkdownOptions {
  /** The summary's most UTF-8 bytes (default GITHUB_SUMMARY_LIMIT - SUMMARY_MARGIN). */
  maxBytes?: number;
}

/** Values from a record are cut to this many characters; answers to ANSWER_MAX. */
const VALUE_MAX = 300;
const ANSWER_MAX = 1000;
/** At most this many records and implementations are listed row by row. */
const ROWS_MAX = 500;
/** Kept free for the closing note. */
const NOTE_RESERVE = 1024;

const bytes = (text: string) => Buffer.byteLength(text, "utf8");

function cut(text: string, max = VALUE_MAX): string {
  const kept = cutText(text, max);
  return kept === text ? text : `${kept} … (cut here: ${text.length - kept.length} more characters)`;
}
const code = (text: string, max = VALUE_MAX) => inlineCode(cut(text, max));

function capped<T>(items: readonly T[], row: (item: T) => string, what: string): string[] {
  const rows = items.slice(0, ROWS_MAX).map(row);
  if (items.length > ROWS_MAX)
    rows.push(`| and ${items.length - ROWS_MAX} more ${what} (see aggregate.json) |`);
  return rows;
}

function recordsSection(aggregate: Aggregate): string {
  const rows = capped(
    aggregate.records,
    (r) =>
      `| ${r.accepted ? "✅" : "❌"} | ${code(r.source)} | ${code(r.outcome)} | ${
        r.implementation ?? (r.detail === undefined ? "" : inlineText(cut(r.detail)))
      } |`,
    "records",
  );
  return [
    "### Records",
    "",
    "| | Record | Outcome | Implementation |",
    "| --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}

function implementationsSection(implementations: readonly ImplementationView[]): string {
  const rows = capped(
    implementations,
    (i) =>
      `| ${i.id} | ${inlineText(cut(i.label))} | ${i.adapter}: ${code(i.impl)} | ${code(i.suite)} | ${i.keys.join(", ")} | ${i.signers
        .slice(0, 4)
        .map((s) => code(s))
        .join(
          " ",
        )}${i.signers.length > 4 ? ` and ${i.signers.length - 4} more` : ""} | ${i.records.length} |`,
    "implementations",
  );
  return [
    "### Implementations",
    "",
    "| | Implementation | Adapter | Suite | Key | Signer | Records |",
    "| --- | --- | --- | --- | --- | --- | ---: |",
    ...rows,
  ].join("\n");
}

function suitesSection(aggregate: Aggregate): string {
  const shown = aggregate.implementations.slice(0, ROWS_MAX);
  const rows = shown.map(
    (i) =>
      `| ${i.conformant ? "✅" : "❌"} ${i.id} | ${suiteColumns(aggregate)
        .map((s) => suiteCell(i, s))
        .join(" | ")} | ${i.passed}/${i.cases} | ${code(shortSigner(i.signers[0] ?? ""))} |`,
  );
  const suites = suiteColumns(aggregate);
  return [
    "### Suites (passed/cases)",
    "",
    `| Implementation | ${suites.map((s) => inlineCode(s)).join(" | ")} | All | Signer |`,
    `| --- | ${suites.map(() => "---:").join(" | ")} | ---: | --- |`,
    ...rows,
  ].join("\n");
}

function sweepSection(implementations: readonly ImplementationView[]): string | undefined {
  const swept = implementations.filter((i) => i.coverage !== null).slice(0, ROWS_MAX);
  if (swept.length === 0) return undefined;
  const lines = swept.map((i) => {
    const c = i.coverage!;
    const head = `- ${c.complete ? "✅" : "❌"} **${i.id}**: ${inlineText(coverageLine(c, i.records.length))}`;
    const doubled = c.doubled.slice(0, 20).map(
      (d) =>
        `  - ${showRange(d)} is in ${d.sources
          .slice(0, 10)
          .map((s) => code(s))
          .join(", ")}`,
    );
    return [head, ...doubled].join("\n");
  });
  return ["### Numbers sweep", "", ...lines].join("\n");
}

function disagreementBlock(d: Disagreement, labels: Map<string, string>): string {
  const rows = d.answers.map(
    (a) =>
      `| ${a.pass ? "✅" : "❌"} ${a.implementation} ${inlineText(cut(labels.get(a.implementation) ?? "", 100))} | ${preBlock(cutText(a.got, ANSWER_MAX))} |`,
  );
  return [`#### ${inlineCode(cut(d.case))}`, "", "| Implementation | Got |", "| --- | --- |", ...rows].join(
    "\n",
  );
}

export function aggregateMarkdown(aggregate: Aggregate, options: AggregateMarkdownOptions = {}): string {
  const maxBytes = options.maxBytes ?? GITHUB_SUMMARY_LIMIT - SUMMARY_MARGIN;
  const { verdict, implementations, disagreements } = aggregate;
  const mark = verdict.exitCode === 0 ? "✅ Aggregate passed" : "❌ Aggregate failed";
  const parts: string[] = [`## ${mark}: ${inlineText(countsLine(aggregate))}`];
  if (verdict.failures.length > 0) parts.push(verdict.failures.map((f) => `- ${inlineText(f)}`).join("\n"));
  parts.push(recordsSection(aggregate));
  if (implementations.length > 0) {
    parts.push(implementationsSection(implementations), suitesSection(aggregate));
    const sweep = sweepSection(implementations);
    if (sweep !== undefined) parts.push(sweep);
  }
  if (disagreements.length > 0) {
    parts.push(
      `### Cases answered differently (${disagreements.length})\n\n${inlineText(INVISIBLE_LEGEND)} Refusals agree whatever their reasons; each answer is shown as its record states it.`,
    );
  }

  let used = bytes(parts.join("\n\n")) + NOTE_RESERVE;
  const labels = new Map(implementations.map((i) => [i.id, i.label]));
  let shown = 0;
  for (const d of disagreements) {
    const block = disagreementBlock(d, labels);
    if (used + bytes(block) + 2 > maxBytes) break;
    parts.push(block);
    used += bytes(block) + 2;
    shown++;
  }
  if (shown < disagreements.length) {
    parts.push(
      `*${disagreements.length - shown} more cases answered differently are not shown here, to keep this summary under ${maxBytes} bytes; aggregate.json lists them all.*`,
    );
  }
  return `${parts.join("\n\n")}\n`;
}
