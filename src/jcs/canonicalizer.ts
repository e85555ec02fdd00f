// The reference as a Canonicalizer (src/types.ts), in this process: what the self-test, the corpus
// tests and the differential run judge against, under either profile.
import { messageOf } from "../text.js";
import type { Answer, Canonicalizer } from "../types.js";
import { JcsError } from "./errors.js";
import { canonicalize } from "./index.js";
import { canonicalizeFor } from "./profile.js";
import type { ParseOptions } from "./types.js";

/** A rejection reason on one line: `<code> at byte <offset>: <message>`. */
export function rejectionReason(error: JcsError): string {
  return `${error.code} at byte ${error.offset}: ${error.message}`;
}

/**
 * `transform` (bytes in, canonical bytes out) as a Canonicalizer in this process: what it returns is
 * the canonical answer, what it throws a rejection. `reasonOf` words the rejection, or gives
 * undefined for an error that is no verdict on the input (a bug), which is thrown on.
 */
export function inProcessCanonicalizer(
  label: string,
  transform: (input: Uint8Array) => Uint8Array,
  reasonOf: (error: unknown) => string | undefined = (error) => messageOf(error).replace(/\s+/g, " "),
): Canonicalizer {
  return {
    label,
    async canonicalize(input: Uint8Array): Promise<Answer> {
      try {
        return { status: "canonical", output: transform(input) };
      } catch (error) {
        const reason = reasonOf(error);
        if (reason === undefined) throw error;
        return { status: "rejected", reason };
      }
    },
    async close() {},
  };
}

/** The RFC 8785 reference: refusals worded `<code> at byte <offset>: <message>`. */
export function referenceCanonicalizer(options: ParseOptions = {}): Canonicalizer {
  return inProcessCanonicalizer(
    "reference",
    (input) => canonicalize(input, options),
    (error) => (error instanceof JcsError ? rejectionReason(error) : undefined),
  );
}

/** The nfc profile's reference: RFC 8785 after NFC (src/jcs/profile.ts), named `label`. */
export function nfcReference(label: string): Canonicalizer {
  return inProcessCanonicalizer(label, (input) => canonicalizeFor("nfc", input));
}
