// Globs over case names (`jcs/control-*`, `generated/*/seed-7/*`): `*` stands for any run of
// characters, `/` included, and everything else for itself. An expected-failures file and `--case`
// come from the repository under test, so a pattern is untrusted input: it is matched without
// backtracking and without a regular expression. The literal pieces between the stars are found left
// to right: the first must start the name, the last must end it, and each one between is searched
// (indexOf) after the end of the one before. Taking each piece at its leftmost place is always right
// for `*`-only globs (a later place leaves less room for the rest, never more), so no choice is ever
// undone: the work is one scan of the name per piece, whatever the pattern (24 stars included, where a
// backtracking regular expression takes hours). Patterns are bounded in length here and in count by
// their callers (MAX_GLOBS).
import { CanonError } from "./errors.js";

/** Longer than any case name (the longest is 54 characters) with room to spare. */
export const MAX_GLOB_CHARS = 256;
/** The most patterns one list (an expected-failures file, the `--case` options) may hold. */
export const MAX_GLOBS = 1000;

/** A pattern that cannot be used; the message says why and names the bound. */
export class GlobError extends CanonError {
  override name = "GlobError";
}

export interface GlobMatcher {
  /** Whether the whole of `name` matches. */
  test(name: string): boolean;
}

/** Compiles `pattern`; throws GlobError when it is longer than MAX_GLOB_CHARS. */
export function compileGlob(pattern: string): GlobMatcher {
  if (pattern.length > MAX_GLOB_CHARS) {
    throw new GlobError(
      `the pattern is ${pattern.length} characters, more than ${MAX_GLOB_CHARS} (no case name is that long)`,
    );
  }
  const pieces = pattern.split("*");
  if (pieces.length === 1) return { test: (name) => name === pattern };
  const first = pieces[0]!;
  const last = pieces[pieces.length - 1]!;
  const middle = pieces.slice(1, -1).filter((p) => p !== "");
  const fixed = first.length + last.length;
  return {
    test(name) {
      if (name.length < fixed || !name.startsWith(first) || !name.endsWith(last)) return false;
      const end = name.length - last.length;
      let at = first.length;
      for (const piece of middle) {
        const found = name.indexOf(piece, at);
        if (found < 0 || found + piece.length > end) return false;
        at = found + piece.length;
      }
      return true;
    },
  };
}

/** Throws GlobError when a list holds more than MAX_GLOBS patterns; `what` names the list. */
export function checkGlobCount(count: number, what: string): void {
  if (count > MAX_GLOBS) {
    throw new GlobError(
      `${what} holds ${count} patterns, more than ${MAX_GLOBS}: name suites or shared starts with a glob (jcs/control-*) instead`,
    );
  }
}
