// Known-bads whose fault is in reading: each accepts (or refuses) something RFC 8785 and I-JSON
// decide otherwise, and writes everything else exactly as the reference does.
import { JcsError } from "../jcs/index.js";
import {
  decodeStrict,
  encoder,
  MAX_WALK_DEPTH,
  rawText,
  referenceParse,
  referenceSerialize,
  referenceWrite,
  rewriteBareTokens,
  rewriteOutsideStrings,
  rewriteStrings,
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
    causes: {
      faces: [
        "writes an integer past 2^53 as written, neither the nearest double nor a refusal",
        "accepts an integer literal past the largest double, which a bignum holds (reject/overflow-long-integer)",
      ],
    },
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
    name: "accepts_hex_floats",
    description:
      "reads C99 hexadecimal floats such as 0x1p-2 as numbers (a float parser such as Go's strconv " +
      "behind the JSON grammar), seen in both Go implementations",
    caughtBy: ["reject"],
    write: (input) => {
      const text = rewriteBareTokens(decodeStrict(input), (token) => {
        const hex = /^(-?)0[xX]([0-9a-fA-F]*)\.?([0-9a-fA-F]*)[pP]([+-]?\d+)$/.exec(token);
        if (!hex) return undefined;
        const [, sign, whole, fraction, exponent] = hex as unknown as [
          string,
          string,
          string,
          string,
          string,
        ];
        const mantissa = Number.parseInt(`${whole}${fraction}` || "0", 16);
        return String(Number(`${sign}1`) * mantissa * 2 ** (Number(exponent) - 4 * fraction.length));
      });
      return referenceWrite(encoder.encode(text));
    },
  },
  {
    name: "float_parser_number_grammar",
    description:
      "refuses top-level scalars (a legitimate choice) but reads numbers with a float parser's grammar: " +
      ".5, 1., 1.e5 and 1_000 are taken, as cyberphone's Go does; only cases inside containers see it",
    caughtBy: ["reject"],
    write: (input) => {
      if (isScalar(lenientValue(input))) throw new Error("a JSON text must be an object or an array");
      return referenceWrite(encoder.encode(floatGrammarText(input)));
    },
  },
  {
    name: "accepts_line_comments",
    description:
      "skips comments as Ruby's JSON parser does: /* */ anywhere, and // to a line break, which must " +
      "come (a // comment at the very end is refused)",
    caughtBy: ["reject"],
    write: (input) =>
      referenceWrite(
        encoder.encode(
          rewriteOutsideStrings(decodeStrict(input), (stretch) => {
            // A // comment that no line break ends is no comment to it: left in, and refused.
            return stretch.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n\r]*[\n\r]/g, " ");
          }),
        ),
      ),
  },
  {
    name: "refuses_nul_names",
    description:
      'refuses a member name that starts with U+0000, such as {"\\u0000":1} (NUL marks private ' +
      "properties in PHP's object model), where any string is a valid name",
    caughtBy: ["canon"],
    write: (input) => {
      if (hasNulName(referenceParse(input))) throw new Error("member names may not start with NUL");
      return referenceWrite(input);
    },
  },
  {
    name: "decodes_in_chunks",
    description:
      "decodes its input 64 KiB at a time, each chunk on its own, so a character split across a chunk " +
      "boundary becomes U+FFFD U+FFFD (npm canonicalize 5's CLI)",
    caughtBy: ["canon"],
    write: (input) => {
      if (input.length <= CHUNK) return referenceWrite(input);
      let text = "";
      for (let at = 0; at < input.length; at += CHUNK) {
        text += lenientDecoder.decode(input.subarray(at, at + CHUNK));
      }
      return referenceWrite(encoder.encode(text));
    },
  },
  {
    name: "refuses_own_long_integers",
    description:
      "refuses integer literals past 2^53 (a choice) yet writes 999999999999999900000 for the double " +
      "9.999999999999999e20 as ES6 requires, so it cannot read its own output (trailofbits rfc8785.py)",
    caughtBy: ["I1"],
    write: (input) => {
      rewriteBareTokens(decodeStrict(input), (token) => {
        if (/^-?\d+$/.test(token) && Math.abs(Number(token)) > MAX_SAFE) {
          throw new Error(`integer ${token} is outside the safe range`);
        }
        return undefined;
      });
      return referenceWrite(input);
    },
  },
  {
    name: "trims_literal_words",
    description:
      "reads true, false and null as words and trims them (String.trim(): JavaScript's takes Unicode " +
      "spaces and U+FEFF, Java's every character up to U+0020), so [true<U+00A0>], [true<NUL>] and " +
      '{"a":<U+3000>false} pass, as in a real implementation (issue 20); numbers it reads strictly',
    caughtBy: ["reject"],
    write: (input) =>
      referenceWrite(
        encoder.encode(
          rewriteOutsideStrings(decodeStrict(input), (stretch) => stretch.replace(TRIMMED_LITERAL, "$1")),
        ),
      ),
  },
  {
    name: "accepts_unicode_whitespace",
    description:
      "skips every character Python's str.isspace() calls white space between tokens (U+00A0, U+3000, " +
      "U+2028, U+0085, VT, FF, U+001C..U+001F, ...), as a tokenizer built on isspace() or a Unicode \\s " +
      "does; RFC 8259 §2 allows four",
    caughtBy: ["reject"],
    write: (input) =>
      referenceWrite(
        encoder.encode(
          rewriteOutsideStrings(decodeStrict(input), (stretch) => stretch.replace(PYTHON_SPACE, " ")),
        ),
      ),
  },
  {
    name: "accepts_raw_controls",
    description:
      "takes raw control characters (U+0000..U+001F) inside strings and member names and writes them " +
      "escaped, as Python's json.loads(strict=False) does; RFC 8259 §7 requires them escaped",
    caughtBy: ["reject"],
    write: (input) => referenceWrite(encoder.encode(rewriteStrings(decodeStrict(input), escapeRawControls))),
  },
  {
    name: "stops_after_first_value",
    description:
      "reads the first JSON value of its input and never looks at what follows it (a stream parser " +
      "asked for one value, as Titanium with Parsson reads): `[1] x`, `[1]]` and `{}{}` are accepted " +
      "as their first value, where RFC 8259 §2 allows only white space after it",
    caughtBy: ["reject"],
    write: (input) => {
      const text = decodeStrict(input);
      return referenceWrite(encoder.encode(text.slice(0, endOfFirstValue(text))));
    },
  },
];

/** Where the first JSON value of `text` ends (past its white space before), as a reader that stops
 * there finds it: a container at its matching bracket, a string at its closing quote, anything else
 * at the first white space or punctuation. The rest is never read. */
function endOfFirstValue(text: string): number {
  let k = /^[ \t\n\r]*/.exec(text)![0].length;
  let depth = 0;
  do {
    const ch = text[k];
    if (ch === undefined) return k;
    if (ch === '"') {
      k++;
      while (k < text.length && text[k] !== '"') k += text[k] === "\\" ? 2 : 1;
      k++;
    } else if (ch === "[" || ch === "{") {
      depth++;
      k++;
    } else if (ch === "]" || ch === "}") {
      depth--;
      k++;
    } else if (depth > 0) k++;
    else {
      while (k < text.length && !/[\s,:[\]{}"]/.test(text[k]!)) k++;
    }
  } while (depth > 0);
  return k;
}

/** A literal with what String.trim() removes around it: JavaScript's white space (\s: Unicode spaces,
 * line terminators, U+FEFF) and Java's (every character up to U+0020). */
const TRIMMED_LITERAL = /[\s\x00-\x20]*(true|false|null)[\s\x00-\x20]*/g;

/** What Python's str.isspace() calls white space, beyond JSON's four. */
const PYTHON_SPACE = /[\x0b\x0c\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/g;

/** A string literal with each raw control character written as its \u escape (escapes kept). */
function escapeRawControls(literal: string): string {
  let out = "";
  for (let k = 0; k < literal.length; k++) {
    const ch = literal[k]!;
    if (ch === "\\") {
      out += literal.slice(k, k + 2);
      k++;
    } else if (ch < " ") out += `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`;
    else out += ch;
  }
  return out;
}

const CHUNK = 65536;
const isScalar = (value: unknown) => value === null || typeof value !== "object";

/** The input's value read with the float grammar, for telling a scalar text from a container. */
function lenientValue(input: Uint8Array): unknown {
  return referenceParse(encoder.encode(floatGrammarText(input)));
}

/** The text with every number token a float parser takes (.5, 1., 1.e5, 1_000) written as JSON. */
function floatGrammarText(input: Uint8Array): string {
  const separatorsDropped = rewriteOutsideStrings(decodeStrict(input), (stretch) =>
    stretch.replace(/(\d)_(?=\d)/g, "$1"),
  );
  return rewriteBareTokens(separatorsDropped, (token) => {
    if (!/^-?\d*\.?\d*(?:[eE][+-]?\d+)?$/.test(token) || !/\d/.test(token)) return undefined;
    if (!/^-?\./.test(token) && !/\.(?!\d)/.test(token)) return undefined;
    const n = Number(token);
    return Number.isFinite(n) ? String(n) : undefined;
  });
}

/** Whether a member name anywhere starts with NUL; past MAX_WALK_DEPTH it refuses, as every known-bad
 * walk does, so that a deep input is refused in the same words whether or not V8 has warmed up (a
 * bare recursion overflowed the stack cold and not warm). */
function hasNulName(value: unknown, depth = 0): boolean {
  if (value === null || typeof value !== "object") return false;
  if (depth > MAX_WALK_DEPTH) throw new Error(`nesting deeper than ${MAX_WALK_DEPTH} levels`);
  if (Array.isArray(value)) return value.some((v) => hasNulName(v, depth + 1));
  return Object.entries(value).some(([name, v]) => name.startsWith("\u0000") || hasNulName(v, depth + 1));
}
