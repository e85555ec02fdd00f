// Failures grouped by cause. An implementation with one policy (refusing every top-level scalar) or
// one writing fault (escaping all non-ASCII) fails a hundred cases for one reason; a maintainer should
// read that reason once, with the count and the cases under it, and then see the failures that have
// causes of their own. This module is pure (no Node built-ins): the console, the job summary,
// results.json and the HTML report (in Node and in the browser) all group with it.
//
// It reads only what a report already shows: each case's `expected` and `got` texts (as src/checks
// writes them), and, when present, its kind, source and input. A cause is one of, in this order:
//   policy        one policy: refusing every top-level scalar (a bare number, string, true, false, null)
//   refusal       one refusal message, with what varies per input (numbers, offsets, quoted fragments)
//                 normalized away
//   failure       one harness failure (timeout, crash, lost framing), normalized the same way
//   acceptance    inputs that must be refused, accepted, under one rule (the case's source)
//   difference    one class of first difference between the expected and the given output ("writes
//                 non-ASCII as \uXXXX", "escapes /", "spells exponents differently", one exact edit)
//   counterexample one shrunk counterexample shared by generated cases
// Groups are sorted biggest first; a group of one is reported as just that case.

import { firstDifference } from "./difference.js";
import { differenceClass } from "./difference-class.js";
import { showInvisible } from "./visible.js";

/** What a group is grouped by. `case` is a group of one: a failure with a cause of its own. */
export type CauseKind =
  | "policy"
  | "refusal"
  | "failure"
  | "acceptance"
  | "difference"
  | "counterexample"
  | "case";

/**
 * One cause and the failed cases it explains. Serializable as it is (results.json, the job summary):
 * - `cause`: a stable key, `<kind>:<what>`: `policy:top-level-scalar`,
 *   `refusal:<normalized message>`, `failure:<normalized reason>`, `acceptance:<source>`,
 *   `difference:<class>` (e.g. `difference:escapes-non-ascii`, `difference:edit:["/","\\/"]`),
 *   `counterexample:<input>`, or `case:<suite/name>` for a group of one. The same failures give the
 *   same keys on every run.
 * - `title`: one line for people, with invisible characters already shown as ⟨U+XXXX⟩.
 * - `count`: how many failed cases it holds (`cases.length`).
 * - `cases`: the failed cases' names, `suite/name`, in corpus order.
 */
export interface FailureGroup {
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
  return c.suite === undefined ? c.name : `${c.suite}/${c.name}`;
}

interface Cause {
  cause: string;
  kind: Exclude<CauseKind, "case">;
  title: string;
  /** The title with the message as the case gave it: used when every case in the group gave that. */
  exactTitle?: string;
}

/** Failed cases grouped by cause, biggest group first; groups of one are `case` entries after them. */
export function groupFailures(cases: readonly GroupableCase[]): FailureGroup[] {
  const policy = topLevelScalarPolicy(cases);
  const groups = new Map<
    string,
    { cause: Cause; cases: string[]; first: number; only: GroupableCase; exact: Set<string | undefined> }
  >();
  let index = 0;
  for (const c of cases) {
    index++;
    if (c.pass) continue;
    const cause = causeOf(c, policy);
    const name = caseName(c);
    const key = cause?.cause ?? `case:${name}`;
    const group = groups.get(key);
    if (group) {
      group.cases.push(name);
      group.exact.add(cause?.exactTitle);
    } else {
      groups.set(key, {
        cause: cause ?? { cause: key, kind: "difference", title: "" },
        cases: [name],
        first: index,
        only: c,
        exact: new Set([cause?.exactTitle]),
      });
    }
  }
  const out = [...groups.values()].map((g): FailureGroup & { first: number } => {
    const [exact] = g.exact;
    const titled = g.exact.size === 1 && exact !== undefined ? exact : g.cause.title;
    if (g.cases.length > 1) {
      const { cause, kind } = g.cause;
      return { cause, kind, title: titled, count: g.cases.length, cases: g.cases, first: g.first };
    }
    const name = g.cases[0]!;
    const title = titled !== "" ? titled : caseTitle(g.only);
    return { cause: `case:${name}`, kind: "case", title, count: 1, cases: [name], first: g.first };
  });
  // Biggest first; equal sizes (and all the single cases) in corpus order.
  out.sort((a, b) => b.count - a.count || a.first - b.first);
  return out.map(({ first: _first, ...group }) => group);
}

/** A single case's title when it has no class: the first difference, or what it got. */
function caseTitle(c: GroupableCase): string {
  const note = firstDifference(c.expected, c.got);
  if (note !== undefined) return showInvisible(note);
  return `got ${showInvisible(clip(c.got, 80))}`;
}

function clip(text: string, max: number): string {
  const points = [...text];
  return points.length <= max ? text : `${points.slice(0, max).join("")}…`;
}

// ---------------------------------------------------------------------------------------------
// Reading a case's texts: its answers, its expected output, its top-level inputs.

/** An answer as a check shows it: an output, or a refusal / a harness failure with its reason. */
type Shown = { status: "output"; text: string } | { status: "reject" | "failed"; reason: string };

function shown(text: string): Shown {
  if (text.startsWith("reject: ")) return { status: "reject", reason: text.slice(8) };
  if (text.startsWith("failed: ")) return { status: "failed", reason: text.slice(8) };
  return { status: "output", text };
}

/** What a generated case adds after its answer: `; draw 3 of this case failed, shrunk ...; replay: ...`. */
const PROPERTY_TAIL = /; draw \d+ of this case failed, shrunk \d+ times? .*$/s;
const ANSWER_LEADS = ["canon(canon(x)) → ", "canon(x) → ", "write(x) → ", "read(w) → "];

/** The answers a case's `got` holds, in input order (pair cases: a, then b). */
function answersOf(got: string): {
  answers: Shown[];
  pair: boolean;
  numbers?: { expected: string; got: string };
} {
  let text = got.replace(PROPERTY_TAIL, "");
  // The numbers suite: `M of N matched; first mismatch: number #K: input I, expected E, got G`.
  const numbers = /^\d+ of \d+ matched; first mismatch: (.*)$/s.exec(text);
  if (numbers) {
    const one = /^number #\d+: input .*?, expected (\S*), got (.*)$/s.exec(numbers[1]!);
    if (one) return { answers: [], pair: false, numbers: { expected: one[1]!, got: one[2]! } };
    const block = /^block of numbers from #\d+: (.*)$/s.exec(numbers[1]!);
    return { answers: block ? [shown(block[1]!)] : [], pair: false };
  }
  for (const lead of ANSWER_LEADS) {
    if (text.startsWith(lead)) {
      text = text.slice(lead.length);
      break;
    }
  }
  if (text.startsWith("both: ")) return { answers: [shown(text.slice(6))], pair: true };
  const pair = /^a: (.*?) \| b: (.*)$/s.exec(text);
  if (pair) return { answers: [shown(pair[1]!), shown(pair[2]!)], pair: true };
  return { answers: [shown(text)], pair: false };
}

/** The output a case expected, when its `expected` names one (not for pairs, reject, or counts). */
function expectedOutput(expected: string): string | undefined {
  if (expected === "reject") return undefined;
  let text = expected;
  const property = /^for (?:x = .*?|a = .*? and b = .*?)(?: \([^)]*\))?: (.*)$/s.exec(text);
  if (property) text = property[1]!;
  if (text.startsWith("reject, or ")) return text.slice(11);
  for (const lead of ANSWER_LEADS) {
    if (text.startsWith(lead)) {
      const rest = text.slice(lead.length);
      if (rest === "canonical JSON") return undefined;
      return rest.replace(/ \(= (?:canon\(x\)|w)\)$/, "");
    }
  }
  if (/^(?:the same output|different outputs) for /.test(text)) return undefined;
  if (/^\d+ numbers as ES6 String\(n\)/.test(text) || /^\d+ runs \(/.test(text)) return undefined;
  return text;
}

/** Whether a case's expectation is a refusal (a reject case): then refusing is right. */
function expectsReject(c: GroupableCase): boolean {
  return c.kind === "reject" || c.expected === "reject";
}

/** The first character of each top-level input the case names, as far as its texts tell. */
function inputHeads(c: GroupableCase): string[] | undefined {
  const pairText =
    /^for a = (.*?) and b = (.*)$/s.exec(c.expected) ??
    /^(?:the same output|different outputs) for a = (.*?) and b = (.*)$/s.exec(c.expected);
  if (pairText) return [headOf(pairText[1]!), headOf(pairText[2]!)];
  const single = /^for x = (.*)$/s.exec(c.expected);
  if (single) return [headOf(single[1]!)];
  if (c.input !== undefined) return [headOf(c.input)];
  const output = expectedOutput(c.expected);
  if (output !== undefined && c.kind !== "idempotent" && c.kind !== "roundtrip") return [headOf(output)];
  return undefined;
}

/** The first character of a shown JSON text after its whitespace (shown raw, as \xHH or ⟨U+XXXX⟩). */
function headOf(text: string): string {
  return text.replace(/^(?:[ \t\n\r]|\\x0[9AD]|⟨U\+000[9AD]⟩)+/, "").charAt(0);
}

function isScalarHead(head: string): boolean | undefined {
  if (head === "{" || head === "[") return false;
  if (/^[-0-9"tfn]$/.test(head)) return true;
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Policy: refusing every top-level scalar.

/**
 * True when the implementation refuses top-level scalars as a policy: it refused at least two
 * valid ones, and answered no case whose input is a top-level scalar with an output.
 */
function topLevelScalarPolicy(cases: readonly GroupableCase[]): boolean {
  let refused = 0;
  for (const c of cases) {
    if (expectsReject(c)) continue;
    const heads = inputHeads(c);
    if (heads === undefined) continue;
    const { answers } = answersOf(c.got);
    for (let i = 0; i < answers.length; i++) {
      const head = heads[answers.length === 2 ? i : 0];
      if (head === undefined || isScalarHead(head) !== true) continue;
      const a = answers[i]!;
      if (a.status === "output") return false;
      if (a.status === "reject") refused++;
    }
  }
  return refused >= 2;
}

function isScalarRefusal(c: GroupableCase): boolean {
  if (expectsReject(c)) return false;
  const heads = inputHeads(c);
  if (heads === undefined) return false;
  const { answers } = answersOf(c.got);
  let any = false;
  for (let i = 0; i < answers.length; i++) {
    if (answers[i]!.status !== "reject") continue;
    const head = heads[answers.length === 2 ? i : 0];
    if (head === undefined || isScalarHead(head) !== true) return false;
    any = true;
  }
  return any;
}

// ---------------------------------------------------------------------------------------------
// The cause of one failed case.

function causeOf(c: GroupableCase, policy: boolean): Cause | undefined {
  if (policy && isScalarRefusal(c)) {
    return {
      cause: "policy:top-level-scalar",
      kind: "policy",
      title: "refuses every top-level scalar (a bare number, string, true, false or null as the whole text)",
    };
  }
  const { answers, numbers } = answersOf(c.got);
  const refusal = answers.find((a) => a.status === "reject");
  if (refusal && refusal.status === "reject" && !expectsReject(c)) {
    const message = normalizeReason(refusal.reason);
    return {
      cause: `refusal:${message}`,
      kind: "refusal",
      title: `refuses: ${quoted(message)}`,
      exactTitle: `refuses: ${quoted(stripCutNote(refusal.reason))}`,
    };
  }
  const failure = answers.find((a) => a.status === "failed");
  if (failure && failure.status === "failed") {
    const reason = normalizeReason(failure.reason);
    return {
      cause: `failure:${reason}`,
      kind: "failure",
      title: `no answer: ${quoted(reason)}`,
      exactTitle: `no answer: ${quoted(stripCutNote(failure.reason))}`,
    };
  }
  if (expectsReject(c) && answers[0]?.status === "output") {
    // The first rule a source names (`RFC 8259 §6; seed 002 ...` is `RFC 8259 §6`).
    const rule = (c.source?.split(";")[0] ?? "").trim() || (c.suite ?? c.name.split("/")[0] ?? "");
    return {
      cause: `acceptance:${rule}`,
      kind: "acceptance",
      title: `accepts input that must be refused (${showInvisible(clip(rule, 120))})`,
    };
  }
  const pairs: { expected: string; got: string }[] = [];
  if (numbers) pairs.push(numbers);
  else {
    const expected = expectedOutput(c.expected);
    const got = answers.length === 1 ? answers[0] : undefined;
    if (expected !== undefined && got?.status === "output") pairs.push({ expected, got: got.text });
  }
  for (const pair of pairs) {
    const found = differenceClass(pair.expected, pair.got);
    if (found) return { cause: `difference:${found.id}`, kind: "difference", title: found.title };
  }
  const counterexample = /^for (x = .*?|a = .*? and b = .*?)(?: \([^)]*\))?: /s.exec(c.expected);
  if (counterexample) {
    const x = counterexample[1]!;
    return {
      cause: `counterexample:${x}`,
      kind: "counterexample",
      title: `generated cases shrink to one counterexample: ${showInvisible(clip(x, 120))}`,
    };
  }
  return undefined;
}

function quoted(text: string): string {
  return `“${showInvisible(clip(text, 160))}”`;
}

/** A reason cut by the check says so at its end: `… (1234 UTF-16 units)`. */
function stripCutNote(reason: string): string {
  return reason.replace(/… \(\d+ UTF-16 units\)$/, "");
}

/** A refusal or failure reason with what varies per input taken out, so one cause reads as one. */
export function normalizeReason(reason: string): string {
  return (
    stripCutNote(reason)
      // Quoted fragments of the input: "...", '...', `...`, “...”, ‘...’, «...».
      .replace(
        /"(?:[^"\\]|\\.)*"|(?<![\p{L}\p{N}])'[^'\n]*'(?![\p{L}\p{N}])|`[^`]*`|“[^”]*”|‘[^’]*’|«[^»]*»/gu,
        "…",
      )
      .replace(/U\+[0-9A-Fa-f]{4,6}/g, "U+XXXX")
      .replace(/\\u[0-9A-Fa-f]{4}/g, "\\uXXXX")
      .replace(/\\x[0-9A-Fa-f]{2}/g, "\\xHH")
      .replace(/\b0x[0-9A-Fa-f]+\b/g, "N")
      .replace(/\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/g, "N")
      .replace(/\s+/g, " ")
      .trim()
  );
}
