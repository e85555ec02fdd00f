// The terminal's view of a run: progress while it runs, then the verdict. Everything that came from
// the corpus or the implementation goes through showInvisible first, so no output can move the
// cursor, recolour the terminal or hide a difference.

import { INVISIBLE_LEGEND, showInvisible } from "../escape/visible.js";
import type { Progress } from "../types.js";
import type { FailureGroup } from "../view/causes.js";
import type { RunView } from "../view/index.js";
import type { ProtocolUsed } from "../view/protocol.js";
import { countLine, formatDuration, formatRate, implementationName, keyMeaning } from "./format.js";
import { gateConsoleLines, gateVerdictLine } from "./gate.js";
import { firstCrashLine, LINES_FORMS_NOTE, linesFormLine, protocolLine, restartsLine } from "./protocol.js";
import type { ReportPlace } from "./types.js";
import { verifyCommand } from "./verify-command.js";

/** Where progress goes: process.stderr, or any stream (a test's). */
export interface ProgressStream {
  write(chunk: string): unknown;
  /** A terminal's width; a rewritten line is cut to it so that it never wraps. */
  columns?: number;
}

export interface ProgressOptions {
  stream: ProgressStream;
  /** On a terminal one line is rewritten in place; elsewhere (an Actions log) plain lines are written. */
  isTTY: boolean;
  /**
   * On a terminal: the least time between rewrites (default 100 ms). Elsewhere: the least time before
   * a line at a 5% step is written (default 5000 ms); every 10% step is written regardless.
   */
  intervalMs?: number;
  /** Elsewhere only: with no step reached for this long, a line is written anyway (default 60 s). */
  stallMs?: number;
}

export interface ProgressReporter {
  update(progress: Progress): void;
  /** A line of its own between progress lines (on a terminal the progress line is drawn again after it). */
  note(line: string): void;
  /** Writes the last state if it is not shown yet and ends the line. Safe to call twice. */
  done(): void;
}

/** `120/412 cases (29%), 85/s, 2 failed, 4.8 s`, then, when the run says, `suite generated,
 * 1200 requests left` */
export function formatProgress(p: Progress): string {
  const percent = p.total > 0 ? ` (${Math.floor((p.done * 100) / p.total)}%)` : "";
  const rate = formatRate(p.done, p.elapsedMs);
  // Once mode's batches: processes are the cost, so they lead (cases finish in bursts there).
  if (p.requests) {
    const { done, planned } = p.requests;
    // Past the plan, failures cost processes the plan could not know of (each asked alone): the line
    // says so rather than a count over its plan, and the cases beside it say how far the run is.
    const processes =
      done <= planned
        ? `${done}/${planned} processes (${Math.floor(fraction(p, p.requests) * 100)}%)`
        : `${done} processes (${planned} planned, ${done - planned} more asking failures alone)`;
    const parts = [
      processes,
      `${p.done}/${p.total} cases`,
      `${p.failed} failed`,
      formatDuration(p.elapsedMs),
    ];
    if (p.suite !== undefined && p.done < p.total) parts.push(`suite ${p.suite}`);
    return parts.join(", ");
  }
  const parts = [`${p.done}/${p.total} cases${percent}`];
  if (rate) parts.push(rate);
  parts.push(`${p.failed} failed`, formatDuration(p.elapsedMs));
  if (p.suite !== undefined && p.done < p.total) parts.push(`suite ${p.suite}`);
  if (p.requestsLeft !== undefined && p.done < p.total) parts.push(`${p.requestsLeft} requests left`);
  if (p.askedAlone?.count) {
    parts.push(`${p.askedAlone.count} asked alone (${formatDuration(p.askedAlone.ms)} of processes)`);
  }
  // A command that ends mid-run is started again, and the line says how often.
  if (p.askedAlone?.restarts) {
    parts.push(
      `restarted ${p.askedAlone.restarts} ${p.askedAlone.restarts === 1 ? "time" : "times"} (it ended mid-run)`,
    );
  }
  return parts.join(", ");
}

/** How far a run with batches is, from 0 to 1, by processes planned: short of 1 until every case is
 * judged (a failing batch costs more than planned). */
function fraction(p: Progress, requests: { done: number; planned: number }): number {
  if (p.total > 0 && p.done >= p.total) return 1;
  return requests.planned > 0 ? Math.min(requests.done / requests.planned, 0.99) : 0;
}

/**
 * Progress as a run goes. Plain lines come at the first update, at every 10% step, at a 5% step
 * when `intervalMs` has passed since the last line, and after `stallMs` without one: at most 21
 * lines for a run that never stalls, however many cases it has.
 */
export function createProgressReporter(options: ProgressOptions): ProgressReporter {
  const { stream, isTTY } = options;
  const intervalMs = options.intervalMs ?? (isTTY ? 100 : 5000);
  const stallMs = options.stallMs ?? 60_000;
  let last: Progress | undefined;
  let shown: Progress | undefined;
  let shownAt = 0;
  let finished = false;

  const step = (p: Progress, steps: number) => {
    if (p.requests) return Math.floor(fraction(p, p.requests) * steps);
    return p.total > 0 ? Math.floor((p.done * steps) / p.total) : 0;
  };

  const show = (p: Progress) => {
    const line = formatProgress(p);
    if (isTTY) {
      // \r returns to the line's start and ESC [K clears what a longer previous line left behind.
      const width = stream.columns && stream.columns > 1 ? stream.columns - 1 : Number.POSITIVE_INFINITY;
      stream.write(`\r${line.length > width ? line.slice(0, width) : line}\x1b[K`);
    } else {
      stream.write(`${line}\n`);
    }
    shown = p;
    shownAt = p.elapsedMs;
  };

  const isDue = (p: Progress): boolean => {
    if (!shown) return true;
    const since = p.elapsedMs - shownAt;
    if (isTTY) return since >= intervalMs || (p.done === p.total && shown.done !== p.done);
    if (step(p, 10) > step(shown, 10)) return true;
    if (step(p, 20) > step(shown, 20) && since >= intervalMs) return true;
    return since >= stallMs;
  };

  return {
    update(p) {
      if (finished) return;
      last = { ...p };
      if (isDue(last)) show(last);
    },
    note(line) {
      if (finished) return;
      if (isTTY) {
        stream.write(`\r${line}\x1b[K\n`);
        if (shown) show(shown);
      } else {
        stream.write(`${line}\n`);
      }
    },
    done() {
      if (finished) return;
      finished = true;
      if (!last) return;
      const same =
        shown !== undefined &&
        shown.done === last.done &&
        shown.total === last.total &&
        shown.failed === last.failed;
      if (!same) show(last);
      if (isTTY) stream.write("\n");
    },
  };
}

/** The few SGR codes the verdict uses, or nothing when colour is off. */
function palette(color: boolean) {
  const sgr = (on: string, off: string) => (text: string) =>
    color ? `\x1b[${on}m${text}\x1b[${off}m` : text;
  return {
    bold: sgr("1", "22"),
    dim: sgr("2", "22"),
    red: sgr("31", "39"),
    green: sgr("32", "39"),
    yellow: sgr("33", "39"),
  };
}

export interface VerdictOptions {
  /** ANSI colour; the caller decides (a terminal, and NO_COLOR unset). */
  color: boolean;
  /** Where the reader finds report.html: the file written (the default), or the artifact holding it. */
  reportAt?: ReportPlace;
}

/** The readable verdict printed when a run ends: headline, what ran, suites, the failures by cause,
 * each failed case, how to verify. */
export function formatVerdict(view: RunView, options: VerdictOptions): string {
  return `${verdictSections(view, options)
    .map((s) => s.body)
    .join("\n")}\n`;
}

/** A part of the verdict; the failed cases of each suite are one with a `title`, which the action
 * folds in the log (`::group::`), so a long list does not bury the verdict. */
export interface VerdictSection {
  title?: string;
  body: string;
}

/** The verdict in its parts, in order: formatVerdict joins them. */
export function verdictSections(input: RunView, options: VerdictOptions): VerdictSection[] {
  const sections: VerdictSection[] = [];
  const { record } = input;
  const c = palette(options.color);
  const out: string[] = [];
  const field = (label: string, value: string) => `  ${c.dim(label.padEnd(15))} ${value}`;

  // With a list that decides otherwise, the first line is the step's status, the record's beside it.
  const gated = input.gate ? gateVerdictLine(input.gate, record.conformant, countLine(record)) : undefined;
  const verdict = record.conformant ? c.green(c.bold("CONFORMANT")) : c.red(c.bold("NOT CONFORMANT"));
  if (gated === undefined) out.push(`${verdict}: ${countLine(record)}`, "");
  else {
    const [status = "", rest] = splitOnce(gated, ": ");
    const paint = input.gate?.pass ? c.yellow : c.red;
    out.push(`${paint(c.bold(status))}: ${rest}`, "");
  }

  const impl = record.implementation;
  out.push(field("implementation", showInvisible(implementationName(record))));
  out.push(field(impl.adapter === "http" ? "url" : "command", showInvisible(impl.impl)));
  if (input.protocol) out.push(...protocolFields(input.protocol, field));
  impl.files.forEach((f, i) => {
    out.push(field(i === 0 ? "files" : "", `${f.sha256}  ${showInvisible(f.path)}`));
  });
  out.push(field("profile", showInvisible(record.suite)));
  out.push(
    field(
      "corpus",
      `${showInvisible(record.corpus.dir)}, ${record.corpus.files} files, ${showInvisible(record.corpus.digest)}`,
    ),
  );
  out.push(field("signer", `${showInvisible(record.signer_pubkey)} (${keyMeaning(record.key)})`));
  if (input.elapsedMs !== undefined) out.push(field("elapsed", formatDuration(input.elapsedMs)));
  out.push("");

  const tallies = input.tally;
  if (tallies.length > 0) {
    const width = Math.max(5, ...tallies.map((t) => showInvisible(t.suite).length));
    const row = (name: string, cases: number, passed: number, failed: number) =>
      `  ${name.padEnd(width)}  ${String(cases).padStart(6)}  ${String(passed).padStart(6)}  ${
        failed > 0 ? c.red(String(failed).padStart(6)) : String(failed).padStart(6)
      }`;
    out.push(
      c.dim(
        `  ${"suite".padEnd(width)}  ${"cases".padStart(6)}  ${"passed".padStart(6)}  ${"failed".padStart(6)}`,
      ),
    );
    for (const t of tallies) out.push(row(showInvisible(t.suite), t.cases, t.passed, t.failed));
    const s = record.summary;
    out.push(c.bold(row("total", s.cases, s.passed, s.failed)), "");
  }

  const { failures } = input;
  if (failures.length > 0) {
    out.push(...causeLines(input.causes, c));
    sections.push({ body: out.join("\n") });
    out.length = 0;
    const detail = (label: string, value: string) => `    ${c.dim(label.padEnd(9))} ${value}`;
    for (const suite of new Set(failures.map((f) => f.result.suite))) {
      const inSuite = failures.filter((f) => f.result.suite === suite);
      const lines = [c.bold(`Failed cases in ${suite} (${inSuite.length}):`), ""];
      for (const { name, result: r, listed: expected, difference: diff } of inSuite) {
        lines.push(`  ${c.yellow(showInvisible(name))}${expected ? c.dim(" (expected failure)") : ""}`);
        if (expected)
          lines.push(
            detail("listed", `expected failure (${showInvisible(expected.reason)}), line ${expected.line}`),
          );
        lines.push(detail("why", showInvisible(r.why)));
        lines.push(detail("source", showInvisible(r.source)));
        if (r.input !== undefined) lines.push(detail("input", showInvisible(r.input)));
        if (r.vector !== undefined) lines.push(detail("vector", showInvisible(r.vector)));
        lines.push(detail("expected", showInvisible(r.expected)));
        lines.push(detail("got", showInvisible(r.got)));
        if (diff) lines.push(detail("note", showInvisible(diff)));
        lines.push("");
      }
      lines.push(c.dim(`  ${INVISIBLE_LEGEND}`), "");
      sections.push({ title: `Failed cases in ${suite} (${inSuite.length})`, body: lines.join("\n") });
    }
  }

  if (input.gate) out.push(...gateConsoleLines(input.gate, record.conformant));

  if (input.rerun) {
    out.push(`Re-run the ${input.rerun.failed} failed case${input.rerun.failed === 1 ? "" : "s"} locally:`);
    out.push(`  ${showInvisible(input.rerun.command)}`);
    if (input.rerun.note) out.push(`  (${input.rerun.note})`);
    out.push("");
  }
  const reportAt = options.reportAt ?? (input.files?.html ? { path: input.files.html } : undefined);
  if (reportAt) out.push(...reportLines(reportAt), "");
  const recordPath = input.files?.record;
  if (recordPath === undefined) {
    out.push(`The record was not written; run with --out DIR to keep it, then verify it with:`);
    out.push(`  ${verifyCommand("DIR/record.json", record.key, record.signer_pubkey, input.tool)}`);
  } else {
    out.push("Verify the record:");
    out.push(`  ${showInvisible(verifyCommand(recordPath, record.key, record.signer_pubkey, input.tool))}`);
  }
  sections.push({ body: out.join("\n") });
  return sections;
}

/** The protocol, and in lines mode a command started again and the cases sent in their lines form. */
function protocolFields(protocol: ProtocolUsed, field: (label: string, value: string) => string): string[] {
  const out = [field("protocol", showInvisible(protocolLine(protocol)))];
  const { restarts, linesFormsSent: forms } = protocol;
  if (restarts) {
    out.push(field("restarts", showInvisible(restartsLine(restarts))));
    out.push(field("first crash", showInvisible(firstCrashLine(restarts.firstCrash))));
  }
  if (forms && forms.length > 0) {
    forms.forEach((f, i) => {
      out.push(field(i === 0 ? "lines forms" : "", showInvisible(linesFormLine(f))));
    });
    out.push(field("", `(${LINES_FORMS_NOTE})`));
  }
  return out;
}

/** How many cause lines the console shows, and how many case names under each. */
const CAUSES_SHOWN = 20;
const CASES_PER_CAUSE = 8;

/** The failures by cause, biggest first: what to fix first, and which cases each fix clears. */
function causeLines(groups: readonly FailureGroup[], c: ReturnType<typeof palette>): string[] {
  const out = [c.bold(`Failures by cause (${groups.length} cause${groups.length === 1 ? "" : "s"}):`), ""];
  for (const g of groups.slice(0, CAUSES_SHOWN)) {
    // A cause's title is already shown visibly (causes.ts): shown again, its ⟨ would read ⟨U+27E8⟩.
    out.push(`  ${c.red(`${g.count} case${g.count === 1 ? "" : "s"}`)}: ${g.title}`);
    const names = g.cases.slice(0, CASES_PER_CAUSE).map(showInvisible).join(", ");
    const more = g.count > CASES_PER_CAUSE ? `, and ${g.count - CASES_PER_CAUSE} more` : "";
    out.push(`    ${names}${more}`);
  }
  if (groups.length > CAUSES_SHOWN) out.push(`  and ${groups.length - CAUSES_SHOWN} more causes`);
  out.push("");
  return out;
}

/** `text` split at the first `separator`. */
function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, ""] : [text.slice(0, at), text.slice(at + separator.length)];
}

/** Where report.html is and how to open it: the page shows every failure by cause and verifies the
 * record in the browser. */
function reportLines(at: ReportPlace): string[] {
  if ("path" in at)
    return [
      "Open the report page in a browser (every failure by cause; the record verified in the page):",
      `  ${showInvisible(at.path)}`,
    ];
  return [
    `The report page is report.html in the artifact '${showInvisible(at.artifact)}': download the artifact, unzip it and open report.html in a browser (every failure by cause; the record verified in the page).`,
  ];
}
