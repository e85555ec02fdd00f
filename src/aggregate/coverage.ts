// Shards of one sweep (issue 7 item 4): the records of one implementation together must cover a
// generated sweep 0..N-1 exactly once, all from the same seed. A numbers case is named
// `numbers/seed-<seed>/<from>-<to>` (zero-padded, inclusive indices), so its name alone says which
// doubles it covered; a generated case named `generated/<property>/seed-<seed>/<from>-<to>` is read
// the same way, one sweep per property. N is the suite's `numbers=N` (or `generated=R`, per property)
// when the record states it, so a missing last shard shows too; for an older record without the
// parameter it is one past the highest index covered, where a missing last shard cannot be seen.
import { readRecordCaseName, readSweptCaseName, type SweptCaseName } from "../text-forms/index.js";
import type { SweepCoverage, SweepRange } from "./types.js";

/**
 * Whether a record case must be part of a sweep: every numbers case is (its names are this tool's
 * own). A generated case is only when its name reads as a range; otherwise it is an ordinary case.
 */
export function isSweptCase(name: string): boolean {
  return (
    name.startsWith("numbers/") || (name.startsWith("generated/") && readSweptCaseName(name) !== undefined)
  );
}

/** What the records' suite says a sweep must be: its total, and the seed its ranges must name. */
export interface SweepExpectation {
  total?: number;
  seed?: number;
}

/**
 * How the swept cases `cases` (each with the record it came from) cover their sweeps, one per sweep.
 * `expected` names the sweeps the records' suite promises, with their totals: one with no case at
 * all is then wholly missing; `seed` is the seed the suite states, which every range must name.
 */
export function sweepCoverages(
  cases: readonly { name: string; source: string }[],
  expected: ReadonlyMap<string, number> = new Map(),
  seed?: number,
): SweepCoverage[] {
  const bySweep = new Map<string, { name: string; source: string }[]>();
  for (const sweep of expected.keys()) bySweep.set(sweep, []);
  for (const c of cases) {
    const sweep = readSweptCaseName(c.name)?.sweep ?? readRecordCaseName(c.name).suite;
    const list = bySweep.get(sweep) ?? [];
    list.push(c);
    bySweep.set(sweep, list);
  }
  // Numbers first (the run's order), then the generated properties by name.
  const order = (sweep: string) => (sweep === "numbers" ? "" : sweep);
  return [...bySweep]
    .sort(([a], [b]) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0))
    .map(([sweep, list]) => {
      const total = expected.get(sweep);
      return sweepCoverage(sweep, list, {
        ...(total === undefined ? {} : { total }),
        ...(seed === undefined ? {} : { seed }),
      });
    });
}

/**
 * How the cases `cases` of the one sweep `sweep` (each with the record it came from) cover it: all
 * of 0..expected.total-1 when the total is known, else 0 to the highest index covered.
 */
export function sweepCoverage(
  sweep: string,
  cases: readonly { name: string; source: string }[],
  expected: SweepExpectation = {},
): SweepCoverage {
  const problems: string[] = [];
  const ranges: (SweptCaseName & { source: string })[] = [];
  for (const c of cases) {
    const parsed = readSweptCaseName(c.name);
    if (parsed === undefined) problems.push(`the case ${JSON.stringify(c.name)} names no range`);
    else ranges.push({ ...parsed, source: c.source });
  }
  const seeds = [...new Set(ranges.map((r) => r.seed))].sort((a, b) => a - b);
  if (seeds.length > 1) problems.push(`the ranges come from different seeds: ${seeds.join(", ")}`);
  const stray = seeds.filter((s) => expected.seed !== undefined && s !== expected.seed);
  if (stray.length > 0)
    problems.push(`the suite says seed=${expected.seed} but ranges name seed ${stray.join(", ")}`);

  ranges.sort((a, b) => a.from - b.from || a.to - b.to);
  const highest = ranges.reduce((max, r) => Math.max(max, r.to + 1), 0);
  const total = expected.total ?? highest;
  if (highest > total) {
    const past = ranges.filter((r) => r.to >= total).map(showRange);
    problems.push(`past the suite's total of ${total}: ${past.join(", ")}`);
  }
  const missing: SweepRange[] = [];
  const doubled: (SweepRange & { sources: string[] })[] = [];
  // One pass in start order: `next` is the first index not yet covered. A range starting beyond it
  // leaves a gap; one starting before it overlaps what earlier ranges covered.
  let next = 0;
  for (const r of ranges) {
    if (r.from > next) missing.push({ from: next, to: r.from - 1 });
    if (r.from < next) {
      const overlapTo = Math.min(r.to, next - 1);
      const sources = ranges
        .filter((o) => o !== r && o.from <= overlapTo && o.to >= r.from)
        .map((o) => o.source);
      addDoubled(doubled, { from: r.from, to: overlapTo, sources: [...new Set([...sources, r.source])] });
    }
    next = Math.max(next, r.to + 1);
  }
  // What no range reached before the end: only seen when the suite states the total.
  if (next < total) missing.push({ from: next, to: total - 1 });
  // Each overlap names its records in sweep order, whichever range brought them in.
  const order = ranges.map((r) => r.source);
  for (const d of doubled) d.sources.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return {
    sweep,
    seed: seeds.length === 1 ? seeds[0]! : null,
    total,
    totalFrom: expected.total === undefined ? "ranges" : "suite",
    ranges: ranges.map(({ from, to, source }) => ({ from, to, source })),
    missing,
    doubled,
    problems,
    complete: ranges.length > 0 && missing.length === 0 && doubled.length === 0 && problems.length === 0,
  };
}

/** Adds an overlap, joining it to the last one when they touch (three copies of one range are one). */
function addDoubled(
  doubled: (SweepRange & { sources: string[] })[],
  overlap: SweepRange & { sources: string[] },
) {
  const last = doubled.at(-1);
  if (last !== undefined && overlap.from <= last.to + 1) {
    last.to = Math.max(last.to, overlap.to);
    last.sources = [...new Set([...last.sources, ...overlap.sources])];
    return;
  }
  doubled.push(overlap);
}

/** `12-99`, or `12` for a range of one. */
export function showRange(r: SweepRange): string {
  return r.from === r.to ? String(r.from) : `${r.from}-${r.to}`;
}
