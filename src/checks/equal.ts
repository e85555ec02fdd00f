// `equal` (I2, reconciliation): two spellings of the same JSON value must canonicalize to the same
// bytes (key order, whitespace, escapes, 1E2 for 100, ...), or every re-serialization is a false alarm.
import type { Check } from "../types.js";
import { caseOfKind } from "./judge.js";
import { judgePair } from "./pair.js";

export const equalCheck: Check = async (corpusCase, ctx) => {
  const c = caseOfKind(corpusCase, "equal");
  return judgePair(c, c.a, c.b, ctx, true);
};
