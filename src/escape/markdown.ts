// Corpus text and implementation output must never break the job summary's Markdown or put HTML in
// it. Three contexts, each with one rule that holds for any input:
//   block:  a `<p>` line holding inline code with the content HTML-escaped. An HTML block is not
//           Markdown-parsed (so nothing in it autolinks either) and ends only at a blank line;
//           showInvisible has already turned every line break into ⟨U+000A⟩, so the content is one
//           line and cannot end it.
//   inline: the punctuation that means something inside a line backslash-escaped (CommonMark
//           allows escaping any ASCII punctuation): no code span, emphasis, link or image (`[`),
//           strikethrough or math. Inline text never starts a line, so line-start syntax (`#`, `-`,
//           `>`, `1.`, a `[x]: url` definition) cannot fire. Then HTML-escaped, and `|` as an entity (a
//           table cell ends only at a raw `|`). Then no autolink (below).
//   code:   inline, wrapped in <code>. A raw `<code>` in a line is no shelter: GFM autolinks inside
//           it as anywhere in a paragraph, so the inline rule is what holds there too.
// No autolink: untrusted text makes no link. GFM's extended autolinks start at `www.`, at `://`
// after http/https/ftp, and at an e-mail address (`@`, also behind `mailto:` and `xmpp:`). Each of
// the three is cut by a `<wbr>`: `www<wbr>.`, `:<wbr>//`, `@<wbr>`. Not a backslash or an entity:
// GitHub's cmark-gfm joins adjacent text before it looks for e-mail addresses
// (cmark_consolidate_text_nodes in extensions/autolink.c), so `a\@b.c` and `a&#64;b.c` are links
// there (micromark, which the tests also render with, does not join them and would hide that). An
// HTML element between two pieces of text keeps them apart in both, whichever way a parser matches:
// on the source as it parses a line (cmark-gfm's `www.` and `://`) or on the text after (its e-mail).
// Nothing written here adds a character to what a reader copies: where text must wrap, it gets a
// `<wbr>` (a break opportunity, no character), never a `<br>` inside a value.
import { showInvisible } from "./visible.js";

const HTML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };

/** Text safe as HTML element content (the summary never puts content in an attribute). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>]/g, (ch) => HTML_ENTITIES[ch]!);
}

/**
 * Content as a block of its own: one line of inline code in a `<p>`, visible and escaped. A line
 * that starts with `<p>` opens an HTML block, which is not Markdown-parsed and ends only at a blank
 * line; showInvisible has turned every line break into ⟨U+000A⟩, so the content is one line.
 *
 * Inline code is what GitHub's stylesheet lets wrap without a character added: `white-space:
 * break-spaces` wraps it at spaces (and keeps every space), and the card's `overflow-wrap:
 * break-word` breaks a word only where the word alone is wider than the line. So a long answer wraps
 * on screen yet copies as itself: a seed, a hash or a key read back from the page is the one that
 * was written. (A `<pre>` never wraps there, and breaking one with `<br>` put a line break into the
 * middle of a copied seed.)
 */
export function textBlock(text: string): string {
  return `<p><code>${escapeHtml(showInvisible(text))}</code></p>`;
}

/**
 * The UTF-8 length of textBlock(cutText(text, n)) for every n, worked out in one pass over `text`: a
 * report that must fit a size tries many cuts, and rendering each would cost the whole text each time.
 * showInvisible shows each code point alone, so a cut's block is a prefix of the whole block's units.
 */
export function textBlockLengths(text: string): (cut: number) => number {
  // lengths[i]: bytes of the block's content for text.slice(0, i), at each code point boundary i.
  const lengths = new Uint32Array(text.length + 1);
  let bytes = 0;
  let at = 0;
  for (const ch of text) {
    // Printable ASCII shows as itself; anything else as showInvisible shows it alone.
    const c = ch.charCodeAt(0);
    bytes += escapedLength(c >= 0x20 && c < 0x7f ? ch : showInvisible(ch));
    at += ch.length;
    lengths[at] = bytes;
  }
  const frame = "<p><code></code></p>".length;
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

/** What a wrap never splits: an ⟨U+XXXX⟩ tag, or one code point. */
const DISPLAY_UNITS = /⟨U\+[0-9A-F]{4,6}⟩|[\s\S]/gu;

/** The columns a display unit takes: a tag its length, a wide character (CJK, emoji) two. */
function unitColumns(unit: string): number {
  return unit.length > 2 ? unit.length : columnsOf(unit.codePointAt(0)!);
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

/** Text already shown visibly (a cause's title: causes.ts shows it), as inline Markdown: escaped once,
 * so its ⟨U+XXXX⟩ tags are not shown a second time (⟨U+27E8⟩U+000D⟩). */
export function inlineShown(visible: string): string {
  return escapeInline(visible);
}

/** Where GFM's extended autolinks start (case-insensitively, as micromark matches `WWW.`): a `<wbr>`
 * goes right after each, so no text node holds one whole. `:` and `//` are cut apart only where the
 * `//` follows, `www` and `.` only where the `.` follows: escapeHtml has run, so this `@`, `:` or
 * `www` is the text's own, not part of an entity the escaping made. */
const AUTOLINK_STARTS = /www(?=\.)|:(?=\/\/)|@/gi;

/** Text already through showInvisible, as inline Markdown that renders as itself and makes no link. */
function escapeInline(visible: string): string {
  // Backslashes first: entities made afterwards hold `#` and `;`, which must stay as they are.
  const escaped = visible.replace(/[\\`*_[\]~$]/g, (ch) => `\\${ch}`);
  return escapeHtml(escaped).replaceAll("|", "&#124;").replace(AUTOLINK_STARTS, "$&<wbr>");
}

/** Content as inline code. */
export function inlineCode(text: string): string {
  return `<code>${inlineText(text)}</code>`;
}

/**
 * Content as inline text for a table cell that must not widen its table: GitHub's stylesheet lets a
 * table grow to its widest unbreakable word and then scroll sideways, so a word (a run without a
 * space) wider than `columns` gets break opportunities (`<wbr>`, which GitHub's sanitizer keeps): after
 * the punctuation that joins the words of a name, a path or an answer (`-` `/` `_` `.` `,` `:` `=` ...),
 * and only where a run has none, every `columns` columns. A `<wbr>` adds no character: the cell copies
 * as its text. Spaces wrap as usual.
 */
export function cellText(text: string, columns: number): string {
  // A piece that ends in `@` already has its `<wbr>`: one is enough.
  return breakLongWords(showInvisible(text), columns)
    .map(escapeInline)
    .join("<wbr>")
    .replaceAll("<wbr><wbr>", "<wbr>");
}

/** {@link cellText} as inline code, one code span with the same break opportunities. */
export function cellCode(text: string, columns: number): string {
  return `<code>${cellText(text, columns)}</code>`;
}

/** A break may follow these: they end a word of a name, a path, a number list or an answer. */
const JOINERS = new Set([
  "-",
  "/",
  "\\",
  "_",
  ".",
  ",",
  ":",
  ";",
  "=",
  "&",
  "+",
  "|",
  "?",
  "@",
  ")",
  "]",
  "}",
]);

/** `visible` in pieces, split only inside words wider than `columns`: at the last joiner or tag that
 * keeps a piece within `columns` (wide characters count two; an ⟨U+XXXX⟩ tag is never split), else at
 * `columns`. The pieces joined again are `visible`. */
function breakLongWords(visible: string, columns: number): string[] {
  const pieces: string[] = [];
  let current = "";
  let width = 0;
  /** Where in `current` the last break opportunity of this word is, and the width after it. */
  let lastBreak = -1;
  let widthAfterBreak = 0;
  for (const [unit] of visible.matchAll(DISPLAY_UNITS)) {
    if (unit === " ") {
      current += unit;
      width = 0;
      lastBreak = -1;
      continue;
    }
    const w = unitColumns(unit);
    if (width + w > columns && width > 0) {
      if (lastBreak > 0) {
        pieces.push(current.slice(0, lastBreak));
        current = current.slice(lastBreak);
        width = widthAfterBreak;
      } else {
        pieces.push(current);
        current = "";
        width = 0;
      }
      lastBreak = -1;
    }
    current += unit;
    width += w;
    if (JOINERS.has(unit) || unit.length > 2) {
      lastBreak = current.length;
      widthAfterBreak = 0;
    } else {
      widthAfterBreak += w;
    }
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
