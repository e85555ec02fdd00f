// `differ` (I3, semantic visibility): two values that mean different things must canonicalize to
// different bytes, or real corruption (a truncation, a deleted id) reads back as "stored as sent".
import type { Check } from "../types.js";
import { caseOfKind } from "./judge.js";
import { judgePair } from "./pair.js";

export const differCheck: Check = async (corpusCase, ctx) => {
  const c = caseOfKind(corpusCase, "differ");
  return judgePair(c, c.a, c.b, ctx, false);
};
