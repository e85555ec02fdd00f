// Unicode normalization, the one place the seeds disagree (DESIGN.md "Profiles"). RFC 8785 keeps
// strings exactly as sent; a store that normalizes on write is served by the nfc profile. These are
// the implementations of each reading, and the faults of applying one where the other is asked for.

import { encoder, mapValue, referenceParse, referenceSerialize } from "./tools.js";
import type { KnownBad } from "./types.js";

/** The nfc profile's reference: RFC 8785 after NFC of every string and name (names that collide after
 * normalization are refused, as duplicates). */
export function nfcWrite(input: Uint8Array): Uint8Array {
  const nfc = (s: string): string => s.normalize("NFC");
  return encoder.encode(referenceSerialize(mapValue(referenceParse(input), { string: nfc, name: nfc })));
}

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
    caughtBy: ["jcs", "I3", "generated"],
    write: nfcWrite,
  },
];
