// One rule for a process that ends without answering, in both command protocols (docs/protocol.md,
// "A process that ends without answering"). Once mode's contract makes a non-zero exit a rejection,
// so a crash that exits non-zero cannot be told from a refusal there; lines mode asks such a request
// again alone in a fresh process and judges that process's end by the same rule, so a parser that
// crashes on bad input gets the same verdicts in both. Death by a signal, or a time limit, is no
// answer in both.
import type { Answer } from "../types.js";
import { oneLine, stderrSuffix } from "./text.js";

/** The answer of a process that exited (`code`) or was killed (`signal`) without an answer on stdout;
 * `cleanExit` says what a clean exit without one was. */
export function endedWithoutAnswer(
  code: number | null,
  signal: NodeJS.Signals | null,
  stderr: Uint8Array,
  cleanExit = "exited 0 but printed nothing on stdout",
): Answer {
  if (signal !== null)
    return { status: "failed", reason: `killed by signal ${signal}${stderrSuffix(stderr)}` };
  if (code !== 0) {
    const said = oneLine(stderr);
    return { status: "rejected", reason: said === "" ? `exit code ${code}, nothing on stderr` : said };
  }
  return { status: "failed", reason: `${cleanExit}${stderrSuffix(stderr)}` };
}

/** The answer of a process killed at its time limit. */
export function timedOut(timeoutMs: number, stderr: Uint8Array): Answer {
  return {
    status: "failed",
    reason: `timed out after ${timeoutMs} ms; process group killed${stderrSuffix(stderr)}`,
  };
}
