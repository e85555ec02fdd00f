// The checks a self-test table has as columns and a known-bad declares it is caught by: the three
// RFC 8785 suites' rules and seed 000's four invariants, plus the generated numbers and properties. This is the one
// place a case is mapped to its check.
//
// The mapping goes by the case's kind, not its folder: a check is a judging rule, and a `reject` case
// proves the same thing (this input must be refused) in whichever suite it is filed.
import type { CaseInfo, CaseKind } from "../types.js";

export const CHECK_IDS = [
  "jcs",
  "reject",
  "canon-or-reject",
  "I1",
  "I2",
  "I3",
  "I4",
  "numbers",
  "generated",
] as const;
export type CheckId = (typeof CHECK_IDS)[number];

const CHECK_OF_KIND: Record<CaseKind, CheckId> = {
  canon: "jcs",
  reject: "reject",
  "canon-or-reject": "canon-or-reject",
  idempotent: "I1",
  equal: "I2",
  differ: "I3",
  roundtrip: "I4",
  numbers: "numbers",
  property: "generated",
};

/** What each check proves, for tables and `--list`. */
export const CHECK_TITLES: Record<CheckId, string> = {
  jcs: "exact RFC 8785 output",
  reject: "refuses what RFC 8785 / I-JSON forbid",
  "canon-or-reject": "either side of a choice the RFC leaves",
  I1: "idempotence: canon(canon(x)) = canon(x)",
  I2: "reconciliation: re-spellings canonicalize equal",
  I3: "semantic visibility: changed meaning canonicalizes differently",
  I4: "read/write agreement: read(write(x)) = write(x)",
  numbers: "generated doubles in ES6 Number-to-String form",
  generated: "fast-check properties: exact bytes, reconciliation, visibility, idempotence",
};

export function checkIdOf(c: Pick<CaseInfo, "suite"> & { kind: CaseKind }): CheckId {
  return CHECK_OF_KIND[c.kind];
}

/** The expectation kind a check judges: each check is one kind's rule. */
export function kindOfCheck(id: CheckId): CaseKind {
  const entry = Object.entries(CHECK_OF_KIND).find(([, check]) => check === id);
  return entry![0] as CaseKind;
}

export function isCheckId(text: string): text is CheckId {
  return (CHECK_IDS as readonly string[]).includes(text);
}
