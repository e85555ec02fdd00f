// The aggregate as one Markdown summary (a job summary, a PR comment). GitHub refuses a step summary
// over 1 MiB, so the fixed parts are bounded (each value cut, long lists capped) and the cases
// answered differently fill what is left, in order; the summary says what it left out, and
// aggregate.json has all of it. All record text goes through src/escape/markdown.ts.

import { cellCode, cellText, escapeHtml, fencedBlock, inlineCode, inlineText } from "../escape/markdown.js";
import { INVISIBLE_LEGEND } from "../escape/visible.js";
import { GITHUB_SUMMARY_LIMIT, SUMMARY_MARGIN } from "../report/markdown.js";
import { cutText } from "../text.js";
import { showRange } from "./coverage.js";
import { shardLine } from "./shards.js";
import type { Aggregate, Disagreement, ImplementationView } from "./types.js";
import { countsLine, coverageLine, recordFolders, shortSigner, suiteCell, suiteColumns } from "./view.js";

export interface AggregateMarkdownOptions {
  /** The summary's most UTF-8 bytes (default GITHUB_SUMMARY_LIMIT - SUMMARY_MARGIN). */
  maxBytes?: number;
}

/** Values from a record are cut to this many characters; answers to ANSWER_MAX. */
const VALUE_MAX = 300;
const ANSWER_MAX = 1000;
/** GitHub's tables grow to their widest unbreakable word and then scroll sideways, so in a table cell
 * a word (a run without a space) is broken every this many columns: NARROW in the tables of six or
 * more columns, WIDE where a cell has room (a record's path, an answer). Checked in Chromium at the
 * summary's width by test/aggregate/markdown.browser.test.ts. */
const NARROW = 16;
const WIDE = 40;
const ANSWER_WIDE = 64;
/** At most this many records and implementations are listed row by row. */
const ROWS_MAX = 500;
/** At most this many signers of one implementation are listed in full. */
const SIGNERS_MAX = 4;
/** Kept free for the closing note. */
const NOTE_RESERVE = 1024;

const bytes = (text: string) => Buffer.byteLength(text, "utf8");

function cut(text: string, max = VALUE_MAX): string {
  const kept = cutText(text, max);
  return kept === text ? text : `${kept} … (cut here: ${text.length - kept.length} more characters)`;
}
const code = (text: string, max = VALUE_MAX) => inlineCode(cut(text, max));
/** Record text in a table cell: cut at `max` characters, its words broken every `columns`. */
const cellWords = (text: string, columns: number, max = VALUE_MAX) => cellText(cut(text, max), columns);
const cellCodeOf = (text: string, columns: number, max = VALUE_MAX) => cellCode(cut(text, max), columns);

/** A record's line in the Records table: ✅ only for a record that verified and says conformant; one
 * that verified but says not conformant is marked as such, apart from a refused one. */
function recordVerdict(r: { accepted: boolean; outcome: string }): string {
  if (!r.accepted) return r.outcome.startsWith("unreadable") ? "⛔ unreadable" : "⛔ refused";
  return r.outcome === "accept conformant=true" ? "✅ verified, conformant" : "❌ verified, not conformant";
}

/**
 * Rows for `items`, as many as fit in `maxBytes` (and at most ROWS_MAX), then a row saying how many
 * more there are: a record's text is escaped, and escaping can multiply its size.
 */
function capped<T>(
  items: readonly T[],
  row: (item: T) => string,
  what: string,
  maxBytes: number,
  shape: "table" | "list" = "table",
): string[] {
  const rows: string[] = [];
  let used = 0;
  for (const item of items) {
    const text = row(item);
    if (rows.length === ROWS_MAX || used + bytes(text) + 1 > maxBytes) break;
    rows.push(text);
    used += bytes(text) + 1;
  }
  if (rows.length < items.length) {
    const more = `and ${items.length - rows.length} more ${what} (see aggregate.json)`;
    rows.push(shape === "table" ? `| ${more} |` : `- ${more}`);
  }
  return rows;
}

function recordsSection(aggregate: Aggregate, maxBytes: number): string {
  const rows = capped(
    aggregate.records,
    (r) =>
      `| ${recordVerdict(r)} | ${cellCodeOf(r.source, WIDE)} | ${cellCodeOf(r.outcome, NARROW)} | ${
        r.implementation ?? (r.detail === undefined ? "" : cellWords(r.detail, WIDE))
      } |`,
    "records",
    maxBytes,
  );
  return [
    "### Records",
    "",
    "| Verdict | Record | Outcome | Implementation |",
    "| --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}

function implementationsSection(implementations: readonly ImplementationView[], maxBytes: number): string {
  const rows = capped(
    implementations,
    (i) =>
      `| ${i.id} | ${cellWords(i.label, NARROW)} | ${i.adapter} | ${cellCodeOf(i.suite, NARROW)} | ${i.keys.join(", ")}: ${i.signers
        .slice(0, 4)
        .map((s) => code(shortSigner(s)))
        .join(
          " ",
        )}${i.signers.length > 4 ? ` and ${i.signers.length - 4} more` : ""} | ${i.records.length} |`,
    "implementations",
    maxBytes,
  );
  // A command line in a table cell, or in any text, is wrapped mid-token (`./canon --` / `lines`: a
  // browser may break after a hyphen): each one is a code block of its own below the table, which
  // never wraps (a long one scrolls inside its block) and which GitHub gives a copy button.
  const commands = capped(
    implementations,
    (i) =>
      `- **${i.id}** ${i.adapter === "http" ? "its URL" : "its command line"}:\n\n${fencedBlock(
        cut(i.impl),
        "sh",
      )
        .split("\n")
        .map((line) => `  ${line}`)
        .join("\n")}\n`,
    "command lines",
    maxBytes / 4,
    "list",
  );
  // A key in a narrow cell would be broken into pieces: each signer is listed whole, one a line.
  const signers = capped(
    implementations.flatMap((i) => i.signers.slice(0, SIGNERS_MAX).map((s) => ({ i, s }))),
    ({ i, s }) => `- **${i.id}** signed by ${code(s)}`,
    "signers",
    maxBytes / 4,
    "list",
  );
  return [
    "### Implementations",
    "",
    "| Id | Implementation | Adapter | Suite | Key: signer | Records |",
    "| --- | --- | --- | --- | --- | ---: |",
    ...rows,
    "",
    ...signers,
    "",
    "What each one ran, whole:",
    "",
    ...commands,
  ].join("\n");
}

function suitesSection(aggregate: Aggregate, maxBytes: number): string {
  const suites = suiteColumns(aggregate);
  const rows = capped(
    aggregate.implementations,
    (i) =>
      `| ${i.conformant ? "✅" : "❌"} ${i.id} ${cellWords(i.label, NARROW, 100)} (${cellWords(recordFolders(i), NARROW)}) | ${suites.map((s) => suiteCell(i, s)).join(" | ")} | ${i.passed}/${
        i.cases
      } | ${code(shortSigner(i.signers[0] ?? ""))} |`,
    "implementations",
    maxBytes,
  );
  return [
    "### Suites (passed/cases)",
    "",
    `| Implementation | ${suites.map((s) => cellCodeOf(s, NARROW, 100)).join(" | ")} | All | Signer |`,
    `| --- | ${suites.map(() => "---:").join(" | ")} | ---: | --- |`,
    ...rows,
  ].join("\n");
}

function sweepSection(implementations: readonly ImplementationView[], maxBytes: number): string | undefined {
  const swept = implementations.flatMap((i) => [
    ...(i.shards === null ? [] : [{ i, c: i.shards }]),
    ...i.sweeps.map((c) => ({ i, c })),
  ]);
  if (swept.length === 0) return undefined;
  const lines = capped(
    swept,
    ({ i, c }) => {
      if (!("sweep" in c))
        return `- ${c.complete ? "✅" : "❌"} **${i.id}** ${inlineText(cut(shardLine(c), 2000))}`;
      const head = `- ${c.complete ? "✅" : "❌"} **${i.id}** ${inlineText(cut(coverageLine(c, i.records.length), 2000))}`;
      const doubled = c.doubled.slice(0, 20).map(
        (d) =>
          `  - ${showRange(d)} is in ${d.sources
            .slice(0, 10)
            .map((s) => code(s))
            .join(", ")}`,
      );
      return [head, ...doubled].join("\n");
    },
    "sweeps",
    maxBytes,
  );
  return ["### Sweeps (shards joined)", "", ...lines].join("\n");
}

function disagreementBlock(d: Disagreement, labels: Map<string, string>): string {
  const rows = d.answers.map(
    (a) =>
      `| ${a.pass ? "✅" : "❌"} ${a.implementation} ${cellWords(labels.get(a.implementation) ?? "", NARROW, 100)} | ${cellCodeOf(a.got, ANSWER_WIDE, ANSWER_MAX)} |`,
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
  // The fixed parts each get a share, so that no one of them can crowd out the rest.
  parts.push(recordsSection(aggregate, maxBytes / 4));
  if (implementations.length > 0) {
    parts.push(implementationsSection(implementations, maxBytes / 8), suitesSection(aggregate, maxBytes / 8));
    const sweep = sweepSection(implementations, maxBytes / 8);
    if (sweep !== undefined) parts.push(sweep);
  }
  if (disagreements.length > 0) {
    parts.push(
      `### Cases answered differently (${disagreements.length})\n\n${escapeHtml(INVISIBLE_LEGEND)} Refusals agree whatever their reasons; each answer is shown as its record states it.`,
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
  // After every disagreement, in what room is left: the choices fail nothing.
  const { choices } = aggregate;
  if (choices.length > 0) {
    const head = `### Open choices made differently (${choices.length})\n\nThe RFC leaves these open (a byte-order mark, a top-level scalar, integers past 2^53, deep nesting): each answer is one the case allows, so they are shown apart and fail nothing.`;
    parts.push(head);
    used += bytes(head) + 2;
    let listed = 0;
    for (const d of choices) {
      const block = disagreementBlock(d, labels);
      if (used + bytes(block) + 2 > maxBytes) break;
      parts.push(block);
      used += bytes(block) + 2;
      listed++;
    }
    if (listed < choices.length)
      parts.push(
        `*${choices.length - listed} more open choices are not shown here; aggregate.json lists them all.*`,
      );
  }
  return `${parts.join("\n\n")}\n`;
}
