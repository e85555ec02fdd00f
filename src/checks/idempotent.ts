// `idempotent` (I1): canon(canon(x)) == canon(x). The input is valid JSON, so refusing it fails too.
// Expected and got start alike (`canon(canon(x)) → `), so a report can point at the first difference.
import type { Check } from "../types.js";
import { answeredExactly, ask, caseOfKind, judged } from "./judge.js";
import { showAnswer, showBytes } from "./show.js";

export const idempotentCheck: Check = async (corpusCase, ctx) => {
  const c = caseOfKind(corpusCase, "idempotent");
  const once = await ask(ctx.write, c.input);
  if (once.status !== "canonical") {
    return judged(c, false, "canon(x) → canonical JSON", `canon(x) → ${showAnswer(once)}`);
  }
  const twice = await ask(ctx.write, once.output);
  return judged(
    c,
    answeredExactly(twice, once.output),
    `canon(canon(x)) → ${showBytes(once.output)} (= canon(x))`,
    `canon(canon(x)) → ${showAnswer(twice)}`,
  );
};
