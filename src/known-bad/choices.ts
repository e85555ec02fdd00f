// Fixtures about the choices RFC 8785 leaves open (docs/architecture.md, "Judgement"): one that
// makes a choice consistently and must pass every case, proving the corpus blames no legitimate
// policy, and one that makes it case by case, which is no policy at all.
import { encoder, referenceParse, referenceSerialize, referenceWrite } from "./tools.js";
import type { KnownBad } from "./types.js";

const isScalar = (value: unknown) => value === null || typeof value !== "object";

export const CHOICES: KnownBad[] = [
  {
    name: "rejects_top_level_scalars",
    description:
      "refuses a JSON text that is not an object or an array, as RFC 4627 parsers and the RFC authors' " +
      "Java and Go do; RFC 7493 §4.1 advises it, RFC 8785 does not forbid it: a legitimate choice",
    caughtBy: [],
    legitimate: true,
    write: (input) => {
      const value = referenceParse(input);
      if (isScalar(value)) throw new Error("a JSON text must be an object or an array");
      return encoder.encode(referenceSerialize(value));
    },
  },
  {
    name: "rejects_top_level_strings_only",
    description:
      "refuses a string alone but accepts a number or literal alone: each answer is allowed, the mix " +
      "is not a policy anyone can state",
    caughtBy: ["consistent-choice"],
    write: (input) => {
      if (typeof referenceParse(input) === "string") throw new Error("a string is not a document");
      return referenceWrite(input);
    },
  },
];
