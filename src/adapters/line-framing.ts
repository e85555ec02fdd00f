// How a request travels as one line in the lines protocol. A raw CR or LF cannot sit inside a line, so
// each one outside a JSON string becomes a space (insignificant whitespace, RFC 8259 §2) and each one
// inside a string becomes U+0001 (still an unescaped control character, which RFC 8259 §7 forbids, so
// the input stays one that must be rejected). String state is tracked over the raw bytes, escapes
// included; the input may be invalid JSON or invalid UTF-8: bytes >= 0x80 never look like `"`, `\`,
// CR or LF, so the rule holds byte by byte whatever the input is.
//
// That rewrite keeps the meaning for a parser that reads JSON exactly. A lenient one may give a line
// break a meaning a space does not have: it ends a `//` or `#` comment, a bare word that runs to the
// end of the line, a line-start marker (JavaScript's `-->`); it separates two values (Hjson); raw
// control characters inside strings may be accepted. linesCanCarry says whether an input's rewrite is
// faithful even then (docs/protocol.md, "What lines mode can carry").

const CR = 0x0d;
const LF = 0x0a;
const TAB = 0x09;
const SPACE = 0x20;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const U0001 = 0x01;

/** The request line for `input`: the bytes with CR/LF mapped, then one LF. */
export function encodeRequestLine(input: Uint8Array): Buffer {
  const line = Buffer.allocUnsafe(input.length + 1);
  let inString = false;
  let escaped = false;
  for (let i = 0; i < input.length; i++) {
    const b = input[i]!;
    if (b === CR || b === LF) {
      line[i] = inString ? U0001 : SPACE;
      escaped = false;
      continue;
    }
    line[i] = b;
    if (!inString) {
      if (b === QUOTE) inString = true;
    } else if (escaped) {
      escaped = false;
    } else if (b === BACKSLASH) {
      escaped = true;
    } else if (b === QUOTE) {
      inString = false;
    }
  }
  line[input.length] = LF;
  return line;
}

/** Whether lines mode carries an input faithfully; when not, the first line break that it cannot. */
export type LinesCarry =
  | { faithful: true }
  | {
      faithful: false;
      /** Byte offset of the CR or LF whose rewrite could change what a lenient parser reads. */
      offset: number;
      /** It is inside a string (sent as U+0001, still an unescaped control character), not between tokens. */
      inString: boolean;
      /** One line: why, for a report ("not run in lines mode: ..."). */
      why: string;
    };

const STRUCTURAL = new Set([0x7b, 0x7d, 0x5b, 0x5d, 0x2c, 0x3a]); // { } [ ] , :
const OPENS = new Set([0x7b, 0x5b, 0x2c]); // { [ ,  : nothing before them is left open
const CLOSES = new Set([0x7d, 0x5d]); // } ]     : they end whatever stands before them
const FOLLOWS_VALUE = new Set([0x7d, 0x5d, 0x2c, 0x3a]); // } ] , :
const NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;
const LITERALS = new Set(["true", "false", "null"]);

type Token =
  | { kind: "punct"; byte: number; at: number }
  | { kind: "string"; at: number }
  /** A run of bytes that are not whitespace, structural, `"`, CR or LF; `json` if a number or literal. */
  | { kind: "bare"; json: boolean; at: number; text: string }
  | { kind: "break"; byte: number; at: number };

/**
 * Whether the lines protocol carries `input` faithfully: true when the CR/LF rewrite cannot change
 * what any parser in the family docs/protocol.md describes reads, strict or lenient. It holds when
 * no CR or LF is rewritten, or when every one stands outside a string where nothing can be open
 * across it. Precisely, each CR or LF must
 *   1. be outside a JSON string (inside one it becomes U+0001, and a parser that accepts raw
 *      control characters would read a different string);
 *   2. end a line (the bytes since the previous CR or LF) made only of JSON tokens, spaces and tabs:
 *      strings, numbers, `true`, `false`, `null` and `{ } [ ] , :`, where each value is followed on
 *      the line by `,` `:` `]` `}` or by the line break itself (so no comment, bare word or other
 *      quoting is open at the break, and no token runs on to it);
 *   3. have a `{`, `[` or `,` (or nothing) as the last token before it, or a `}` or `]` (or nothing)
 *      as the first token after it (so it cannot stand for a missing separator or split a key from
 *      its colon);
 *   4. be followed, after spaces, tabs and further line breaks, by a JSON token or by the end of the
 *      input (so the next line starts with nothing a line start could mean, such as `-->`; for the
 *      readers the tests model, 2 and 3 already imply it, and it stays as a guard for others).
 * Conservative on purpose: `[1,\n2]` and pretty-printed JSON pass; `// note\n1`, `[1\n,2]` and a
 * raw LF inside a string do not.
 */
export function linesCanCarry(input: Uint8Array): LinesCarry {
  if (input.indexOf(LF) < 0 && input.indexOf(CR) < 0) return { faithful: true };
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const b = input[i]!;
    if (b === SPACE || b === TAB) {
      i++;
    } else if (b === CR || b === LF) {
      tokens.push({ kind: "break", byte: b, at: i });
      i++;
    } else if (STRUCTURAL.has(b)) {
      tokens.push({ kind: "punct", byte: b, at: i });
      i++;
    } else if (b === QUOTE) {
      const at = i;
      let escaped = false;
      for (i++; i < input.length; i++) {
        const s = input[i]!;
        if (s === CR || s === LF) {
          return {
            faithful: false,
            offset: i,
            inString: true,
            why: `a raw ${name(s)} inside a string (byte ${i}) is sent as U+0001`,
          };
        }
        if (escaped) escaped = false;
        else if (s === BACKSLASH) escaped = true;
        else if (s === QUOTE) break;
      }
      i++;
      tokens.push({ kind: "string", at });
    } else {
      const at = i;
      while (i < input.length && !endsBare(input[i]!)) i++;
      const text = Buffer.from(input.subarray(at, i)).toString("latin1");
      tokens.push({ kind: "bare", json: LITERALS.has(text) || NUMBER.test(text), at, text });
    }
  }
  let lineStart = 0;
  for (let t = 0; t < tokens.length; t++) {
    const brk = tokens[t]!;
    if (brk.kind !== "break") continue;
    const at = brk.at;
    const what = `the ${name(brk.byte)} at byte ${at}`;
    // 2. The line before it holds JSON tokens only, each value followed by , : ] } or the break.
    for (let k = lineStart; k < t; k++) {
      const tok = tokens[k]!;
      if (tok.kind === "bare" && !tok.json) {
        return unfaithful(
          at,
          `${what} ends a line holding ${quoteText(tok.text)} (byte ${tok.at}), not a JSON token: read as a comment or a bare word, it would run on into the next line`,
        );
      }
      if (tok.kind === "string" || tok.kind === "bare") {
        const next = tokens[k + 1]!;
        if (next.kind !== "break" && !(next.kind === "punct" && FOLLOWS_VALUE.has(next.byte))) {
          return unfaithful(
            at,
            `${what} ends a line where a value is followed by another token (byte ${next.at}): a lenient parser may read the rest of that line as one bare string`,
          );
        }
      }
    }
    lineStart = t + 1;
    // 3. A bracket or comma beside it.
    const before = previousToken(tokens, t);
    const after = nextToken(tokens, t);
    const openBefore = before === undefined || (before.kind === "punct" && OPENS.has(before.byte));
    const closeAfter = after === undefined || (after.kind === "punct" && CLOSES.has(after.byte));
    if (!openBefore && !closeAfter) {
      return unfaithful(
        at,
        `${what} has no comma or bracket beside it: a parser that reads a line break as a separator, or wants a key and its colon on one line, reads it otherwise`,
      );
    }
    // 4. The next line starts with a JSON token.
    if (after !== undefined && after.kind === "bare" && !after.json) {
      return unfaithful(
        at,
        `${what} is followed by ${quoteText(after.text)} (byte ${after.at}), not a JSON token: it may mean something at the start of a line`,
      );
    }
  }
  return { faithful: true };
}

function endsBare(b: number): boolean {
  return b === SPACE || b === TAB || b === CR || b === LF || b === QUOTE || STRUCTURAL.has(b);
}

function previousToken(tokens: Token[], t: number): Token | undefined {
  for (let k = t - 1; k >= 0; k--) if (tokens[k]!.kind !== "break") return tokens[k];
  return undefined;
}

function nextToken(tokens: Token[], t: number): Token | undefined {
  for (let k = t + 1; k < tokens.length; k++) if (tokens[k]!.kind !== "break") return tokens[k];
  return undefined;
}

function name(b: number): "LF" | "CR" {
  return b === LF ? "LF" : "CR";
}

/** A bare run for a reason: printable ASCII as is, anything else as \xNN, at most 20 bytes. */
function quoteText(text: string): string {
  const shown = text
    .slice(0, 20)
    .replace(/[^\x21-\x7e]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
  return `\`${shown}${text.length > 20 ? "..." : ""}\``;
}

function unfaithful(offset: number, why: string): LinesCarry {
  return { faithful: false, offset, inString: false, why };
}
