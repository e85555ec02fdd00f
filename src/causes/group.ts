// Failures grouped by cause. An implementation with one policy (refusing every top-level scalar) or
// one writing fault (escaping all non-ASCII) fails a hundred cases for one reason; a maintainer should
// read that reason once, with the count and the cases under it, and then see the failures that have
// causes of their own. This module is pure (no Node built-ins): the console, the job summary,
// results.json and the HTML report (in Node and in the browser) all group with it (src/view/causes.ts
// shows the titles' invisible characters).
//
// What went wrong in each case is ./cause.ts' (a refusal, no answer, an acceptance, a class of
// difference, an inconsistent choice, a generated counterexample), read from the texts a report
// already shows. What only the whole run can tell is decided here:
//   policy      refusing every top-level scalar (a bare number, string, true, false, null): it refused
//               at least two and accepted none (./policy.ts)
//   families    a class of difference is a family with forms (numbers: -0, too few digits, a padded
//               exponent): the group is the family, its title names the forms it saw
//   joins       a difference no class names (a long value the report cut past the difference, a pair
//               whose inputs are shown in part, a generated counterexample) joins the run's difference
//               cause when the run shows exactly one: the likely same fault, and said so
//   fits both   an acceptance that another cause explains as well (./cause.ts `joins`) goes under that
//               cause when a case the run shows stands for it alone: a reader that stops after its
//               first value accepts a no-break space after it, as a reader of Unicode white space does
//   choices     a consistent-choice case whose members went the other way for a fault the run shows
//               in failed cases of their own (a top-level 1.5 refused, "cannot encode 1.5", by an
//               implementation that refuses every fraction) goes under that fault's cause
//   several     a generated case that went on drawing past its first failure shows several causes, and
//               so does an output with several faults at once (a counterexample that carries both of
//               a run's faults: ./cause.ts `parts`); it is listed under the first of them that no
//               other case stands for, else its first, so none is hidden and none reads as a third
// Groups are sorted biggest first; a group of one is reported as just that case. Every failed case is
// in exactly one group.

import { readChoiceGot, readRecordCaseName, recordCaseName } from "../text-forms/index.js";
import { type CauseKind as CaseCauseKind, type Cause, causesOf } from "./cause.js";
import { isScalarRefusal, topLevelScalarPolicy } from "./policy.js";

/** What a group is grouped by. `case` is a group of one: a failure with a cause of its own. */
export type CauseKind = CaseCauseKind | "policy" | "case";

/**
 * One cause and the failed cases it explains. Serializable as it is (results.json, the job summary):
 * - `cause`: a stable key, `<kind>:<what>`: `policy:top-level-scalar`,
 *   `refusal:<normalized message>`, `failure:<normalized reason>`, `acceptance:<source>`,
 *   `difference:<family>` (e.g. `difference:escapes-non-ascii`, `difference:numbers`,
 *   `difference:edit:["}",""]`, `difference:other`), `choice:<case>`, `counterexample:<input>`, or
 *   `case:<suite/name>` for a group of one. The same failures give the same keys on every run.
 * - `title`: one line for people, plain text (a report shows its invisible characters).
 * - `count`: how many failed cases it holds (`cases.length`).
 * - `cases`: the failed cases' names, `suite/name`, in corpus order.
 */
export interface CauseGroup {
  cause: string;
  kind: CauseKind;
  title: string;
  count: number;
  cases: string[];
}

/** A judged case as grouping reads it: a CaseResult (with `suite`) or a record's case (`suite/name`). */
export interface GroupableCase {
  /** `name` alone (with `suite`), or `suite/name` as a record names it. */
  name: string;
  suite?: string;
  pass: boolean;
  expected: string;
  got: string;
  /** The case kind (`canon`, `reject`, `equal`, ...), when known; otherwise read from the texts. */
  kind?: string;
  /** The rule the case rests on (`RFC 8259 §7`), when known. */
  source?: string;
  /** The case's input as shown (issue 14 adds it to results), when known. */
  input?: string;
}

/** How a case is named in a group: `suite/name`. */
export function caseName(c: GroupableCase): string {
  return c.suite === undefined ? c.name : recordCaseName(c.suite, c.name);
}

/** A case's cause as a group holds it: src/causes' or the policy; `joined` when it had no class of
 * its own and joined the run's one difference cause. */
type GroupCause = Omit<Cause, "kind"> & { kind: Exclude<CauseKind, "case">; joined?: true };

const POLICY: GroupCause = {
  cause: "policy:top-level-scalar",
  kind: "policy",
  title: "refuses every top-level scalar (a bare number, string, true, false or null as the whole text)",
};

/** Failed cases grouped by cause, biggest group first; groups of one are `case` entries after them. */
export function groupByCause(cases: readonly GroupableCase[]): CauseGroup[] {
  const policy = topLevelScalarPolicy(cases);
  const failed: { c: GroupableCase; name: string; suite: string; index: number; causes: GroupCause[] }[] = [];
  cases.forEach((c, index) => {
    if (c.pass) return;
    const name = caseName(c);
    const suite = c.suite ?? readRecordCaseName(name).suite;
    const causes: GroupCause[] = policy && isScalarRefusal(c) ? [POLICY] : causesOf({ ...c, name, suite });
    failed.push({ c, name, suite, index, causes });
  });

  // A cause a case also fits, shown by a case that fits it alone: the case joins it.
  const shownAlone = new Set(failed.flatMap((f) => f.causes.filter((k) => !k.joins).map((k) => k.cause)));
  for (const f of failed) {
    f.causes = f.causes.map((k) => (k.joins && shownAlone.has(k.joins.cause) ? k.joins : k));
  }

  // A choice made otherwise for some members, for a fault the run shows elsewhere: that fault.
  const shown = new Set(
    failed.flatMap((f) => f.causes.filter((k) => k.kind !== "choice").map((k) => k.cause)),
  );
  const byName = new Map(cases.map((c) => [caseName(c), c]));
  for (const f of failed) {
    // A choice case: inconsistent (its own cause), or with members that got no answer (none).
    const choice = f.causes.length === 0 || (f.causes.length === 1 && f.causes[0]!.kind === "choice");
    const fault = choice ? choiceFault(f.c, f.suite, byName, shown) : undefined;
    if (fault) f.causes = [fault];
  }

  // The classified difference families the run shows: an unclassified difference joins the one.
  const families = new Set(
    failed.flatMap((f) =>
      f.causes.filter((k) => k.kind === "difference" && !k.unclassified).map((k) => k.cause),
    ),
  );
  const only = families.size === 1 ? [...families][0]! : undefined;
  const joinTo =
    only === undefined ? undefined : failed.flatMap((f) => f.causes).find((k) => k.cause === only);
  const chosen = (k: GroupCause): GroupCause =>
    joinTo !== undefined && k.unclassified ? { ...joinTo, joined: true } : k;

  // A case with one cause goes under it; one with several (a generated case that went on drawing)
  // under the first that no case stands for yet, else its first.
  const assigned = new Map<(typeof failed)[number], GroupCause>();
  for (const f of failed) if (f.causes.length <= 1 && f.causes[0]) assigned.set(f, chosen(f.causes[0]));
  const represented = new Set([...assigned.values()].map((k) => k.cause));
  for (const f of failed) {
    if (f.causes.length <= 1) continue;
    const options = f.causes.map(chosen);
    const pick = options.find((k) => !represented.has(k.cause)) ?? options[0]!;
    represented.add(pick.cause);
    assigned.set(f, pick);
  }

  const groups = new Map<string, { members: typeof failed; causes: GroupCause[]; first: number }>();
  for (const f of failed) {
    const cause = assigned.get(f);
    const key = cause?.cause ?? `case:${f.name}`;
    const group = groups.get(key) ?? { members: [], causes: [], first: f.index };
    group.members.push(f);
    if (cause) group.causes.push(cause);
    groups.set(key, group);
  }
  const out = [...groups.entries()].map(([key, g]): CauseGroup & { first: number } => {
    const names = g.members.map((m) => m.name);
    let title = groupTitle(g.causes) ?? caseTitle(g.members[0]!.c);
    // A case alone with no class of its own: what it got says more than "another output"; for a
    // generated counterexample, what that draw got (the case may have found another cause first).
    const own = g.causes[0];
    if (names.length === 1 && own?.unclassified && !own.joined) {
      title += `: ${own.answer === undefined ? caseTitle(g.members[0]!.c) : `got ${clip(own.answer, 80)}`}`;
    }
    if (names.length === 1) {
      return { cause: `case:${names[0]}`, kind: "case", title, count: 1, cases: names, first: g.first };
    }
    const kind = g.causes[0]?.kind ?? "case";
    return { cause: key, kind, title, count: names.length, cases: names, first: g.first };
  });
  // Biggest first; equal sizes (and all the single cases) in corpus order.
  out.sort((a, b) => b.count - a.count || a.first - b.first);
  return out.map(({ first: _first, ...group }) => group);
}

/** The cause a consistent-choice case's members show, when they went the fewer way (refused among
 * accepted ones, or got no answer) for a fault the run `shown` in failed cases of their own: each
 * member is a case of the run, passed or not, and its answer reads as that fault's cause. */
function choiceFault(
  c: GroupableCase,
  suite: string,
  byName: ReadonlyMap<string, GroupableCase>,
  shown: ReadonlySet<string>,
): GroupCause | undefined {
  if (c.kind !== undefined && c.kind !== "consistent-choice") return undefined;
  const got = readChoiceGot(c.got);
  if (got === undefined) return undefined;
  const fewer = got.refused.length < got.accepted.length ? got.refused : [];
  for (const member of [...fewer, ...got.noAnswer]) {
    const m = byName.get(recordCaseName(suite, member));
    const [cause] = m === undefined ? [] : causesOf({ ...m, name: caseName(m), suite });
    if (cause !== undefined && shown.has(cause.cause)) return cause;
  }
  return undefined;
}

/** A group's title: the exact message when every case gave the same one; a family's forms; and how
 * many joined it without a class of their own. */
function groupTitle(causes: readonly GroupCause[]): string | undefined {
  const own = causes.filter((k) => !k.joined);
  const base = own[0] ?? causes[0];
  if (base === undefined) return undefined;
  let title = base.title;
  const exact = new Set(own.map((k) => k.exactTitle));
  const [exactTitle] = exact;
  if (exact.size === 1 && exactTitle !== undefined) title = exactTitle;
  const forms = new Map<string, { title: string; count: number }>();
  for (const k of own) {
    if (k.form === undefined) continue;
    const seen = forms.get(k.form.id) ?? { title: k.form.title, count: 0 };
    seen.count++;
    forms.set(k.form.id, seen);
  }
  const byCount = [...forms.values()].sort((a, b) => b.count - a.count);
  if (base.listsForms && byCount.length > 0) {
    title = `${base.title}: ${byCount.map((f) => f.title).join(", ")}`;
  } else if (byCount.length === 1) title = byCount[0]!.title;
  const joined = causes.length - own.length;
  if (joined > 0 && own.length > 0) {
    title += `; and ${joined} ${joined === 1 ? "case" : "cases"} whose difference has no class of ${joined === 1 ? "its" : "their"} own`;
  }
  return title;
}

/** A case with no cause to name: what it got. */
function caseTitle(c: GroupableCase): string {
  return `got ${clip(c.got, 80)}`;
}

function clip(text: string, max: number): string {
  const points = [...text];
  return points.length <= max ? text : `${points.slice(0, max).join("")}…`;
}
