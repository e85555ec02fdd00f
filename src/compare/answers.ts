// When two answers agree: the same canonical bytes, or both a rejection (whatever the reasons, which
// no two implementations word alike). A `failed` answer is no answer, so it agrees with nothing, not
// even another failure: a run where both time out has shown nothing about either.
import { bytesEqual } from "../bytes.js";
import type { Answer } from "../types.js";
import type { Agreement, DisagreementKind } from "./types.js";

export function sameAnswer(x: Answer, y: Answer): boolean {
  if (x.status === "failed" || y.status === "failed") return false;
  if (x.status === "rejected" || y.status === "rejected") return x.status === y.status;
  return bytesEqual(x.output, y.output);
}

/** How `x` and `y` differ, or undefined when they agree. */
export function disagreementKind(x: Answer, y: Answer): DisagreementKind | undefined {
  if (sameAnswer(x, y)) return undefined;
  if (x.status === "failed" || y.status === "failed") return "failed";
  return x.status === y.status ? "output" : "accept-reject";
}

export function agreement(a: Answer, b: Answer, reference: Answer): Agreement {
  const withA = sameAnswer(a, reference);
  const withB = sameAnswer(b, reference);
  return withA && withB ? "both" : withA ? "a" : withB ? "b" : "neither";
}

/** Is `answer` one the RFC allows where it leaves a choice: a rejection, or exactly `either`? */
export function allowedChoice(answer: Answer, either: Uint8Array): boolean {
  return answer.status === "rejected" || (answer.status === "canonical" && bytesEqual(answer.output, either));
}
