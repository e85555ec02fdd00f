// The generated suite's texts (src/checks/property.ts): one case is runs `from`..`to` of a property;
// each draw is an instance of another kind, stated in that kind's own forms (./steps.ts, ./pair.ts).
//   instance input  `x = <input>`, or `a = <input> and b = <input>` (./pair.ts), with ` (<mutation>)`
//                   after a pair made by a mutation
//   expected        `for <instance input>: <the instance's expectation>` when a draw failed; `<R> runs
//                   (<from>–<to>) of: <claim>` when none did; `runs <from>–<to> of <property> pass`
//                   in the words of a judge that threw
//   got             `<the instance's answer>; draw <D> of this case failed, shrunk <K> times (<F> bytes
//                   sent first, <S> now); <replay>`, then `; <M> more draw(s) failed for a cause
//                   already found`, then for each further cause `; also draw <D> (another cause, shrunk
//                   <K> times[, path <P>]): for <instance input>: <expectation> — got <answer>`;
//                   `<R> of <R> runs passed`; `failed: the property could not be judged: <why>; <replay>`
//   replay          `replay: --seed <S> --generated-runs <N> (fast-check seed <F>[, path <P>])`
// An instance's answer and input are free text that may hold the words that follow them: the reader
// ends the answer at the first `; draw <D> of this case failed, shrunk <K> times `, and an instance
// input at the first instance expectation's lead.
import { type PairInputs, pairOutputsLead, readPairInputs, writePairInputs } from "./pair.js";
import { I1_STEPS, writeStepText } from "./steps.js";

// --- instance inputs ---------------------------------------------------------------------------

/** A generated instance's input: one value, or a pair (made by a mutation, for I3). */
export type InstanceInput = { x: string } | { a: string; b: string; mutation?: string };

const X = "x = ";

export function writeInstanceInput(input: InstanceInput): string {
  if ("x" in input) return `${X}${input.x}`;
  const pair = writePairInputs(input);
  return input.mutation === undefined ? pair : `${pair} (${input.mutation})`;
}

const MUTATION = / \([^)]*\)$/;

/**
 * What an instance input states: `text`, the input without its mutation, as a counterexample is
 * named; `x`, one value; or `pairs`, every split of a pair (./pair.ts readPairInputs). A trailing
 * ` (…)` holding no `)` is read as the mutation whatever the input's form: an `x = …` input the check
 * cut ends so too (` (N UTF-16 units)`), and reads without its note.
 */
export function readInstanceInput(
  text: string,
): { text: string; x?: string; pairs?: PairInputs[]; mutation?: string } | undefined {
  const mutation = MUTATION.exec(text);
  const bare = mutation ? text.slice(0, mutation.index) : text;
  const extra = mutation ? { mutation: mutation[0].slice(2, -1) } : {};
  if (bare.startsWith(X)) return { text: bare, x: bare.slice(X.length), ...extra };
  const pairs = readPairInputs(bare);
  return pairs ? { text: bare, pairs, ...extra } : undefined;
}

// --- expected ----------------------------------------------------------------------------------

const FOR = "for ";

/** One failing instance: its input, what it expected and what it got, each in its kind's form. */
export interface InstanceTexts {
  /** `x = X`, or `a = A and b = B`, or `a = A and b = B (mutation)`. */
  input: string;
  /** What the instance expected, in its kind's words (`canon(x) → R`, `the same output for a and b: R`). */
  expected: string;
  /** What it got, in its kind's form. */
  got: string;
}

export function writeInstanceExpectation(instance: Pick<InstanceTexts, "input" | "expected">): string {
  return `${FOR}${instance.input}: ${instance.expected}`;
}

/** The leads an instance's expectation starts with (./steps.ts, ./pair.ts), after `for <input>: `. */
const INSTANCE_LEADS = [
  `: ${writeStepText(I1_STEPS.first, "")}`,
  `: ${writeStepText(I1_STEPS.second, "")}`,
  `: ${pairOutputsLead(true)}`,
  `: ${pairOutputsLead(false)}`,
];

/** `for <input>: <expected>` split before the first instance lead; undefined when `text` is not one. */
export function readInstanceExpectation(text: string): Pick<InstanceTexts, "input" | "expected"> | undefined {
  if (!text.startsWith(FOR)) return undefined;
  let at = -1;
  for (const lead of INSTANCE_LEADS) {
    const k = text.indexOf(lead);
    if (k >= 0 && (at < 0 || k < at)) at = k;
  }
  if (at < 0) return undefined;
  return { input: text.slice(FOR.length, at), expected: text.slice(at + 2) };
}

/** What a property case expects when no draw failed: `runs` runs of the property's claim. */
export function writeRunsExpectation(runs: {
  count: number;
  from: number;
  to: number;
  claim: string;
}): string {
  return `${runs.count} runs (${runs.from}–${runs.to}) of: ${runs.claim}`;
}

const RUNS = /^(\d+) runs \((\d+)–(\d+)\) of: (.*)$/s;

/** The runs `text` states, or undefined when it is no runs expectation. */
export function readRunsExpectation(
  text: string,
): { count: number; from: number; to: number; claim: string } | undefined {
  const match = RUNS.exec(text);
  return match
    ? { count: Number(match[1]), from: Number(match[2]), to: Number(match[3]), claim: match[4]! }
    : undefined;
}

/** A property case's expectation in words, for a case whose judge threw. */
export function writePropertyExpectation(c: { from: number; to: number; property: string }): string {
  return `runs ${c.from}–${c.to} of ${c.property} pass`;
}

// --- got ---------------------------------------------------------------------------------------

/** How to draw a case's sequence again: the run's seed and size, fast-check's seed and path. */
export interface Replay {
  seed: number;
  runs: number;
  fcSeed: number;
  path: string | null;
}

export function writeReplay(replay: Replay): string {
  return `replay: --seed ${replay.seed} --generated-runs ${replay.runs} (fast-check seed ${replay.fcSeed}${replay.path ? `, path ${replay.path}` : ""})`;
}

/** A further cause a case found past its first: the draw, how it shrank, and the instance. */
export interface FurtherCause extends InstanceTexts {
  draw: number;
  shrinks: number;
  path: string | null;
}

/** A failed property case's `got`. */
export interface GeneratedGot {
  /** The reported instance's answer, in its kind's form. */
  answer: string;
  draw: number;
  shrinks: number;
  /** Bytes the first failing draw sent, and the shrunk one. */
  firstSize: number;
  size: number;
  replay: Replay;
  /** Draws that failed for a cause already found. */
  repeats: number;
  /** Draws not asked: the case had already failed, and no batch answered them (once mode). */
  unasked?: number;
  also: FurtherCause[];
}

const ALSO_GOT = " — got ";

export function writeGeneratedGot(got: GeneratedGot): string {
  const repeated =
    got.repeats > 0
      ? `; ${got.repeats} more ${got.repeats === 1 ? "draw" : "draws"} failed for a cause already found`
      : "";
  const unasked =
    (got.unasked ?? 0) > 0
      ? `; ${got.unasked} more ${got.unasked === 1 ? "draw" : "draws"} not asked (${UNASKED_WHY})`
      : "";
  const also = got.also.map(
    (o) =>
      `; also draw ${o.draw} (another cause, shrunk ${o.shrinks} times${o.path ? `, path ${o.path}` : ""}): ` +
      `${writeInstanceExpectation(o)}${ALSO_GOT}${o.got}`,
  );
  return (
    `${got.answer}; draw ${got.draw} of this case failed, shrunk ${got.shrinks} times ` +
    `(${got.firstSize} bytes sent first, ${got.size} now); ${writeReplay(got.replay)}` +
    `${repeated}${unasked}${also.join("")}`
  );
}

/** Where the answer ends: the draw that failed and how far it shrank. */
const TAIL = /; draw (\d+) of this case failed, shrunk (\d+) times? /;
/** Each further cause: `; also draw 17 (another cause, shrunk 4 times, path …): `. */
const ALSO = /; also draw (\d+) \(another cause, shrunk (\d+) times?(?:, path ([\d:]+))?\): /g;

/** Why a draw was not asked: a process of its own would decide nothing (docs/protocol.md, Batches). */
const UNASKED_WHY = "once the case had failed, only draws a batch answered were judged";

/** Draws that failed for a cause already found, before the draws not asked and the further causes. */
const REPEATS =
  /; (\d+) more draws? failed for a cause already found(?=; \d+ more draws? not asked |; also draw |$)/;
/** Draws not asked, before the further causes. */
const UNASKED = new RegExp(`; (\\d+) more draws? not asked \\(${UNASKED_WHY}\\)(?=; also draw |$)`);

/**
 * What a failed property case's `got` states, as far as it is read: the answer, the draw and its
 * shrinks, the repeats, and each further cause (an instance that does not read whole is left out).
 * Undefined when `text` holds no draw that failed.
 */
export function readGeneratedGot(text: string):
  | (Pick<GeneratedGot, "answer" | "draw" | "shrinks" | "repeats"> & {
      unasked: number;
      also: FurtherCause[];
    })
  | undefined {
  const tail = TAIL.exec(text);
  if (!tail) return undefined;
  const rest = text.slice(tail.index);
  const starts = [...rest.matchAll(ALSO)];
  const head = starts.length > 0 ? rest.slice(0, starts[0]!.index) : rest;
  const repeats = REPEATS.exec(head);
  const unasked = UNASKED.exec(head);
  const also: FurtherCause[] = [];
  starts.forEach((m, k) => {
    const from = m.index! + m[0].length;
    const to = k + 1 < starts.length ? starts[k + 1]!.index! : rest.length;
    const instance = readInstanceExpectation(rest.slice(from, to));
    const split = instance?.expected.indexOf(ALSO_GOT) ?? -1;
    if (!instance || split < 0) return;
    also.push({
      draw: Number(m[1]),
      shrinks: Number(m[2]),
      path: m[3] ?? null,
      input: instance.input,
      expected: instance.expected.slice(0, split),
      got: instance.expected.slice(split + ALSO_GOT.length),
    });
  });
  return {
    answer: text.slice(0, tail.index),
    draw: Number(tail[1]),
    shrinks: Number(tail[2]),
    repeats: repeats ? Number(repeats[1]) : 0,
    unasked: unasked ? Number(unasked[1]) : 0,
    also,
  };
}

/** A property case that passed: every run. */
export function writeRunsPassed(runs: number): string {
  return `${runs} of ${runs} runs passed`;
}

/** The reason of a property case that could not be judged (a generator bug, fast-check gave up). */
export function writeUnjudgedReason(why: string, replay: Replay): string {
  return `the property could not be judged: ${why}; ${writeReplay(replay)}`;
}
