// Hand-made implementations and cases for the check tests: an implementation is a table from input
// text to the answer it gives, so each test states exactly what was answered.
import type { Answer, Canonicalizer, CheckContext, CorpusCase } from "../../src/types.js";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export const bytes = (text: string): Uint8Array => encoder.encode(text);
export const canonical = (text: string): Answer => ({ status: "canonical", output: bytes(text) });
export const rejected = (reason: string): Answer => ({ status: "rejected", reason });
export const failed = (reason: string): Answer => ({ status: "failed", reason });

/** An implementation that answers from `table` (keyed by input text); anything else is an error. */
export function answering(
  table: Record<string, Answer>,
  label = "fake",
): Canonicalizer & { asked: string[] } {
  const asked: string[] = [];
  return {
    label,
    asked,
    async canonicalize(input) {
      const text = decoder.decode(input);
      asked.push(text);
      const answer = table[text];
      if (!answer) throw new Error(`the fake was not told how to answer ${JSON.stringify(text)}`);
      return answer;
    },
    async close() {},
  };
}

export function context(write: Canonicalizer, read: Canonicalizer = write): CheckContext {
  return { write, read };
}

const info = { why: "a test case", source: "test" };

export function canonCase(input: string, expected: string, name = "c"): CorpusCase {
  return {
    ...info,
    suite: "jcs",
    name,
    kind: "canon",
    input: bytes(input),
    expected: bytes(expected),
    sha256: "",
    keccak256: "",
  };
}
export function rejectCase(input: string, name = "r"): CorpusCase {
  return { ...info, suite: "reject", name, kind: "reject", input: bytes(input) };
}
export function canonOrRejectCase(input: string, expected: string): CorpusCase {
  return {
    ...info,
    suite: "canon-or-reject",
    name: "cr",
    kind: "canon-or-reject",
    input: bytes(input),
    expected: bytes(expected),
  };
}
export function pairCase(kind: "equal" | "differ", a: string, b: string): CorpusCase {
  return { ...info, suite: "invariants", name: kind, kind, a: bytes(a), b: bytes(b) };
}
export function idempotentCase(input: string): CorpusCase {
  return { ...info, suite: "invariants", name: "i1", kind: "idempotent", input: bytes(input) };
}
export function roundtripCase(input: string): CorpusCase {
  return { ...info, suite: "invariants", name: "i4", kind: "roundtrip", input: bytes(input) };
}
