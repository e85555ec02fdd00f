// The shapes of a differential run (issue 7, item 2): two implementations, the same inputs, and every
// input on which their answers differ, each shown by the smallest input found that still shows it.
import type { Canonicalizer, Progress } from "../types.js";

/** One input to send to both implementations, named as a report names it. */
export interface CompareInput {
  name: string;
  input: Uint8Array;
  /**
   * Where the RFC leaves a choice (a canon-or-reject case): refusing is right, and so is accepting
   * with exactly these bytes. Two answers that are both allowed differ by choice, not by fault.
   */
  either?: Uint8Array;
}

export interface CompareOptions {
  a: Canonicalizer;
  b: Canonicalizer;
  /** Every corpus input (corpusInputs() makes them from loaded cases); may be lazy. */
  inputs: Iterable<CompareInput>;
  /** How many inputs `inputs` holds, for progress when it is lazy (an array's length otherwise). */
  inputCount?: number;
  /** The stream of generated values after the corpus: fast-check's seed (recorded) and how many. */
  generated: { seed: number; runs: number };
  /** Inputs in flight at once. */
  concurrency: number;
  /** What "agrees with the reference" is judged against; the in-process RFC 8785 reference by default. */
  reference?: Canonicalizer;
  /**
   * Candidates (one request to each of a and b) that shrinking one disagreement may try, per stage:
   * fast-check's shrinking of a generated value, then deleting and lifting; 0 keeps inputs whole.
   */
  shrinkBudget?: number;
  /** After each input of the main pass: `failed` counts the inputs that disagreed so far. */
  onProgress?: (progress: Progress) => void;
}

/**
 * How two answers differ: both accepted but wrote different bytes; one accepted and one rejected; or
 * one of them gave no answer at all (timeout, crash, lost framing), which agrees with nothing.
 */
export type DisagreementKind = "output" | "accept-reject" | "failed";

/** Which of the two gave the reference's answer. */
export type Agreement = "a" | "b" | "both" | "neither";

export interface Disagreement {
  /** The corpus input's name (`jcs/arrays`, `invariants/x [input 2]`), or `generated #i (seed S)`. */
  name: string;
  /** The smallest input found that shows the disagreement, readable (src/checks/show.ts). */
  input: string;
  /** Each one's answer to that input, readable: the output, `reject: <reason>` or `failed: <reason>`. */
  a: string;
  b: string;
  reference: string;
  agrees: Agreement;
  kind: DisagreementKind;
  /** The input first found, readable, when shrinking made it smaller; absent when it was kept whole. */
  original?: string;
}

/** An input on which a and b answered differently, each in a way the RFC allows. */
export interface Choice {
  name: string;
  input: string;
  a: string;
  b: string;
}

export interface CompareReport {
  /** fast-check's seed for the generated values: the same seed and runs send the same values. */
  seed: number;
  /** Inputs sent to both: corpus inputs (distinct bytes) plus generated values. */
  compared: number;
  /** How many of `compared` came from the corpus, and how many were generated. */
  corpus: number;
  generated: number;
  /** Generated values that disagreed; the report shows the first of each kind, shrunk. */
  generatedDisagreeing: number;
  labels: { a: string; b: string; reference: string };
  disagreements: Disagreement[];
  /** Inputs where the RFC leaves a choice and a and b made different ones, both allowed: not faults. */
  choices: Choice[];
  elapsedMs: number;
}
