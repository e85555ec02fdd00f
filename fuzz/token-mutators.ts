// Mutations at the level of JSON tokens: a text is cut into strings, numbers, literals, punctuation
// and whitespace (loosely, so broken text cuts too), and tokens are deleted, repeated, swapped or
// replaced by ones a parser must think hard about.
import type { Mutator } from "./byte-mutators.js";

// Everything but strings, which stringEnd scans (a regex over a megabyte string overflows its stack).
const OTHER = /-?[0-9][0-9.eE+-]*|[a-zA-Z]+|[ \t\r\n]+|[\s\S]/y;

/** Where the string starting at `start` (its opening quote) ends: after its closing quote, or at the end. */
export function stringEnd(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const quote = text.indexOf('"', i);
    if (quote < 0) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    i = quote + 1;
  }
}

/** Splits a text into tokens; concatenating them gives the text back. */
export function tokens(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    let end: number;
    if (text.charCodeAt(i) === 0x22) end = stringEnd(text, i);
    else {
      OTHER.lastIndex = i;
      OTHER.exec(text);
      end = OTHER.lastIndex;
    }
    out.push(text.slice(i, end));
    i = end;
  }
  return out;
}

/** Tokens with a known verdict in one parser or another: edge numbers, bad escapes, surrogates. */
const HOSTILE = [
  "1e400",
  "-1e400",
  "1e-400",
  "5e-324",
  "2e-324",
  "1.7976931348623157e308",
  "1.7976931348623159e308",
  "9007199254740993",
  "-9007199254740993",
  "123456789012345678901234567890",
  "-0",
  "0.0",
  "1.0",
  "1E+2",
  "01",
  "-",
  "1.",
  ".5",
  "1e",
  "1e+",
  "0x10",
  "Infinity",
  "NaN",
  "+1",
  "- 1",
  '"\\ud800"',
  '"\\udc00\\ud800"',
  '"\\ud83d\\ude00"',
  '"\\uD83D\\uDE00"',
  '"\\u00"',
  '"\\x41"',
  '"\\/"',
  '"a\\u0000b"',
  '"\t"',
  '"\\u000a"',
  '"\\U0041"',
  '"\\\'"',
  '"',
  '"\\"',
  "true",
  "false",
  "null",
  "nul",
  "True",
  "[",
  "]",
  "{",
  "}",
  ",",
  ":",
  '""',
  '"a"',
  "[]",
  "{}",
  " ",
  "\t",
  "\n",
  "\r",
  "\u000b",
  "\u00a0",
  "\u2028",
  "\ufeff",
  "/**/",
  "//",
];

export const TOKEN_MUTATORS: Mutator<string>[] = [
  {
    name: "token-delete",
    apply(rng, text) {
      const t = tokens(text);
      if (t.length === 0) return text;
      t.splice(rng.int(t.length), 1);
      return t.join("");
    },
  },
  {
    name: "token-repeat",
    apply(rng, text) {
      const t = tokens(text);
      if (t.length === 0) return text;
      const at = rng.int(t.length);
      t.splice(at, 0, t[at]!);
      return t.join("");
    },
  },
  {
    name: "token-swap",
    apply(rng, text) {
      const t = tokens(text);
      if (t.length < 2) return text;
      const a = rng.int(t.length);
      const b = rng.int(t.length);
      [t[a], t[b]] = [t[b]!, t[a]!];
      return t.join("");
    },
  },
  {
    name: "token-replace",
    apply(rng, text) {
      const t = tokens(text);
      if (t.length === 0) return rng.pick(HOSTILE);
      t[rng.int(t.length)] = rng.pick(HOSTILE);
      return t.join("");
    },
  },
  {
    name: "token-insert",
    apply(rng, text) {
      const t = tokens(text);
      t.splice(rng.int(t.length + 1), 0, rng.pick(HOSTILE));
      return t.join("");
    },
  },
  {
    name: "member-twice",
    apply(rng, text) {
      // Right after an object opens: a member, and the same name again (raw or spelled otherwise).
      const t = tokens(text);
      const opens = t.flatMap((tok, i) => (tok === "{" ? [i] : []));
      if (opens.length === 0) return `{"a":1,"a":2}`;
      const at = rng.pick(opens);
      const second = rng.pick(['"a"', '"\\u0061"', '"A"', '"a "']);
      const after = t[at + 1] === "}" ? "" : ",";
      t.splice(at + 1, 0, `"a":1,${second}:2${after}`);
      return t.join("");
    },
  },
  {
    name: "nest",
    apply(rng, text) {
      const depth = rng.pick([1, 2, 100, 9_999, 10_000, 10_001, 50_000]);
      return rng.chance(0.8)
        ? "[".repeat(depth) + text + "]".repeat(depth)
        : '{"a":'.repeat(depth) + text + "}".repeat(depth);
    },
  },
];
