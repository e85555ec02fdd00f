// The report stage's writing, for both faces: the signed record first, then the rest. A run's result
// is its record, so a failure to write it stops here; a failure to write any later file is collected,
// the other files are still written, and the error says where the record is: nothing is lost.

import { join } from "node:path";
import { CanonError } from "../errors.js";
import { type OutFolder, openOutFolder } from "../out-folder.js";
import type { RunFiles, RunView } from "../view/index.js";
import { badgeJson, badgeSvg } from "./badge.js";
import { reportHtml } from "./html/index.js";
import { toJUnitXml } from "./junit.js";
import type { RecordPlace } from "./markdown.js";
import { runSummaryMarkdown } from "./summary.js";

/** What goes beside record.json, results.json, junit.xml and report.html (and compare.json after a
 * differential run). */
export interface ReportChoice {
  /** summary.md: the job summary's text (the action writes it; the CLI does not). */
  summary?: boolean;
  /** Where the summary tells its reader to find the record: the artifact (default), or the runner
   * when nothing is uploaded (the output folder's path is the folder written). */
  summaryRecordAt?: "artifact" | "runner";
  /** badge.svg and badge.json. */
  badge?: boolean;
}

/** The files writeReports writes for `view` and `choice`, by what they are: the view names them
 * before they are written (a file that cannot be written stops the run with ReportWriteError). */
export function reportFiles(
  dir: string,
  view: Pick<RunView, "compare">,
  choice: ReportChoice = {},
): Omit<WrittenReports, "summaryMarkdown"> {
  const at = (name: string) => join(dir, name);
  return {
    record: at("record.json"),
    results: at("results.json"),
    junit: at("junit.xml"),
    html: at("report.html"),
    ...(view.compare ? { compare: at("compare.json") } : {}),
    ...(choice.summary ? { summary: at("summary.md") } : {}),
    ...(choice.badge ? { badgeSvg: at("badge.svg"), badgeJson: at("badge.json") } : {}),
  };
}

/** The paths written, and the summary's text when summary.md was asked for. */
export interface WrittenReports extends RunFiles {
  record: string;
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
  run: RunView,
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

/** record.json, the run's result: written first, before anything that may fail or wait. */
export function writeRecord(folder: OutFolder, recordBytes: Uint8Array): Promise<string> {
  return folder.write("record.json", recordBytes);
}

async function writeInto(folder: OutFolder, run: RunView, choice: ReportChoice): Promise<WrittenReports> {
  return writeBesideRecord(folder, run, choice, await writeRecord(folder, run.recordBytes));
}

/** The reports beside a record already written at `recordPath` (writeRecord). */
export async function writeBesideRecord(
  folder: OutFolder,
  run: RunView,
  choice: ReportChoice,
  recordPath: string,
): Promise<WrittenReports> {
  const dir = folder.path;
  // The record first: whatever fails after it, the signed result of the run is on disk.
  const written: WrittenReports = { record: recordPath };

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
  const { record, results, elapsedMs, rerun, protocol, compare } = run;
  // `protocol`: how the implementation was spoken to (protocol.ts); `causes` is the failed cases grouped
  // by cause (the view's), biggest first: what to fix first.
  await write(
    "results",
    "results.json",
    // `rerun`: the command that re-runs the failed cases locally (absent when none failed).
    () =>
      `${JSON.stringify({ ...(protocol ? { protocol } : {}), results, causes: run.causes, elapsedMs, ...(run.gate ? { gate: run.gate } : {}), ...(rerun ? { rerun } : {}) }, null, 2)}\n`,
  );
  await write("junit", "junit.xml", () => toJUnitXml(run));
  // The page a person opens: the verdict, the failures by cause, and the record verified in the page.
  await write("html", "report.html", () =>
    reportHtml({
      recordBytes: run.recordBytes,
      results,
      ...(elapsedMs !== undefined ? { elapsedMs } : {}),
      ...(protocol ? { protocol } : {}),
      ...(run.gate ? { gate: run.gate } : {}),
      causes: run.causes,
    }),
  );
  if (compare) await write("compare", "compare.json", () => `${JSON.stringify(compare, null, 2)}\n`);
  if (choice.summary) {
    const place: RecordPlace = choice.summaryRecordAt === "runner" ? { runner: dir } : "artifact";
    const markdown = runSummaryMarkdown(run, place);
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
