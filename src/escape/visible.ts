// Corpus text and implementation output reach people through terminals, Markdown and XML. Characters
// that draw nothing (controls, format characters, odd spaces, lone surrogates, noncharacters, private-use
// and unassigned code points, which no font is bound to draw) would make two different answers look the
// same, or drive a terminal, so every report shows them as ⟨U+XXXX⟩. (Unassigned is as this Node's
// Unicode version has it: a code point assigned later shows as a tag here and drawn on a newer Node.) The opening bracket itself is shown the same way, so the notation cannot be forged by the
// content and distinct strings stay distinct.

/** Letters and marks that draw nothing (combining grapheme joiner, Hangul fillers, Khmer inherent
 * vowels), plus the notation's own opening bracket. */
const INVISIBLE_LETTERS = "\u034F\u115F\u1160\u17B4\u17B5\u3164\uFFA0\u27E8";

// With the `u` flag a surrogate range matches only unpaired surrogates: pairs are one code point.
const INVISIBLE = new RegExp(
  `[\\p{Cc}\\p{Cf}\\p{Co}\\p{Cn}\\p{Zs}\\p{Zl}\\p{Zp}\\uD800-\\uDFFF${INVISIBLE_LETTERS}]`,
  "gu",
);

/** The notation for one code point: `⟨U+000A⟩`, `⟨U+1F600⟩`. */
export function codePointTag(codePoint: number): string {
  return `⟨U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}⟩`;
}

/** `text` with every invisible character written as its ⟨U+XXXX⟩ tag; the ASCII space stays a space. */
export function showInvisible(text: string): string {
  return text.replace(INVISIBLE, (ch) => (ch === " " ? ch : codePointTag(ch.codePointAt(0)!)));
}

/** The legend reports print next to values that went through showInvisible. */
export const INVISIBLE_LEGEND = "Invisible and control characters are shown as ⟨U+XXXX⟩.";
