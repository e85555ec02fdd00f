// Every text one stage writes and another reads back, writer and reader side by side, so that the
// two cannot drift apart (test/text-forms.test.ts writes each form and reads it back):
//
//   answers    `reject: <reason>`, `failed: <reason>` or the output itself: a case's `got` (checks),
//              compared reasons-left-out by aggregate, told apart as "no answer" by reports
//   pairs      `a: <answer> | b: <answer>` and `both: <answer>`: I2/I3's `got` (checks), split by aggregate
//   ranges     `seed-S/FROM-TO`, zero-padded: a swept case's name (corpus: numbers and generated),
//              read back by aggregate to join shards into whole sweeps
//   case names `<suite>/<name>`: a case as the record names it
//   suites     `<profile>:<suite,...> numbers=N generated=R shard=K/N seed=S cases=P,...`: the
//              record's `suite` (record), read by verify, by aggregate and by the reports
//
// The forms are what records already hold, so they cannot change; where one is ambiguous (an output
// that itself starts with `reject: `, a pair whose answers hold the separator) the reader says how it
// decides.
import type { Profile, Shard, SuiteName } from "./types.js";

// --- answers -----------------------------------------------------------------------------------

/** An answer as a case's `got` states it, already made readable (the output text, the reason). */
export type AnswerText =
  | { status: "canonical"; output: string }
  | { status: "rejected"; reason: string }
  | { status: "failed"; reason: string };

const REJECT = "reject";
const FAIL = "failed";
const REJECTED = `${REJECT}: `;
const FAILED = `${FAIL}: `;

export function writeAnswerText(answer: AnswerText): string {
  switch (answer.status) {
    case "canonical":
      return answer.output;
    case "rejected":
      return `${REJECTED}${answer.reason}`;
    case "failed":
      return `${FAILED}${answer.reason}`;
  }
}

/** The answer `text` states. An output that starts with `reject: ` or `failed: ` (never JSON) reads
 * as that refusal or failure: the form cannot tell them apart. */
export function readAnswerText(text: string): AnswerText {
  if (text.startsWith(REJECTED)) return { status: "rejected", reason: text.slice(REJECTED.length) };
  if (text.startsWith(FAILED)) return { status: "failed", reason: text.slice(FAILED.length) };
  return { status: "canonical", output: text };
}

/** `text` with a refusal's or a failure's reason left out (`reject`, `failed`); an output as it is. */
export function answerWithoutReason(text: string): string {
  const answer = readAnswerText(text);
  if (answer.status === "canonical") return text;
  return answer.status === "rejected" ? REJECT : FAIL;
}

/** Whether `text` states that the harness got no answer at all (a timeout, a crash, lost framing). */
export function isNoAnswer(text: string): boolean {
  return readAnswerText(text).status === "failed";
}

// --- pairs -------------------------------------------------------------------------------------

/** Two answers (each in the answer form): told apart, or one text for both when they are the same. */
type PairText = { a: string; b: string } | { both: string };

const PAIR_A = "a: ";
const PAIR_B = " | b: ";
const PAIR_BOTH = "both: ";

export function writePairText(pair: PairText): string {
  return "both" in pair ? `${PAIR_BOTH}${pair.both}` : `${PAIR_A}${pair.a}${PAIR_B}${pair.b}`;
}

/**
 * The pair `text` states, or undefined when it is not one. An answer may itself hold ` | b: `, so
 * `a: … | b: …` is split only where the split is certain: a text that holds the separator twice
 * does not read as a pair.
 */
export function readPairText(text: string): PairText | undefined {
  if (text.startsWith(PAIR_BOTH)) return { both: text.slice(PAIR_BOTH.length) };
  if (!text.startsWith(PAIR_A)) return undefined;
  const at = text.indexOf(PAIR_B);
  if (at < 0 || text.indexOf(PAIR_B, at + 1) >= 0) return undefined;
  return { a: text.slice(PAIR_A.length, at), b: text.slice(at + PAIR_B.length) };
}

// --- ranges and case names ---------------------------------------------------------------------

/** Part of a swept suite: indices `from`..`to` (inclusive) of the sweep drawn from run seed `seed`. */
export interface SweptRange {
  seed: number;
  from: number;
  to: number;
}

/** How many digits a range's indices are padded to: `minimum`, or more for a sweep of `total`. */
export function rangeWidth(total: number, minimum: number): number {
  return Math.max(minimum, String(Math.max(total - 1, 0)).length);
}

/** `seed-S/FROM-TO`, both indices zero-padded to `width` digits. */
export function writeRangeName(range: SweptRange, width: number): string {
  const pad = (i: number) => String(i).padStart(width, "0");
  return `seed-${range.seed}/${pad(range.from)}-${pad(range.to)}`;
}

const RANGE = /^seed-(\d+)\/(\d+)-(\d+)$/;

/** The range `text` names, or undefined when it names none (or a range that ends before it starts). */
export function readRangeName(text: string): SweptRange | undefined {
  const match = RANGE.exec(text);
  if (!match) return undefined;
  const [seed, from, to] = [match[1]!, match[2]!, match[3]!].map(Number) as [number, number, number];
  if (![seed, from, to].every(Number.isSafeInteger) || from > to) return undefined;
  return { seed, from, to };
}

/** A case as the record names it: `<suite>/<name>`. */
export function recordCaseName(suite: SuiteName, name: string): string {
  return `${suite}/${name}`;
}

/** The suite and case a record case name states: split at the first `/` (a suite's name holds none);
 * a name without one is all suite. */
export function readRecordCaseName(text: string): { suite: string; name: string } {
  const slash = text.indexOf("/");
  return slash < 0 ? { suite: text, name: "" } : { suite: text.slice(0, slash), name: text.slice(slash + 1) };
}

/** A record case of a sweep: `numbers/seed-S/F-T`, or `generated/<property>/seed-S/F-T` (one sweep
 * per property). */
export interface SweptCaseName extends SweptRange {
  /** `numbers`, or `generated/<property>`. */
  sweep: string;
}

const SWEEP = /^(numbers|generated\/[^/]+)\/(.*)$/s;

/** The sweep and range a record case name states, or undefined when it states none. */
export function readSweptCaseName(name: string): SweptCaseName | undefined {
  const match = SWEEP.exec(name);
  const range = match ? readRangeName(match[2]!) : undefined;
  return range && { sweep: match![1]!, ...range };
}

// --- the record's suite ------------------------------------------------------------------------

/** What a run's generated suites were asked for: how many, from which seed, which shard. */
export interface SuiteParameters {
  /** Doubles in the whole numbers sweep (all shards). */
  numbers?: number;
  /** Runs of each generated property (all shards). */
  generated?: number;
  shard?: Shard;
  seed?: number;
  /** The `--case` patterns of a run of some cases only; absent for a run of every case. */
  cases?: readonly string[];
}

/**
 * §2 `suite` as this tool writes it: the profile, a colon, the suites in run order; then, when
 * `numbers` or `generated` ran, what they were asked for, space-separated, so an aggregate can check
 * that shards cover the whole sweep: `rfc8785:jcs,numbers,generated numbers=100000000 generated=250
 * shard=3/8 seed=1`. Without parameters (no generated suite ran) it is the profile and suites alone.
 */
export function recordSuite(
  profile: Profile,
  suites: readonly SuiteName[],
  parameters: SuiteParameters = {},
): string {
  const words = [`${profile}:${suites.join(",")}`];
  const generates = suites.includes("numbers") || suites.includes("generated");
  if (suites.includes("numbers") && parameters.numbers !== undefined)
    words.push(`numbers=${parameters.numbers}`);
  if (suites.includes("generated") && parameters.generated !== undefined)
    words.push(`generated=${parameters.generated}`);
  if (generates && parameters.shard)
    words.push(`${SHARD_WORD}${parameters.shard.index}/${parameters.shard.count}`);
  if (generates && parameters.seed !== undefined) words.push(`seed=${parameters.seed}`);
  // Last, and only when cases were chosen: a run of some cases must never read as a run of all.
  if (parameters.cases !== undefined && parameters.cases.length > 0)
    words.push(`${CASES_WORD}${parameters.cases.join(",")}`);
  return words.join(" ");
}

/** The profile, suites and parameters a `suite` written by {@link recordSuite} states, or undefined. */
export function parseRecordSuite(
  suite: string,
): { profile: string; suites: string[]; parameters: Record<string, string> } | undefined {
  const [head, ...rest] = suite.split(" ");
  const colon = head!.indexOf(":");
  if (colon < 0) return undefined;
  const parameters: Record<string, string> = {};
  for (const word of rest) {
    const eq = word.indexOf("=");
    if (eq <= 0 || Object.hasOwn(parameters, word.slice(0, eq))) return undefined;
    parameters[word.slice(0, eq)] = word.slice(eq + 1);
  }
  return { profile: head!.slice(0, colon), suites: head!.slice(colon + 1).split(","), parameters };
}

const SHARD_WORD = "shard=";
const CASES_WORD = "cases=";

/** The `--case` patterns a suite's `cases=` word states, or undefined for a run of every case. */
export function readSuiteCases(suite: string): string[] | undefined {
  const value = parseRecordSuite(suite)?.parameters.cases;
  return value === undefined ? undefined : value.split(",").filter((p) => p !== "");
}
const SHARD = /^shard=(\d+)\/(\d+)$/;

/** The shard a suite's `shard=K/N` word states (K and N as written, not yet checked against each
 * other), or undefined when `word` is not one. */
export function readShardWord(word: string): Shard | undefined {
  const match = SHARD.exec(word);
  return match ? { index: Number(match[1]), count: Number(match[2]) } : undefined;
}

/** A parameter's value as a whole number, or undefined when absent or not one. */
export function readWholeNumber(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : undefined;
}
