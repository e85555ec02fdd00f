// Failures grouped by cause (src/causes/group.ts), as every report shows them: titles with their
// invisible characters shown as ⟨U+XXXX⟩. The console, the job summary, results.json, the annotations
// and the HTML report (in Node and in the browser) all take their groups from here.
import { type CauseGroup, type GroupableCase, groupByCause } from "../causes/group.js";
import { showInvisible } from "../escape/visible.js";

/** A group as the reports show it: src/causes' group, its title with invisible characters shown. */
export type FailureGroup = CauseGroup;

/** Failed cases grouped by cause, biggest group first (src/causes/group.ts), titles shown. */
export function groupFailures(cases: readonly GroupableCase[]): FailureGroup[] {
  return groupByCause(cases).map((g) => ({ ...g, title: showInvisible(g.title) }));
}
