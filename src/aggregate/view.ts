// What the console and Markdown views share: the suite columns, each implementation's cell in them,
// and the lines that say how a sweep is covered and why the aggregate fails.

import { SUITES } from "../types.js";
import { showRange } from "./coverage.js";
import type { Aggregate, ImplementationView, SweepCoverage } from "./types.js";

/** Every suite any implementation ran, in run order. */
export function suiteColumns(aggregate: Aggregate): string[] {
  const names = new Set(aggregate.implementations.flatMap((i) => i.suites.map((s) => s.suite)));
  const known = (SUITES as readonly string[]).filter((s) => names.has(s));
  const other = [...names].filter((s) => !(SUITES as readonly string[]).includes(s)).sort();
  return [...known, ...other];
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

/** One line on the sweep: `0-99999 once, seed 1, 4 records`, or what is missing and doubled. */
export function coverageLine(coverage: SweepCoverage, records: number): string {
  const seed = coverage.seed === null ? "mixed seeds" : `seed ${coverage.seed}`;
  const from = `${coverage.ranges.length} ${coverage.ranges.length === 1 ? "range" : "ranges"} from ${records} ${records === 1 ? "record" : "records"}`;
  if (coverage.complete) return `0-${coverage.total - 1} covered exactly once (${seed}, ${from})`;
  const parts: string[] = [];
  if (coverage.missing.length > 0) parts.push(`missing ${coverage.missing.map(showRange).join(", ")}`);
  if (coverage.doubled.length > 0) parts.push(`doubled ${coverage.doubled.map(showRange).join(", ")}`);
  parts.push(...coverage.problems);
  return `NOT one sweep of 0-${Math.max(coverage.total - 1, 0)}: ${parts.join("; ")} (${seed}, ${from})`;
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
  ].join(", ");
}
