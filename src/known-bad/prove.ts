// The self-test's engine: the corpus against the reference (every case must pass) and against each
// known-bad (each declared check must fail at least one case), in this process. It also proves that
// every check can fail at all: a check no known-bad trips is a check nobody could tell was broken.

import { bytesToHex } from "@noble/hashes/utils.js";
import { casesForLines } from "../adapters/index.js";
import { CHECK_IDS, type CheckId, checkIdOf, kindOfCheck, runCases } from "../checks/index.js";
import { loadCorpus } from "../corpus/index.js";
import { nfcReference, referenceCanonicalizer } from "../jcs/canonicalizer.js";
import { recordCaseName } from "../text-forms/index.js";
import {
  type Canonicalizer,
  type CaseKind,
  type CaseResult,
  type CheckContext,
  type CorpusCase,
  type Profile,
  SUITES,
} from "../types.js";
import { canonicalizersOf, KNOWN_BADS, type KnownBad } from "./index.js";

export interface ProveOptions {
  /** The profile the reference is proven under first; the other profile's changed cases follow. */
  profile: Profile;
  /** Generated numbers per run (each known-bad and the reference). */
  numbers: number;
  /** Runs of each generated property per run (the corpus's default when absent). */
  generatedRuns?: number;
  /** Which known-bads to run, by name (all by default). */
  only?: string[];
  /** The known-bads themselves, instead of the built-in list (tests prove the prover with these). */
  bads?: readonly KnownBad[];
  /** The vectors/ folder, if not the default. */
  root?: string;
  /**
   * How a known-bad is reached: in this process by default, or (the self-test's --via) as a command
   * through the adapters. `reference` likewise replaces the in-process RFC 8785 reference.
   */
  connect?: (bad: KnownBad) => { write: Canonicalizer; read?: Canonicalizer };
  reference?: () => Canonicalizer;
  /** The connections speak the lines protocol: each case is sent as a lines-mode run sends it. */
  linesMode?: boolean;
}

/** The reference's run under one profile: every case must pass. */
export interface ReferenceRun {
  label: string;
  profile: Profile;
  cases: number;
  failures: CaseResult[];
}

export interface KnownBadRun {
  bad: KnownBad;
  profile: Profile;
  /** Cases failed, per check. */
  failed: Record<CheckId, number>;
  /** The first failed case of each check, to show what catching it looks like. */
  firstFailure: Partial<Record<CheckId, CaseResult>>;
  /** Declared checks that failed no case: broken claims. */
  missed: CheckId[];
  /** For a legitimate choice (KnownBad.legitimate): the cases it failed, each a case that blames a
   * choice the RFCs allow. Empty for every other known-bad. */
  blamed: CaseResult[];
  /** Every case as judged, in corpus order: what a report would show of this known-bad. */
  results: CaseResult[];
}

export interface Proof {
  references: ReferenceRun[];
  /** Cases per check in the corpus the known-bads ran against, per profile. */
  casesPerCheck: Record<Profile, Record<CheckId, number>>;
  runs: KnownBadRun[];
  /** Expectation kinds that no known-bad made fail. */
  kindsNeverFailed: CaseKind[];
  /** Expectation kinds the corpus has no case of. */
  kindsWithoutCases: CaseKind[];
  /** Every known-bad ran, so "every kind can fail" was judged (a run of a few proves only their claims). */
  complete: boolean;
  ok: boolean;
}

// Cases judged at once. In this process it hardly matters; through a command in lines mode the
// requests pipeline, and each case in flight hides one more round trip.
const CONCURRENCY = 64;

/** The correct implementation for each profile: the RFC 8785 reference, or it after NFC. */
function referenceFor(profile: Profile) {
  return profile === "rfc8785" ? referenceCanonicalizer() : nfcReference("reference after NFC");
}

export async function prove(options: ProveOptions): Promise<Proof> {
  const other: Profile = options.profile === "rfc8785" ? "nfc" : "rfc8785";
  const load = (profile: Profile) =>
    loadCorpus({
      suites: [...SUITES],
      profile,
      numbers: options.numbers,
      ...(options.generatedRuns !== undefined ? { generatedRuns: options.generatedRuns } : {}),
      root: options.root,
    }).then((c) => (options.linesMode ? casesForLines(c.cases) : c.cases));
  const corpora: Record<Profile, CorpusCase[]> = { rfc8785: [], nfc: [] };
  corpora[options.profile] = await load(options.profile);
  corpora[other] = await load(other);

  // The reference for the chosen profile over the whole corpus, then the other profile's reference
  // over the cases that profile changes (the rest it has just been proven on).
  const references: ReferenceRun[] = [];
  const mainRef =
    options.reference && options.profile === "rfc8785" ? options.reference() : referenceFor(options.profile);
  references.push(await referenceRun(mainRef.label, options.profile, corpora[options.profile], mainRef));
  const changed = changedCases(corpora[options.profile], corpora[other]);
  const otherRef = options.reference && other === "rfc8785" ? options.reference() : referenceFor(other);
  references.push(await referenceRun(`${otherRef.label}, cases ${other} changes`, other, changed, otherRef));

  const pool = options.bads ?? KNOWN_BADS;
  const bads = options.only ? pool.filter((b) => options.only!.includes(b.name)) : [...pool];
  const runs: KnownBadRun[] = [];
  for (const bad of bads) {
    const profile = bad.profile ?? "rfc8785";
    runs.push(await knownBadRun(bad, profile, corpora[profile], options.connect ?? canonicalizersOf));
  }

  const casesPerCheck = { rfc8785: countPerCheck(corpora.rfc8785), nfc: countPerCheck(corpora.nfc) };
  const allKinds = [...new Set(CHECK_IDS.map(kindOfCheck))];
  const failingKinds = new Set(
    runs.flatMap((r) => CHECK_IDS.filter((id) => r.failed[id] > 0).map(kindOfCheck)),
  );
  const kindsNeverFailed = allKinds.filter((k) => !failingKinds.has(k));
  const present = new Set([...corpora.rfc8785, ...corpora.nfc].map((c) => c.kind));
  const kindsWithoutCases = allKinds.filter((k) => !present.has(k));
  const complete = options.only === undefined && options.bads === undefined;
  const ok =
    references.every((r) => r.failures.length === 0) &&
    runs.every((r) => r.missed.length === 0 && r.blamed.length === 0) &&
    (!complete || kindsNeverFailed.length === 0) &&
    kindsWithoutCases.length === 0;
  return { references, casesPerCheck, runs, kindsNeverFailed, kindsWithoutCases, complete, ok };
}

async function referenceRun(
  label: string,
  profile: Profile,
  cases: CorpusCase[],
  impl: CheckContext["write"],
): Promise<ReferenceRun> {
  let results: CaseResult[];
  try {
    results = await runCases(cases, { write: impl, read: impl }, { concurrency: CONCURRENCY });
  } finally {
    await impl.close();
  }
  return { label, profile, cases: cases.length, failures: results.filter((r) => !r.pass) };
}

async function knownBadRun(
  bad: KnownBad,
  profile: Profile,
  cases: CorpusCase[],
  connect: NonNullable<ProveOptions["connect"]>,
): Promise<KnownBadRun> {
  const { write, read } = connect(bad);
  let results: CaseResult[];
  try {
    results = await runCases(cases, { write, read: read ?? write }, { concurrency: CONCURRENCY });
  } finally {
    await Promise.all([write.close(), read?.close()]);
  }
  const failed = Object.fromEntries(CHECK_IDS.map((id) => [id, 0])) as Record<CheckId, number>;
  const firstFailure: Partial<Record<CheckId, CaseResult>> = {};
  for (const result of results) {
    if (result.pass) continue;
    const id = checkIdOf(result.kind);
    failed[id]++;
    firstFailure[id] ??= result;
  }
  const blamed = bad.legitimate ? results.filter((r) => !r.pass) : [];
  return {
    bad,
    profile,
    failed,
    firstFailure,
    missed: bad.caughtBy.filter((id) => failed[id] === 0),
    blamed,
    results,
  };
}

function countPerCheck(cases: CorpusCase[]): Record<CheckId, number> {
  const counts = Object.fromEntries(CHECK_IDS.map((id) => [id, 0])) as Record<CheckId, number>;
  for (const c of cases) counts[checkIdOf(c.kind)]++;
  return counts;
}

/** The cases of `to` that differ from the same-named case of `from`: what switching profile changes. */
function changedCases(from: CorpusCase[], to: CorpusCase[]): CorpusCase[] {
  const before = new Map(from.map((c) => [recordCaseName(c.suite, c.name), fingerprint(c)]));
  return to.filter((c) => before.get(recordCaseName(c.suite, c.name)) !== fingerprint(c));
}

/** What a case asks, as one string: its kind and its bytes. Generated numbers do not vary by profile. */
function fingerprint(c: CorpusCase): string {
  switch (c.kind) {
    case "canon":
    case "canon-or-reject":
      return `${c.kind}:${bytesToHex(c.input)}:${bytesToHex(c.expected)}`;
    case "equal":
    case "differ":
      return `${c.kind}:${bytesToHex(c.a)}:${bytesToHex(c.b)}`;
    case "numbers":
      return `numbers:${c.count}`;
    case "property":
      return `property:${c.property}:${c.seed}:${c.from}-${c.to}`;
    case "consistent-choice":
      return `${c.kind}:${c.members.map((m) => `${bytesToHex(m.input)}:${bytesToHex(m.expected)}`).join(",")}`;
    default:
      return `${c.kind}:${bytesToHex(c.input)}`;
  }
}
