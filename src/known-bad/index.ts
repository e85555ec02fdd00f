// Deliberately broken canonicalizers: they prove the corpus. Each is a realistic fault and declares
// the checks that must catch it; the self-test runs them all and fails if any claim does not hold.
import type { Canonicalizer } from "../types.js";
import { CHOICES } from "./choices.js";
import { HANGS } from "./hangs.js";
import { PARSING } from "./parsing.js";
import { inProcessWithFaults } from "./process-faults.js";
import { SEED_000 } from "./seed-000.js";
import { STORE } from "./store.js";
import type { KnownBad } from "./types.js";
import { UNICODE } from "./unicode.js";
import { WRITING } from "./writing.js";

export type { KnownBad } from "./types.js";

export const KNOWN_BADS: readonly KnownBad[] = [
  ...SEED_000,
  ...PARSING,
  ...CHOICES,
  ...WRITING,
  ...UNICODE,
  ...STORE,
  ...HANGS,
];

function knownBadNames(): string[] {
  return KNOWN_BADS.map((k) => k.name);
}

export function knownBad(name: string): KnownBad {
  const found = KNOWN_BADS.find((k) => k.name === name);
  if (!found)
    throw new Error(`no known-bad named ${JSON.stringify(name)} (try: ${knownBadNames().join(", ")})`);
  return found;
}

/** The known-bad `name` in this process: its write side, and its read side when it has one. */
export function knownBadCanonicalizer(name: string): { write: Canonicalizer; read?: Canonicalizer } {
  return canonicalizersOf(knownBad(name));
}

export function canonicalizersOf(bad: KnownBad): { write: Canonicalizer; read?: Canonicalizer } {
  const write = inProcessWithFaults(`known-bad:${bad.name}`, bad.write);
  if (!bad.read) return { write };
  return { write, read: inProcessWithFaults(`known-bad:${bad.name} (read side)`, bad.read) };
}
