// The GitHub Action's aggregate mode (`mode: aggregate`, src/action.ts): what the CLI's `aggregate
// --out DIR` does, handed back as values instead of printed, so the action writes the job summary,
// uploads the files and sets its outputs from them.
import { join } from "node:path";
import { aggregateConsole } from "./console.js";
import { aggregateMarkdown } from "./markdown.js";
import { loadAndAggregate, writeAggregate } from "./write.js";

export interface AggregateForActionOptions {
  /** A non-conformant implementation fails the aggregate too (the CLI's --require-conformant). */
  requireConformant: boolean;
  /** aggregate.json, aggregate.html, summary.md, badge.svg and badge.json are written here. */
  outDir: string;
}

export interface AggregateForActionResult {
  /** 0 passed, 1 failed (a refusal, a disagreement, a broken sweep or shard set, or with
   * requireConformant a non-conformant implementation). */
  exitCode: number;
  /** The Markdown summary, the same text as `outDir/summary.md`. */
  markdown: string;
  /** The console view, as the CLI prints it. */
  consoleText: string;
  /** Every file written, absolute when outDir is. */
  files: string[];
  badgeSvgPath: string;
  implementations: number;
  conformantImplementations: number;
  refused: number;
  disagreements: number;
  /** Implementations whose shards are not 1..N once each or do not cover a sweep exactly once. */
  incompleteSweeps: number;
  /** Each reason the aggregate fails, in words (empty when it passes). */
  failures: string[];
}

/**
 * Verifies and joins the records `paths` name (record files, or folders searched for record.json)
 * and writes the aggregate's files into `options.outDir`. Throws InputError (src/aggregate/inputs.ts)
 * when a path does not exist or a folder holds no record.json: the CLI's exit status 2.
 */
export async function aggregateForAction(
  paths: string[],
  options: AggregateForActionOptions,
): Promise<AggregateForActionResult> {
  const aggregate = await loadAndAggregate(paths, { requireConformant: options.requireConformant });
  const files = await writeAggregate(aggregate, { outDir: options.outDir });
  const v = aggregate.verdict;
  return {
    exitCode: v.exitCode,
    markdown: aggregateMarkdown(aggregate),
    consoleText: aggregateConsole(aggregate),
    files,
    badgeSvgPath: join(options.outDir, "badge.svg"),
    implementations: v.implementations,
    conformantImplementations: v.conformant,
    refused: v.refused,
    disagreements: v.disagreements,
    incompleteSweeps: v.incompleteSweeps,
    failures: v.failures,
  };
}
