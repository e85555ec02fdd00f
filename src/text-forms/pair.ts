// The pair forms, what I2 and I3 write of their two inputs and two answers:
//   answers      `a: <answer> | b: <answer>`, or `both: <answer>` when the two are the same output: a
//                pair case's `got` (and a generated pair instance's)
//   inputs       `a = <input> and b = <input>`: a stored pair's input (CaseResult.input), the inputs
//                its expectation names, a generated pair instance's input
//   expectation  `the same output for <what>` (I2), `different outputs for <what>` (I3): a stored
//                pair's `expected` (`<what>` its inputs, or in words when its judge threw)
//   outputs      `the same output for a and b: <output>`, `different outputs for a and b: <output> and
//                <output>`: what a generated pair instance expects, RFC 8785's outputs for a and b
// Each part is free text that may hold the separators: where a split is not certain the readers say
// how they choose.

// --- answers -----------------------------------------------------------------------------------

/** Two answers (each in the answer form): told apart, or one text for both when they are the same. */
export type PairText = { a: string; b: string } | { both: string };

const PAIR_A = "a: ";
const PAIR_B = " | b: ";
const PAIR_BOTH = "both: ";

export function writePairText(pair: PairText): string {
  return "both" in pair ? `${PAIR_BOTH}${pair.both}` : `${PAIR_A}${pair.a}${PAIR_B}${pair.b}`;
}

/**
 * The pair `text` states, or undefined when it is not one. An answer may itself hold ` | b: `, so
 * `a: … | b: …` is split only where the split is certain: a text that holds the separator twice
 * does not read as a pair (readPairTextAtFirst reads it).
 */
export function readPairText(text: string): PairText | undefined {
  if (text.startsWith(PAIR_BOTH)) return { both: text.slice(PAIR_BOTH.length) };
  if (!text.startsWith(PAIR_A)) return undefined;
  const at = text.indexOf(PAIR_B, PAIR_A.length);
  if (at < 0 || text.indexOf(PAIR_B, at + 1) >= 0) return undefined;
  return { a: text.slice(PAIR_A.length, at), b: text.slice(at + PAIR_B.length) };
}

/** The pair `text` states, split at its first separator where it holds more than one, as a person
 * reads it (the likely split: a's answer holds no separator); undefined when it is no pair. */
export function readPairTextAtFirst(text: string): PairText | undefined {
  const certain = readPairText(text);
  if (certain !== undefined || !text.startsWith(PAIR_A)) return certain;
  const at = text.indexOf(PAIR_B, PAIR_A.length);
  return at < 0 ? undefined : { a: text.slice(PAIR_A.length, at), b: text.slice(at + PAIR_B.length) };
}

// --- inputs ------------------------------------------------------------------------------------

/** A pair's two inputs, as shown. */
export interface PairInputs {
  a: string;
  b: string;
}

const INPUT_A = "a = ";
const INPUT_B = " and b = ";

export function writePairInputs(inputs: PairInputs): string {
  return `${INPUT_A}${inputs.a}${INPUT_B}${inputs.b}`;
}

/**
 * Every way `text` reads as a pair's inputs, split at each ` and b = ` in turn (the first split
 * first): an input may hold the separator, and only what the inputs are can tell (src/causes tries
 * each as JSON). Undefined when `text` is no pair of inputs.
 */
export function readPairInputs(text: string): PairInputs[] | undefined {
  if (!text.startsWith(INPUT_A)) return undefined;
  const splits: PairInputs[] = [];
  for (let at = text.indexOf(INPUT_B, INPUT_A.length); at >= 0; at = text.indexOf(INPUT_B, at + 1)) {
    splits.push({ a: text.slice(INPUT_A.length, at), b: text.slice(at + INPUT_B.length) });
  }
  return splits.length > 0 ? splits : undefined;
}

// --- expectations ------------------------------------------------------------------------------

const SAME = "the same output for ";
const DIFFERENT = "different outputs for ";

/** What a pair case expects: the same output (I2) or different outputs (I3) for `what` (its inputs,
 * or words). */
export interface PairExpectation {
  equal: boolean;
  what: string;
}

export function writePairExpectation(expectation: PairExpectation): string {
  return `${expectation.equal ? SAME : DIFFERENT}${expectation.what}`;
}

/** The pair expectation `text` states, or undefined when it states none. */
export function readPairExpectation(text: string): PairExpectation | undefined {
  if (text.startsWith(SAME)) return { equal: true, what: text.slice(SAME.length) };
  if (text.startsWith(DIFFERENT)) return { equal: false, what: text.slice(DIFFERENT.length) };
  return undefined;
}

// --- a generated instance's outputs --------------------------------------------------------------

const FOR_A_AND_B = "a and b: ";
const OUTPUTS_AND = " and ";

/** RFC 8785's outputs for a generated pair: one (they must be the same) or two (they must differ). */
export type PairOutputs = { equal: true; output: string } | { equal: false; a: string; b: string };

export function writePairOutputs(outputs: PairOutputs): string {
  return `${pairOutputsLead(outputs.equal)}${outputs.equal ? outputs.output : `${outputs.a}${OUTPUTS_AND}${outputs.b}`}`;
}

/** What the outputs of a generated pair start with, before the first output. */
export function pairOutputsLead(equal: boolean): string {
  return writePairExpectation({ equal, what: FOR_A_AND_B });
}

/**
 * The outputs `text` states: for the same output, the one; for different outputs, every way the text
 * splits into two at ` and ` (the first split first: an output may hold ` and `). Undefined when
 * `text` states no outputs of a pair.
 */
export function readPairOutputs(
  text: string,
): { equal: true; output: string } | { equal: false; splits: { a: string; b: string }[] } | undefined {
  const expectation = readPairExpectation(text);
  if (!expectation?.what.startsWith(FOR_A_AND_B)) return undefined;
  const rest = expectation.what.slice(FOR_A_AND_B.length);
  if (expectation.equal) return { equal: true, output: rest };
  const splits: { a: string; b: string }[] = [];
  for (let at = rest.indexOf(OUTPUTS_AND); at >= 0; at = rest.indexOf(OUTPUTS_AND, at + 1)) {
    splits.push({ a: rest.slice(0, at), b: rest.slice(at + OUTPUTS_AND.length) });
  }
  return { equal: false, splits };
}
