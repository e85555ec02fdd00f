// What went wrong in one failed case, read from the texts a report already shows: its `expected` and
// `got` (as src/checks writes them) and, when known, its kind, source and input. The cause names the
// fault, not the place it showed: a number written otherwise than ES6 String(n) is one cause whether a
// canon case, a pair of invariants, the numbers sweep or a generated case shows it, and an I1 case
// whose implementation cannot read its own output is traced back to what was wrong in that output.
//
// A cause is one of:
//   refusal     valid input refused: one message, with what varies per input normalized away
//   failure     no answer (timeout, crash, lost framing), normalized the same way
//   acceptance  input that must be refused, accepted, under one rule (the case's source)
//   difference  an output that differs from RFC 8785's by one class (./difference-class.ts); one no
//               class names is `difference:other`, which a report may join to the one class a run shows
//   choice      one choice the RFC leaves, made one way for some cases and the other way for others
//   counterexample  a generated case with no class of its own: its shrunk counterexample
// (A report adds `policy`: refusing every top-level scalar, which only the whole run can tell.)
//
// Where a case's texts hold no expected output (a pair that should have come out equal, or different;
// an I1 or I4 case), the input shown with the case is canonicalized here (./reference.ts) and the
// outputs compared with that. Pure: no Node built-ins (the HTML report runs it in the browser too).
// Titles are plain text: the report shows invisible characters when it prints them.
import { readAnswerText, readPairText } from "../text-forms.js";
import { type DifferenceClass, differenceClass, isCut } from "./difference-class.js";
import { referenceOutputs } from "./reference.js";

export type CauseKind = "refusal" | "failure" | "acceptance" | "difference" | "choice" | "counterexample";

/** One cause: stable key, kind, and title. The same failures give the same causes on every run. */
export interface Cause {
  /** `<kind>:<what>`: `refusal:<message>`, `difference:numbers`, `acceptance:RFC 8259 §6`, ... */
  cause: string;
  kind: CauseKind;
  /** One line for people, plain text. */
  title: string;
  /** The title with the message exactly as this case gave it (refusals and failures). */
  exactTitle?: string;
  /** A difference: the form it takes in this case (`numbers`: "-0 for 0"). */
  form?: { id: string; title: string };
  /** A family whose title names the forms seen (numbers: "…: -0 for 0, too few significant digits"). */
  listsForms?: true;
  /** A difference no class names (`difference:other`, or a generated counterexample). */
  unclassified?: true;
}

/** A failed case as causes are read from it: its texts, and what else a report knows of it. */
export interface FailedTexts {
  expected: string;
  got: string;
  /** The case kind (`canon`, `reject`, `equal`, `property`, ...), when known; else read from the texts. */
  kind?: string;
  /** The rule the case rests on (`RFC 8259 §7`), when known. */
  source?: string;
  /** The suite, when known (an acceptance with no source is grouped by it). */
  suite?: string;
  /** `suite/name` or `name`, for an acceptance with neither source nor suite. */
  name?: string;
  /** The case's input as shown (CaseResult.input), when known. */
  input?: string;
}

/** The causes a failed case shows: its own, then (a generated case that went on drawing) the other
 * causes it found, each once. Empty when nothing can be said (the report then names the case alone). */
export function causesOf(c: FailedTexts): Cause[] {
  const instances = generatedInstances(c);
  if (instances === undefined) {
    const one = caseCause(c);
    return one ? [one] : [];
  }
  const out: Cause[] = [];
  for (const instance of instances) {
    const found = instanceCause(instance);
    if (found && !out.some((o) => o.cause === found.cause)) out.push(found);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The case kinds, as their texts show them.

/** An answer as a check shows it: an output, or a refusal / a harness failure with its reason. */
type Shown =
  | { status: "output"; text: string }
  | { status: "reject"; reason: string }
  | { status: "failed"; reason: string };

function shown(text: string): Shown {
  const answer = readAnswerText(text);
  if (answer.status === "canonical") return { status: "output", text: answer.output };
  if (answer.status === "rejected") return { status: "reject", reason: answer.reason };
  return { status: "failed", reason: answer.reason };
}

/** The steps I1 and I4 name (src/checks/show.ts). */
const TWICE_SECOND = ["canon(canon(x)) → ", "read(w) → "];
const TWICE_FIRST = ["canon(x) → ", "write(x) → "];

function caseCause(c: FailedTexts): Cause | undefined {
  const kind = c.kind ?? kindFromTexts(c);
  switch (kind) {
    case "reject":
      return rejectCause(c, shown(c.got));
    case "numbers":
      return numbersCause(c.got);
    case "consistent-choice":
      return choiceCause(c);
    case "idempotent":
    case "roundtrip":
      return twiceCause(c.expected, c.got, c.input);
    case "equal":
    case "differ":
      return pairCause(kind, pairInputs(c), undefined, c.got);
    default: {
      // canon, canon-or-reject, or a case whose kind the texts do not tell: an expected output.
      const expected = c.expected.startsWith("reject, or ") ? c.expected.slice(11) : c.expected;
      return answerCause(expected, shown(c.got));
    }
  }
}

function kindFromTexts(c: FailedTexts): string {
  if (c.expected === "reject") return "reject";
  if (/^\d+ of \d+ matched/.test(c.got)) return "numbers";
  if (/^all \d+ accepted, or all \d+ refused$/.test(c.expected)) return "consistent-choice";
  if (TWICE_SECOND.some((s) => c.expected.startsWith(s)) || / → canonical JSON$/.test(c.expected)) {
    return c.expected.startsWith("read(w)") || c.expected.startsWith("write(x)") ? "roundtrip" : "idempotent";
  }
  if (c.expected.startsWith("the same output for ")) return "equal";
  if (c.expected.startsWith("different outputs for ")) return "differ";
  return "canon";
}

/** A reject case: an output accepted what must be refused; a failure is no answer. */
function rejectCause(c: FailedTexts, answer: Shown): Cause | undefined {
  if (answer.status === "failed") return failureCause(answer.reason);
  if (answer.status !== "output") return undefined;
  // The first rule a source names (`RFC 8259 §6; seed 002 ...` is `RFC 8259 §6`).
  const rule = (c.source?.split(";")[0] ?? "").trim() || c.suite || (c.name?.split("/")[0] ?? "");
  return {
    cause: `acceptance:${rule}`,
    kind: "acceptance",
    title: `accepts input that must be refused (${clip(rule, 120)})`,
  };
}

/** A case that expects output `expected` and got `answer`. */
function answerCause(expected: string, answer: Shown): Cause | undefined {
  if (answer.status === "reject") return refusalCause(answer.reason);
  if (answer.status === "failed") return failureCause(answer.reason);
  return differenceCause(differenceClass(expected, answer.text));
}

function differenceCause(found: DifferenceClass | undefined): Cause {
  if (!found) {
    return {
      cause: "difference:other",
      kind: "difference",
      title: "writes another output than RFC 8785 (no class of difference fits)",
      unclassified: true,
    };
  }
  return {
    cause: `difference:${found.id}`,
    kind: "difference",
    title: found.title,
    form: found.form,
    ...(found.listsForms ? { listsForms: true as const } : {}),
  };
}

function refusalCause(reason: string): Cause {
  const message = normalizeReason(reason);
  return {
    cause: `refusal:${message}`,
    kind: "refusal",
    title: `refuses: “${clip(message, 160)}”`,
    exactTitle: `refuses: “${clip(stripCutNote(reason), 160)}”`,
  };
}

function failureCause(reason: string): Cause {
  const normalized = normalizeReason(reason);
  return {
    cause: `failure:${normalized}`,
    kind: "failure",
    title: `no answer: “${clip(normalized, 160)}”`,
    exactTitle: `no answer: “${clip(stripCutNote(reason), 160)}”`,
  };
}

/**
 * The numbers sweep: each culprit it names (`number #K: input I, expected E, got G`, G an output, a
 * refusal or no answer), or the block it lost (`block of numbers …: <answer>`). A classified
 * difference wins; then a refusal or no answer, which reads as the same cause the stored cases give.
 */
function numbersCause(got: string): Cause | undefined {
  const found = /^\d+ of \d+ matched; (?:first )?mismatch(?:es)?: (.*)$/s.exec(got);
  if (!found) return undefined;
  const detail = found[1]!.replace(/; kinds: [^;]*$/, "").replace(/; and \d+ more$/, "");
  let fallback: Cause | undefined;
  let unclassified: Cause | undefined;
  for (const entry of detail.split(/; (?=number #\d|block of numbers )/)) {
    const number = /^number #\d+: input \S*, expected (\S*), got (.*)$/s.exec(entry);
    const block = number ? undefined : /^block of numbers [^:]*: (.*)$/s.exec(entry);
    const answer = number ? shown(number[2]!) : block ? shown(block[1]!) : undefined;
    if (!answer) continue;
    if (answer.status === "reject") fallback ??= refusalCause(answer.reason);
    else if (answer.status === "failed") fallback ??= failureCause(answer.reason);
    else {
      const difference = number
        ? differenceClass(`[${number[1]!}]`, `[${answer.text}]`)
        : answer.text.startsWith("\uFEFF")
          ? differenceClass("[]", "\uFEFF[]")
          : undefined;
      const cause = differenceCause(difference);
      if (!cause.unclassified) return cause;
      unclassified ??= cause;
    }
  }
  return fallback ?? unclassified;
}

/** consistent-choice: accepted some members, refused others. */
function choiceCause(c: FailedTexts): Cause | undefined {
  const accepted = /accepted (\d+)/.exec(c.got)?.[1];
  const refused = /refused (\d+)/.exec(c.got)?.[1];
  if (accepted === undefined || refused === undefined) return undefined;
  const what = c.name ?? "one choice";
  return {
    cause: `choice:${what}`,
    kind: "choice",
    title: `makes one choice the RFC leaves differently from case to case: accepted ${accepted}, refused ${refused}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Pairs (I2, I3) and twice (I1, I4): the outputs are compared with RFC 8785's for the inputs.

interface PairInputs {
  a: string;
  b: string;
}

/** A stored pair's inputs, from its input (shown longer) or its expected text: `a = A and b = B`. */
function pairInputs(c: FailedTexts): PairInputs | undefined {
  if (c.input !== undefined) {
    const fromInput = splitPair(c.input.replace(/^a = /, ""));
    if (fromInput) return fromInput;
  }
  const text = /^(?:the same output|different outputs) for a = (.*)$/s.exec(c.expected)?.[1];
  return text === undefined ? undefined : splitPair(text);
}

/** `A and b = B`, split where both sides are inputs RFC 8785 reads (else at the first split). */
function splitPair(text: string): PairInputs | undefined {
  const marker = " and b = ";
  let first: PairInputs | undefined;
  for (let at = text.indexOf(marker); at >= 0; at = text.indexOf(marker, at + 1)) {
    const pair = { a: text.slice(0, at), b: text.slice(at + marker.length) };
    if (referenceOutputs(pair.a) && referenceOutputs(pair.b)) return pair;
    first ??= pair;
  }
  return first;
}

/** The references a pair's outputs are compared with: `ra` and `rb`, or undefined. For an I2 case
 * the profile under which the two are the same (RFC 8785 first, then nfc), for I3 the one under
 * which they differ. */
function pairReferences(
  kind: "equal" | "differ",
  inputs: PairInputs | undefined,
): { ra: string; rb: string } | undefined {
  if (!inputs) return undefined;
  const a = referenceOutputs(inputs.a);
  const b = referenceOutputs(inputs.b);
  if (!a || !b) return undefined;
  for (const profile of ["rfc8785", "nfc"] as const) {
    const ra = a[profile];
    const rb = b[profile];
    if (ra !== undefined && rb !== undefined && (ra === rb) === (kind === "equal")) return { ra, rb };
  }
  return undefined;
}

/**
 * An I2 or I3 failure: a refusal or a failure of either side, or outputs compared with RFC 8785's
 * (given, for a generated instance, or computed from the inputs).
 */
function pairCause(
  kind: "equal" | "differ",
  inputs: PairInputs | undefined,
  given: { ra: string; rb: string } | undefined,
  got: string,
): Cause | undefined {
  const answers = pairAnswers(got);
  if (!answers) return undefined;
  for (const answer of answers) if (answer.status === "reject") return refusalCause(answer.reason);
  for (const answer of answers) if (answer.status === "failed") return failureCause(answer.reason);
  const outputs = answers.map((a) => (a.status === "output" ? a.text : ""));
  const [x, y] = [outputs[0]!, outputs[1] ?? outputs[0]!];
  const refs = given ?? pairReferences(kind, inputs);
  if (!refs) return differenceCause(undefined);
  let cause: Cause | undefined;
  for (const [reference, output] of [
    [refs.ra, x],
    [refs.rb, y],
  ] as const) {
    if (reference === output) continue;
    const next = differenceCause(differenceClass(reference, output));
    if (!next.unclassified) return next;
    cause ??= next;
  }
  return cause ?? differenceCause(undefined);
}

/** The answers of a pair's `got`: `both: X` (one answer for both), or `a: X | b: Y`. */
function pairAnswers(got: string): Shown[] | undefined {
  const pair = readPairText(got);
  if (pair) return "both" in pair ? [shown(pair.both)] : [shown(pair.a), shown(pair.b)];
  // The separator appears twice: split at the first, as a person would read it.
  const loose = /^a: (.*?) \| b: (.*)$/s.exec(got);
  return loose ? [shown(loose[1]!), shown(loose[2]!)] : undefined;
}

/**
 * I1 or I4: `expected` is `<second step> → W (= canon(x))` (W the implementation's own first output)
 * or `<first step> → canonical JSON` when the first step gave none. A first output other than RFC
 * 8785's is the cause, however the second step then went; a right one leaves the second step's.
 */
function twiceCause(expected: string, got: string, input: string | undefined): Cause | undefined {
  const firstLead = TWICE_FIRST.find((lead) => got.startsWith(lead));
  if (firstLead && / → canonical JSON$/.test(expected)) {
    return answerCause("", shown(got.slice(firstLead.length)));
  }
  const secondLead = TWICE_SECOND.find((lead) => expected.startsWith(lead));
  if (!secondLead || !got.startsWith(secondLead)) return undefined;
  const own = expected.slice(secondLead.length).replace(/ \(= (?:canon\(x\)|w)\)$/, "");
  const references = input === undefined ? undefined : referenceOutputs(input);
  if (references && !isCut(own) && own !== references.rfc8785 && own !== references.nfc) {
    return differenceCause(
      differenceClass(references.rfc8785, own) ??
        (references.nfc === undefined ? undefined : differenceClass(references.nfc, own)),
    );
  }
  return answerCause(own, shown(got.slice(secondLead.length)));
}

// ---------------------------------------------------------------------------------------------
// Generated cases: `for <input>: <what the instance expected>`, then the answer, how it was found,
// and any further causes the case found as it went on drawing (src/checks/property.ts).

/** One failing instance of a generated case, as its texts state it. */
export interface InstanceTexts {
  /** `x = X`, or `a = A and b = B`, or `a = A and b = B (mutation)`. */
  input: string;
  /** What the instance expected, in its kind's words (`canon(x) → R`, `the same output for a and b: R`). */
  expected: string;
  /** What it got, in its kind's form. */
  got: string;
}

/** What a generated case's `got` adds after the answer: `; draw 3 of this case failed, shrunk …`. */
const PROPERTY_TAIL = /; draw \d+ of this case failed, shrunk \d+ times? /;
/** Each further cause a generated case found: `; also draw 17 (another cause, shrunk 4 times, path …): `. */
const ALSO = /; also draw \d+ \(another cause, shrunk \d+ times?(?:, path [\d:]+)?\): /g;
const ALSO_GOT = " — got ";

/** The instance leads each kind's expectation starts with, after `for <input>: `. */
const INSTANCE_LEADS = [
  ": canon(x) → ",
  ": canon(canon(x)) → ",
  ": the same output for a and b: ",
  ": different outputs for a and b: ",
];

/** `for <input>: <expected>` split at the first instance lead. */
function splitInstance(text: string): { input: string; expected: string } | undefined {
  if (!text.startsWith("for ")) return undefined;
  let at = -1;
  for (const lead of INSTANCE_LEADS) {
    const k = text.indexOf(lead);
    if (k >= 0 && (at < 0 || k < at)) at = k;
  }
  if (at < 0) return undefined;
  return { input: text.slice(4, at), expected: text.slice(at + 2) };
}

/** A generated case's instances: the one it reports, then each further cause it found; undefined
 * when the case is not a generated one. */
export function generatedInstances(
  c: Pick<FailedTexts, "expected" | "got" | "kind">,
): InstanceTexts[] | undefined {
  if (c.kind !== undefined && c.kind !== "property") return undefined;
  const primary = splitInstance(c.expected);
  if (!primary) return undefined;
  const tail = PROPERTY_TAIL.exec(c.got);
  const instances: InstanceTexts[] = [{ ...primary, got: tail ? c.got.slice(0, tail.index) : c.got }];
  if (!tail) return instances;
  const rest = c.got.slice(tail.index);
  const starts = [...rest.matchAll(ALSO)];
  starts.forEach((m, k) => {
    const from = m.index! + m[0].length;
    const to = k + 1 < starts.length ? starts[k + 1]!.index! : rest.length;
    const segment = rest.slice(from, to);
    const instance = splitInstance(segment);
    if (!instance) return;
    const split = instance.expected.indexOf(ALSO_GOT);
    if (split < 0) return;
    instances.push({
      input: instance.input,
      expected: instance.expected.slice(0, split),
      got: instance.expected.slice(split + ALSO_GOT.length),
    });
  });
  return instances;
}

/**
 * What a generated instance's failure shows, to tell a new cause from one a case has already found
 * (src/checks/property.ts goes on drawing past a repeat): its cause's key, and every failure no class
 * names as one.
 */
export function instanceCauseKey(instance: InstanceTexts): string {
  const cause = instanceCause(instance);
  return cause.unclassified ? "unclassified" : cause.cause;
}

/** The cause of one generated instance, judged by its kind's rule; with no class of its own, its
 * counterexample. */
function instanceCause(instance: InstanceTexts): Cause {
  const { input, expected, got } = instance;
  const inputText = input.replace(/ \([^)]*\)$/, "");
  let cause: Cause | undefined;
  if (expected.startsWith("canon(x) → canonical JSON") || expected.startsWith("canon(canon(x)) → ")) {
    cause = twiceCause(expected, got, inputText.replace(/^x = /, ""));
  } else if (expected.startsWith("canon(x) → ")) {
    cause = answerCause(expected.slice(11), shown(got.replace(/^canon\(x\) → /, "")));
  } else {
    const same = /^the same output for a and b: (.*)$/s.exec(expected);
    const different = /^different outputs for a and b: (.*)$/s.exec(expected);
    const inputs = splitPair(inputText.replace(/^a = /, ""));
    if (same) cause = pairCause("equal", inputs, { ra: same[1]!, rb: same[1]! }, got);
    else if (different) cause = pairCause("differ", inputs, splitOutputs(different[1]!), got);
  }
  if (cause && !cause.unclassified) return cause;
  return {
    cause: `counterexample:${inputText}`,
    kind: "counterexample",
    title: `generated cases shrink to one counterexample: ${clip(inputText, 120)}`,
    unclassified: true,
  };
}

/** `RA and RB`, split where both sides read as JSON (else at the first ` and `). */
function splitOutputs(text: string): { ra: string; rb: string } | undefined {
  let first: { ra: string; rb: string } | undefined;
  for (let at = text.indexOf(" and "); at >= 0; at = text.indexOf(" and ", at + 1)) {
    const pair = { ra: text.slice(0, at), rb: text.slice(at + 5) };
    if (referenceOutputs(pair.ra) && referenceOutputs(pair.rb)) return pair;
    first ??= pair;
  }
  return first;
}

// ---------------------------------------------------------------------------------------------
// Messages.

function clip(text: string, max: number): string {
  const points = [...text];
  return points.length <= max ? text : `${points.slice(0, max).join("")}…`;
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
