// Seed 000's four known-bads, recast for RFC 8785 input and output (the seed's take Python objects).

import {
  decodeStrict,
  encoder,
  mapValue,
  referenceParse,
  referenceSerialize,
  referenceWrite,
} from "./tools.js";
import type { KnownBad } from "./types.js";

export const SEED_000: KnownBad[] = [
  {
    name: "no_canonicalization",
    description:
      "JSON.stringify(JSON.parse(x)): no sorting, so key order survives (seed 000's json.dumps); " +
      "it is idempotent, so seed 000's claim that I1 catches it does not hold and is not made here",
    caughtBy: ["canon", "I2", "property"],
    causes: {
      faults: [
        "members kept in input order",
        "JSON.parse keeps the last of two members with one name",
        "JSON.parse takes an escaped lone surrogate (JSON.stringify escapes it back)",
        "JSON.parse reads 1e400 as Infinity (JSON.stringify writes null)",
      ],
    },
    write: (input) => encoder.encode(JSON.stringify(JSON.parse(decodeStrict(input)))),
  },
  {
    // Under rfc8785 "no NFC" is the RFC's own rule (its `unicode` case keeps A + U+030A decomposed),
    // so this is the reference itself. It is a fault only for a store that normalizes on write, the
    // nfc profile, where the NFC/NFD pair must reconcile: that is where its claim is judged.
    name: "no_unicode_nfc",
    description:
      "sorts keys but never normalizes Unicode: correct under rfc8785 (it is the reference), " +
      "blind to the NFC/NFD pair under the nfc profile",
    caughtBy: ["canon", "I2", "property"],
    profile: "nfc",
    write: (input) => referenceWrite(input),
  },
  {
    name: "drops_string_values",
    description:
      'keeps every member name but writes each string value as "": reconciles a truncation and ' +
      "a deleted route id, so only the semantic checks see it",
    caughtBy: ["canon", "I3", "property"],
    write: (input) =>
      encoder.encode(referenceSerialize(mapValue(referenceParse(input), { string: () => "" }))),
  },
  {
    // Seed 000 says I3 must catch it, but none of its semantic pairs differs only in punctuation, so
    // only I2 did (the stripped combining mark of its NFD spelling). The invariants suite here has
    // pairs that differ by one punctuation character ("a-b" vs "ab"), so I3 must catch it too.
    name: "too_aggressive",
    description:
      "strips every character of a string value that is not a letter, digit or space: reconciles " +
      "real corruption that differs only in punctuation",
    caughtBy: ["canon", "I3", "property"],
    write: (input) =>
      encoder.encode(
        referenceSerialize(
          mapValue(referenceParse(input), { string: (s) => s.replace(/[^\p{L}\p{N}\s]/gu, "") }),
        ),
      ),
  },
];
