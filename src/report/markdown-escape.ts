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
  return `<pre>${escapeHtml(showInvisible(text))}</pre>`;
}

/** Content as inline Markdown text that renders as itself, safe inside a table cell. */
export function inlineText(text: string): string {
  // Backslashes first: entities made afterwards hold `#` and `;`, which must stay as they are.
  const escaped = showInvisible(text)
    .replace(/[\\`*_[\]~$]/g, (ch) => `\\${ch}`)
    .replace(/:(?=\/\/)/g, "\\:")
    .replace(/\bwww\./gi, (www) => `${www.slice(0, 3)}\\.`);
  return escapeHtml(escaped).replaceAll("|", "&#124;");
}

/** Content as inline code. */
export function inlineCode(text: string): string {
  return `<code>${inlineText(text)}</code>`;
}

/** A fenced code block whose fence is longer than any backtick run in the content. */
export function fencedBlock(content: string, info = ""): string {
  const shown = showInvisible(content);
  const longestRun = Math.max(0, ...(shown.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(Math.max(3, longestRun + 1));
  return `${fence}${info}\n${shown}\n${fence}`;
}
