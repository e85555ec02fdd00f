// Corpus text and implementation output must never break the job summary's Markdown or put HTML in
// it. Three contexts, each with one rule that holds for any input:
//   block:  <pre> with the content HTML-escaped. A <pre> HTML block is not Markdown-parsed and ends
//           only at a line holding `</pre>`, which escaped content cannot contain; showInvisible has
//           already turned every line break into ⟨U+000A⟩, so the content is one line.
//   inline: the punctuation that means something inside a line backslash-escaped (CommonMark
//           allows escaping any ASCII punctuation): no code span, emphasis, link or image (`[`),
//           strikethrough, math, or URL autolink (`://`, `www.`). Inline text never starts a line,
//           so line-start syntax (`#`, `-`, `>`, `1.`) cannot fire. Then HTML-escaped, and `|` as an
//           entity (a table cell ends only at a raw `|`).
//   code:   inline, wrapped in <code> (no mention or autolink processing inside).
import { showInvisible } from "./visible.js";

const HTML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };

/** Text safe as HTML element content (the summary never puts content in an attribute). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>]/g, (ch) => HTML_ENTITIES[ch]!);
}

/** Content as one `<pre>` block line: visible, escaped, never a tag. */
export function preBlock(text: string): string {
  // Joined with <br>, so the block stays one line of markdown (a line break could end it).
  return `<pre>${wrapColumns(showInvisible(text), PRE_COLUMNS).map(escapeHtml).join("<br>")}</pre>`;
}

/**
 * The UTF-8 length of preBlock(cutText(text, n)) for every n, worked out in one pass over `text`: a
 * report that must fit a size tries many cuts, and rendering each would cost the whole text each time.
 * It follows preBlock unit by unit: showInvisible shows each code point alone, and the greedy wrap of
 * a prefix is the prefix of the wrap, so a cut's block is a prefix of the whole block's units.
 */
export function preBlockLengths(text: string): (cut: number) => number {
  // lengths[i]: bytes of the block's content for text.slice(0, i), at each code point boundary i.
  const lengths = new Uint32Array(text.length + 1);
  let bytes = 0;
  let width = 0;
  let at = 0;
  for (const ch of text) {
    // Printable ASCII shows as itself; anything else as showInvisible shows it alone.
    const c = ch.charCodeAt(0);
    const unit = c >= 0x20 && c < 0x7f ? ch : showInvisible(ch);
    const w = unitColumns(unit);
    if (width + w > PRE_COLUMNS && at > 0) {
      bytes += "<br>".length;
      width = 0;
    }
    bytes += escapedLength(unit);
    width += w;
    at += ch.length;
    lengths[at] = bytes;
  }
  const frame = "<pre></pre>".length;
  return (cut) => {
    if (text.length <= cut) return frame + bytes;
    // cutText's rule: never end inside a surrogate pair.
    const last = text.charCodeAt(cut - 1);
    return frame + lengths[last >= 0xd800 && last <= 0xdbff ? cut - 1 : cut]!;
  };
}

/** The UTF-8 length of escapeHtml(unit), for one display unit. */
function escapedLength(unit: string): number {
  if (unit.length > 1) return Buffer.byteLength(unit);
  const c = unit.charCodeAt(0);
  if (c >= 0x80) return Buffer.byteLength(unit);
  return unit === "&" ? "&amp;".length : unit === "<" || unit === ">" ? "&lt;".length : 1;
}

/** GitHub's stylesheet never wraps a <pre>, and the sanitizer drops any style that would: a long
 * output scrolled sideways and hid its end (the replay line). Lines are broken here instead, at about
 * this many columns; after showInvisible a real line break in the text is a ⟨U+000A⟩ tag, so every
 * break in the block is a wrap. */
export const PRE_COLUMNS = 88;

/** What a wrap never splits: an ⟨U+XXXX⟩ tag, or one code point. */
const DISPLAY_UNITS = /⟨U\+[0-9A-F]{4,6}⟩|[\s\S]/gu;

/** The columns a display unit takes: a tag its length, a wide character (CJK, emoji) two. */
function unitColumns(unit: string): number {
  return unit.length > 2 ? unit.length : columnsOf(unit.codePointAt(0)!);
}

/** Wide characters (CJK, emoji) take two columns; an ⟨U+XXXX⟩ tag is never split. */
function wrapColumns(text: string, columns: number): string[] {
  const lines: string[] = [];
  for (const line of text.split("\n")) {
    // Each wrapped line is a slice of `line`, cut where the next unit would pass `columns`. A unit is
    // a tag (after showInvisible every ⟨ starts one) or one code point.
    let start = 0;
    let width = 0;
    for (let at = 0; at < line.length; ) {
      const c = line.codePointAt(at)!;
      const end = c === 0x27e8 ? line.indexOf("⟩", at) + 1 || line.length : at + (c > 0xffff ? 2 : 1);
      const w = c === 0x27e8 ? end - at : columnsOf(c);
      if (width + w > columns && at > start) {
        lines.push(line.slice(start, at));
        start = at;
        width = 0;
      }
      width += w;
      at = end;
    }
    lines.push(line.slice(start));
  }
  return lines;
}

function columnsOf(codePoint: number): number {
  return (codePoint >= 0x1100 && codePoint <= 0x115f) ||
    (codePoint >= 0x2e80 && codePoint <= 0xa4cf) ||
    (codePoint >= 0xac00 && codePoint <= 0xd7a3) ||
    (codePoint >= 0xf900 && codePoint <= 0xfaff) ||
    (codePoint >= 0xfe30 && codePoint <= 0xfe4f) ||
    (codePoint >= 0xff00 && codePoint <= 0xff60) ||
    (codePoint >= 0x1f000 && codePoint <= 0x3fffd)
    ? 2
    : 1;
}

/** Content as inline Markdown text that renders as itself, safe inside a table cell. */
export function inlineText(text: string): string {
  return escapeInline(showInvisible(text));
}

/** Text already through showInvisible, as inline Markdown that renders as itself. */
function escapeInline(visible: string): string {
  // Backslashes first: entities made afterwards hold `#` and `;`, which must stay as they are.
  const escaped = visible
    .replace(/[\\`*_[\]~$]/g, (ch) => `\\${ch}`)
    .replace(/:(?=\/\/)/g, "\\:")
    .replace(/\bwww\./gi, (www) => `${www.slice(0, 3)}\\.`);
  return escapeHtml(escaped).replaceAll("|", "&#124;");
}

/** Content as inline code. */
export function inlineCode(text: string): string {
  return `<code>${inlineText(text)}</code>`;
}

/**
 * Content as inline text for a table cell that must not widen its table: GitHub's stylesheet lets a
 * table grow to its widest unbreakable word and then scroll sideways, so any word (a run without a
 * space) wider than `columns` is broken with `<br>` every `columns` columns. Spaces wrap as usual.
 */
export function cellText(text: string, columns: number): string {
  return breakLongWords(showInvisible(text), columns).map(escapeInline).join("<br>");
}

/** {@link cellText} as inline code: one code span per piece, since GitHub's stylesheet hides a <br>
 * inside a code span (`.markdown-body code br { display: none }`). */
export function cellCode(text: string, columns: number): string {
  return breakLongWords(showInvisible(text), columns)
    .map((piece) => `<code>${escapeInline(piece)}</code>`)
    .join("<br>");
}

/** `visible` in pieces, split only inside words wider than `columns` (wide characters count two; an
 * ⟨U+XXXX⟩ tag is never split); the pieces joined again are `visible`. */
function breakLongWords(visible: string, columns: number): string[] {
  const pieces: string[] = [];
  let current = "";
  let word = 0;
  for (const [unit] of visible.matchAll(DISPLAY_UNITS)) {
    if (unit === " ") {
      current += unit;
      word = 0;
      continue;
    }
    const w = unitColumns(unit);
    if (word + w > columns && word > 0) {
      pieces.push(current);
      current = "";
      word = 0;
    }
    current += unit;
    word += w;
  }
  pieces.push(current);
  return pieces;
}

/** A fenced code block whose fence is longer than any backtick run in the content. */
export function fencedBlock(content: string, info = ""): string {
  const shown = showInvisible(content);
  const longestRun = Math.max(0, ...(shown.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(Math.max(3, longestRun + 1));
  return `${fence}${info}\n${shown}\n${fence}`;
}
