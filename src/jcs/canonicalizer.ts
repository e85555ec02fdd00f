// The reference as a Canonicalizer (src/types.ts), in this process: what the self-test and the
// corpus builder run against.
import type { Answer, Canonicalizer } from "../types.js";
import { JcsError } from "./errors.js";
import { canonicalize } from "./index.js";
import type { ParseOptions } from "./types.js";

/** A rejection reason on one line: `<code> at byte <offset>: <message>`. */
export function rejectionReason(error: JcsError): string {
  return `${error.code} at byte ${error.offset}: ${error.message}`;
}

export function referenceCanonicalizer(options: ParseOptions = {}): Canonicalizer {
  return {
    label: "reference",
    async canonicalize(input: Uint8Array): Promise<Answer> {
      try {
        return { status: "canonical", output: canonicalize(input, options) };
      } catch (error) {
        if (error instanceof JcsError) return { status: "rejected", reason: rejectionReason(error) };
        throw error;
      }
    },
    async close() {},
  };
}
