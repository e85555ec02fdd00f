import { recordCaseName } from "../text-forms/index.js";
import { type CaseResult, type ConformResult, SUITES } from "../types.js";

/** One suite's line in a report. */
export interface SuiteTally {
  suite: string;
  cases: number;
  passed: number;
  failed: number;
}

/** Per-suite counts, in the order a run takes the suites (any other suite after, as first seen). */
export function tallyBySuite(results: readonly CaseResult[]): SuiteTally[] {
  const bySuite = new Map<string, SuiteTally>();
  for (const r of results) {
    let t = bySuite.get(r.suite);
    if (!t) bySuite.set(r.suite, (t = { suite: r.suite, cases: 0, passed: 0, failed: 0 }));
    t.cases++;
    if (r.pass) t.passed++;
    else t.failed++;
  }
  const order = (s: string) => {
    const i = (SUITES as readonly string[]).indexOf(s);
    return i === -1 ? SUITES.length : i;
  };
  // Array.prototype.sort is stable, so unknown suites keep their first-seen order.
  return [...bySuite.values()].sort((a, b) => order(a.suite) - order(b.suite));
}

/**
 * Refuses an input whose parts disagree, so a report never shows one run's record with another's
 * cases: the results must be the record's cases in order, and the summary what they count.
 */
export function assertConsistent(input: { record: ConformResult; results: readonly CaseResult[] }): void {
  const { record, results } = input;
  if (results.length !== record.cases.length) {
    throw new Error(
      `report input: the record has ${record.cases.length} cases but ${results.length} results were given`,
    );
  }
  let passed = 0;
  for (let i = 0; i < results.length; i++) {
    const r = results[i]!;
    const c = record.cases[i]!;
    const name = recordCaseName(r.suite, r.name);
    if (c.name !== name || c.pass !== r.pass) {
      throw new Error(
        `report input: case ${i + 1} is ${JSON.stringify(c.name)} (pass ${c.pass}) in the record ` +
          `but ${JSON.stringify(name)} (pass ${r.pass}) in the results`,
      );
    }
    if (r.pass) passed++;
  }
  const s = record.summary;
  if (s.cases !== results.length || s.passed !== passed || s.failed !== results.length - passed) {
    throw new Error(
      `report input: the record's summary (${s.cases} cases, ${s.passed} passed, ${s.failed} failed) ` +
        `is not what its cases count (${results.length}, ${passed}, ${results.length - passed})`,
    );
  }
  if (record.conformant !== (results.length > 0 && passed === results.length)) {
    throw new Error(`report input: the record says conformant=${record.conformant}, its cases say otherwise`);
  }
}
