// An option's name as someone typed it: the known name nearest to a misspelt one, for the CLI's
// "did you mean --protocol?" and the action's "did you mean `protocol`?" alike, and the typed text
// shown back safely (bounded, its invisible characters made visible), since it is not ours.
import { showInvisible } from "../escape/visible.js";
import { cutCodePoints, editDistance } from "../text.js";

/** `-` and `_` count as the same, and case does not count: `expected_signer` and `--Protocol` are
 * misspellings, not other words. */
const folded = (text: string) => text.toLowerCase().replace(/_/g, "-");

/**
 * The name in `known` that `given` most likely meant, when one is near enough: a misspelling of it
 * (misspeltName), or failing that the one name `given` shortens (shortenedName: `key` for
 * `key-file`, `cmd` for `command`). Else undefined.
 */
export function nearestName(
  given: string,
  known: readonly string[],
  sameOption?: (a: string, b: string) => boolean,
): string | undefined {
  return misspeltName(given, known) ?? shortenedName(given, known, sameOption);
}

/**
 * The name in `known` nearest to `given` by edit distance (`-` and `_` alike, case ignored), when it
 * is near enough to be a misspelling of it: at most 2 edits, or 1 for a name of five letters or
 * fewer; else undefined. Ties go to the earlier name in `known`.
 */
export function misspeltName(given: string, known: readonly string[]): string | undefined {
  let best: { name: string; d: number } | undefined;
  for (const name of known) {
    const d = editDistance(folded(given), folded(name));
    if (best === undefined || d < best.d) best = { name, d };
  }
  if (best === undefined || best.d > (best.name.length <= 5 ? 1 : 2)) return undefined;
  return best.name;
}

/**
 * The one name in `known` that `given` is a shortening of, word by word (words split at `-`): each word
 * typed starts as the name's word in its place does and keeps some of its letters in order, and later
 * words of the name may be left out. So a prefix (`key` for `key-file`, `expected-f` for
 * `expected-failures`) and a common abbreviation (`cmd` for `command`, `cfg` for `config`) are
 * understood. Three characters at least, and undefined when it shortens no name or names of more than
 * one option (`sameOption` tells a name and its alias apart from two options; by default every name
 * is an option of its own).
 */
export function shortenedName(
  given: string,
  known: readonly string[],
  sameOption: (a: string, b: string) => boolean = (a, b) => a === b,
): string | undefined {
  const typed = folded(given).split("-");
  if (folded(given).length < 3 || typed.some((w) => w === "")) return undefined;
  const found = known.filter((name) => {
    const words = folded(name).split("-");
    return typed.length <= words.length && typed.every((w, k) => shortens(w, words[k]!));
  });
  return found.length > 0 && found.every((name) => sameOption(name, found[0]!)) ? found[0] : undefined;
}

/** Whether `short` starts as `word` does and its letters come in `word` in that order. */
function shortens(short: string, word: string): boolean {
  if (short[0] !== word[0]) return false;
  let at = 0;
  for (const ch of short) {
    at = word.indexOf(ch, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

/** The longest piece of someone's text a message repeats. */
export const MAX_SHOWN_CHARS = 60;

/** `text` (a name someone typed, an argument) as a message shows it: its first MAX_SHOWN_CHARS code
 * points, `…` after a cut, every invisible or control character as ⟨U+XXXX⟩ (src/escape/visible.ts). */
export function shownText(text: string): string {
  const cut = cutCodePoints(text, MAX_SHOWN_CHARS);
  return `${showInvisible(cut)}${cut.length < text.length ? "…" : ""}`;
}
