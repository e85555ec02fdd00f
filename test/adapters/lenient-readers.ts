// Models of lenient JSON parsers, for the proof that linesCanCarry is safe: each is a front end that
// rewrites what a lenient parser would accept into strict JSON, then the reference parser (src/jcs)
// reads it. Each front end gives a line break one meaning a space does not have, the way a real
// lenient parser does: a comment ends there (JSONC, JSON5, YAML's `#`; Ruby's json even needs one
// to end a `//` comment), a bare word runs to it
// (Hjson's quoteless strings), it separates two values (Hjson), a line start means something
// (JavaScript's `-->`), a key must sit on one line with its colon (YAML), a raw control character in
// a string is accepted (Python's strict=False) or only CR and LF are (multi-line strings), a
// single-quoted string may continue across it (JSON5); a streaming reader stops after its first value
// and never sees what a line form puts after it. They work over bytes (latin1 strings, one
// char per byte) and never throw: a model that refuses an input says "rejected".
import { canonicalize, JcsError } from "../../src/jcs/index.js";

/** What a model reads: the canonical bytes (hex) or a rejection. */
export type Reading = string;

type FrontEnd = (text: string) => string | undefined;

const isBreak = (c: string | undefined) => c === "\n" || c === "\r";
const isSpace = (c: string | undefined) => c === " " || c === "\t";
const STRUCTURAL = "{}[],:";
const NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;
const LITERAL = /^(?:true|false|null)$/;

/** The end (exclusive) of the JSON string opening at `i`, tracked as the lines framing does. */
function stringEnd(text: string, i: number): number {
  let escaped = false;
  for (let k = i + 1; k < text.length; k++) {
    const c = text[k];
    if (escaped) escaped = false;
    else if (c === "\\") escaped = true;
    else if (c === '"') return k + 1;
  }
  return text.length;
}

function lineEnd(text: string, i: number): number {
  let k = i;
  while (k < text.length && !isBreak(text[k])) k++;
  return k;
}

/** Copies `text`, handing each stretch outside strings to `outside` (which returns what to emit and
 * where to go on), and each string to `inside`. */
function walk(
  text: string,
  outside: (i: number, out: string[]) => number | undefined,
  inside: (s: string) => string | undefined = (s) => s,
): string | undefined {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      const end = stringEnd(text, i);
      const s = inside(text.slice(i, end));
      if (s === undefined) return undefined;
      out.push(s);
      i = end;
      continue;
    }
    const next = outside(i, out);
    if (next === undefined) return undefined;
    if (next === i) {
      out.push(text[i]!);
      i++;
    } else {
      i = next;
    }
  }
  return out.join("");
}

/** `//` and `#` comments to the end of the line, `/* ... *\/` anywhere (JSONC, JSON5, YAML-ish). */
const comments: FrontEnd = (text) =>
  walk(text, (i, out) => {
    if (text.startsWith("//", i) || text[i] === "#") return lineEnd(text, i);
    if (text.startsWith("/*", i)) {
      const close = text.indexOf("*/", i + 2);
      if (close < 0) return undefined;
      out.push(" ");
      return close + 2;
    }
    return i;
  });

/** Ruby's json: `/* ... *\/` anywhere, and a `//` comment only when a line break ends it (at the end
 * of the text it is refused): the reader that took `// note\n[1]` and refused `[1] // note`. */
const commentsEndedByBreak: FrontEnd = (text) =>
  walk(text, (i, out) => {
    if (text.startsWith("//", i)) {
      const end = lineEnd(text, i);
      return end < text.length ? end : undefined;
    }
    if (text.startsWith("/*", i)) {
      const close = text.indexOf("*/", i + 2);
      if (close < 0) return undefined;
      out.push(" ");
      return close + 2;
    }
    return i;
  });

/** Hjson: a line break between two values stands for a comma. */
const separators: FrontEnd = (text) =>
  walk(text, (i, out) => {
    if (!isBreak(text[i])) return i;
    let k = i;
    while (k < text.length && (isBreak(text[k]) || isSpace(text[k]))) k++;
    const before = out.join("").trimEnd().slice(-1);
    const after = text[k];
    const endsValue = before !== "" && !STRUCTURAL.includes(before);
    const startsValue = after !== undefined && !"}],:".includes(after);
    out.push(endsValue && startsValue ? "," : " ");
    return k;
  });

/** Hjson: a bare word, or a number or literal with more after it on its line, is a string that runs
 * to the end of its line; a comment (`#`, `//` to the line's end, `/* *\/`) is no bare word. */
const quoteless: FrontEnd = (text) =>
  walk(text, (i, out) => {
    const c = text[i]!;
    if (isSpace(c) || isBreak(c) || STRUCTURAL.includes(c)) return i;
    if (text.startsWith("//", i) || c === "#") return lineEnd(text, i);
    if (text.startsWith("/*", i)) {
      const close = text.indexOf("*/", i + 2);
      if (close < 0) return undefined;
      out.push(" ");
      return close + 2;
    }
    let k = i;
    while (k < text.length && !isSpace(text[k]) && !isBreak(text[k]) && !`${STRUCTURAL}"`.includes(text[k]!))
      k++;
    const word = text.slice(i, k);
    const end = lineEnd(text, i);
    const rest = text.slice(k, end).trimStart();
    if ((NUMBER.test(word) || LITERAL.test(word)) && (rest === "" || ",]}:".includes(rest[0]!))) {
      out.push(word);
      return k;
    }
    out.push(JSON.stringify(text.slice(i, end).trimEnd()));
    return end;
  });

/** Python's json with strict=False: any raw control character inside a string is taken as is. */
const rawControls: FrontEnd = (text) =>
  walk(
    text,
    (i) => i,
    (s) => s.replace(/[\u0000-\u001f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`),
  );

/** Multi-line strings: a raw CR or LF inside a string is taken as is; other controls are not. */
const multiline: FrontEnd = (text) =>
  walk(
    text,
    (i) => i,
    (s) => s.replace(/\n/g, "\\n").replace(/\r/g, "\\r"),
  );

/** JavaScript (Annex B): `-->` at the start of a line comments out the rest of it. */
const jsLineStart: FrontEnd = (text) =>
  walk(text, (i) => {
    if (i > 0 && !isBreak(text[i - 1])) return i;
    let k = i;
    while (isSpace(text[k])) k++;
    return text.startsWith("-->", k) ? lineEnd(text, k) : i;
  });

/** YAML flow style: an implicit key must be on one line with its colon. */
const yamlKeys: FrontEnd = (text) => {
  let afterString = false;
  let sawBreak = false;
  return walk(
    text,
    (i) => {
      const c = text[i]!;
      if (isBreak(c)) sawBreak = true;
      else if (c === ":" && afterString && sawBreak) return undefined;
      else if (!isSpace(c)) afterString = false;
      return i;
    },
    (s) => {
      afterString = true;
      sawBreak = false;
      return s;
    },
  );
};

/** JSON5: single-quoted strings, which may continue across a line break after a backslash (and may
 * not hold a raw one otherwise). */
const singleQuotes: FrontEnd = (text) =>
  walk(text, (i, out) => {
    if (text[i] !== "'") return i;
    let value = "";
    let k = i + 1;
    for (; k < text.length && text[k] !== "'"; k++) {
      const c = text[k]!;
      if (c === "\\" && isBreak(text[k + 1])) {
        k += text[k + 1] === "\r" && text[k + 2] === "\n" ? 2 : 1;
      } else if (c === "\\") {
        value += text[k + 1] ?? "";
        k++;
      } else if (isBreak(c)) {
        return undefined;
      } else {
        value += c;
      }
    }
    if (k >= text.length) return undefined;
    out.push(JSON.stringify(value));
    return k + 1;
  });

/** A streaming reader that stops after its first value and never looks at what follows (Parsson
 * behind Titanium's JSON reader, met in issue 29): whatever comes after the first complete value is
 * not read. What comes before it is read as JSON. */
const firstValue: FrontEnd = (text) => {
  let k = 0;
  while (k < text.length && (isSpace(text[k]) || isBreak(text[k]))) k++;
  let depth = 0;
  for (; k < text.length; k++) {
    const c = text[k]!;
    if (c === '"') {
      k = stringEnd(text, k) - 1;
      if (depth === 0) return text.slice(0, k + 1);
    } else if (c === "[" || c === "{") depth++;
    else if (c === "]" || c === "}") {
      depth--;
      if (depth <= 0) return text.slice(0, k + 1);
    } else if (depth === 0 && (isSpace(c) || isBreak(c) || STRUCTURAL.includes(c))) {
      // A scalar at the top: it ends at the first character that cannot continue it.
      return text.slice(0, k);
    }
  }
  return text;
};

export const LENIENT_READERS: Record<string, FrontEnd> = {
  strict: (text) => text,
  comments,
  commentsEndedByBreak,
  separators,
  quoteless,
  rawControls,
  multiline,
  jsLineStart,
  yamlKeys,
  singleQuotes,
  firstValue,
};

/** What reader `name` makes of `bytes`: through its front end, then the reference parser. */
export function read(name: string, bytes: Uint8Array): Reading {
  const strict = LENIENT_READERS[name]!(Buffer.from(bytes).toString("latin1"));
  if (strict === undefined) return "rejected";
  try {
    return `canonical ${Buffer.from(canonicalize(Buffer.from(strict, "latin1"))).toString("hex")}`;
  } catch (error) {
    if (error instanceof JcsError) return "rejected";
    throw error;
  }
}
