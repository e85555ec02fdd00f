// What every check module shares: asking an implementation without letting it throw, comparing
// bytes, and building the CaseResult a report takes.
import type { Answer, Canonicalizer, CaseKind, CaseResult, CorpusCase } from "../types.js";

/** The case, narrowed to `kind`; a check handed a case of another kind is a bug in the caller. */
export function caseOfKind<K extends CaseKind>(c: CorpusCase, kind: K): Extract<CorpusCase, { kind: K }> {
  if (c.kind !== kind) throw new TypeError(`the ${kind} check was given a ${c.kind} case (${c.name})`);
  return c as Extract<CorpusCase, { kind: K }>;
}

/** The implementation's answer; an adapter that throws instead of answering counts as a failed answer. */
export async function ask(impl: Canonicalizer, input: Uint8Array): Promise<Answer> {
  try {
    return await impl.canonicalize(input);
  } catch (error) {
    return { status: "failed", reason: `the adapter threw: ${messageOf(error)}` };
  }
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}

/** True when the answer is canonical output equal to `expected`. */
export function answeredExactly(answer: Answer, expected: Uint8Array): boolean {
  return answer.status === "canonical" && bytesEqual(answer.output, expected);
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
