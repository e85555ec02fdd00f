// Option values as both faces receive them (CLI flags and action inputs are strings), checked once
// here so that the CLI and the action accept exactly the same things and say the same when they don't.
import { randomInt } from "node:crypto";
import { availableParallelism } from "node:os";
import { type Profile, type Shard, SUITES, type SuiteName } from "./types.js";

export class OptionError extends Error {
  override name = "OptionError";
}

export const DEFAULTS = {
  protocol: "once",
  profile: "rfc8785",
  numbers: 100_000,
  /** The numbers manifest's seed: the same cases, hence the same verdict, on every rerun. */
  seed: 1,
  generatedRuns: 250,
  timeoutMs: 10_000,
  maxOutputBytes: 16 * 1024 * 1024,
} as const;

/** `all`, or a comma-separated list of suite names, in any order; the run keeps SUITES order. */
export function parseSuites(text: string | undefined): SuiteName[] {
  const value = (text ?? "").trim();
  if (value === "" || value === "all") return [...SUITES];
  const wanted = value
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  for (const name of wanted) {
    if (!(SUITES as readonly string[]).includes(name)) {
      throw new OptionError(`unknown suite '${name}': choose 'all' or any of ${SUITES.join(", ")}`);
    }
  }
  return SUITES.filter((s) => wanted.includes(s));
}

export function parseProfile(text: string | undefined): Profile {
  const value = (text ?? "").trim() || DEFAULTS.profile;
  if (value !== "rfc8785" && value !== "nfc") {
    throw new OptionError(`unknown profile '${value}': choose rfc8785 (the RFC, the default) or nfc`);
  }
  return value;
}

export function parseProtocol(text: string | undefined): "once" | "lines" {
  const value = (text ?? "").trim() || DEFAULTS.protocol;
  if (value !== "once" && value !== "lines") {
    throw new OptionError(`unknown protocol '${value}': choose once (a process per case) or lines`);
  }
  return value;
}

/** A whole number within bounds; `fallback` when the text is empty. */
export function parseCount(text: string | undefined, what: string, fallback: number, min = 0): number {
  const value = (text ?? "").trim();
  if (value === "") return fallback;
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value)) || Number(value) < min) {
    throw new OptionError(
      `${what} must be a whole number${min > 0 ? ` of at least ${min}` : ""}, not '${value}'`,
    );
  }
  return Number(value);
}

/** Jobs: empty or 0 means one per CPU. */
export function parseJobs(text: string | undefined): number {
  const jobs = parseCount(text, "jobs", 0);
  return jobs === 0 ? availableParallelism() : jobs;
}

export function parseBoolean(text: string | undefined, what: string, fallback: boolean): boolean {
  const value = (text ?? "").trim().toLowerCase();
  if (value === "") return fallback;
  if (["true", "yes", "1", "on"].includes(value)) return true;
  if (["false", "no", "0", "off"].includes(value)) return false;
  throw new OptionError(`${what} must be true or false, not '${text}'`);
}

/** `--seed`: a whole number 0..2^32-1, or `random` (one is drawn: print it, so it can be replayed). */
export function parseSeed(text: string | undefined): { seed: number; random: boolean } {
  const value = (text ?? "").trim();
  if (value === "") return { seed: DEFAULTS.seed, random: false };
  if (value === "random") return { seed: randomInt(0, 0x1_0000_0000), random: true };
  if (!/^\d+$/.test(value) || Number(value) > 0xffffffff) {
    throw new OptionError(`seed must be a whole number from 0 to 4294967295, or 'random', not '${value}'`);
  }
  return { seed: Number(value), random: false };
}

/** `--shard K/N`: this job is part K of N (1 <= K <= N); empty means the whole run. */
export function parseShard(text: string | undefined): Shard | undefined {
  const value = (text ?? "").trim();
  if (value === "") return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || !Number.isSafeInteger(count) || count < 1 || index < 1 || index > count) {
    throw new OptionError(`shard must be K/N with 1 <= K <= N (for example 3/8), not '${value}'`);
  }
  return { index, count };
}
