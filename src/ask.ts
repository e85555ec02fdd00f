// Asking an implementation, for every stage that judges answers (the checks, the differential run):
// an adapter that throws instead of answering (it should not) counts as a failed answer, so one broken
// adapter cannot end a run.
import { messageOf } from "./text.js";
import type { Answer, Canonicalizer } from "./types.js";

/** The implementation's answer to `input`, never a thrown error. */
export async function ask(implementation: Canonicalizer, input: Uint8Array): Promise<Answer> {
  try {
    return await implementation.canonicalize(input);
  } catch (error) {
    return { status: "failed", reason: `the adapter threw: ${messageOf(error)}` };
  }
}

/** The same, asked alone where the adapter can (Canonicalizer.canonicalizeAlone): the same verdict,
 * sooner for an input that gets no answer. */
export async function askAlone(implementation: Canonicalizer, input: Uint8Array): Promise<Answer> {
  if (implementation.canonicalizeAlone === undefined) return ask(implementation, input);
  try {
    return await implementation.canonicalizeAlone(input);
  } catch (error) {
    return { status: "failed", reason: `the adapter threw: ${messageOf(error)}` };
  }
}
