// When do two implementations give "different answers" to a case? Their outputs must match exactly,
// but two refusals agree whatever their reasons: one says "duplicate member name 'a'", another
// "duplicate member name \"a\" at character 10", and both refused, which is all the RFC asks. So a
// case's `got` is compared with the reason of every refusal and every failure left out. A `got` is
// in the answer form (the output, `reject: <reason>`, `failed: <reason>`) or, for a pair (I2, I3),
// the pair form (src/text-forms reads both).
import { answerWithoutReason, readAnswerText, readPairText, writePairText } from "../text-forms/index.js";

/** `got` as it is compared between implementations. */
export function comparableAnswer(got: string): string {
  if (readAnswerText(got).status !== "canonical") return answerWithoutReason(got);
  // A pair is split only where the split is certain (readPairText): at worst a refusal's reason then
  // counts.
  const pair = readPairText(got);
  if (pair !== undefined && "a" in pair) {
    return writePairText({ a: answerWithoutReason(pair.a), b: answerWithoutReason(pair.b) });
  }
  return got;
}
