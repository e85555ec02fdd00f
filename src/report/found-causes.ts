// Causes as they are found (issue 29): a long failing run says each new cause when a case first shows
// it, not only at the end. The failures so far are grouped as every report groups them
// (src/view/causes.ts), so a line says what the end will say of that cause; each cause is said once
// (by its title, and by its first case: a cause can be keyed otherwise once more cases show it).
// Grouping is over every failure so far, so it is done at most once a second past the first few
// failures (a run with thousands of failures stays linear), with a look left for the second's end.
import type { CaseResult } from "../types.js";
import { groupFailures } from "../view/causes.js";

/** Failures looked at one by one until there are this many. */
const EACH_UNTIL = 50;
const EVERY_MS = 1000;

export interface CauseWatcher {
  /** A case that failed, as it is judged. */
  failed(result: CaseResult): void;
  /** No more lines (the run ended: its verdict names every cause). */
  stop(): void;
}

/** Calls `say` with one line per cause as failures show it: `found: TITLE (first case, N so far)`. */
export function watchCauses(say: (line: string) => void): CauseWatcher {
  const failures: CaseResult[] = [];
  const said = new Set<string>();
  const saidCases = new Set<string>();
  let lookedAt = Number.NEGATIVE_INFINITY;
  let pending: NodeJS.Timeout | undefined;
  let stopped = false;
  const look = () => {
    pending = undefined;
    if (stopped) return;
    lookedAt = Date.now();
    for (const group of groupFailures(failures)) {
      // A cause one case shows is keyed by that case until a second shows it, and a family's title
      // grows with the forms it sees: a group holding a case already said is the same cause.
      if (said.has(group.title) || group.cases.some((c) => saidCases.has(c))) continue;
      said.add(group.title);
      saidCases.add(group.cases[0]!);
      const more = group.count > 1 ? `, ${group.count} cases so far` : "";
      say(`found: ${group.title} (${group.cases[0]}${more})`);
    }
  };
  return {
    failed(result) {
      if (stopped) return;
      failures.push(result);
      if (failures.length <= EACH_UNTIL || Date.now() - lookedAt >= EVERY_MS) look();
      else pending ??= setTimeout(look, EVERY_MS - (Date.now() - lookedAt)).unref();
    },
    stop() {
      stopped = true;
      if (pending) clearTimeout(pending);
    },
  };
}
