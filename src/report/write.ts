// The report stage's writing, for both faces: the signed record first, then the rest. A run's result
// is its record, so a failure to write it stops here; a failure to write any later file is collected,
// the other files are still written, and the error says where the record is: nothing is lost.

import { CanonError } from "../errors.js";
import type { Gate } from "../expected/index.js";
import type { CaseResult, ConformResult } from "../types.js";
import { badgeJson, badgeSvg } from "./badge.js";
import { groupFailures } from "./causes.js";
import { reportHtml } from "./html/index.js";
import { toJUnitXml } from "./junit.js";
import type { RecordPlace } from "./markdown.js";
import { type OutFolder, openOutFolder } from "./out-folder.js";
import type { ProtocolUsed } from "./protocol.js";
import type { RerunCommand } from "./rerun-command.js";
import { runSummaryMarkdown } from "./summary.js";

/** One run, as the reports take it. */
export interface RunReports {
  record: ConformResult;
  /** The record exactly as signed (its RFC 8785 form). */
  recordBytes: Uint8Array;
  results: CaseResult[];
  elapsedMs: number;
  /** The step's gate by an expected-failures list, when one was given: in results.json and the summary. */
  gate?: Gate;
  /** The command that re-runs the failed cases locally, when some failed. */
  rerun?: RerunCommand;
  /** How the implementation was spoken to: in results.json, the summary and report.html. */
  protocol?: ProtocolUsed;
  /** How printed commands start the tool (ReportInput.tool). */
  tool?: string;
  /** The differential run, when there is one (maybe still going: its files wait for it, the record
   * does not): its report for compare.json, its Markdown for the summary; undefined if it failed. */
  compare?: CompareFiles | undefined | Promise<CompareFiles | undefined>;
}

export interface CompareFiles {
  report: unknown;
  markdown: string;
}

/** What goes beside record.json, results.json, junit.xml and report.html (and compare.json after a
 * differential run). */
export interface ReportChoice {
  /** summary.md: the job summary's text (the action writes it; the CLI does not). */
  summary?: boolean;
  /** Where the summary tells its reader to find the record: the artifact (default), or the runner
   * when nothing is uploaded. */
  summaryRecordAt?: RecordPlace;
  /** badge.svg and badge.json. */
  badge?: boolean;
}

/** The paths written, and the summary's text when summary.md was asked for. */
export interface WrittenReports {
  record: string;
  results?: string;
  junit?: string;
  html?: string;
  compare?: string;
  summary?: string;
  badgeSvg?: string;
  badgeJson?: string;
  summaryMarkdown?: string;
}

/** Some file after the record could not be written; `written` says what was. */
export class ReportWriteError extends CanonError {
  override name = "ReportWriteError";
  constructor(
    message: string,
    readonly written: WrittenReports,
  ) {
    super(message);
  }
}

/**
 * Writes the reports into `out`: the folder the run opened before its command started (every file
 * goes through that handle, never through a link: out-folder.ts), or a path, opened here.
 */
export async function writeReports(
  out: OutFolder | string,
  run: RunReports,
  choice: ReportChoice = {},
): Promise<WrittenReports> {
  if (typeof out !== "string") return writeInto(out, run, choice);
  const folder = await openOutFolder(out);
  try {
    return await writeInto(folder, run, choice);
  } finally {
    folder.close();
  }
}

async function writeInto(folder: OutFolder, run: RunReports, choice: ReportChoice): Promise<WrittenReports> {
  const dir = folder.path;
  // The record first: whatever fails after this line, the signed result of the run is on disk.
  const written: WrittenReports = { record: await folder.write("record.json", run.recordBytes) };

  const failed: string[] = [];
  const write = async (
    key: Exclude<keyof WrittenReports, "record" | "summaryMarkdown">,
    name: string,
    content: () => string,
  ) => {
    try {
      written[key] = await folder.write(name, content());
    } catch (error) {
      failed.push(`${name} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  };
  const { record, results, elapsedMs, rerun, protocol } = run;
  // `protocol`: how the implementation was spoken to (protocol.ts); `causes` is the failed cases grouped
  // by cause (causes.ts), biggest first: what to fix first.
  await write(
    "results",
    "results.json",
    // `rerun`: the command that re-runs the failed cases locally (absent when none failed).
    () =>
      `${JSON.stringify({ ...(protocol ? { protocol } : {}), results, causes: groupFailures(results), elapsedMs, ...(run.gate ? { gate: run.gate } : {}), ...(rerun ? { rerun } : {}) }, null, 2)}\n`,
  );
  await write("junit", "junit.xml", () =>
    toJUnitXml({ record, results, recordPath: written.record, elapsedMs }),
  );
  // The page a person opens: the verdict, the failures by cause, and the record verified in the page.
  await write("html", "report.html", () =>
    reportHtml({
      recordBytes: run.recordBytes,
      results,
      elapsedMs,
      ...(protocol ? { protocol } : {}),
      ...(run.gate ? { gate: run.gate } : {}),
    }),
  );
  const compare = await run.compare;
  if (compare) await write("compare", "compare.json", () => `${JSON.stringify(compare.report, null, 2)}\n`);
  if (choice.summary) {
    const markdown = runSummaryMarkdown(
      {
        record,
        results,
        elapsedMs,
        ...(run.gate ? { gate: run.gate } : {}),
        ...(rerun ? { rerun } : {}),
        ...(protocol ? { protocol } : {}),
        ...(run.tool ? { tool: run.tool } : {}),
      },
      compare?.markdown,
      choice.summaryRecordAt,
    );
    await write("summary", "summary.md", () => markdown);
    written.summaryMarkdown = markdown;
  }
  if (choice.badge) {
    // The run's badge tells the step's story: with a list that passes, how many failures it expected.
    await write("badgeSvg", "badge.svg", () => badgeSvg(record, run.gate));
    await write("badgeJson", "badge.json", () => `${JSON.stringify(badgeJson(record, run.gate), null, 2)}\n`);
  }
  if (failed.length > 0) {
    throw new ReportWriteError(
      `could not write ${failed.join(", ")} in ${dir}; the signed record is ${written.record}`,
      written,
    );
  }
  return written;
}
