// A policy only the whole run can tell: refusing every top-level scalar (a bare number, string, true,
// false or null as the whole text). An implementation may refuse them all, as a choice the RFCs
// leave; each refusal then reads as that policy, not as a cause of its own. A run shows the policy when
// it refused at least two valid top-level scalars and answered none with an output.
//
// Whether a case's input is a top-level scalar, and what it answered, is read from its texts with the
// readers of their forms (src/text-forms): the input a case names (a generated instance's, a stored
// pair's, the case's own, or failing those the output it expected), and the answers its `got` holds.
// Pure: no Node built-ins (the HTML report runs it in the browser too).
import {
  readAnswerText,
  readExpectedAnswer,
  readGeneratedGot,
  readInstanceExpectation,
  readInstanceInput,
  readNumbersExpectation,
  readPairExpectation,
  readPairInputs,
  readPairTextAtFirst,
  readRunsExpectation,
  readStepText,
  readTwiceExpectation,
} from "../text-forms/index.js";

/** A judged case as the policy reads it. */
export interface PolicyCase {
  expected: string;
  got: string;
  /** The case kind, when known; otherwise read from the texts. */
  kind?: string;
  /** The case's input as shown, when known. */
  input?: string;
}

/**
 * True when the implementation refuses top-level scalars as a policy: it refused at least two
 * valid ones, and answered no case whose input is a top-level scalar with an output.
 */
export function topLevelScalarPolicy(cases: readonly PolicyCase[]): boolean {
  let refused = 0;
  for (const c of cases) {
    if (expectsReject(c)) continue;
    const heads = inputHeads(c);
    if (heads === undefined) continue;
    const answers = answersOf(c.got);
    for (let i = 0; i < answers.length; i++) {
      const head = heads[answers.length === 2 ? i : 0];
      if (head === undefined || isScalarHead(head) !== true) continue;
      const a = answers[i]!;
      if (a.status === "canonical") return false;
      if (a.status === "rejected") refused++;
    }
  }
  return refused >= 2;
}

/** Whether a case's failure is the policy's: it refused, and only top-level scalars. */
export function isScalarRefusal(c: PolicyCase): boolean {
  if (expectsReject(c)) return false;
  const heads = inputHeads(c);
  if (heads === undefined) return false;
  const answers = answersOf(c.got);
  let any = false;
  for (let i = 0; i < answers.length; i++) {
    if (answers[i]!.status !== "rejected") continue;
    const head = heads[answers.length === 2 ? i : 0];
    if (head === undefined || isScalarHead(head) !== true) return false;
    any = true;
  }
  return any;
}

/** The answers a case's `got` holds, in input order (a pair: a, then b): a generated case's answer
 * without how it was found, a step's answer without its step. */
function answersOf(got: string): ReturnType<typeof readAnswerText>[] {
  let text = readGeneratedGot(got)?.answer ?? got;
  text = readStepText(text)?.text ?? text;
  const pair = readPairTextAtFirst(text);
  if (pair)
    return "both" in pair ? [readAnswerText(pair.both)] : [readAnswerText(pair.a), readAnswerText(pair.b)];
  return [readAnswerText(text)];
}

/** The output a case expected, when its `expected` names one (not for pairs, reject, or counts). */
function expectedOutput(expected: string): string | undefined {
  const answer = readExpectedAnswer(expected);
  if (answer.status === "rejected") return undefined;
  if (answer.status === "either") return answer.output;
  const step = readStepText(expected);
  if (step) {
    const twice = readTwiceExpectation(expected);
    return twice ? twice.own : step.text;
  }
  if (readPairExpectation(expected)) return undefined;
  if (readNumbersExpectation(expected) || readRunsExpectation(expected)) return undefined;
  return expected;
}

/** Whether a case's expectation is a refusal (a reject case): then refusing is right. */
function expectsReject(c: PolicyCase): boolean {
  return c.kind === "reject" || readExpectedAnswer(c.expected).status === "rejected";
}

/** The first character of each top-level input the case names, as far as its texts tell. */
function inputHeads(c: PolicyCase): string[] | undefined {
  const instance = readInstanceExpectation(c.expected);
  const input = instance && readInstanceInput(instance.input);
  const pair = input ? input.pairs?.[0] : readPairInputs(readPairExpectation(c.expected)?.what ?? "")?.[0];
  if (pair) return [headOf(pair.a), headOf(pair.b)];
  if (input?.x !== undefined) return [headOf(input.x)];
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
