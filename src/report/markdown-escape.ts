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
    let current = "";
    let width = 0;
    for (const [unit] of line.matchAll(DISPLAY_UNITS)) {
      const w = unitColumns(unit);
      if (width + w > columns && current !== "") {
        lines.push(current);
        current = "";
        width = 0;
      }
      current += unit;
      width += w;
    }
    lines.push(current);
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
