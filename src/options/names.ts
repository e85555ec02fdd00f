// An option's name as someone typed it: the known name nearest to a misspelt one, for the CLI's
// "did you mean --protocol?" and the action's "did you mean `protocol`?" alike, and the typed text
// shown back safely (bounded, its invisible characters made visible), since it is not ours.
import { showInvisible } from "../escape/visible.js";
import { cutCodePoints, editDistance } from "../text.js";

/** `-` and `_` count as the same, and case does not count: `expected_signer` and `--Protocol` are
 * misspellings, not other words. */
const folded = (text: string) => text.toLowerCase().replace(/_/g, "-");

/**
 * The name in `known` nearest to `given` by edit distance (`-` and `_` alike, case ignored), when it
 * is near enough to be what was meant: at most 2 edits, or 1 for a name of five letters or fewer;
 * else undefined. Ties go to the earlier name in `known`.
 */
export function nearestName(given: string, known: readonly string[]): string | undefined {
  let best: { name: string; d: number } | undefined;
  for (const name of known) {
    const d = editDistance(folded(given), folded(name));
    if (best === undefined || d < best.d) best = { name, d };
  }
  if (best === undefined || best.d > (best.name.length <= 5 ? 1 : 2)) return undefined;
  return best.name;
}

/** The longest piece of someone's text a message repeats. */
export const MAX_SHOWN_CHARS = 60;

/** `text` (a name someone typed, an argument) as a message shows it: its first MAX_SHOWN_CHARS code
 * points, `…` after a cut, every invisible or control character as ⟨U+XXXX⟩ (src/escape/visible.ts). */
export function shownText(text: string): string {
  const cut = cutCodePoints(text, MAX_SHOWN_CHARS);
  return `${showInvisible(cut)}${cut.length < text.length ? "…" : ""}`;
}
