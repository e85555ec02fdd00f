// Everything the HTML pages show comes from untrusted parties: the implementation's answers and
// refusals, a record handed to `verify` or `aggregate`, names, command lines and paths. One rule
// holds for any input: content is shown as text. Invisible characters become ⟨U+XXXX⟩ tags first (so
// U+2028, bidi overrides and lone surrogates cannot hide or reorder anything), then the five
// characters that mean something in HTML become entities, in element content and attribute values
// alike. Nothing untrusted ever becomes a tag, an attribute name, a URL or a style.
import { showInvisible } from "../../escape/visible.js";

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text already shown (or our own): escaped for element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);
}

/** Untrusted text: invisible characters as ⟨U+XXXX⟩, then escaped. */
export function shownHtml(text: string): string {
  return visibleHtml(showInvisible(text));
}

/** Text already shown (through showInvisible), escaped, each ⟨U+XXXX⟩ tag in a span the stylesheet
 * keeps on one line (`.cp`): a narrow box may wrap a value between its characters, never inside a tag.
 * Only showInvisible writes a ⟨ (the content's own is shown as ⟨U+27E8⟩), so every match is a tag. */
export function visibleHtml(visible: string): string {
  return escapeHtml(visible).replace(/⟨U\+[0-9A-F]{4,6}⟩/g, (tag) => `<span class="cp">${tag}</span>`);
}

/** The first `max` code points of `text`, and how many were left out. */
export function cutPoints(text: string, max: number): { text: string; more: number } {
  if (text.length <= max) return { text, more: 0 };
  const points = [...text];
  if (points.length <= max) return { text, more: 0 };
  return { text: points.slice(0, max).join(""), more: points.length - max };
}

/** Untrusted text cut to `max` code points, escaped, with a note of what was cut. */
export function shownCut(text: string, max: number): string {
  const { text: kept, more } = cutPoints(text, max);
  return more === 0
    ? shownHtml(kept)
    : `${shownHtml(kept)}<span class="cut">… ${more} more characters</span>`;
}
