// The step's gate by the expected-failures list. The record keeps every case as it happened and its
// `conformant` stays seed 003's rule (every case passed); the gate decides only the step's status and
// the CLI's exit code: it passes when every failure is listed and no listed entry passed throughout.
// An entry covering a sweep case (one that reports culprits) expects its failure only while every
// culprit the case reports is pinned (`[...]`, src/expected/list.ts), by its id or by its kind: a new
// culprit in a listed sweep is an unexpected failure, and the gate says which culprits were new. An
// entry that pins nothing expects no sweep failure at all: it must say what it expects.
import { readRecordCaseName, recordCaseName } from "../text-forms/index.js";
import type { CaseCulprits, CaseResult, SuiteName } from "../types.js";
import { type ExpectedEntry, type ExpectedList, ExpectedListError } from "./list.js";

/** An entry as the run found it. */
export interface EntryOutcome {
  pattern: string;
  reason: string;
  line: number;
  /** The cases of this run it covers, and how many of them failed. */
  cases: number;
  failed: number;
}

export interface Gate {
  /** The list's file, as given. */
  source: string;
  /** The step's status by the list: no unexpected failure, and no fixed entry unless allowed. */
  pass: boolean;
  /** `--allow-fixed-expected-failures`: a fixed entry is reported but does not fail the step. */
  allowFixed: boolean;
  /** Failed cases the list covers, in corpus order, with the first covering entry's reason. */
  expected: { name: string; reason: string; line: number }[];
  /** Failed cases the list does not cover: regressions, or gaps nobody listed. */
  unexpected: string[];
  /** Of those, the ones a pinning entry covers but with culprits it does not pin: what is new
   * (absent when there is none). */
  unpinned?: { name: string; line: number; culprits: string[] }[];
  /** Entries whose every case passed in this run: fixed, to be removed from the list. */
  fixed: EntryOutcome[];
  /** Every entry, in the file's order; one whose suite did not run covers no case (`cases` 0). */
  entries: EntryOutcome[];
}

/**
 * Before anything runs: every entry of a suite this run takes must cover at least one of its cases,
 * so a typo or a renamed case is an error, not a silent gap. Entries of suites the run leaves out are
 * not checked (the same list serves a run of fewer suites). Throws ExpectedListError.
 */
export function checkAgainstCorpus(
  list: ExpectedList,
  cases: readonly { suite: SuiteName; name: string }[],
): void {
  const suites = new Set(cases.map((c) => c.suite));
  const names = cases.map((c) => recordCaseName(c.suite, c.name));
  for (const entry of list.entries) {
    if (!suites.has(entry.suite)) continue;
    if (!names.some((name) => entry.matches(name))) {
      throw new ExpectedListError(
        `${list.source} line ${entry.line}: '${entry.pattern}' matches no case of the corpus in this run (case names are written as the reports print them, e.g. ${names.find((n) => readRecordCaseName(n).suite === entry.suite) ?? recordCaseName(entry.suite, "NAME")}); nothing was run`,
      );
    }
  }
}

/** The gate of a run's judged cases by `list`. */
export function decideGate(results: readonly CaseResult[], list: ExpectedList, allowFixed: boolean): Gate {
  const counts = new Map<ExpectedEntry, { cases: number; failed: number }>(
    list.entries.map((e) => [e, { cases: 0, failed: 0 }]),
  );
  const expected: Gate["expected"] = [];
  const unexpected: string[] = [];
  const unpinned: NonNullable<Gate["unpinned"]> = [];
  for (const r of results) {
    const name = recordCaseName(r.suite, r.name);
    const covering = list.entries.filter((e) => e.suite === r.suite && e.matches(name));
    for (const e of covering) {
      const count = counts.get(e)!;
      count.cases += 1;
      if (!r.pass) count.failed += 1;
    }
    if (r.pass) continue;
    const first = covering.find((e) => notPinned(e, r.culprits).length === 0);
    if (first) {
      expected.push({ name, reason: first.reason, line: first.line });
      continue;
    }
    unexpected.push(name);
    const pinning = covering[0];
    if (pinning) unpinned.push({ name, line: pinning.line, culprits: notPinned(pinning, r.culprits) });
  }
  const entries = list.entries.map((e) => ({
    pattern: e.pattern,
    reason: e.reason,
    line: e.line,
    ...counts.get(e)!,
  }));
  // An entry is fixed when it covered cases and none of them failed: the whole line can go. A glob
  // that still covers a failure stays (its passing cases are counted, so the reports can say so).
  const fixed = entries.filter((e) => e.cases > 0 && e.failed === 0);
  // A run of no cases proves nothing, list or not (seed 003 §2 holds such a record not conformant).
  const pass = results.length > 0 && unexpected.length === 0 && (allowFixed || fixed.length === 0);
  return {
    source: list.source,
    pass,
    allowFixed,
    expected,
    unexpected,
    ...(unpinned.length > 0 ? { unpinned } : {}),
    fixed,
    entries,
  };
}

/** The culprits of a failed case that entry `e` does not pin (by id or kind), as `id (kind)`, or
 * `N more <kind>` for those past the listed bound; none when the case reports none. An entry without
 * pins pins nothing: a sweep case it covers is expected only once the entry names what it gets wrong,
 * so that a second, different fault in a listed sweep cannot pass the step unseen. */
function notPinned(e: ExpectedEntry, culprits: CaseCulprits | undefined): string[] {
  if (culprits === undefined) return [];
  const pins = new Set(e.pins ?? []);
  const out: string[] = [];
  for (const [kind, count] of Object.entries(culprits.kinds)) {
    if (pins.has(kind)) continue;
    const listed = culprits.listed.filter((c) => c.kind === kind);
    for (const c of listed) if (!pins.has(c.id)) out.push(`${c.id} (${kind})`);
    if (count > listed.length) out.push(`${count - listed.length} more ${kind}`);
  }
  return out;
}
