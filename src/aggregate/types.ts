// The shapes of one aggregate: what was read, the implementations found in it, how their shards
// cover each sweep, and where they answered differently. `aggregate.json` is exactly an
// {@link Aggregate}; the console and Markdown views are drawn from it and nothing else.
import type { ConformResult } from "../types.js";

/** The value of `aggregate.json`'s `format` member. */
export const AGGREGATE_FORMAT = "canon-conformance-aggregate/1";

/** One record file as read and verified. */
export interface RecordEntry {
  /** The path it was read from, as given or found below a given folder. */
  source: string;
  /** seed 003 §4's outcome line (`accept conformant=...`, `reject step=<n> reason=<code>`), or
   * `unreadable (<code>)` when the file could not be read at all. */
  outcome: string;
  accepted: boolean;
  /** Why a record was refused or unreadable, in words. */
  detail?: string;
  /** The implementation it belongs to (an {@link ImplementationView} id), when accepted. */
  implementation?: string;
}

/** One implementation's tally in one suite, over its records' cases (each case name counted once). */
export interface SuiteTally {
  suite: string;
  cases: number;
  passed: number;
}

/** A range of the numbers sweep, inclusive indices of the generated doubles. */
export interface SweepRange {
  from: number;
  to: number;
}

/** How an implementation's cases of one sweep, across all its records, cover `0..total-1`. */
export interface SweepCoverage {
  /** `numbers`, or `generated/<property>`. */
  sweep: string;
  /** The generator seed every range names; null when the ranges name more than one. */
  seed: number | null;
  /** How many indices the sweep has: the suite's `numbers=N` or `generated=R` when it states it,
   * else one past the highest index any range covers. */
  total: number;
  /** Where `total` came from: the records' suite (a missing last shard shows), or the ranges. */
  totalFrom: "suite" | "ranges";
  /** Every numbers case, with the record it came from. */
  ranges: (SweepRange & { source: string })[];
  /** Indices below `total` no range covers. */
  missing: SweepRange[];
  /** Indices more than one range covers, with the records that cover them. */
  doubled: (SweepRange & { sources: string[] })[];
  /** Everything else that stops the ranges forming one sweep (mixed seeds, unreadable names). */
  problems: string[];
  /** True exactly when the ranges cover `0..total-1` once each and there are no problems. */
  complete: boolean;
}

/** How one implementation's records form the shards 1..N of one run (`shard=K/N` in their suite). */
export interface ShardCoverage {
  /** N when every shard says the same N, else null. */
  count: number | null;
  /** Every shard found, in shard order, with the record that is it. */
  shards: { index: number; count: number; source: string }[];
  /** Shards 1..N no record is. */
  missing: number[];
  /** Shards more than one record is, with those records. */
  doubled: { index: number; sources: string[] }[];
  /** Different Ns, or unsharded records joined with shards. */
  problems: string[];
  /** True exactly when the records are shards 1..N of one N, each once, and nothing else. */
  complete: boolean;
}

/** One implementation: the accepted records that name the same implementation and suite. */
export interface ImplementationView {
  /** `I1`, `I2`, ... in the order their first record was read. */
  id: string;
  /** How a person names it: `name version`, or the command line / URL when it has no name. */
  label: string;
  adapter: ConformResult["implementation"]["adapter"];
  impl: string;
  name: string | null;
  version: string | null;
  files: ConformResult["implementation"]["files"];
  /** The records' `suite` without `shard=K/N`: `<profile>:<suite,...>` and the run's parameters. */
  suite: string;
  /** Distinct key kinds and signers over its records (shards may each have their own ephemeral key). */
  keys: ConformResult["key"][];
  signers: string[];
  /** Distinct corpus digests over its records: more than one means the shards ran different corpora. */
  corpusDigests: string[];
  records: string[];
  suites: SuiteTally[];
  cases: number;
  passed: number;
  /** Every case passed in every record, its shards are 1..N each once, and they form complete
   * sweeps (if it has any). */
  conformant: boolean;
  /** One per sweep its records hold or their suite promises (numbers, generated properties). */
  sweeps: SweepCoverage[];
  /** How its records form shards 1..N; null when none of them is a shard. */
  shards: ShardCoverage | null;
}

/** One implementation's answer to a case on which implementations differ. */
export interface DisagreementAnswer {
  implementation: string;
  /** The record the answer came from. */
  source: string;
  /** The case's `got` exactly as the record states it. */
  got: string;
  /** What was compared: `got` with every refusal's or failure's reason left out. */
  answer: string;
  pass: boolean;
}

/** A case that implementations (or one implementation's own shards) answered differently; or, in
 * {@link Aggregate.choices}, a case where the RFC leaves a choice and they chose differently. */
export interface Disagreement {
  case: string;
  answers: DisagreementAnswer[];
}

export interface AggregateVerdict {
  /** The aggregate's exit status: 0 when nothing below fails it, 1 otherwise. */
  exitCode: 0 | 1;
  records: number;
  refused: number;
  implementations: number;
  conformant: number;
  disagreements: number;
  /** Open-choice cases answered differently, every answer allowed: counted, never a failure. */
  choices: number;
  /** Implementations whose shards are not 1..N each once, or do not cover a sweep exactly once. */
  incompleteSweeps: number;
  requireConformant: boolean;
  /** Each reason the aggregate fails, in words; empty when it passes. */
  failures: string[];
}

export interface Aggregate {
  format: typeof AGGREGATE_FORMAT;
  records: RecordEntry[];
  implementations: ImplementationView[];
  disagreements: Disagreement[];
  /** Cases where the RFC leaves a choice (a byte-order mark, a top-level scalar, integers past 2^53,
   * deep nesting: the canon-or-reject suite) that implementations answered differently, each answer
   * one the case allows (it passed): shown apart from `disagreements`, never a failure. */
  choices: Disagreement[];
  verdict: AggregateVerdict;
}
