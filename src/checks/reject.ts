// `reject`: the implementation must refuse the input. Only a deliberate refusal counts: a crash or a
// timeout (a `failed` answer) is not a rejection, and fails with its reason.
import type { Check } from "../types.js";
import { ask, caseOfKind, judged } from "./judge.js";
import { showAnswer } from "./show.js";

export const rejectCheck: Check = async (corpusCase, ctx) => {
  const c = caseOfKind(corpusCase, "reject");
  const answer = await ask(ctx.write, c.input);
  return judged(c, answer.status === "rejected", "reject", showAnswer(answer));
};
