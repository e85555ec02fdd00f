// Agreement between the table's implementations: over the cases every one of them canonicalized (an
// output, neither a refusal nor a failure), which produce identical bytes on all of them, and where
// they split: each case on which outputs differ, with the implementations behind each output. Only the
// stored suites whose answer is the output itself are compared (jcs, reject, canon-or-reject); the
// invariants, numbers and generated suites record descriptions and buckets, not one output a case.
import { readAnswerText } from "../text-forms/index.js";
import type { ConformResult } from "../types.js";

export const COMPARED_SUITES = ["jcs", "reject", "canon-or-reject"];

export interface Split {
  case: string;
  /** Each distinct output and the implementations that wrote it, the largest group first. */
  outputs: { output: string; rows: string[] }[];
}

export interface Agreement {
  /** The implementations compared, in the order given. */
  rows: string[];
  /** The cases every one of them canonicalized. */
  common: string[];
  /** The implementations grouped by identical bytes on every common case, the largest group first. */
  classes: string[][];
  /** The common cases on which their outputs differ. */
  splits: Split[];
}

const compared = (name: string) => COMPARED_SUITES.includes(name.slice(0, name.indexOf("/")));

export function agreement(records: readonly { id: string; record: ConformResult }[]): Agreement {
  const outputs = records.map(({ id, record }) => {
    const byCase = new Map<string, string>();
    for (const c of record.cases)
      if (compared(c.name) && readAnswerText(c.got).status === "canonical") byCase.set(c.name, c.got);
    return { id, byCase };
  });
  const first = outputs[0];
  const common =
    first === undefined
      ? []
      : [...first.byCase.keys()].filter((name) => outputs.every((o) => o.byCase.has(name)));
  const splits: Split[] = [];
  for (const name of common) {
    const groups = new Map<string, string[]>();
    for (const o of outputs) {
      const got = o.byCase.get(name) as string;
      groups.set(got, [...(groups.get(got) ?? []), o.id]);
    }
    if (groups.size > 1)
      splits.push({
        case: name,
        outputs: [...groups]
          .map(([output, rows]) => ({ output, rows }))
          .sort((a, b) => b.rows.length - a.rows.length),
      });
  }
  const classes = new Map<string, string[]>();
  for (const o of outputs) {
    const key = JSON.stringify(splits.map((s) => o.byCase.get(s.case)));
    classes.set(key, [...(classes.get(key) ?? []), o.id]);
  }
  return {
    rows: outputs.map((o) => o.id),
    common,
    classes: [...classes.values()].sort((a, b) => b.length - a.length),
    splits,
  };
}
