// `canon-or-reject`: where the RFC leaves a choice (a BOM, integers past 2^53, deep nesting, ...), a
// refusal passes and so does exactly the expected output; anything else, or a crash, fails.
import type { Check } from "../types.js";
import { answeredExactly, ask, caseOfKind, judged } from "./judge.js";
import { showAnswer, showBytes } from "./show.js";

export const canonOrRejectCheck: Check = async (corpusCase, ctx) => {
  const c = caseOfKind(corpusCase, "canon-or-reject");
  const answer = await ask(ctx.write, c.input);
  const pass = answer.status === "rejected" || answeredExactly(answer, c.expected);
  return judged(c, pass, `reject, or ${showBytes(c.expected)}`, showAnswer(answer));
};
