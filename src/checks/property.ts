// `property` (the generated suite): the case runs its fast-check property against the implementation
// itself (src/generated); this check only turns the verdict into a CaseResult. A failing case's
// expected/got show the smallest counterexample found, both answers, and how to replay it.
import type { Check } from "../types.js";
import { caseOfKind, judged } from "./judge.js";

export const propertyCheck: Check = async (corpusCase, ctx) => {
  const c = caseOfKind(corpusCase, "property");
  const verdict = await c.run(ctx);
  return judged(c, verdict.pass, verdict.expected, verdict.got);
};
