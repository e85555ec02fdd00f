// Known-bads whose fault is in reading: each accepts (or refuses) something RFC 8785 and I-JSON
// decide otherwise, and writes everything else exactly as the reference does.
import { JcsError } from "../jcs/index.js";
import {
  decodeStrict,
  encoder,
  rawText,
  referenceParse,
  referenceSerialize,
  referenceWrite,
  rewriteBareTokens,
  rewriteOutsideStrings,
  serializeOrdered,
  serializeWithRaw,
} from "./tools.js";
import type { KnownBad } from "./types.js";

// Code-unit order, the right one: serializeOrdered with it differs from the reference only in what
// the value may hold (a lone surrogate, which JSON.stringify escapes).
const compareCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const lenientDecoder = new TextDecoder("utf-8", { ignoreBOM: true });
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

export const PARSING: KnownBad[] = [
  {
    name: "keeps_last_duplicate",
    description:
      'JSON.parse semantics for duplicate names: {"a":1,"a":2} becomes {"a":2} instead of being ' +
      "refused (RFC 8785 §3.1 requires I-JSON, which forbids duplicates)",
    caughtBy: ["reject"],
    write: (input) => encoder.encode(referenceSerialize(JSON.parse(decodeStrict(input)))),
  },
  {
    name: "accepts_lone_surrogates",
    description:
      'takes an escaped lone surrogate such as "\\ud800" (as JSON.parse does) and writes it back ' +
      "escaped, where I-JSON requires refusing it",
    caughtBy: ["reject"],
    write: (input) => {
      try {
        return referenceWrite(input);
      } catch (error) {
        if (!(error instanceof JcsError && error.code === "lone-surrogate")) throw error;
        return encoder.encode(serializeOrdered(JSON.parse(decodeStrict(input)), compareCodeUnits));
      }
    },
  },
  {
    name: "accepts_invalid_utf8",
    description:
      "decodes its input with replacement characters (a non-fatal decoder, the default in most " +
      "languages) instead of refusing bytes that are not UTF-8",
    caughtBy: ["reject"],
    write: (input) => referenceWrite(encoder.encode(lenientDecoder.decode(input))),
  },
  {
    name: "accepts_nan",
    description:
      "reads NaN, Infinity and -Infinity and writes them back bare, as Python's json module does " +
      "by default; they are not JSON",
    caughtBy: ["reject"],
    write: (input) => {
      const text = rewriteBareTokens(decodeStrict(input), (token) =>
        /^-?(NaN|Infinity)$/.test(token) ? JSON.stringify(rawText(token)) : undefined,
      );
      return encoder.encode(serializeWithRaw(referenceParse(encoder.encode(text))));
    },
  },
  {
    name: "accepts_leading_zeros",
    description: "reads 007 as 7 and -01.5 as -1.5, as lenient number parsers (strtod, parseFloat) do",
    caughtBy: ["reject"],
    write: (input) => {
      const text = rewriteBareTokens(decodeStrict(input), (token) =>
        /^-?0\d/.test(token) ? token.replace(/^(-?)0+(?=\d)/, "$1") : undefined,
      );
      return referenceWrite(encoder.encode(text));
    },
  },
  {
    name: "accepts_trailing_commas",
    description: 'reads [1,2,] and {"a":1,} as if the last comma were not there (JSON5, relaxed parsers)',
    caughtBy: ["reject"],
    write: (input) =>
      referenceWrite(
        encoder.encode(
          rewriteOutsideStrings(decodeStrict(input), (stretch) => stretch.replace(/,(\s*[\]}])/g, "$1")),
        ),
      ),
  },
  {
    name: "keeps_big_integers_exact",
    description:
      "keeps integers past 2^53 exactly as written (a bignum parser: 9007199254740993 stays so) " +
      "where RFC 8785 gives the nearest double (9007199254740992), or a refusal",
    caughtBy: ["canon-or-reject"],
    write: (input) => {
      const text = rewriteBareTokens(decodeStrict(input), (token) =>
        /^-?\d+$/.test(token) && Math.abs(Number(token)) > MAX_SAFE
          ? JSON.stringify(rawText(token))
          : undefined,
      );
      return encoder.encode(serializeWithRaw(referenceParse(encoder.encode(text))));
    },
  },
  {
    name: "rejects_top_level_scalars",
    description:
      "refuses a JSON text that is not an object or an array, as RFC 4627 parsers did; RFC 8259 " +
      "and RFC 8785 allow any value at the top",
    caughtBy: ["canon", "property"],
    write: (input) => {
      const value = referenceParse(input);
      if (value === null || typeof value !== "object")
        throw new Error("a JSON text must be an object or an array");
      return encoder.encode(referenceSerialize(value));
    },
  },
];
