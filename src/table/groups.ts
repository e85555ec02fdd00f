// The table's columns: a record's cases by rule group. Output rules (what the canonical form must be:
// the byte-exact vectors, the numbers, the invariants, the generated values) stand apart from input
// validation (what must be refused) and from the open choices (where RFC 8785 and I-JSON leave either
// answer right): a library that takes an already-parsed value is judged on its serializer in the first,
// and the second shows what the parser its wrapper used let through.
import type { ConformResult, SuiteName } from "../types.js";

export interface GroupDef {
  id: "output" | "input" | "choices";
  title: string;
  what: string;
  suites: SuiteName[];
}

export const GROUPS: readonly GroupDef[] = [
  {
    id: "output",
    title: "Output rules",
    what: "the canonical form itself: RFC 8785's byte-exact vectors (jcs), the ES6 number algorithm over generated doubles (numbers), the invariants I1-I4 (invariants) and generated values (generated)",
    suites: ["jcs", "numbers", "invariants", "generated"],
  },
  {
    id: "input",
    title: "Input validation",
    what: "inputs RFC 8785 (I-JSON, RFC 8259) says must be refused: duplicate names, lone surrogates, invalid UTF-8, numbers past a double, bad JSON (reject)",
    suites: ["reject"],
  },
  {
    id: "choices",
    title: "Open choices",
    what: "where either answer is right (a top-level scalar, a byte-order mark, integers past 2^53, deep nesting): which one it made (canon-or-reject)",
    suites: ["canon-or-reject"],
  },
];

export interface Tally {
  passed: number;
  cases: number;
}

/** Passed/cases per suite, in the record's order of first appearance. */
export function suiteTallies(record: ConformResult): Map<string, Tally> {
  const tallies = new Map<string, Tally>();
  for (const c of record.cases) {
    const suite = c.name.slice(0, c.name.indexOf("/"));
    const t = tallies.get(suite) ?? { passed: 0, cases: 0 };
    t.cases++;
    if (c.pass) t.passed++;
    tallies.set(suite, t);
  }
  return tallies;
}

export type Choice = "canonical" | "refused" | "failed";

/** What an answer was, read from the record's `got`: `reject: …`, `failed: …`, or an output. */
export function choiceOf(got: string): Choice {
  if (got.startsWith("reject:") || got === "reject") return "refused";
  if (got.startsWith("failed:") || got.startsWith("not run")) return "failed";
  return "canonical";
}

/** Which choice it made in each open-choice case. */
export function choices(
  record: ConformResult,
): { name: string; pass: boolean; choice: Choice; got: string }[] {
  return record.cases
    .filter((c) => c.name.startsWith("canon-or-reject/"))
    .map((c) => ({ name: c.name, pass: c.pass, choice: choiceOf(c.got), got: c.got }));
}

export function choiceCounts(record: ConformResult): Record<Choice, number> {
  const counts: Record<Choice, number> = { canonical: 0, refused: 0, failed: 0 };
  for (const c of choices(record)) counts[c.choice]++;
  return counts;
}
