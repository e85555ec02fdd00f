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
// An output that differs in several places, each of a class but no one class for all (a shrunk
// counterexample that carries two faults), shows the causes of those classes instead (`parts`).
// (A report adds `policy`: refusing every top-level scalar, which only the whole run can tell.)
//
// Where a case's texts hold no expected output (a pair that should have come out equal, or different;
// an I1 or I4 case), the input shown with the case is canonicalized here (./reference.ts) and the
// outputs compared with that. Every text is read with the reader of its form (src/text-forms), beside
// the writer the checks write it with. Pure: no Node built-ins (the HTML report runs it in the browser
// too). Titles are plain text: the report shows invisible characters when it prints them.
import {
  I1_STEPS,
  I4_STEPS,
  type InstanceTexts,
  type PairInputs,
  readAnswerText,
  readChoiceExpectation,
  readChoiceGot,
  readCutBytes,
  readCutText,
  readExpectedAnswer,
  readGeneratedGot,
  readInstanceExpectation,
  readInstanceInput,
  readLinesCountReason,
  readNotUtf8Reason,
  readNumbersGot,
  readPairExpectation,
  readPairInputs,
  readPairOutputs,
  readPairTextAtFirst,
  readRecordCaseName,
  readStepText,
  readTwiceExpectation,
  stepAnswer,
} from "../text-forms/index.js";
import {
  type DifferenceClass,
  differenceClass,
  differenceClasses,
  RAW_CONTROLS,
  withRawControls,
} from "./difference-class.js";
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
  /** What the draw this cause was read from answered (a generated counterexample): a case that found
   * several causes answered otherwise for each, and its title names this one's. */
  answer?: string;
  /** An output that differs in several places, of several classes and none alone (./difference-class.ts
   * differenceClasses): the cause of each. The case shows these causes, not this one. */
  parts?: Cause[];
  /** Another cause this case also fits, which it joins when the run shows that cause in a case that
   * fits no other (an input a reader that stops after its first value accepts, and so does one that
   * takes a no-break space for white space). */
  joins?: Cause;
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
    if ((c.kind ?? kindFromTexts(c)) === "numbers") return numbersCauses(c.got);
    const one = caseCause(c);
    return one ? (one.parts ?? [one]) : [];
  }
  // A draw whose output carries several faults at once shows each of them (issue 37 item 9).
  const out: Cause[] = [];
  for (const instance of instances) {
    const found = instanceCause(instance);
    for (const k of found.parts ?? [found]) if (!out.some((o) => o.cause === k.cause)) out.push(k);
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
      const expected = readExpectedAnswer(c.expected);
      return answerCause(expected.status === "either" ? expected.output : c.expected, shown(c.got));
    }
  }
}

function kindFromTexts(c: FailedTexts): string {
  if (readExpectedAnswer(c.expected).status === "rejected") return "reject";
  if (readNumbersGot(c.got) !== undefined) return "numbers";
  if (readChoiceExpectation(c.expected) !== undefined) return "consistent-choice";
  const twice = readTwiceExpectation(c.expected);
  if (twice) return twice.steps === I4_STEPS ? "roundtrip" : "idempotent";
  const pair = readPairExpectation(c.expected);
  if (pair) return pair.equal ? "equal" : "differ";
  return "canon";
}

/** A reject case: an output accepted what must be refused; a failure is no answer. */
function rejectCause(c: FailedTexts, answer: Shown): Cause | undefined {
  if (answer.status === "failed") return failureCause(answer.reason);
  if (answer.status !== "output") return undefined;
  const firstValue = c.input === undefined ? undefined : firstValueOnly(c.input, answer.text);
  if (firstValue === "past-content") return TRAILING_CONTENT;
  // The first rule a source names (`RFC 8259 §6; seed 002 ...` is `RFC 8259 §6`).
  const rule =
    (c.source?.split(";")[0] ?? "").trim() ||
    c.suite ||
    (c.name === undefined ? "" : readRecordCaseName(c.name).suite);
  return {
    cause: `acceptance:${rule}`,
    kind: "acceptance",
    title: `accepts input that must be refused (${clip(rule, 120)})`,
    ...(firstValue === "past-space" ? { joins: TRAILING_CONTENT } : {}),
  };
}

/** Whatever rule a case tests with what follows the first value (a second value, a character JSON
 * does not count as white space), a reader that stops after the first value accepts it: one cause. */
const TRAILING_CONTENT: Cause = {
  cause: "acceptance:trailing-content",
  kind: "acceptance",
  title:
    "accepts content after the first value, answering that value alone (RFC 8259 §2: only white space may follow it)",
};

/** What a lenient reader skips as it would white space: Unicode's white space, control characters,
 * comments. */
const OTHER_READINGS = /^(?:[\s\u0000-\u0020\u0085]|\/\*[\s\S]*?\*\/|\/\/[^\n\r]*)*$/u;

/**
 * Whether `output` is RFC 8785's form of a first value of `input` (as shown) that something other than
 * JSON's white space follows, as a reader answers that never looks past its first value:
 * `past-content` when what follows is more than a lenient reader skips (a second value, a `]`), so
 * that only such a reader accepts it; `past-space` when it is what a lenient reader skips (a no-break
 * space, a NUL, a comment), so that such a reader accepts it too; undefined otherwise.
 */
function firstValueOnly(input: string, output: string): "past-content" | "past-space" | undefined {
  const points = [...input];
  for (let end = 1; end < points.length; end++) {
    const rest = points.slice(end).join("");
    if (/^[ \t\n\r]*$/.test(rest)) return undefined;
    if (referenceOutputs(points.slice(0, end).join(""))?.rfc8785 !== output) continue;
    return OTHER_READINGS.test(rest) ? "past-space" : "past-content";
  }
  return undefined;
}

/** A case that expects output `expected` and got `answer`. */
function answerCause(expected: string, answer: Shown): Cause | undefined {
  if (answer.status === "reject") return refusalCause(answer.reason);
  if (answer.status === "failed") return failureCause(answer.reason, expected);
  return outputCause(expected, answer.text);
}

/** An output `got` where RFC 8785 writes `expected`: the cause its class names; with no class, the
 * unclassified difference, and as its parts the causes of its several differences when each has a
 * class of its own (differenceClasses). */
function outputCause(expected: string, got: string): Cause {
  const found = differenceClass(expected, got);
  if (found) return differenceCause(found);
  const parts = differenceClasses(expected, got);
  const other = differenceCause(undefined);
  return parts ? { ...other, parts: parts.map(differenceCause) } : other;
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

/** No answer, or one the harness could not take; with `expected` (the output RFC 8785 writes), a
 * lines-mode answer split by the raw line feeds of that output is the raw-controls difference. */
function failureCause(reason: string, expected?: string): Cause {
  if (expected !== undefined && splitByRawLineFeeds(reason, expected)) return differenceCause(RAW_CONTROLS);
  const normalized = normalizeReason(reason);
  // An answer the harness got but could not read is no missing answer.
  const what = readNotUtf8Reason(reason) ? "answers with bytes that are not UTF-8" : "no answer";
  return {
    cause: `failure:${normalized}`,
    kind: "failure",
    title: `${what}: “${clip(normalized, 160)}”`,
    exactTitle: `${what}: “${clip(stripCutNote(reason), 160)}”`,
  };
}

/** Whether `reason` is a lines-mode answer of several lines that are `expected` written with its
 * control characters raw, split at its raw line feeds: the raw-controls fault, seen through the lines
 * protocol (each line as the adapter shows it: controls as a space, cut with ` ...`). An expected
 * output the check cut is known up to the cut: its lines there must match, and more may follow. */
function splitByRawLineFeeds(reason: string, expected: string): boolean {
  const split = readLinesCountReason(stripCutNote(reason));
  if (split === undefined) return false;
  const cut = readCutBytes(expected);
  const known = withRawControls(cut?.shown ?? expected).split("\n");
  if (cut === undefined ? split.count !== known.length : split.count < known.length) return false;
  return split.lines.every((shown, k) => {
    if (k >= known.length) return cut !== undefined;
    const line = asOneLine(known[k]!);
    // A line the adapter cut may end inside a character (U+FFFD): compare what comes before it. One
    // the report cut (the last shown) is known up to there.
    const lineCut =
      split.lastCut && k === split.lines.length - 1
        ? shown.replace(/ \.{0,3}$/, "")
        : shown.endsWith(" ...")
          ? shown.slice(0, -5)
          : undefined;
    if (cut !== undefined && k === known.length - 1) {
      const head = lineCut ?? shown;
      return head.startsWith(line) || line.startsWith(head);
    }
    return lineCut === undefined ? shown === line : line.startsWith(lineCut);
  });
}

function asOneLine(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .replace(/ {2,}/g, " ")
    .trim();
}

/** The numbers sweep's causes: its own (numbersCause), then, when that is no missing answer, the
 * first number that got none: a hang among misread numbers is a second fault, not one of its forms. */
function numbersCauses(got: string): Cause[] {
  const own = numbersCause(got);
  if (own === undefined) return [];
  if (own.kind === "failure") return [own];
  const noAnswer = readNumbersGot(got)
    ?.culprits.map((culprit) => shown(culprit.got))
    .find((answer) => answer.status === "failed");
  return noAnswer?.status === "failed" ? [own, failureCause(noAnswer.reason)] : [own];
}

/**
 * The numbers sweep: each culprit it names (`number #K: input I, expected E, got G`, G an output, a
 * refusal or no answer), or the block it lost (`block of numbers …: <answer>`). A classified
 * difference wins; then a refusal or no answer, which reads as the same cause the stored cases give.
 */
function numbersCause(got: string): Cause | undefined {
  let fallback: Cause | undefined;
  let unclassified: Cause | undefined;
  for (const culprit of readNumbersGot(got)?.culprits ?? []) {
    const answer = shown(culprit.got);
    if (answer.status === "reject") fallback ??= refusalCause(answer.reason);
    else if (answer.status === "failed") fallback ??= failureCause(answer.reason);
    else {
      const difference = !("block" in culprit)
        ? differenceClass(`[${culprit.expected}]`, `[${answer.text}]`)
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
  const got = readChoiceGot(c.got);
  const [accepted, refused] = [got?.accepted.length ?? 0, got?.refused.length ?? 0];
  if (accepted === 0 || refused === 0) return undefined;
  const what = c.name ?? "one choice";
  return {
    cause: `choice:${what}`,
    kind: "choice",
    title: `makes one choice the RFC leaves differently from case to case: accepted ${accepted}, refused ${refused}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Pairs (I2, I3) and twice (I1, I4): the outputs are compared with RFC 8785's for the inputs.

/** A stored pair's inputs, from its input (shown longer) or its expected text: `a = A and b = B`. */
function pairInputs(c: FailedTexts): PairInputs | undefined {
  if (c.input !== undefined) {
    const fromInput = likelyInputs(readPairInputs(c.input));
    if (fromInput) return fromInput;
  }
  const expectation = readPairExpectation(c.expected);
  return expectation === undefined ? undefined : likelyInputs(readPairInputs(expectation.what));
}

/** Of the ways a pair's inputs split, the first whose both sides are inputs RFC 8785 reads (else the
 * first). */
function likelyInputs(splits: readonly PairInputs[] | undefined): PairInputs | undefined {
  return splits?.find((p) => referenceOutputs(p.a) && referenceOutputs(p.b)) ?? splits?.[0];
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
  const refs = given ?? pairReferences(kind, inputs);
  for (const [k, answer] of answers.entries()) {
    if (answer.status === "failed") return failureCause(answer.reason, [refs?.ra, refs?.rb][k]);
  }
  const outputs = answers.map((a) => (a.status === "output" ? a.text : ""));
  const [x, y] = [outputs[0]!, outputs[1] ?? outputs[0]!];
  if (!refs) return differenceCause(undefined);
  let cause: Cause | undefined;
  for (const [reference, output] of [
    [refs.ra, x],
    [refs.rb, y],
  ] as const) {
    if (reference === output) continue;
    const next = outputCause(reference, output);
    if (!next.unclassified) return next;
    cause ??= next;
  }
  return cause ?? differenceCause(undefined);
}

/** The answers of a pair's `got`: one for both, or a's and b's (split at the first separator where
 * there are more, as a person would read it). */
function pairAnswers(got: string): Shown[] | undefined {
  const pair = readPairTextAtFirst(got);
  if (pair) return "both" in pair ? [shown(pair.both)] : [shown(pair.a), shown(pair.b)];
  return undefined;
}

/**
 * I1 or I4: `expected` is `<second step> → W (= canon(x))` (W the implementation's own first output)
 * or `<first step> → canonical JSON` when the first step gave none. A first output other than RFC
 * 8785's is the cause, however the second step then went; a right one leaves the second step's.
 */
function twiceCause(expected: string, got: string, input: string | undefined): Cause | undefined {
  const expectation = readTwiceExpectation(expected);
  const step = readStepText(got);
  if (!expectation || !step) return undefined;
  const { steps, own } = expectation;
  const references = input === undefined ? undefined : referenceOutputs(input);
  if (own === undefined) {
    if (step.step !== steps.first) return undefined;
    const answer = shown(step.text);
    // No output to compare: a failure may still be RFC 8785's output, split by its raw line feeds.
    return answer.status === "failed"
      ? failureCause(answer.reason, references?.rfc8785)
      : answerCause("", answer);
  }
  if (step.step !== steps.second) return undefined;
  if (references && !readCutBytes(own) && own !== references.rfc8785 && own !== references.nfc) {
    const found =
      differenceClass(references.rfc8785, own) ??
      (references.nfc === undefined ? undefined : differenceClass(references.nfc, own));
    return found ? differenceCause(found) : outputCause(references.rfc8785, own);
  }
  return answerCause(own, shown(step.text));
}

// ---------------------------------------------------------------------------------------------
// Generated cases: `for <input>: <what the instance expected>`, then the answer, how it was found,
// and any further causes the case found as it went on drawing (src/checks/property.ts).

/** A generated case's instances: the one it reports, then each further cause it found; undefined
 * when the case is not a generated one. */
export function generatedInstances(
  c: Pick<FailedTexts, "expected" | "got" | "kind">,
): InstanceTexts[] | undefined {
  if (c.kind !== undefined && c.kind !== "property") return undefined;
  const primary = readInstanceExpectation(c.expected);
  if (!primary) return undefined;
  const got = readGeneratedGot(c.got);
  return [{ ...primary, got: got ? got.answer : c.got }, ...(got?.also ?? [])];
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
  const read = readInstanceInput(input);
  const inputText = read?.text ?? input;
  const step = readStepText(expected);
  const outputs = readPairOutputs(expected);
  let cause: Cause | undefined;
  if (readTwiceExpectation(expected)?.steps === I1_STEPS) {
    cause = twiceCause(expected, got, read?.x);
  } else if (step?.step === I1_STEPS.first) {
    cause = answerCause(step.text, shown(stepAnswer(got, I1_STEPS.first) ?? got));
  } else if (outputs) {
    const inputs = likelyInputs(read?.pairs);
    if (outputs.equal) cause = pairCause("equal", inputs, { ra: outputs.output, rb: outputs.output }, got);
    else cause = pairCause("differ", inputs, likelyOutputs(outputs.splits), got);
  }
  if (cause && !cause.unclassified) return cause;
  return {
    cause: `counterexample:${inputText}`,
    kind: "counterexample",
    title: `generated cases shrink to one counterexample: ${clip(inputText, 120)}`,
    unclassified: true,
    answer: got,
    ...(cause?.parts ? { parts: cause.parts } : {}),
  };
}

/** Of the ways a pair's outputs split, the first whose both sides read as JSON (else the first). */
function likelyOutputs(splits: readonly { a: string; b: string }[]): { ra: string; rb: string } | undefined {
  const split = splits.find((p) => referenceOutputs(p.a) && referenceOutputs(p.b)) ?? splits[0];
  return split && { ra: split.a, rb: split.b };
}

// ---------------------------------------------------------------------------------------------
// Messages.

function clip(text: string, max: number): string {
  const points = [...text];
  return points.length <= max ? text : `${points.slice(0, max).join("")}…`;
}

/** A reason cut by the check says so at its end (`… (1234 UTF-16 units)`): without that note. */
function stripCutNote(reason: string): string {
  return readCutText(reason)?.shown ?? reason;
}

/** A refusal or failure reason with what varies per input taken out, so one cause reads as one. */
export function normalizeReason(reason: string): string {
  return (
    stripCutNote(reason)
      // Quoted fragments of the input: "...", '...', `...`, “...”, ‘...’, «...»; a quoted phrase of
      // words is the message itself (serde_json's `Error("number out of range", line: 1, ...)`): kept.
      .replace(
        /"(?:[^"\\]|\\.)*"|(?<![\p{L}\p{N}])'[^'\n]*'(?![\p{L}\p{N}])|`[^`]*`|“[^”]*”|‘[^’]*’|«[^»]*»/gu,
        (quoted) => (isPhrase(quoted.slice(1, -1)) ? quoted : "…"),
      )
      .replace(/U\+[0-9A-Fa-f]{4,6}/g, "U+XXXX")
      .replace(/\\u[0-9A-Fa-f]{4}/g, "\\uXXXX")
      .replace(/\\x[0-9A-Fa-f]{2}/g, "\\xHH")
      .replace(/\b0x[0-9A-Fa-f]+\b/g, "N")
      .replace(STANDALONE_NUMBER, "N")
      // A number's sign is no part of the message: "cannot encode -1.5" is "cannot encode 1.5".
      .replace(/(?<![\p{L}\p{N}-])-N\b/gu, "N")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** A number standing alone: not digits inside a word (UTF-8, ES6, sha256, x86_64, 0x1p-2, 10ms) nor
 * the number of a reference (RFC 8785, §3.2.2.3), which say what the message is about, not where. */
const STANDALONE_NUMBER =
  /(?<![\p{L}\p{N}_]|\p{L}[-.]|RFC ?|§|\d\.)\d+(?:\.\d+)?(?:[eE][-+]?\d+)?(?![\p{L}\p{N}_]|\.\d)/gu;

/** Whether a quoted fragment of a reason is a phrase of words (the message a parser quotes, as
 * "number out of range"), not a piece of the input: two words or more of letters, and nothing JSON
 * writes (no quote, bracket, brace or colon). */
function isPhrase(text: string): boolean {
  return /^[\p{L}\p{N} ,.'()_\\/+-]*$/u.test(text) && /\p{L}{2,}[^ ]* +[^ ]*\p{L}{2,}/u.test(text);
}
