// What each check proves, by check id, in the order self-test tables show the checks. Data only, so a
// command that lists the checks (`known-bad --list`, served thousands of times by the slow tests) need
// not load the judges, the corpus and fast-check; ./registry.ts gives each kind's row its title from
// here.
import { I1_STEPS, I4_STEPS } from "../text-forms/steps.js";

export const CHECK_TITLES = {
  canon: "exact RFC 8785 output",
  reject: "refuses what RFC 8785 / I-JSON forbid",
  "canon-or-reject": "either side of a choice the RFC leaves",
  "consistent-choice": "one choice made the same way for every case of it",
  I1: `idempotence: ${I1_STEPS.law}`,
  I2: "reconciliation: re-spellings canonicalize equal",
  I3: "semantic visibility: changed meaning canonicalizes differently",
  I4: `read/write agreement: ${I4_STEPS.law}`,
  numbers: "generated doubles in ES6 Number-to-String form",
  property: "fast-check properties: exact bytes, reconciliation, visibility, idempotence",
} as const;
