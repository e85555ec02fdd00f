// Small in-process implementations for the compare tests.
import { referenceCanonicalizer } from "../../src/jcs/canonicalizer.js";
import type { Answer, Canonicalizer } from "../../src/types.js";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export const bytes = (text: string) => encoder.encode(text);

export interface Counting extends Canonicalizer {
  /** Requests answered so far. */
  readonly calls: number;
}

/** The reference, except where `override` answers for an input (given as text). */
export function referenceExcept(label: string, override: (text: string) => Answer | undefined): Counting {
  const reference = referenceCanonicalizer();
  let calls = 0;
  return {
    label,
    async canonicalize(input) {
      calls++;
      return override(decoder.decode(input)) ?? reference.canonicalize(input);
    },
    async close() {},
    get calls() {
      return calls;
    },
  };
}

/** The reference with its own wording for every rejection: reasons differ, verdicts do not. */
export function rewordedReference(): Canonicalizer {
  const reference = referenceCanonicalizer();
  return {
    label: "reworded",
    async canonicalize(input) {
      const answer = await reference.canonicalize(input);
      return answer.status === "rejected" ? { status: "rejected", reason: "no, thank you" } : answer;
    },
    async close() {},
  };
}
