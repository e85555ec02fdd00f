// `--case NAME|GLOB` (the action's `cases`): a run of some cases only. A pattern is a case's name as
// reports and the record print it (`suite/name`, src/text-forms/names.ts recordCaseName), where `*` stands for
// any run of characters, `/` included (`jcs/control-*`, `reject/*`, `generated/*/seed-7/*`). The cases
// keep corpus order; a pattern that matches nothing is returned, with the names nearest to it, so the
// run can refuse to start rather than run less than was asked for.

import { compileGlob, type GlobMatcher } from "../glob.js";
import { editDistance } from "../text.js";
import { recordCaseName } from "../text-forms/index.js";
import type { CorpusCase } from "../types.js";

export interface Selection {
  cases: CorpusCase[];
  /** Each pattern that matched no case, with up to five names near it. */
  unmatched: { pattern: string; near: string[] }[];
}

/** A pattern as a whole-name matcher: `*` is any text, everything else itself (src/glob.ts: no
 * backtracking; throws GlobError past MAX_GLOB_CHARS). */
export function casePattern(pattern: string): GlobMatcher {
  return compileGlob(pattern);
}

export function selectCases(cases: readonly CorpusCase[], patterns: readonly string[]): Selection {
  const names = cases.map((c) => recordCaseName(c.suite, c.name));
  const tests = patterns.map(casePattern);
  const hits = patterns.map(() => 0);
  const chosen = cases.filter((_, i) => {
    let any = false;
    tests.forEach((t, p) => {
      if (t.test(names[i]!)) {
        hits[p]! += 1;
        any = true;
      }
    });
    return any;
  });
  const unmatched = patterns
    .filter((_, p) => hits[p] === 0)
    .map((pattern) => ({ pattern, near: nearNames(pattern, names) }));
  return { cases: chosen, unmatched };
}

/** The five names closest to `pattern` by edit distance, closest first: a glob's text before its first
 * `*` is held to each name's start of the same length. */
export function nearNames(pattern: string, names: readonly string[], count = 5): string[] {
  const star = pattern.indexOf("*");
  const bare = star < 0 ? pattern : pattern.slice(0, star);
  return [...new Set(names)]
    .map((name) => ({ name, d: editDistance(bare, star < 0 ? name : name.slice(0, bare.length)) }))
    .sort((a, b) => a.d - b.d || (a.name < b.name ? -1 : 1))
    .slice(0, count)
    .map((n) => n.name);
}
