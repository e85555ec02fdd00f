// The aggregate's files: read the records the arguments name, and write aggregate.json, aggregate.html,
// the Markdown summary and the badge. Reading and writing only; the judging is in aggregate.ts.
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { loadCorpus, SUITES_ON_DISK } from "../corpus/index.js";
import { type AggregateOptions, aggregateRecords, type RecordInputFile } from "./aggregate.js";
import { aggregateBadgeJson, aggregateBadgeSvg } from "./badge.js";
import { aggregateHtml, caseInputs } from "./html.js";
import { readRecordFile, recordFiles } from "./inputs.js";
import { aggregateMarkdown } from "./markdown.js";
import type { Aggregate } from "./types.js";

/** Reads every record the paths name (files, or folders searched for record.json) and aggregates them. */
export async function loadAndAggregate(
  paths: readonly string[],
  options: AggregateOptions = {},
): Promise<Aggregate> {
  const files: RecordInputFile[] = [];
  for (const source of await recordFiles(paths)) {
    try {
      files.push({ source, bytes: await readRecordFile(source) });
    } catch (error) {
      files.push({ source, readError: (error as NodeJS.ErrnoException).code ?? String(error) });
    }
  }
  return aggregateRecords(files, options);
}

export interface AggregateFiles {
  /** aggregate.json, aggregate.html, summary.md, badge.svg and badge.json go here. */
  outDir?: string;
  /** The Markdown summary also goes to this file (e.g. $GITHUB_STEP_SUMMARY). */
  markdownFile?: string;
  /** badge.svg and badge.json also go here. */
  badgeDir?: string;
}

/** Writes what `files` asks for; returns the paths written. */
export async function writeAggregate(aggregate: Aggregate, files: AggregateFiles): Promise<string[]> {
  const written: string[] = [];
  const write = async (path: string, text: string) => {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text);
    written.push(path);
  };
  const markdown =
    files.outDir !== undefined || files.markdownFile !== undefined ? aggregateMarkdown(aggregate) : "";
  const badgeDirs = [files.outDir, files.badgeDir].filter((d): d is string => d !== undefined);
  if (files.outDir !== undefined) {
    await write(join(files.outDir, "aggregate.json"), `${JSON.stringify(aggregate, null, 2)}\n`);
    await write(
      join(files.outDir, "aggregate.html"),
      aggregateHtml(aggregate, { inputs: await storedInputs() }),
    );
    await write(join(files.outDir, "summary.md"), markdown);
  }
  if (files.markdownFile !== undefined) await write(files.markdownFile, markdown);
  for (const dir of new Set(badgeDirs)) {
    await write(join(dir, "badge.svg"), aggregateBadgeSvg(aggregate));
    await write(join(dir, "badge.json"), `${JSON.stringify(aggregateBadgeJson(aggregate))}\n`);
  }
  return written;
}

/**
 * The input of each stored case (jcs, reject, canon-or-reject, invariants) as this tool's corpus holds
 * it, for aggregate.html to show once above the answers. A record carries no inputs; generated cases
 * (numbers, generated) have none on disk and are shown by name and answers alone.
 */
async function storedInputs(): Promise<Map<string, string>> {
  const suites = SUITES_ON_DISK.filter((s) => s !== "numbers");
  const corpus = await loadCorpus({ suites: [...suites], profile: "rfc8785", numbers: 0 });
  return caseInputs(corpus.cases);
}
