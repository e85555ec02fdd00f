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
  return text.replace(/^(?: |\\x0[9AD]|⟨U\+000[9AD]⟩)+/, "").charAt(0);
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
      title: `refuses valid input: ${quoted(message)}`,
      exactTitle: `refuses valid input: ${quoted(stripCutNote(refusal.reason))}`,
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
      title: `accepts input that must be refused (${showInvisible(rule)})`,
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

// ---------------------------------------------------------------------------------------------
// Classes of first difference between an expected and a given output (both as checks show them).

interface DifferenceClass {
  id: string;
  title: string;
}

/** What a check appends to a value it cut: `… (1234 bytes, sha256 <hex>)`. */
const CUT_TAIL = /… \(\d+ bytes, sha256 [0-9a-f]{64}\)$/;

export function differenceClass(expected: string, got: string): DifferenceClass | undefined {
  const e = [...expected.replace(CUT_TAIL, "")];
  const g = [...got.replace(CUT_TAIL, "")];
  const cut = CUT_TAIL.test(expected) || CUT_TAIL.test(got);
  let i = 0;
  while (i < e.length && i < g.length && e[i] === g[i]) i++;
  if (i === e.length && i === g.length) return undefined;
  // Past the end of a cut value nothing is known.
  if (cut && (i >= e.length || i >= g.length)) return undefined;
  const prefix = e.slice(0, i).join("");
  const gRest = g.slice(i).join("");

  // A non-ASCII character written as a \u escape (its UTF-16 unit, or the first of a pair).
  const ec = e[i];
  const uEscape = /^\\u([0-9A-Fa-f]{4})/.exec(gRest);
  if (ec !== undefined && ec.codePointAt(0)! > 0x7f && uEscape) {
    const unit = Number.parseInt(uEscape[1]!, 16);
    if (unit === ec.charCodeAt(0)) {
      return { id: "escapes-non-ascii", title: "writes non-ASCII characters as \\uXXXX escapes" };
    }
  }
  if (ec === "/" && gRest.startsWith("\\/")) return { id: "escapes-slash", title: "escapes / as \\/" };
  // Hex digits of a \u escape written in uppercase.
  const openEscape = /\\u[0-9a-f]{0,3}$/.exec(prefix);
  if (openEscape && ec !== undefined && /[a-f]/.test(ec) && g[i] === ec.toUpperCase()) {
    return { id: "uppercase-hex-escapes", title: "writes \\u escapes with uppercase hex digits" };
  }
  // The backslash of an escape written again: `\\n` for `\n`, `\\u0000` for `\u0000`.
  if (g[i] === "\\" && prefix.endsWith("\\") && insideString(prefix.slice(0, -1))) {
    return { id: "escapes-escapes", title: "escapes the backslash of an escape again (\\\\n for \\n)" };
  }
  if (i === 0 && g[0] === "\uFEFF") {
    return { id: "writes-bom", title: "writes a byte-order mark (U+FEFF) before the output" };
  }
  if (!insideString(prefix)) {
    const numbers = numberClass(e, g, i);
    if (numbers) return numbers;
  }
  const parsed = parseBoth(e.join(""), g.join(""));
  const structural = parsed && structuralClass(parsed.e, parsed.g);
  if (structural) return structural;
  const edit = editClass(e, g, i);
  if (edit) return edit;
  if (parsed && stringPairs(parsed.e, parsed.g) !== undefined) {
    return { id: "changes-strings", title: "changes the contents of strings" };
  }
  return undefined;
}

function parseBoth(expected: string, got: string): { e: unknown; g: unknown } | undefined {
  try {
    return { e: JSON.parse(expected), g: JSON.parse(got) };
  } catch {
    return undefined;
  }
}

/** Whether `prefix`, a JSON text's beginning, ends inside a string. */
function insideString(prefix: string): boolean {
  let inside = false;
  for (let k = 0; k < prefix.length; k++) {
    const ch = prefix[k];
    if (inside && ch === "\\") k++;
    else if (ch === '"') inside = !inside;
  }
  return inside;
}

const NUMBER_CHAR = /[-+.0-9eE]/;
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?$/;

/** The number token of `text` around index `i` (code points), if `i` is in or just after one. */
function tokenAt(text: string[], i: number): string {
  let from = i;
  while (from > 0 && NUMBER_CHAR.test(text[from - 1]!)) from--;
  let to = i;
  while (to < text.length && NUMBER_CHAR.test(text[to]!)) to++;
  return text.slice(from, to).join("");
}

function significantDigits(token: string): number {
  const mantissa = token.replace(/^-/, "").split(/[eE]/)[0]!.replace(".", "");
  return mantissa.replace(/^0+/, "").replace(/0+$/, "").length;
}

function numberClass(e: string[], g: string[], i: number): DifferenceClass | undefined {
  // The difference must be in a number: at one of its characters, on either side.
  if (!NUMBER_CHAR.test(e[i] ?? "") && !NUMBER_CHAR.test(g[i] ?? "")) return undefined;
  const et = tokenAt(e, i);
  let gt = tokenAt(g, i);
  if (!JSON_NUMBER.test(et)) return undefined;
  const word = /^-?(?:Infinity|NaN|inf|nan|null)/i.exec(g.slice(i - (gt === "-" ? 1 : 0)).join(""));
  if (word && (gt === "" || gt === "-")) gt = word[0];
  if (gt === et || gt === "") return undefined;
  const title = (what: string) => `writes numbers other than ES6 String(n) does: ${what}`;
  if (et === "0" && gt === "-0") return { id: "number-minus-zero", title: title("-0 for 0") };
  const ev = Number(et);
  const gv = Number(gt);
  if (Number.isNaN(gv) || ev !== gv) {
    if (significantDigits(gt) < significantDigits(et)) {
      return { id: "number-fewer-digits", title: title("too few significant digits") };
    }
    return { id: "number-value", title: title("another value") };
  }
  const eExp = /[eE]/.test(et);
  const gExp = /[eE]/.test(gt);
  if (eExp && gExp) return { id: "number-exponent-spelling", title: title("exponents spelled differently") };
  if (eExp !== gExp) {
    return { id: "number-notation", title: title("plain and exponent notation switched at another point") };
  }
  return { id: "number-spelling", title: title("another spelling of the same value") };
}

/** Both outputs parsed as JSON: members or arrays reordered, strings normalized, emptied or cut,
 * members left out. */
function structuralClass(e: unknown, g: unknown): DifferenceClass | undefined {
  if (sameValue(e, g, false)) {
    return { id: "member-order", title: "orders object members other than by UTF-16 code units" };
  }
  if (sameValue(e, g, true)) return { id: "array-order", title: "reorders array elements" };
  for (const form of ["NFC", "NFD"] as const) {
    if (sameValue(normalizeStrings(e, form), g, false)) {
      return {
        id: `normalizes-${form.toLowerCase()}`,
        title: `normalizes strings to ${form} (RFC 8785 keeps them as sent)`,
      };
    }
  }
  const pairs = stringPairs(e, g);
  if (pairs !== undefined && pairs.length > 0) {
    if (pairs.every(([, got]) => got === ""))
      return { id: "empties-strings", title: "writes strings as empty strings" };
    if (pairs.every(([expected, got]) => expected.startsWith(got)))
      return { id: "cuts-strings", title: "cuts strings short" };
  }
  const dropped = droppedMembers(e, g);
  if (dropped !== undefined && dropped.length > 0) {
    if (dropped.every((v) => v === null)) {
      return { id: "drops-null-members", title: "leaves out members whose value is null" };
    }
    return { id: "drops-members", title: "leaves out object members" };
  }
  return undefined;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Equal as JSON values, members in any order; with `anyOrder`, array elements in any order too. */
function sameValue(a: unknown, b: unknown, anyOrder: boolean): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    if (!anyOrder) return a.every((x, k) => sameValue(x, b[k], false));
    const key = (v: unknown) => JSON.stringify(sortKeys(v));
    const ka = a.map(key).sort();
    const kb = b.map(key).sort();
    return ka.every((x, k) => x === kb[k]);
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((k) => Object.hasOwn(b, k) && sameValue(a[k], b[k], anyOrder));
  }
  return Object.is(a, b) || a === b;
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys).sort();
  if (isObject(v)) {
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sortKeys(v[k])]),
    );
  }
  return v;
}

function normalizeStrings(v: unknown, form: "NFC" | "NFD"): unknown {
  if (typeof v === "string") return v.normalize(form);
  if (Array.isArray(v)) return v.map((x) => normalizeStrings(x, form));
  if (isObject(v)) {
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) => [k.normalize(form), normalizeStrings(x, form)]),
    );
  }
  return v;
}

/** The strings (names and values) that differ, in order, when the two values have one shape and
 * differ in strings only; undefined otherwise. */
function stringPairs(e: unknown, g: unknown): [string, string][] | undefined {
  if (typeof e === "string" && typeof g === "string") return e === g ? [] : [[e, g]];
  if (Array.isArray(e) && Array.isArray(g)) {
    if (e.length !== g.length) return undefined;
    const all: [string, string][] = [];
    for (let k = 0; k < e.length; k++) {
      const d = stringPairs(e[k], g[k]);
      if (d === undefined) return undefined;
      all.push(...d);
    }
    return all;
  }
  if (isObject(e) && isObject(g)) {
    const ek = Object.keys(e);
    const gk = Object.keys(g);
    if (ek.length !== gk.length) return undefined;
    const all: [string, string][] = [];
    for (let k = 0; k < ek.length; k++) {
      if (ek[k] !== gk[k]) all.push([ek[k]!, gk[k]!]);
      const d = stringPairs(e[ek[k]!], g[gk[k]!]);
      if (d === undefined) return undefined;
      all.push(...d);
    }
    return all;
  }
  return Object.is(e, g) ? [] : undefined;
}

/** The values of the members `got` lacks, when it is `expected` with only members left out. */
function droppedMembers(expected: unknown, got: unknown): unknown[] | undefined {
  if (Array.isArray(expected) && Array.isArray(got)) {
    if (expected.length !== got.length) return undefined;
    const all: unknown[] = [];
    for (let k = 0; k < expected.length; k++) {
      const d = droppedMembers(expected[k], got[k]);
      if (d === undefined) return undefined;
      all.push(...d);
    }
    return all;
  }
  if (isObject(expected) && isObject(got)) {
    const all: unknown[] = [];
    for (const k of Object.keys(got)) if (!Object.hasOwn(expected, k)) return undefined;
    for (const k of Object.keys(expected)) {
      if (!Object.hasOwn(got, k)) all.push(expected[k]);
      else {
        const d = droppedMembers(expected[k], got[k]);
        if (d === undefined) return undefined;
        all.push(...d);
      }
    }
    return all;
  }
  return sameValue(expected, got, false) ? [] : undefined;
}

/** The one short edit that turns the expected output into the given one, as its own class. */
const EDIT_MAX = 12;

function editClass(e: string[], g: string[], i: number): DifferenceClass | undefined {
  let s = 0;
  while (s < e.length - i && s < g.length - i && e[e.length - 1 - s] === g[g.length - 1 - s]) s++;
  const removed = e.slice(i, e.length - s).join("");
  const added = g.slice(i, g.length - s).join("");
  if ([...removed].length > EDIT_MAX || [...added].length > EDIT_MAX) return undefined;
  const q = (text: string) => `“${showInvisible(text)}”`;
  const title =
    removed === ""
      ? `writes an extra ${q(added)}`
      : added === ""
        ? `leaves out ${q(removed)}`
        : `writes ${q(added)} where RFC 8785 writes ${q(removed)}`;
  return { id: `edit:${JSON.stringify([removed, added])}`, title };
}
