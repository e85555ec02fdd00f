// The value parsers the option table is made of. Each takes the text a face received (a CLI flag's
// value, an action input; empty means "not given") and the face's name for the option (`subject`:
// `--numbers` on the CLI, `numbers` in the action), so both faces refuse the same text in the same words.
import { randomInt } from "node:crypto";
import { type Profile, type Shard, SUITES, type SuiteName } from "../types.js";
import { DEFAULT_PROFILE, DEFAULT_PROTOCOL, DEFAULT_SEED, MAX_SEED } from "./defaults.js";
import { OptionError } from "./errors.js";

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
  const value = (text ?? "").trim() || DEFAULT_PROFILE;
  if (value !== "rfc8785" && value !== "nfc") {
    throw new OptionError(`unknown profile '${value}': choose rfc8785 (the RFC, the default) or nfc`);
  }
  return value;
}

export function parseProtocol(text: string | undefined): "once" | "lines" {
  const value = (text ?? "").trim() || DEFAULT_PROTOCOL;
  if (value !== "once" && value !== "lines") {
    throw new OptionError(`unknown protocol '${value}': choose once (a process per case) or lines`);
  }
  return value;
}

/** The words a count is refused in: one sentence for the text a face read and a number a caller passed. */
export function countProblem(subject: string, shown: string, min: number, max?: number): string {
  if (max !== undefined) return `${subject} must be a whole number from ${min} to ${max}, not '${shown}'`;
  return `${subject} must be a whole number${min > 0 ? ` of at least ${min}` : ""}, not '${shown}'`;
}

/** A whole number from `min` to `max` (no upper bound without one). Empty text is refused: a row
 * that has a default gives it instead (./read.ts), so only a flag given empty gets here empty. */
export function parseCount(text: string, subject: string, min = 0, max?: number): number {
  const value = text.trim();
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < min || (max !== undefined && n > max)) {
    throw new OptionError(countProblem(subject, value, min, max));
  }
  return n;
}

export function parseBoolean(text: string | undefined, subject: string, fallback: boolean): boolean {
  const value = (text ?? "").trim().toLowerCase();
  if (value === "") return fallback;
  if (["true", "yes", "1", "on"].includes(value)) return true;
  if (["false", "no", "0", "off"].includes(value)) return false;
  throw new OptionError(`${subject} must be true or false, not '${text}'`);
}

/** A whole number 0..2^32-1, or `random` (one is drawn: the face prints it, so it can be replayed). */
export function parseSeed(text: string | undefined, subject = "seed"): { seed: number; random: boolean } {
  const value = (text ?? "").trim();
  if (value === "") return { seed: DEFAULT_SEED, random: false };
  if (value === "random") return { seed: randomInt(0, MAX_SEED + 1), random: true };
  if (!/^\d+$/.test(value) || Number(value) > MAX_SEED) {
    throw new OptionError(
      `${subject} must be a whole number from 0 to ${MAX_SEED}, or 'random', not '${value}'`,
    );
  }
  return { seed: Number(value), random: false };
}

/** `K/N`: this job is part K of N (1 <= K <= N); empty means the whole run. */
export function parseShard(text: string | undefined, subject = "shard"): Shard | undefined {
  const value = (text ?? "").trim();
  if (value === "") return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || !Number.isSafeInteger(count) || count < 1 || index < 1 || index > count) {
    throw new OptionError(`${subject} must be K/N with 1 <= K <= N (for example 3/8), not '${value}'`);
  }
  return { index, count };
}

/**
 * An Ed25519 public key as 64 hex digits (either case, blanks around it dropped), lowercased: the one
 * check of a pinned key, for `verify --pubkey`, `sign --pubkey` and the action's `expected-signer`.
 * A refused text is described, never repeated: 64 hex digits is also what a secret seed looks like,
 * and one pasted there by mistake must not reach a log.
 */
export function parsePublicKey(text: string, subject: string): string {
  const key = text.trim().toLowerCase();
  if (/^[0-9a-f]{64}$/.test(key)) return key;
  const given =
    key === ""
      ? "is empty"
      : `has ${/^[0-9a-f]+$/.test(key) ? `${key.length} hex digits` : `${[...key].length} characters, not all hex digits`} (it is not shown, in case it is a secret key)`;
  throw new OptionError(
    `${subject} must be an Ed25519 public key as 64 hex digits; the value given ${given}`,
  );
}

/** One of `allowed`, exactly as spelt there. */
export function parseChoice<T extends string>(text: string, subject: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(text)) return text as T;
  const choices = `${allowed.slice(0, -1).join(", ")} or ${allowed.at(-1)}`;
  throw new OptionError(`${subject} must be ${choices}, not '${text}'`);
}
