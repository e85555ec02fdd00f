// `roundtrip` (I4, read/write agreement): w = write(x), r = read(w); passes iff r == w. The read side
// is the store's own normalizer (the same implementation when none is given): a store that
// re-normalizes what it was sent makes every read-back look like tampering, or hides it. Expected and
// got start alike (`read(w) → `), so a report can point at the first difference.
import type { Check } from "../types.js";
import { answeredExactly, ask, caseOfKind, judged } from "./judge.js";
import { showAnswer, showBytes } from "./show.js";

export const roundtripCheck: Check = async (corpusCase, ctx) => {
  const c = caseOfKind(corpusCase, "roundtrip");
  const written = await ask(ctx.write, c.input);
  if (written.status !== "canonical") {
    return judged(c, false, "write(x) → canonical JSON", `write(x) → ${showAnswer(written)}`);
  }
  const read = await ask(ctx.read, written.output);
  return judged(
    c,
    answeredExactly(read, written.output),
    `read(w) → ${showBytes(written.output)} (= w)`,
    `read(w) → ${showAnswer(read)}`,
  );
};
