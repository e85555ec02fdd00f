// The pull request's view of a run: the job summary. GitHub refuses a step summary over 1 MiB, so the
// summary is planned in parts whose sizes are known, and trimmed in a fixed order until it fits:
// passing detail first, then the longest outputs, then failed-case detail beyond a count. It always
// says what it left out. All content goes through src/escape/markdown.ts.
import { basename } from "node:path";
import {
  escapeHtml,
  fencedBlock,
  inlineCode,
  inlineShown,
  inlineText,
  textBlock,
  textBlockLengths,
} from "../escape/markdown.js";
import { INVISIBLE_LEGEND } from "../escape/visible.js";
import { cutText } from "../text.js";
import { recordCaseName } from "../text-forms/index.js";
import type { CaseResult } from "../types.js";
import type { FailureGroup } from "../view/causes.js";
import type { FailedCase, RunView } from "../view/index.js";
import type { ProtocolUsed } from "../view/protocol.js";
import type { SuiteTally } from "../view/tally.js";
import { countLine, formatDuration, implementationName, keyMeaning } from "./format.js";
import { gateMarkdown } from "./gate.js";
import { firstCrashLine, LINES_FORMS_NOTE, linesFormLine, protocolLine, restartsLine } from "./protocol.js";
import { verifyCommand } from "./verify-command.js";

/** GitHub's limit on one step's job summary. */
export const GITHUB_SUMMARY_LIMIT = 1024 * 1024;
/** Room left for what the action or GitHub adds around the summary. */
export const SUMMARY_MARGIN = 16 * 1024;
/** Below this even the headline, suite table and verify section may not fit. */
export const MIN_SUMMARY_BYTES = 64 * 1024;

export interface MarkdownOptions {
  /** The summary's most UTF-8 bytes (default GITHUB_SUMMARY_LIMIT - SUMMARY_MARGIN). */
  maxBytes?: number;
  /** Where the reader finds the record: in the run's artifact (the default), or only on the runner
   * (the action's `upload: false`, or an upload that failed), where a later step of the job must keep it. */
  recordAt?: RecordPlace;
}

/** Where the run's files are for the summary's reader: in the uploaded artifact, or on the runner in
 * the output folder `runner`, because nothing was uploaded (`upload: false`) or the upload failed. */
export type RecordPlace = "artifact" | { runner: string; uploadFailed?: boolean };

/** Outputs are never cut below this many characters. */
const OUTPUT_FLOOR = 200;
/** When failed cases must be dropped, at most this many keep their detail; the rest are listed by name. */
const DETAIL_COUNT = 100;
/** Values about the run (command line, paths, names) are cut at this length: beyond it they are unreadable. */
const RUN_VALUE_MAX = 2000;
/** At most this many of the implementation's files are listed. */
const FILES_MAX = 100;
/** A case's name, and its why or source, are cut at these lengths (corpus ones are far shorter). */
const NAME_MAX = 300;
const WHY_MAX = 1000;
/** Bytes kept free for the trim notes, which are written last. */
const NOTE_RESERVE = 1024;

const bytes = (text: string) => Buffer.byteLength(text, "utf8");

/** `text` cut to at most `max` UTF-16 units, never inside a surrogate pair, saying how much went. */
function cut(text: string, max: number): string {
  const kept = cutText(text, max);
  return kept === text ? text : `${kept} … (cut here: ${text.length - kept.length} more characters)`;
}

function headline(input: RunView): string {
  const { record } = input;
  const mark = record.conformant ? "✅ Conformant" : "❌ Not conformant";
  return `## ${mark}: ${countLine(record)}`;
}

function runSection(input: RunView, valueMax: number, filesMax: number, place: RecordPlace): string {
  const { record } = input;
  const impl = record.implementation;
  const v = (text: string) => inlineCode(cut(text, valueMax));
  const lines = [
    `- **Implementation:** ${inlineText(cut(implementationName(record), valueMax))}`,
    `- **${impl.adapter === "http" ? "URL" : "Command"}:** ${v(impl.impl)}`,
    ...(input.protocol ? protocolItems(input.protocol) : []),
    `- **Report page:** ${reportPageLine(place)}`,
    `- **Profile:** ${v(record.suite)} · **standard:** ${v(record.standard)} · **kind:** ${v(record.kind)}`,
    `- **Corpus:** ${v(record.corpus.dir)}, ${record.corpus.files} files, ${v(record.corpus.digest)}`,
    `- **Signer:** ${v(record.signer_pubkey)} (${escapeHtml(keyMeaning(record.key))})`,
    `- **Started:** ${v(record.started_at)}${
      input.elapsedMs === undefined ? "" : ` · took ${formatDuration(input.elapsedMs)}`
    } · **toolchain:** ${v(`${record.toolchain.name} ${record.toolchain.version}`)}`,
  ];
  const out = [lines.join("\n")];
  if (impl.files.length > 0) {
    const rows = impl.files.slice(0, filesMax).map((f) => `| ${v(f.path)} | ${v(f.sha256)} |`);
    if (impl.files.length > filesMax) rows.push(`| and ${impl.files.length - filesMax} more files | |`);
    out.push(["| File the command ran | SHA-256 |", "| --- | --- |", ...rows].join("\n"));
  }
  return out.join("\n\n");
}

/** The protocol, and in lines mode a command started again and the cases sent in their lines form. */
function protocolItems(protocol: ProtocolUsed): string[] {
  const out = [`- **Protocol:** ${inlineText(protocolLine(protocol))}`];
  const { restarts, linesFormsSent: forms } = protocol;
  if (restarts) {
    out.push(`- **Restarts:** ${inlineText(restartsLine(restarts))}`);
    out.push(`- **First crash:** ${inlineText(firstCrashLine(restarts.firstCrash))}`);
  }
  if (forms && forms.length > 0) {
    out.push(`- **Lines forms** (${inlineText(LINES_FORMS_NOTE)}):`);
    for (const f of forms) out.push(`  - ${inlineText(linesFormLine(f))}`);
  }
  return out;
}

/** Where report.html is, and how to open it: the artifact is named only when it was uploaded. */
function reportPageLine(place: RecordPlace): string {
  const what = "every failure by cause, with its input, and the record verified in the page";
  if (place === "artifact")
    return `download the artifact, unzip it and open \`report.html\` in a browser (${what}).`;
  return `\`report.html\`, beside \`record.json\` on the runner in ${inlineCode(cut(place.runner, RUN_VALUE_MAX))} (${what}).`;
}

/** The suites, each marked by what it does to the step: ✅ none failed, ☑️ every failure is listed as
 * expected (the step passes on them), ❌ some failure is not. */
function suiteSection(tallies: readonly SuiteTally[], failures: readonly FailedCase[]): string {
  if (tallies.length === 0) return "No cases ran.";
  const unlisted = new Set<string>(failures.filter((f) => !f.listed).map((f) => f.result.suite));
  const mark = (t: { suite: string; failed: number }) =>
    t.failed === 0 ? "✅" : unlisted.has(t.suite) ? "❌" : "☑️";
  const rows = tallies.map(
    (t) => `| ${mark(t)} | ${inlineCode(cut(t.suite, 100))} | ${t.cases} | ${t.passed} | ${t.failed} |`,
  );
  return [
    "### Suites",
    "",
    "| | Suite | Cases | Passed | Failed |",
    "| --- | --- | ---: | ---: | ---: |",
    ...rows,
  ].join("\n");
}

/** An output as a block; a cut one says so outside the block, so the block holds only output. */
function outputBlock(text: string, max: number): string {
  const kept = cutText(text, max);
  if (kept === text) return textBlock(text);
  return `${textBlock(kept)}${cutNote(text.length - kept.length)}`;
}

function cutNote(left: number): string {
  return `\n\n*…cut here: ${left} more characters not shown.*`;
}

/** The UTF-8 length of outputBlock(text, max) for every max, from one pass over `text`. */
function outputBlockLengths(text: string): (max: number) => number {
  const block = textBlockLengths(text);
  return (max) => {
    const kept = cutText(text, max).length;
    return block(max) + (kept === text.length ? 0 : bytes(cutNote(text.length - kept)));
  };
}

/** One failed case in full, its outputs cut to `outputMax` characters. */
function failedBlock(failure: FailedCase, outputMax: number): string {
  const { result: r, difference: diff, listed } = failure;
  const parts = [
    listed
      ? `#### ☑️ ${inlineCode(cut(failure.name, NAME_MAX))} (expected failure)`
      : `#### ❌ ${inlineCode(cut(failure.name, NAME_MAX))}`,
    "",
    `**Why:** ${inlineText(cut(r.why, WHY_MAX))} (${inlineText(cut(r.source, WHY_MAX))})`,
    "",
  ];
  if (listed) {
    parts.push(
      `**Expected failure:** ${inlineText(cut(listed.reason, WHY_MAX))} (list line ${listed.line})`,
      "",
    );
  }
  if (r.input !== undefined) {
    const from = r.vector === undefined ? "" : ` (${inlineCode(cut(r.vector, NAME_MAX))})`;
    parts.push(`**Input**${from}`, "", outputBlock(r.input, outputMax), "");
  } else if (r.vector !== undefined) {
    parts.push(`**Vector:** ${inlineCode(cut(r.vector, NAME_MAX))}`, "");
  }
  parts.push(
    "**Expected**",
    "",
    outputBlock(r.expected, outputMax),
    "",
    "**Got**",
    "",
    outputBlock(r.got, outputMax),
  );
  if (diff) parts.push("", `*${inlineText(diff)}*`);
  return parts.join("\n");
}

/** How many causes the summary lists, and how many case names under each. */
const CAUSES_SHOWN = 30;
const CASES_PER_CAUSE = 10;

/** The failures by cause, biggest first: what to fix first, and which cases each fix clears. */
function causesSection(groups: readonly FailureGroup[], failures: readonly FailedCase[]): string {
  const rows = groups.slice(0, CAUSES_SHOWN).map((g) => {
    const names = g.cases.slice(0, CASES_PER_CAUSE).map((n) => inlineCode(cut(n, 100)));
    const more = g.count > CASES_PER_CAUSE ? `, and ${g.count - CASES_PER_CAUSE} more` : "";
    // The title is already shown visibly (causes.ts): escaped once, its tags are not shown again.
    return `- **${g.count} case${g.count === 1 ? "" : "s"}:** ${inlineShown(cut(g.title, WHY_MAX))}<br>${names.join(", ")}${more}`;
  });
  if (groups.length > CAUSES_SHOWN) rows.push(`- …and ${groups.length - CAUSES_SHOWN} more causes`);
  const head = `### Failures by cause (${groups.length} cause${groups.length === 1 ? "" : "s"}, ${failures.length} failed case${failures.length === 1 ? "" : "s"})`;
  return [head, "", ...rows].join("\n");
}

/** Wraps a suite's failed-case detail in a fold, so the causes and the other suites stay in view. */
function suiteFold(suite: string, count: number, blocks: readonly string[]): string {
  const summary = `<summary>Failed cases in ${escapeHtml(suite)} (${count})</summary>`;
  return ["<details>", summary, "", blocks.join("\n\n"), "", "</details>"].join("\n");
}
/** Bytes a fold adds around its blocks (a suite name is short: SUITES). */
const FOLD_BYTES = 120;

/** One failed case by name only, as a table row. */
function failedRow(f: FailedCase): string {
  return `| ${inlineCode(cut(f.name, NAME_MAX))} | ${inlineText(cut(f.result.why, WHY_MAX))} |`;
}

const FAILED_ROWS_HEAD = "| Failed case, not shown in detail | Why |\n| --- | --- |";

function passingSection(results: readonly CaseResult[]): string {
  const rows = results.flatMap((r) =>
    r.pass
      ? [
          `| ${inlineCode(cut(recordCaseName(r.suite, r.name), NAME_MAX))} | ${inlineText(cut(r.why, WHY_MAX))} |`,
        ]
      : [],
  );
  if (rows.length === 0) return "";
  return [
    "<details>",
    `<summary>Passing cases (${rows.length})</summary>`,
    "",
    "| Case | Why |",
    "| --- | --- |",
    ...rows,
    "",
    "</details>",
  ].join("\n");
}

/** The line before the verify command: where the record can be found. */
function whereTheRecordIs(file: string, place: RecordPlace): string {
  if (place === "artifact") return `Download the artifact and check ${inlineCode(file)} offline:`;
  const why = place.uploadFailed
    ? "The artifact upload failed (the step's warning says why)"
    : "This run uploaded no artifact (`upload: false`)";
  return `${why}: ${inlineCode(file)} and the other files stay on the runner in ${inlineCode(cut(place.runner, RUN_VALUE_MAX))} (the folder of the step's \`record-path\` output) until the job ends. Keep them in a later step of the job, then check ${inlineCode(file)} offline:`;
}

function verifySection(input: RunView, place: RecordPlace): string {
  const { record } = input;
  // The reader downloads the artifact, where the record sits under its own name.
  const recordPath = input.files?.record;
  const name = recordPath ? basename(recordPath) : "record.json";
  const file = /^[A-Za-z0-9._-]+$/.test(name) ? name : "record.json";
  const why =
    record.key === "supplied"
      ? "`--pubkey` pins the runner's key: the record is refused unless that key signed it."
      : "The key was made for this run, so a valid signature shows the record is unchanged since the run; it does not say who ran it.";
  return [
    "### Verify this record",
    "",
    whereTheRecordIs(file, place),
    "",
    fencedBlock(verifyCommand(file, record.key, record.signer_pubkey, input.tool), "sh"),
    "",
    why,
  ].join("\n");
}

/** The command that re-runs the failed cases on the reader's machine, when some failed. */
function rerunSection(input: RunView): string[] {
  const { rerun } = input;
  if (!rerun) return [];
  const cases = `${rerun.failed} failed case${rerun.failed === 1 ? "" : "s"}`;
  return [
    [
      "### Re-run the failed cases locally",
      "",
      `From a checkout of the code under test, with Node 20 or later, this runs the ${cases} again with the same options:`,
      "",
      fencedBlock(cut(rerun.command, RUN_VALUE_MAX), "sh"),
      ...(rerun.note ? ["", inlineText(`(${rerun.note})`)] : []),
    ].join("\n"),
  ];
}

/** The job summary of a run, at most `maxBytes` UTF-8 bytes. */
export function toMarkdownSummary(input: RunView, options: MarkdownOptions = {}): string {
  const maxBytes = options.maxBytes ?? GITHUB_SUMMARY_LIMIT - SUMMARY_MARGIN;
  if (!Number.isInteger(maxBytes) || maxBytes < MIN_SUMMARY_BYTES) {
    throw new RangeError(
      `toMarkdownSummary: maxBytes must be an integer of at least ${MIN_SUMMARY_BYTES}, not ${maxBytes}`,
    );
  }
  const place = options.recordAt ?? "artifact";
  const { failures } = input;
  // With a list, the step's status (which may differ from the record's verdict) comes right after it.
  const gate = input.gate ? [gateMarkdown(input.gate, input.record.conformant)] : [];

  let run = runSection(input, RUN_VALUE_MAX, FILES_MAX, place);
  // A run section that would take half the room (a huge command line, thousands of files) is cut harder.
  if (bytes(run) > maxBytes / 2) run = runSection(input, 100, 10, place);
  const suites = suiteSection(input.tally, failures);
  const failedHead =
    failures.length === 0
      ? []
      : [
          causesSection(input.causes, failures),
          `### Failed cases (${failures.length})`,
          `*${INVISIBLE_LEGEND}*`,
        ];
  const fixed = [
    headline(input),
    ...gate,
    run,
    suites,
    ...failedHead,
    ...rerunSection(input),
    verifySection(input, place),
  ];
  const folds = new Set(failures.map((f) => f.result.suite)).size * FOLD_BYTES;
  const budget = maxBytes - fixed.reduce((sum, s) => sum + bytes(s) + 2, 0) - NOTE_RESERVE - folds;
  const passingText = passingSection(input.results);
  const passing = input.record.summary.passed;
  const plan = planFailures(failures, budget, passingText ? bytes(passingText) + 2 : 0);

  const sections = [headline(input)];
  if (plan.trimmed) sections.push(trimNote(plan, maxBytes, passing, failures.length));
  sections.push(...gate, run, suites, ...failedHead);
  // Detail folded by suite, in corpus order (the failures are in corpus order, so suites are runs).
  for (let i = 0; i < plan.detailed; ) {
    const suite = failures[i]!.result.suite;
    const blocks: string[] = [];
    for (; i < plan.detailed && failures[i]!.result.suite === suite; i++)
      blocks.push(failedBlock(failures[i]!, plan.outputMax));
    const count = failures.filter((f) => f.result.suite === suite).length;
    sections.push(suiteFold(suite, count, blocks));
  }
  if (plan.named > 0) {
    const rows = failures.slice(plan.detailed, plan.detailed + plan.named).map(failedRow);
    sections.push([FAILED_ROWS_HEAD, ...rows].join("\n"));
  }
  const unlisted = failures.length - plan.detailed - plan.named;
  if (unlisted > 0) sections.push(`*…and ${unlisted} more failed cases, not listed here for size.*`);
  if (!plan.trimmed && passingText) sections.push(passingText);
  sections.push(...rerunSection(input), verifySection(input, place));

  const summary = `${sections.join("\n\n")}\n`;
  // The plan counts every byte; this guards the arithmetic, since GitHub would refuse the summary anyway.
  if (bytes(summary) > maxBytes)
    throw new Error(`toMarkdownSummary: ${bytes(summary)} bytes, over ${maxBytes}`);
  return summary;
}

function trimNote(plan: FailurePlan, maxBytes: number, passing: number, failed: number): string {
  const what: string[] = [];
  if (passing > 0) what.push(`the ${passing} passing cases are not listed`);
  if (plan.outputMax !== Number.POSITIVE_INFINITY)
    what.push(`outputs are cut at ${plan.outputMax} characters`);
  if (plan.detailed < failed) {
    what.push(`detail is shown for the first ${plan.detailed} of ${failed} failed cases`);
    if (plan.named > 0) what.push(`${plan.named} more are listed by name`);
  }
  return (
    `> [!NOTE]\n> Trimmed to stay under ${maxBytes} bytes (GitHub's job summary limit is 1 MiB): ` +
    `${what.join("; ")}. The record (\`record.json\`) holds every case with its expected and actual answer.`
  );
}

interface FailurePlan {
  /** Whether anything was left out. */
  trimmed: boolean;
  /** Outputs are cut at this many characters (Infinity: not cut). */
  outputMax: number;
  /** The first `detailed` failures are shown in full, the next `named` by name only. */
  detailed: number;
  named: number;
}

/**
 * How much failure detail fits in `budget` bytes, alongside the passing detail (`passingBytes`) if
 * possible: the trimming order is passing detail, then the longest outputs, then detail by count.
 */
function planFailures(failures: readonly FailedCase[], budget: number, passingBytes: number): FailurePlan {
  const all = failures.length;
  const uncut = Number.POSITIVE_INFINITY;
  // Each block rendered once, whole; a cut changes only its outputs, whose lengths at any cut come
  // from one pass over each (outputBlockLengths), so trying a cut costs no rendering.
  const outputs = failures.map(({ result: r }) =>
    [r.input, r.expected, r.got].filter((t): t is string => t !== undefined).map(outputBlockLengths),
  );
  const whole = failures.map(
    (f, i) => bytes(failedBlock(f, uncut)) + 2 - outputs[i]!.reduce((n, f) => n + f(uncut), 0),
  );
  const blockSize = (i: number, outputMax: number) =>
    outputs[i]!.reduce((n, f) => n + f(outputMax), whole[i]!);
  const blocksSize = (outputMax: number) => {
    let sum = 0;
    for (let i = 0; i < all; i++) sum += blockSize(i, outputMax);
    return sum;
  };
  const full = blocksSize(uncut);
  if (full + passingBytes <= budget) return { trimmed: false, outputMax: uncut, detailed: all, named: 0 };
  if (full <= budget) return { trimmed: true, outputMax: uncut, detailed: all, named: 0 };

  // The largest cut that fits: cutting at n characters touches only outputs longer than n, the longest first.
  if (blocksSize(OUTPUT_FLOOR) <= budget) {
    let lo = OUTPUT_FLOOR; // fits
    let hi = Math.max(...failures.map(({ result: r }) => Math.max(r.expected.length, r.got.length))); // does not
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (blocksSize(mid) <= budget) lo = mid;
      else hi = mid;
    }
    return { trimmed: true, outputMax: lo, detailed: all, named: 0 };
  }

  // Detail for the first cases only, the rest by name while they fit.
  let left = budget;
  let detailed = 0;
  while (detailed < Math.min(all, DETAIL_COUNT) && blockSize(detailed, OUTPUT_FLOOR) <= left) {
    left -= blockSize(detailed, OUTPUT_FLOOR);
    detailed++;
  }
  let named = 0;
  left -= bytes(FAILED_ROWS_HEAD) + 2;
  while (detailed + named < all && bytes(failedRow(failures[detailed + named]!)) + 1 <= left) {
    left -= bytes(failedRow(failures[detailed + named]!)) + 1;
    named++;
  }
  return { trimmed: true, outputMax: OUTPUT_FLOOR, detailed, named };
}
