// What every check shares: comparing an answer with bytes, and building the CaseResult a report takes.
import { bytesEqual } from "../bytes.js";
import { messageOf } from "../text.js";
import type { Answer, Canonicalizer, CaseKind, CaseResult, CorpusCase } from "../types.js";

/** The case, narrowed to `kind`; a check handed a case of another kind is a bug in the caller. */
export function caseOfKind<K extends CaseKind>(c: CorpusCase, kind: K): Extract<CorpusCase, { kind: K }> {
  if (c.kind !== kind) throw new TypeError(`the ${kind} check was given a ${c.kind} case (${c.name})`);
  return c as Extract<CorpusCase, { kind: K }>;
}

/** True when the answer is canonical output equal to `expected`. */
export function answeredExactly(answer: Answer, expected: Uint8Array): boolean {
  return answer.status === "canonical" && bytesEqual(answer.output, expected);
}

/** True when the harness got no answer at all (a timeout, a crash): asking again only waits again. */
export function noAnswer(...answers: Answer[]): boolean {
  return answers.some((a) => a.status === "failed");
}

export function judged(c: CorpusCase, pass: boolean, expected: string, got: string): CaseResult {
  return {
    suite: c.suite,
    name: c.name,
    kind: c.kind,
    pass,
    expected,
    got,
    why: c.why,
    source: c.source,
  };
}
