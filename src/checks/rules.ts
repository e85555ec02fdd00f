// The judging rules, each once: what an implementation is asked and when its answers pass. A stored
// case and a generated instance of the same kind are judged by the same rule here; only how the
// verdict is written differs (src/checks/registry.ts for stored cases, ./property.ts for instances).

import { ask } from "../ask.js";
import { bytesEqual } from "../bytes.js";
import type { Answer, Canonicalizer, ChoiceMember } from "../types.js";

/** True when the answer is canonical output equal to `expected`. */
export function answeredExactly(answer: Answer, expected: Uint8Array): boolean {
  return answer.status === "canonical" && bytesEqual(answer.output, expected);
}

/** canon: exactly the expected bytes (RFC 8785 leaves no choice). */
export async function exactRule(impl: Canonicalizer, input: Uint8Array, expected: Uint8Array) {
  const answer = await ask(impl, input);
  return { pass: answeredExactly(answer, expected), answer };
}

/** reject: a deliberate refusal; a crash or a timeout (a `failed` answer) is not one. */
export async function refusalRule(impl: Canonicalizer, input: Uint8Array) {
  const answer = await ask(impl, input);
  return { pass: answer.status === "rejected", answer };
}

/** canon-or-reject: where the RFC leaves a choice, a refusal, or exactly the expected bytes. */
export async function choiceRule(impl: Canonicalizer, input: Uint8Array, expected: Uint8Array) {
  const answer = await ask(impl, input);
  return { pass: answer.status === "rejected" || answeredExactly(answer, expected), answer };
}

export interface ChoiceVerdict {
  pass: boolean;
  /** Each member's answer, in the case's order. */
  answers: { name: string; answer: Answer }[];
}

/**
 * consistent-choice: one choice the RFC leaves, asked several ways. Accepting every member or
 * refusing every member is a choice; accepting some and refusing others is not one (a `failed`
 * answer is neither, and fails too). Whether an accepted member is exact is its own case's rule.
 */
export async function consistencyRule(impl: Canonicalizer, members: ChoiceMember[]): Promise<ChoiceVerdict> {
  const answers = await Promise.all(
    members.map(async (m) => ({ name: m.name, answer: await ask(impl, m.input) })),
  );
  const statuses = new Set(answers.map((a) => a.answer.status));
  return { pass: statuses.size === 1 && !statuses.has("failed"), answers };
}

export interface PairVerdict {
  pass: boolean;
  a: Answer;
  b: Answer;
  /** Both canonical and byte-equal. */
  same: boolean;
}

/**
 * I2 (equal, `mustBeEqual`) and I3 (differ): both inputs are valid JSON, so both must be
 * canonicalized, and the outputs must then be the same (I2) or different (I3).
 */
export async function pairRule(
  impl: Canonicalizer,
  a: Uint8Array,
  b: Uint8Array,
  mustBeEqual: boolean,
): Promise<PairVerdict> {
  const [answerA, answerB] = await Promise.all([ask(impl, a), ask(impl, b)]);
  const both = answerA.status === "canonical" && answerB.status === "canonical";
  const same = both && bytesEqual(answerA.output, answerB.output);
  return { pass: both && same === mustBeEqual, a: answerA, b: answerB, same };
}

export type TwiceVerdict =
  /** The first side did not write canonical output, so there was nothing to send back. */
  | { pass: false; first: Answer; second?: undefined }
  | { pass: boolean; first: Answer & { status: "canonical" }; second: Answer };

/**
 * I1 (idempotent: `second` is the implementation again) and I4 (roundtrip: `second` is the store's
 * read side): the first side's output, sent to the second, must come back unchanged.
 */
export async function twiceRule(
  first: Canonicalizer,
  second: Canonicalizer,
  input: Uint8Array,
): Promise<TwiceVerdict> {
  const once = await ask(first, input);
  if (once.status !== "canonical") return { pass: false, first: once };
  const twice = await ask(second, once.output);
  return { pass: answeredExactly(twice, once.output), first: once, second: twice };
}
