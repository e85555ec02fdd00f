// Faults of a process, not of a canonical form: a known-bad's write side throws one of these
// (src/process-faults.ts) to act as a real implementation's process would beyond refusing. As a
// command (`known-bad NAME`, src/commands/serve-protocol.ts) it really does it: it hangs (stays
// alive and never answers again) or crashes (a traceback on stderr, then exit 1; in lines mode it
// dies on that line). In this
// process the answer is what the command adapters make of it (docs/protocol.md, "A process that ends
// without answering"): a hang is no answer, as the time limit would say, without waiting for one; a
// crash that exits non-zero is a rejection whose reason is its stderr, as once mode reads it.
import { oneLine } from "../adapters/text.js";
import { Crash, Hang } from "../process-faults.js";
import { messageOf } from "../text.js";
import type { Answer, Canonicalizer } from "../types.js";

/** What the adapters would say of a hang, here at once: the time limit's failure. */
export const HANG_IN_PROCESS = "timed out: hangs on this input (in this process no time limit is waited for)";

/** `transform` in this process, with Hang and Crash answered as the command adapters answer them. */
export function inProcessWithFaults(
  label: string,
  transform: (input: Uint8Array) => Uint8Array,
): Canonicalizer {
  return {
    label,
    async canonicalize(input: Uint8Array): Promise<Answer> {
      try {
        return { status: "canonical", output: transform(input) };
      } catch (error) {
        if (error instanceof Hang) return { status: "failed", reason: HANG_IN_PROCESS };
        if (error instanceof Crash) {
          const said = oneLine(new TextEncoder().encode(error.stderr));
          return { status: "rejected", reason: said || `exit code ${error.exitCode}, nothing on stderr` };
        }
        return { status: "rejected", reason: messageOf(error).replace(/\s+/g, " ") };
      }
    },
    async close() {},
  };
}
