// The step form: an answer or an expectation led by the step that gave it, `<step> → <text>`. I1 and
// I4 take two steps, so that a report can point at the one that went wrong:
//   I1 (idempotent)  `canon(x)`, then `canon(canon(x))`, which must give back `canon(x)`
//   I4 (roundtrip)   `write(x)`, then `read(w)`, which must give back `w`
// Their `expected` is `<first> → canonical JSON` when the first step gave no output, else
// `<second> → <first step's output> (= <echo>)`; their `got` is `<step> → <answer>`, the step that
// went wrong. A generated canon instance leads its expectation and its answer with `canon(x) → ` too.

/** How a two-step rule names its steps. */
export interface TwiceSteps {
  first: Step;
  second: Step;
  /** What the second step must give back: `canon(x)`, or `w`. */
  echo: string;
  /** The rule in words, as titles and claims state it. */
  law: string;
}

/** I1's steps (idempotent) and I4's (roundtrip). */
export const I1_STEPS = {
  first: "canon(x)",
  second: "canon(canon(x))",
  echo: "canon(x)",
  law: "canon(canon(x)) = canon(x)",
} as const;
export const I4_STEPS = {
  first: "write(x)",
  second: "read(w)",
  echo: "w",
  law: "read(write(x)) = write(x)",
} as const;

const STEPS = [I1_STEPS.first, I1_STEPS.second, I4_STEPS.first, I4_STEPS.second] as const;
export type Step = (typeof STEPS)[number];

const ARROW = " → ";

export function writeStepText(step: Step, text: string): string {
  return `${step}${ARROW}${text}`;
}

/** The step `text` is led by and what follows it, or undefined when it is led by none. */
export function readStepText(text: string): { step: Step; text: string } | undefined {
  const step = STEPS.find((s) => text.startsWith(`${s}${ARROW}`));
  return step === undefined ? undefined : { step, text: text.slice(step.length + ARROW.length) };
}

/** `text` without the lead of `step`, or undefined when `step` does not lead it. */
export function stepAnswer(text: string, step: Step): string | undefined {
  const read = readStepText(text);
  return read?.step === step ? read.text : undefined;
}

const NO_OUTPUT = "canonical JSON";

/** What a two-step case expects: its first step's output back (`own`), or, when the first step gave
 * none, canonical JSON from it. */
export type TwiceExpectation = { steps: TwiceSteps; own: string } | { steps: TwiceSteps; own?: undefined };

export function writeTwiceExpectation(expectation: TwiceExpectation): string {
  const { steps, own } = expectation;
  return own === undefined
    ? writeStepText(steps.first, NO_OUTPUT)
    : writeStepText(steps.second, `${own} (= ${steps.echo})`);
}

/** The expectation `text` states, or undefined when it is no two-step expectation. */
export function readTwiceExpectation(text: string): TwiceExpectation | undefined {
  const read = readStepText(text);
  if (read === undefined) return undefined;
  const steps = [I1_STEPS, I4_STEPS].find((s) => s.first === read.step || s.second === read.step)!;
  if (read.step === steps.first) return read.text === NO_OUTPUT ? { steps } : undefined;
  const echo = ` (= ${steps.echo})`;
  return read.text.endsWith(echo) ? { steps, own: read.text.slice(0, -echo.length) } : undefined;
}
