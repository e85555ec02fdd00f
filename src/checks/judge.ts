// What every check shares: building the CaseResult a report takes.
import { writePairInputs } from "../text-forms/index.js";
import type { Answer, CaseKind, CaseResult, CorpusCase } from "../types.js";
import { INPUT_LIMIT, showBytes } from "./show.js";

/** The case, narrowed to `kind`; a check handed a case of another kind is a bug in the caller. */
export function caseOfKind<K extends CaseKind>(c: CorpusCase, kind: K): Extract<CorpusCase, { kind: K }> {
  if (c.kind !== kind) throw new TypeError(`the ${kind} check was given a ${c.kind} case (${c.name})`);
  return c as Extract<CorpusCase, { kind: K }>;
}

/** True when the harness got no answer at all (a timeout, a crash): asking again only waits again. */
export function noAnswer(...answers: Answer[]): boolean {
  return answers.some((a) => a.status === "failed");
}

/**
 * The result of case `c`. A failed case also carries what was sent (`input`: the case's own bytes, or
 * for a generated case the instance its check names) and where its vector file is, so that a person
 * can reproduce it; a passing case does not, to keep results.json small.
 */
export function judged(
  c: CorpusCase,
  pass: boolean,
  expected: string,
  got: string,
  input: string | undefined = pass ? undefined : inputOf(c),
): CaseResult {
  return {
    suite: c.suite,
    name: c.name,
    kind: c.kind,
    pass,
    expected,
    got,
    why: c.why,
    source: c.source,
    ...(pass || input === undefined ? {} : { input }),
    ...(pass || c.vector === undefined ? {} : { vector: c.vector }),
  };
}

/** A stored case's input as a report shows it (cut at INPUT_LIMIT); undefined for a sweep, whose
 * name says how to make it again. */
function inputOf(c: CorpusCase): string | undefined {
  switch (c.kind) {
    case "equal":
    case "differ":
      return writePairInputs({ a: showBytes(c.a, INPUT_LIMIT), b: showBytes(c.b, INPUT_LIMIT) });
    case "numbers":
    case "property":
      return undefined;
    case "consistent-choice":
      // Its members are cases of their own, each shown where it fails.
      return `the ${c.members.length} inputs of ${c.members.map((m) => m.name).join(", ")}`;
    default:
      return showBytes(c.input, INPUT_LIMIT);
  }
}
