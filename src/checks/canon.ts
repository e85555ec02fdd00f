// `canon`: the implementation must write exactly the expected bytes (RFC 8785 leaves no choice).
import type { Check } from "../types.js";
import { answeredExactly, ask, caseOfKind, judged } from "./judge.js";
import { showAnswer, showBytes } from "./show.js";

export const canonCheck: Check = async (corpusCase, ctx) => {
  const c = caseOfKind(corpusCase, "canon");
  const answer = await ask(ctx.write, c.input);
  return judged(c, answeredExactly(answer, c.expected), showBytes(c.expected), showAnswer(answer));
};
