// The aggregate itself, from records already read: verify each (seed 003 §4), gather the accepted
// ones into implementations (the shards of one run are one), tally each against the suites, check
// that its shards are 1..N once each and together cover each sweep exactly once, and find every case
// the implementations (or one implementation's shards) answered differently, apart from the open
// choices they made differently (never a failure). Pure: no files, no output.

import { outcomeLine, verifyRecord } from "../record/index.js";
import { readRecordCaseName } from "../text-forms/index.js";
import { type ConformResult, SUITES } from "../types.js";
import { comparableAnswer } from "./answers.js";
import { isSweptCase, sweepCoverages } from "./coverage.js";
import { expectedSweeps, shardCoverage, suiteShape } from "./shards.js";
import {
  AGGREGATE_FORMAT,
  type Aggregate,
  type AggregateVerdict,
  type Disagreement,
  type DisagreementAnswer,
  type ImplementationView,
  type RecordEntry,
  type SuiteTally,
} from "./types.js";
import { plural } from "./view.js";

/** One record file as read: its bytes, or why it could not be read. */
export type RecordInputFile = { source: string; bytes: Uint8Array } | { source: string; readError: string };

export interface AggregateOptions {
  /** A non-conformant implementation fails the aggregate too (by default it is only shown). */
  requireConformant?: boolean;
}

interface Occurrence {
  source: string;
  got: string;
  pass: boolean;
}

interface Group {
  view: ImplementationView;
  records: { source: string; record: ConformResult }[];
  /** Every case the group's records hold, by name, each record's answer kept. */
  cases: Map<string, Occurrence[]>;
}

/**
 * What makes two records the same implementation, so that their cases join (shards of one run):
 * the same adapter, command line or URL, name, version, program files (by hash) and suite, all but
 * its `shard=K/N`. A job on another operating system runs other program files, so it is another
 * implementation here.
 */
function identityOf(record: ConformResult): string {
  const { adapter, impl, name, version, files } = record.implementation;
  const suite = suiteShape(record.suite).joined;
  return JSON.stringify([adapter, impl, name, version, files.map((f) => [f.path, f.sha256]), suite]);
}

/** `name version` when the implementation is named, else its command line or URL. */
export function implementationLabel(impl: ConformResult["implementation"]): string {
  if (impl.name === null) return impl.version === null ? impl.impl : `${impl.impl} (${impl.version})`;
  return impl.version === null ? impl.name : `${impl.name} ${impl.version}`;
}

/** A case's suite: its name up to the first `/`. */
export function suiteOfCase(name: string): string {
  return readRecordCaseName(name).suite;
}

/** Suites in run order (SUITES), any other names after them in name order. */
function suiteOrder(a: string, b: string): number {
  const known = SUITES as readonly string[];
  const ia = known.indexOf(a);
  const ib = known.indexOf(b);
  if (ia >= 0 || ib >= 0) return (ia < 0 ? known.length : ia) - (ib < 0 ? known.length : ib);
  return a < b ? -1 : a > b ? 1 : 0;
}

const unique = <T>(values: T[]): T[] => [...new Set(values)];

export function aggregateRecords(
  files: readonly RecordInputFile[],
  options: AggregateOptions = {},
): Aggregate {
  const entries: RecordEntry[] = [];
  const groups = new Map<string, Group>();

  for (const file of files) {
    if ("readError" in file) {
      entries.push({ source: file.source, outcome: `unreadable (${file.readError})`, accepted: false });
      continue;
    }
    const result = verifyRecord(file.bytes);
    if (result.outcome === "reject") {
      entries.push({
        source: file.source,
        outcome: outcomeLine(result),
        accepted: false,
        detail: result.detail,
      });
      continue;
    }
    const { record } = result;
    const key = identityOf(record);
    let group = groups.get(key);
    if (group === undefined) {
      group = { view: emptyView(`I${groups.size + 1}`, record), records: [], cases: new Map() };
      groups.set(key, group);
    }
    group.records.push({ source: file.source, record });
    for (const c of record.cases) {
      const list = group.cases.get(c.name) ?? [];
      list.push({ source: file.source, got: c.got, pass: c.pass });
      group.cases.set(c.name, list);
    }
    entries.push({
      source: file.source,
      outcome: outcomeLine(result),
      accepted: true,
      implementation: group.view.id,
    });
  }

  const all = [...groups.values()];
  for (const group of all) finishView(group);
  const implementations = all.map((g) => g.view);
  const { disagreements, choices } = findDisagreements(all);
  return {
    format: AGGREGATE_FORMAT,
    records: entries,
    implementations,
    disagreements,
    choices,
    verdict: verdictOf(entries, implementations, disagreements, choices, options.requireConformant ?? false),
  };
}

function emptyView(id: string, record: ConformResult): ImplementationView {
  const impl = record.implementation;
  return {
    id,
    label: implementationLabel(impl),
    adapter: impl.adapter,
    impl: impl.impl,
    name: impl.name,
    version: impl.version,
    files: impl.files.map((f) => ({ path: f.path, sha256: f.sha256 })),
    suite: suiteShape(record.suite).joined,
    keys: [],
    signers: [],
    corpusDigests: [],
    records: [],
    suites: [],
    cases: 0,
    passed: 0,
    conformant: false,
    sweeps: [],
    shards: null,
  };
}

function finishView(group: Group): void {
  const { view, records, cases } = group;
  view.records = records.map((r) => r.source);
  view.keys = unique(records.map((r) => r.record.key));
  view.signers = unique(records.map((r) => r.record.signer_pubkey));
  view.corpusDigests = unique(records.map((r) => r.record.corpus.digest));

  // Each case name counts once, however many shards ran it; it passed only if it passed in each.
  const tallies = new Map<string, SuiteTally>();
  for (const [name, occurrences] of cases) {
    const suite = suiteOfCase(name);
    const tally = tallies.get(suite) ?? { suite, cases: 0, passed: 0 };
    tally.cases++;
    if (occurrences.every((o) => o.pass)) tally.passed++;
    tallies.set(suite, tally);
  }
  view.suites = [...tallies.values()].sort((a, b) => suiteOrder(a.suite, b.suite));
  view.cases = view.suites.reduce((n, t) => n + t.cases, 0);
  view.passed = view.suites.reduce((n, t) => n + t.passed, 0);

  // Every record of the group states the same suite but for its shard, so the same totals and seed.
  const shapes = records.map((r) => ({ source: r.source, shape: suiteShape(r.record.suite) }));
  const expected = new Map<string, number>();
  for (const [i, { shape }] of shapes.entries())
    for (const [sweep, total] of expectedSweeps(shape, records[i]!.record.toolchain))
      expected.set(sweep, total);
  const totals = shapes[0]!.shape;
  for (const c of cases.keys()) {
    // A property the tool did not list for this record still takes the stated total.
    if (totals.generated !== undefined && c.startsWith("generated/") && isSweptCase(c)) {
      const sweep = c.slice(0, c.indexOf("/", "generated/".length));
      if (!expected.has(sweep)) expected.set(sweep, totals.generated);
    }
  }
  const swept = [...cases].filter(([name]) => isSweptCase(name));
  view.sweeps = sweepCoverages(
    swept.flatMap(([name, occurrences]) => occurrences.map((o) => ({ name, source: o.source }))),
    expected,
    totals.seed,
  );
  view.shards = shardCoverage(shapes.map(({ source, shape }) => ({ source, shard: shape.shard })));
  if (view.corpusDigests.length > 1) {
    for (const sweep of view.sweeps) {
      sweep.problems.push(`the records ran ${view.corpusDigests.length} different corpora`);
      sweep.complete = false;
    }
  }
  view.conformant =
    records.every((r) => r.record.conformant) &&
    view.sweeps.every((c) => c.complete) &&
    (view.shards?.complete ?? true);
}

/** The suite where the corpus tests what the RFC leaves open, and nothing else (docs/architecture.md,
 * "Open choices are choices"): its cases accept a refusal or the one canonical form. */
const OPEN_CHOICE_SUITE = "canon-or-reject";

/**
 * Answers that differ only by a choice the RFC leaves open: an open-choice case that every answer
 * passed (each one the case allows: one implementation strips a byte-order mark, another refuses
 * it). An answer that failed the case is no choice, and makes a disagreement.
 */
function isOpenChoice(name: string, answers: readonly DisagreementAnswer[]): boolean {
  return suiteOfCase(name) === OPEN_CHOICE_SUITE && answers.every((a) => a.pass);
}

/** Every case on which two answers differ: between implementations, or between one's own shards;
 * those that differ only by an open choice apart. */
function findDisagreements(groups: readonly Group[]): {
  disagreements: Disagreement[];
  choices: Disagreement[];
} {
  const names: string[] = [];
  const seen = new Set<string>();
  for (const g of groups)
    for (const name of g.cases.keys())
      if (!seen.has(name)) {
        seen.add(name);
        names.push(name);
      }
  const out: Disagreement[] = [];
  const choices: Disagreement[] = [];
  for (const name of names) {
    const answers: DisagreementAnswer[] = [];
    const shown = new Set<string>();
    for (const g of groups) {
      for (const o of g.cases.get(name) ?? []) {
        // The same answer twice from one implementation (a doubled shard) is listed once.
        const key = JSON.stringify([g.view.id, o.got]);
        if (shown.has(key)) continue;
        shown.add(key);
        answers.push({
          implementation: g.view.id,
          source: o.source,
          got: o.got,
          answer: comparableAnswer(o.got),
          pass: o.pass,
        });
      }
    }
    if (new Set(answers.map((a) => a.answer)).size > 1)
      (isOpenChoice(name, answers) ? choices : out).push({ case: name, answers });
  }
  return { disagreements: out, choices };
}

function verdictOf(
  entries: readonly RecordEntry[],
  implementations: readonly ImplementationView[],
  disagreements: readonly Disagreement[],
  choices: readonly Disagreement[],
  requireConformant: boolean,
): AggregateVerdict {
  const refused = entries.filter((e) => !e.accepted).length;
  const conformant = implementations.filter((i) => i.conformant).length;
  const incompleteSweeps = implementations.filter(
    (i) => i.sweeps.some((c) => !c.complete) || i.shards?.complete === false,
  ).length;
  const failures: string[] = [];
  if (refused > 0) failures.push(`${plural(refused, "record", "records")} refused or unreadable`);
  if (entries.length === 0) failures.push("no records");
  if (disagreements.length > 0)
    failures.push(`${plural(disagreements.length, "case", "cases")} answered differently`);
  if (incompleteSweeps > 0)
    failures.push(
      `${plural(incompleteSweeps, "implementation's", "implementations'")} shards are missing, doubled, or do not cover a sweep exactly once`,
    );
  const notConformant = implementations.length - conformant;
  if (requireConformant && notConformant > 0)
    failures.push(`${plural(notConformant, "implementation", "implementations")} not conformant`);
  return {
    exitCode: failures.length === 0 ? 0 : 1,
    records: entries.length,
    refused,
    implementations: implementations.length,
    conformant,
    disagreements: disagreements.length,
    choices: choices.length,
    incompleteSweeps,
    requireConformant,
    failures,
  };
}
