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

/** The same, with the adapter's shorter time limit where it has one (Canonicalizer.canonicalizeBriefly):
 * for a request whose time-out decides no verdict. */
export async function askBriefly(implementation: Canonicalizer, input: Uint8Array): Promise<Answer> {
  if (implementation.canonicalizeBriefly === undefined) return ask(implementation, input);
  try {
    return await implementation.canonicalizeBriefly(input);
  } catch (error) {
    return { status: "failed", reason: `the adapter threw: ${messageOf(error)}` };
  }
}

/** How a narrowing level asks a part (src/checks/narrow.ts): briefly where the adapter can and the
 * part holds several inputs (its time-out decides no verdict); else alone after a request that got no
 * answer (lines mode: a lane's process), or as any request. */
export function askPart(
  implementation: Canonicalizer,
  input: Uint8Array,
  alone: boolean,
  single: boolean,
): Promise<Answer> {
  if (!single && implementation.canonicalizeBriefly !== undefined) return askBriefly(implementation, input);
  return (alone ? askAlone : ask)(implementation, input);
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
