// What the console and Markdown views share: the suite columns, each implementation's cell in them,
// and the lines that say how a sweep is covered and why the aggregate fails.

import { basename, dirname } from "node:path";
import { SUITES } from "../types.js";
import { showRange } from "./coverage.js";
import type { Aggregate, ImplementationView, SweepCoverage } from "./types.js";

/** At most this many suites get a column of their own (the corpus has five). */
export const SUITE_COLUMNS_MAX = 12;

/** The suites any implementation ran, in run order, at most SUITE_COLUMNS_MAX of them. */
export function suiteColumns(aggregate: Aggregate): string[] {
  const names = new Set(aggregate.implementations.flatMap((i) => i.suites.map((s) => s.suite)));
  const known = (SUITES as readonly string[]).filter((s) => names.has(s));
  const other = [...names].filter((s) => !(SUITES as readonly string[]).includes(s)).sort();
  return [...known, ...other].slice(0, SUITE_COLUMNS_MAX);
}

/** `118/120`, or `-` when the implementation did not run the suite. */
export function suiteCell(impl: ImplementationView, suite: string): string {
  const t = impl.suites.find((s) => s.suite === suite);
  return t === undefined ? "-" : `${t.passed}/${t.cases}`;
}

/** The signer in short, for a table: its first 16 hex digits (the full key is listed elsewhere). */
export function shortSigner(hex: string): string {
  return `${hex.slice(0, 16)}…`;
}

/** One line on a sweep: `numbers: 0-99999 covered exactly once (...)`, or what is missing and doubled. */
export function coverageLine(coverage: SweepCoverage, records: number): string {
  return `${coverage.sweep}: ${coverageFacts(coverage, records)}`;
}

function coverageFacts(coverage: SweepCoverage, records: number): string {
  // No range names a seed at all when the sweep is wholly missing: say nothing about seeds then.
  const seed =
    coverage.seed !== null ? `seed ${coverage.seed}` : coverage.ranges.length > 0 ? "mixed seeds" : "";
  const facts = (from: string) => (seed === "" ? from : `${seed}, ${from}`);
  const from = `${coverage.ranges.length} ${coverage.ranges.length === 1 ? "range" : "ranges"} from ${records} ${records === 1 ? "record" : "records"}`;
  if (coverage.complete) return `0-${coverage.total - 1} covered exactly once (${facts(from)})`;
  const parts: string[] = [];
  if (coverage.missing.length > 0) parts.push(`missing ${coverage.missing.map(showRange).join(", ")}`);
  if (coverage.doubled.length > 0) parts.push(`doubled ${coverage.doubled.map(showRange).join(", ")}`);
  parts.push(...coverage.problems);
  return `NOT one sweep of 0-${Math.max(coverage.total - 1, 0)}: ${parts.join("; ")} (${facts(from)})`;
}

/** `n thing` or `n things`. */
export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The headline's facts: `3 records, 3 implementations, 3 conformant, 0 cases answered differently`. */
export function countsLine(aggregate: Aggregate): string {
  const v = aggregate.verdict;
  const refused = v.refused > 0 ? ` (${v.refused} refused or unreadable)` : "";
  return [
    `${plural(v.records, "record", "records")}${refused}`,
    plural(v.implementations, "implementation", "implementations"),
    `${v.conformant} conformant`,
    `${plural(v.disagreements, "case", "cases")} answered differently`,
    ...(v.choices > 0
      ? [`${plural(v.choices, "open choice", "open choices")} made differently (allowed)`]
      : []),
  ].join(", ");
}

/** The folders an implementation's records sit in (in a matrix, the artifacts' names), to tell apart
 * jobs that ran the same implementation on different runners: `a, b and 3 more`. */
export function recordFolders(impl: ImplementationView, max = 3): string {
  const folders = [...new Set(impl.records.map((r) => basename(dirname(r))))];
  const shown = folders.slice(0, max).join(", ");
  return folders.length > max ? `${shown} and ${folders.length - max} more` : shown;
}
