// Unicode normalization, the one place the seeds disagree (docs/architecture.md, "Judgement"). RFC 8785 keeps
// strings exactly as sent; a store that normalizes on write is served by the nfc profile, whose
// reference lives with the RFC 8785 one (src/jcs/profile.ts). These are the faults of applying one
// reading where the other is asked for.

import { canonicalizeFor } from "../jcs/index.js";
import { encoder, mapValue, referenceParse, referenceSerialize } from "./tools.js";
import type { KnownBad } from "./types.js";

/** RFC 8785 after NFD of every string and name: what a store that decomposes on read gives back. */
export function nfdWrite(input: Uint8Array): Uint8Array {
  const nfd = (s: string): string => s.normalize("NFD");
  return encoder.encode(referenceSerialize(mapValue(referenceParse(input), { string: nfd, name: nfd })));
}

export const UNICODE: KnownBad[] = [
  {
    name: "normalizes_nfc",
    description:
      "normalizes every string to NFC under rfc8785, where RFC 8785 keeps strings as sent (its own " +
      "unicode case keeps A + U+030A): the NFC/NFD pair then wrongly reconciles",
    caughtBy: ["canon", "I3", "property"],
    write: (input) => canonicalizeFor("nfc", input),
  },
];
