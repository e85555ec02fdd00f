// When do two implementations give "different answers" to a case? Their outputs must match exactly,
// but two refusals agree whatever their reasons: one says "duplicate member name 'a'", another
// "duplicate member name \"a\" at character 10", and both refused, which is all the RFC asks. So a
// case's `got` is compared with the reason of every refusal and every failure left out. A `got` is
// written by src/checks/show.ts: the answer itself (`reject: <reason>`, `failed: <reason>`, or the
// output), or for a pair (I2, I3) `a: <answer> | b: <answer>`.

const REASONED = /^(reject|failed): /;
const PAIR_PREFIX = "a: ";
const PAIR_SEPARATOR = " | b: ";

/** One answer with its reason left out: `reject`, `failed`, or the output as it stands. */
function bare(answer: string): string {
  const match = REASONED.exec(answer);
  return match ? match[1]! : answer;
}

/** `got` as it is compared between implementations. */
export function comparableAnswer(got: string): string {
  if (REASONED.test(got)) return bare(got);
  if (got.startsWith(PAIR_PREFIX)) {
    // Split only where the split is certain: an output or a reason may itself hold the separator,
    // and a pair that holds it twice is compared whole (at worst a refusal's reason then counts).
    const at = got.indexOf(PAIR_SEPARATOR);
    if (at >= 0 && got.indexOf(PAIR_SEPARATOR, at + 1) < 0) {
      const a = got.slice(PAIR_PREFIX.length, at);
      const b = got.slice(at + PAIR_SEPARATOR.length);
      return `${PAIR_PREFIX}${bare(a)}${PAIR_SEPARATOR}${bare(b)}`;
    }
  }
  return got;
}
