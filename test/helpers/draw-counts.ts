// Comparing a run through once mode's batches with the same corpus asked one request at a time: every
// verdict, `expected` and `got` is the same but for a generated case's counts of draws. Once a case has
// failed, a draw no batch answered is not asked at all (docs/protocol.md, "What a batch shows of a wrong
// answer"), so the batched run may count fewer repeats, and says how many draws it did not ask.
import assert from "node:assert/strict";
import { readGeneratedGot } from "../../src/text-forms/index.js";
import type { CaseResult } from "../../src/types.js";

const COUNTS = /; \d+ more draws? (?:failed for a cause already found|not asked \([^)]*\))/g;

/** A case's verdict as a line, to diff two runs: a generated case's counts of draws left out. */
export function verdictLine(r: CaseResult): string {
  const got = r.suite === "generated" ? r.got.replace(COUNTS, "") : r.got;
  return `${r.suite}/${r.name} ${r.pass ? "pass" : "FAIL"} expected ${r.expected} got ${got}`;
}

/** The counts left out agree: the batched run's repeats, and at most its draws not asked more, are the
 * repeats asked alone; a run asked alone leaves no draw unasked. */
export function assertDrawCountsAgree(batched: readonly CaseResult[], alone: readonly CaseResult[]): void {
  for (const [k, b] of batched.entries()) {
    const mine = readGeneratedGot(b.got);
    const theirs = readGeneratedGot(alone[k]!.got);
    if (b.suite !== "generated" || mine === undefined || theirs === undefined) continue;
    const what = `${b.name}: ${mine.repeats} repeats and ${mine.unasked} not asked through batches, ${theirs.repeats} repeats alone`;
    assert.equal(theirs.unasked, 0, what);
    assert.ok(mine.repeats <= theirs.repeats && theirs.repeats <= mine.repeats + mine.unasked, what);
  }
}
