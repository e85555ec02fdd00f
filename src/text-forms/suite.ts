// The record's `suite`: `<profile>:<suite,...> numbers=N generated=R shard=K/N seed=S protocol=X cases=P,...`,
// written by the record and read by verify, by the aggregate and by the reports.
import type { Profile, Shard, SuiteName } from "../types.js";

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
  /** How the implementation was spoken to (a command in once or lines mode, a URL): lines mode sends
   * some stored cases in their lines form, so a record that cannot say so cannot be read rightly. */
  protocol?: SuiteProtocol;
}

/** The protocols a record's suite may state (`protocol=lines`). */
export type SuiteProtocol = "once" | "lines" | "http";
const PROTOCOLS: readonly SuiteProtocol[] = ["once", "lines", "http"];
const PROTOCOL_WORD = "protocol=";

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
  if (parameters.protocol !== undefined) words.push(`${PROTOCOL_WORD}${parameters.protocol}`);
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

/** The protocol a suite's `protocol=` word states, or undefined when it states none (records written
 * before it did, and runs of an implementation in the harness's own process). */
export function readSuiteProtocol(suite: string): SuiteProtocol | undefined {
  const value = parseRecordSuite(suite)?.parameters.protocol;
  return PROTOCOLS.find((p) => p === value);
}

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
