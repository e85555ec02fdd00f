// `property` (the generated suite): one case is runs `from`..`to` of a fast-check property
// (src/corpus/generated) from one fast-check seed, against the implementation. Each draw becomes a
// data instance of an existing kind, judged by that kind's own rule (./rules.ts); only its words
// differ from a stored case's. On a failure fast-check shrinks it (each shrink step asks the
// implementation again), keeping only candidates that fail for the same cause (src/causes), so that a
// narrow defect found on the way does not take the counterexample over; the case reports the smallest
// failing input with both answers and how to replay it. Shrinking is bounded by a request budget;
// once spent, or once the implementation stops answering at all, every further candidate is let
// pass, so shrinking ends on the smallest failure found so far.
//
// One narrow defect (a refused -0) would otherwise fill every case with one counterexample and hide
// what else the suite can show. So a case goes on drawing its remaining runs after a failure: a draw
// that fails for a cause the case has already found is counted and let pass; one that fails for a
// new cause is shrunk and reported too, up to MAX_CAUSES. A case that found a failure still fails. The
// same seed draws the same sequence again, so each further pass asks only the draws not judged yet.
//
// Across the generated cases of a run, a shrunk counterexample counts once: a draw that fails for a
// cause an earlier case found (of its property, earlier in the sweep, or of a property before it in
// the corpus; judged in this run) is a repeat too, and is not shrunk again, so the case spends its draws and its shrinking on what the
// suite has not shown yet. A case whose every failure is such a repeat still fails, naming the first
// of those draws whose cause a report tells from what it shows, as drawn (shrunk 0 times), its own input
// with its own answer: uncut, or cut where the cause reads the same (a refusal's reason). When a report
// could tell the cause of none of them, the first is shrunk only until it could. Whether a cause is one
// an earlier case found is asked only once those cases have ended, so the texts of a run are the same
// whatever order its cases end in.
//
// In once mode, what the batches showed (src/batch/nested.ts) may pass a draw or count it as a repeat,
// and a shrink's next candidates travel many to a process (./lookahead.ts); what a report shows is
// always an answer alone (docs/protocol.md, "What a batch shows of a wrong answer").
//
// Bound: a case asks each of its runs once (requestsPerRun each) and shrinks at most MAX_CAUSES times,
// each within SHRINK_BUDGET requests: at most runs × requestsPerRun + MAX_CAUSES × SHRINK_BUDGET.
// With batches, a candidate tried also costs at most one showing of its chunk (a batch, and for I1 a
// second; each ceil(bytes / 256 KiB) processes, not narrowed) and each step taken at most one more ask
// alone when shrinking ends; a failing command costs far less than asking alone in practice
// (docs/protocol.md: 1,583 processes -> 536 for a number defect).
import fc from "fast-check";
import { ask } from "../ask.js";
import { instanceCauseKey } from "../causes/cause.js";
import { generatedProperty, PROPERTIES } from "../corpus/index.js";
import { messageOf } from "../text.js";
import {
  I1_STEPS,
  type Replay,
  writeAnswerText,
  writeGeneratedGot,
  writeInstanceExpectation,
  writeInstanceInput,
  writePairOutputs,
  writeRunsExpectation,
  writeRunsPassed,
  writeStepText,
  writeUnjudgedReason,
} from "../text-forms/index.js";
import type {
  Answer,
  Canonicalizer,
  CaseResult,
  CheckContext,
  CorpusCase,
  PropertyInstance,
} from "../types.js";
import { judged, noAnswer } from "./judge.js";
import { lookahead } from "./lookahead.js";
import { exactRule, type PairVerdict, pairRule, type TwiceVerdict, twiceRule } from "./rules.js";
import { SHOW_LIMIT, showAnswer, showBytes, showPair, showText, showTwice } from "./show.js";

/** Requests shrinking may make per cause found: enough to get from a first failure to a small one. */
const SHRINK_BUDGET = 400;

/** The key src/causes gives a failure no class names. */
const UNCLASSIFIED = "unclassified";

/** The most causes one case reports: the first failure's, and up to two more found past it. */
const MAX_CAUSES = 3;

/** Inputs are cut shorter than answers in a report: after shrinking they are short anyway. */
const INPUT_LIMIT = 120;

type PropertyCase = Extract<CorpusCase, { kind: "property" }>;

/** One instance's failure: what was sent, what was right and what came back. */
interface Failure {
  /** The input(s) sent, as a report shows them. */
  input: string;
  /** How many bytes were sent, to compare a shrunk counterexample with the first one found. */
  size: number;
  expected: string;
  got: string;
  /** The harness got no answer (timeout, crash): shrinking would only repeat the wait. */
  noAnswer: boolean;
}

/** A failure, the key of its cause (src/causes), and whether a report reads that cause from the texts
 * it shows (uncut, or cut where the cause reads the same). */
type JudgedFailure = Failure & { cause: string; readable: boolean };

/** One cause a case found: its first failure, shrunk. */
interface Found {
  /** What the failure shows (src/causes): a later failure with the same key is a repeat. */
  cause: string;
  first: JudgedFailure;
  smallest: JudgedFailure;
  /** The draw (counting skipped ones) that failed first for this cause. */
  draw: number;
  numShrinks: number;
  /** fast-check's counterexample path, for replay. */
  path: string | null;
}

/** A case's verdict, with the first and the smallest failure it found (for tests and reports). */
interface PropertyOutcome {
  pass: boolean;
  expected: string;
  got: string;
  first?: Failure;
  smallest?: Failure;
  numShrinks: number;
  /** The further causes found past the first, each shrunk. */
  others: Found[];
  /** Draws that failed for a cause already found, and were let pass. */
  repeats: number;
  /** Draws not asked: the case had failed, and no batch answered them. */
  unasked: number;
  /** The cause keys it found (each shrunk, or named as drawn), for the later cases of its property. */
  causes: string[];
}

export async function judgeProperty(c: PropertyCase, ctx: CheckContext): Promise<CaseResult> {
  const suite = joinSuite(c, ctx);
  let outcome: PropertyOutcome | undefined;
  try {
    outcome = await runProperty(c, ctx, suite.earlier);
  } finally {
    suite.ended(outcome);
  }
  // A failed property's input is its shrunk counterexample (the instance its expected names).
  return judged(c, outcome.pass, outcome.expected, outcome.got, outcome.smallest?.input);
}

/** A case as the suite remembers it: its place in the suite's order (its property's, then where it
 * starts in the property's sweep), and the cause keys it found once it has ended. */
interface SuiteEntry {
  order: number;
  causes: Promise<ReadonlySet<string>>;
}

/** Per implementation, the generated cases (of one seed, profile and run count) judged so far, in the
 * order they started (src/checks/run-cases.ts starts them in corpus order, the properties' order). */
const suites = new WeakMap<object, Map<string, SuiteEntry[]>>();

/** Registers case `c` with the suite: the causes its earlier cases found (once they have ended), and
 * what to call when it ends, with what it found. */
function joinSuite(
  c: PropertyCase,
  ctx: CheckContext,
): { earlier: () => Promise<ReadonlySet<string>>; ended: (outcome: PropertyOutcome | undefined) => void } {
  const byProperty = suites.get(ctx.write) ?? new Map<string, SuiteEntry[]>();
  suites.set(ctx.write, byProperty);
  // Across properties too: a cause one property's case shrank (a refusal, a number's form) is shown;
  // another property's draw that fails for it needs no shrinking of its own.
  const key = `${c.profile}/${c.seed}/${c.total}`;
  const entries = byProperty.get(key) ?? [];
  byProperty.set(key, entries);
  const order = PROPERTIES.findIndex((p) => p.name === c.property) * (c.total + 1) + c.from;
  const before = entries.filter((e) => e.order < order);
  let ended!: (causes: ReadonlySet<string>) => void;
  entries.push({ order, causes: new Promise((resolve) => (ended = resolve)) });
  let earlier: Promise<ReadonlySet<string>> | undefined;
  return {
    earlier: () => {
      earlier ??= Promise.all(before.map((e) => e.causes)).then(
        (sets) => new Set(sets.flatMap((x) => [...x])),
      );
      return earlier;
    },
    ended: (outcome) => ended(new Set(outcome?.causes ?? [])),
  };
}

/** A draw's verdict, by its place in the sequence: passed, skipped (no instance), or the cause key
 * of its failure. */
type DrawVerdict = { pass: true } | { skip: true } | { cause: string } | { unasked: true };

/** No earlier case: nothing the suite has found. */
const NONE_EARLIER = async (): Promise<ReadonlySet<string>> => new Set();

export async function runProperty(
  c: PropertyCase,
  ctx: CheckContext,
  /** The cause keys earlier cases found (joinSuite). */
  earlier: () => Promise<ReadonlySet<string>> = NONE_EARLIER,
): Promise<PropertyOutcome> {
  const property = generatedProperty(c.property);
  const runs = c.to - c.from + 1;
  const expected = writeRunsExpectation({ count: runs, from: c.from, to: c.to, claim: property.claim });
  const draws: DrawVerdict[] = [];
  const found: Found[] = [];
  let repeats = 0;
  // Draws of a case that had already failed, which no batch answered: not asked alone (below).
  let unasked = 0;
  // The first draw that failed only for a cause an earlier case found, its cause readable as shown, as
  // drawn; else the cause of the first such draw, which a last pass shrinks only until it is readable.
  let suiteRepeat: { failure: JudgedFailure; draw: number } | undefined;
  let cutRepeat: string | undefined;
  let untilWhole: string | undefined;
  // An implementation that stopped answering is asked nothing more: each draw would only wait again.
  let halted = false;

  while (found.length < MAX_CAUSES && !halted) {
    // A cause found is known by its key, and by the key its first failure had before shrinking (a
    // large input can hide the class a small one shows): a later failure like either is a repeat.
    const known = new Set(found.flatMap((f) => [f.cause, f.first.cause]));
    let at = 0;
    let target: string | undefined;
    let first: JudgedFailure | undefined;
    let smallest: JudgedFailure | undefined;
    let shrinkRequests = 0;
    let stopShrinking = false;
    // The shrink steps taken, each with its answer alone when it was asked alone.
    const steps: { instance: PropertyInstance; cause: string; alone?: JudgedFailure; asked: Asked }[] = [];
    // Only where batches can carry the candidates: elsewhere fast-check shrinks its own arbitrary.
    const ahead = ctx.nested === undefined ? undefined : lookahead(property.arbitrary(c.profile));
    let showing = true;
    const predicate = fc.asyncProperty(ahead?.arbitrary ?? property.arbitrary(c.profile), async (drawn) => {
      if (target === undefined) {
        // Sampling: a draw judged in an earlier pass passed, or failed for a cause found then.
        const before = draws[at];
        const index = at++;
        if (before !== undefined && !("cause" in before && before.cause === untilWhole)) {
          fc.pre(!("skip" in before));
          return true;
        }
        if (halted) return true;
        const instance = property.instance(drawn, c.profile);
        // A draw that makes no instance is skipped (fast-check draws another), not judged.
        if (instance === undefined) draws[index] = { skip: true };
        fc.pre(instance !== undefined);
        // Once the case has failed with a draw a report names (its own cause found, or a draw of a
        // cause the suite found, its cause readable as shown), its verdict and what it shows are
        // decided: a draw no batch answered is not asked alone, since a process for each would only
        // count a repeat (a refusal defect refuses whole batches, and which of a batch's draws it
        // refuses takes about an answer each to tell: issue 36). A repeat whose cause a report could
        // not read decides nothing yet: the case goes on to a draw whose cause it can.
        const batches = untilWhole === undefined;
        const failed = found.length > 0 || suiteRepeat !== undefined;
        if (failed && batches && ctx.nested !== undefined && !(await shownWhole(instance, ctx))) {
          draws[index] = { unasked: true };
          unasked++;
          return true;
        }
        // What the batches showed may pass the draw, or count it as a repeat; never name its answer.
        const shown = await judgeDraw(instance, ctx, batches);
        if (shown.pass) {
          draws[index] = { pass: true };
          return true;
        }
        if (shown.alone === undefined) {
          const { cause, readable } = shown.failure;
          const suiteKnows = !known.has(cause) && (await earlier()).has(cause);
          if (known.has(cause) || (suiteKnows && (suiteRepeat !== undefined || !readable))) {
            draws[index] = { cause };
            repeats++;
            if (suiteKnows && !readable) cutRepeat ??= cause;
            if (shown.failure.noAnswer) halted = true;
            return true;
          }
        }
        const failure = shown.alone ?? (await judgeInstance(instance, ctx, shown.asked));
        if (failure === undefined) {
          draws[index] = { pass: true };
          return true;
        }
        const { cause } = failure;
        draws[index] = { cause };
        const suiteKnows = cause !== untilWhole && !known.has(cause) && (await earlier()).has(cause);
        if (known.has(cause) || suiteKnows) {
          repeats++;
          if (suiteKnows && failure.readable) suiteRepeat ??= { failure, draw: index };
          else if (suiteKnows) cutRepeat ??= cause;
          if (failure.noAnswer) halted = true;
          return true;
        }
        target = cause;
        first = failure;
        smallest = failure;
        if (failure.noAnswer || (untilWhole !== undefined && failure.readable)) stopShrinking = true;
        return false;
      }
      // Shrinking: only a candidate that fails for the same cause is a smaller counterexample (for a
      // failure no class names, any cause not found before).
      if (stopShrinking) return true;
      shrinkRequests += property.requestsPerRun;
      const instance = property.instance(drawn, c.profile);
      fc.pre(instance !== undefined);
      // The candidates fast-check tries next go many to a process: one that passes there, or fails
      // for a cause it does not seek, costs no process of its own; one that fails for the cause is
      // taken as the next step, and the last step is asked alone once shrinking ends (below).
      // A batch the command refuses or leaves unanswered as a whole (a defect that refuses what
      // shrinking seeks) shows nothing: this shrink then asks its candidates alone, as without batches.
      const batches = untilWhole === undefined && ahead !== undefined;
      if (batches && showing && !(await shownAlready(instance, ctx))) {
        const { next, after } = ahead.upcoming();
        const upcoming = [...next, ...after].map((v) => property.instance(v, c.profile));
        showing = await ctx.nested!.show(
          upcoming.flatMap(requestsOf),
          upcoming.some((i) => i?.kind === "idempotent"),
        );
      }
      const shown = await judgeDraw(instance, ctx, batches);
      if (shown.pass) return true;
      const { cause, noAnswer, readable } = shown.failure;
      if (known.has(cause)) return true;
      if (cause !== target && target !== UNCLASSIFIED) return true;
      // A smaller input may show the class a large one hid: from then on, that class is the cause.
      target = cause;
      if (shown.alone !== undefined) smallest = shown.alone;
      steps.push({ instance, cause, ...(shown.alone ? { alone: shown.alone } : {}), asked: shown.asked });
      if (noAnswer || shrinkRequests >= SHRINK_BUDGET) stopShrinking = true;
      if (untilWhole !== undefined && readable) stopShrinking = true;
      return false;
    });
    const details = await fc.check(predicate, { seed: c.fcSeed | 0, numRuns: runs });
    let numShrinks = details.numShrinks;
    let path = details.counterexamplePath ?? null;
    // The last step taken from a batch is asked alone: its answer is the one a report shows. On doubt
    // (alone it does not fail for the cause), the steps before it are, from the last back, down to the
    // last one asked alone (or the draw itself): the counterexample is the smallest confirmed.
    if (steps.length > 0 && steps.at(-1)!.alone === undefined && first !== undefined) {
      let at = steps.length - 1;
      for (; at >= 0; at--) {
        const step = steps[at]!;
        const alone = step.alone ?? (await judgeInstance(step.instance, ctx, step.asked));
        if (alone !== undefined && alone.cause === step.cause) {
          smallest = alone;
          break;
        }
      }
      if (at < 0) smallest = first;
      if (at < steps.length - 1 && path !== null && path.split(":").length === steps.length + 1) {
        numShrinks = at + 1;
        path = path
          .split(":")
          .slice(0, at + 2)
          .join(":");
      }
    }
    if (!details.failed) {
      // Only repeats of the suite's causes, none readable as shown: shrink the first until it is.
      if (found.length > 0 || suiteRepeat || cutRepeat === undefined || untilWhole === cutRepeat) break;
      untilWhole = cutRepeat;
      continue;
    }
    if (target === undefined || !first || !smallest) {
      if (found.length > 0) break;
      // The property itself threw (a generator bug), or fast-check gave up on preconditions.
      const why = details.errorInstance ? messageOf(details.errorInstance) : "no run could be made";
      return {
        pass: false,
        expected,
        got: writeAnswerText({
          status: "failed",
          reason: writeUnjudgedReason(why, replay(c, details.counterexamplePath ?? null)),
        }),
        numShrinks: details.numShrinks,
        others: [],
        repeats,
        unasked,
        causes: [],
      };
    }
    // The path's first step is the draw (counting skipped ones) that failed first for this cause.
    const draw = Number((path ?? "0").split(":")[0]);
    found.push({ cause: smallest.cause, first, smallest, draw, numShrinks, path });
    if (smallest.noAnswer) halted = true;
    // Its draw was counted a repeat in the pass before; now it is the one the case names.
    if (untilWhole !== undefined) {
      repeats--;
      untilWhole = undefined;
    }
  }

  const [main, ...others] = found;
  if (!main && suiteRepeat) return asDrawn(c, suiteRepeat.failure, suiteRepeat.draw, repeats - 1, unasked);
  if (!main)
    return {
      pass: true,
      expected,
      got: writeRunsPassed(runs),
      numShrinks: 0,
      others,
      repeats,
      unasked,
      causes: [],
    };
  return {
    pass: false,
    expected: writeInstanceExpectation(main.smallest),
    got: writeGeneratedGot({
      answer: main.smallest.got,
      draw: main.draw,
      shrinks: main.numShrinks,
      firstSize: main.first.size,
      size: main.smallest.size,
      replay: replay(c, main.path),
      repeats,
      unasked,
      also: others.map((o) => ({
        draw: o.draw,
        shrinks: o.numShrinks,
        path: o.path,
        input: o.smallest.input,
        expected: o.smallest.expected,
        got: o.smallest.got,
      })),
    }),
    first: main.first,
    smallest: main.smallest,
    numShrinks: main.numShrinks,
    others,
    repeats,
    unasked,
    causes: found.flatMap((f) => [f.cause, f.first.cause]),
  };
}

/** A case whose every failure was a cause an earlier case found: the first such draw, as drawn (not
 * shrunk again), and how many more failed. */
function asDrawn(
  c: PropertyCase,
  failure: JudgedFailure,
  draw: number,
  repeats: number,
  unasked: number,
): PropertyOutcome {
  return {
    pass: false,
    expected: writeInstanceExpectation(failure),
    got: writeGeneratedGot({
      answer: failure.got,
      draw,
      shrinks: 0,
      firstSize: failure.size,
      size: failure.size,
      replay: replay(c, String(draw)),
      repeats,
      unasked,
      also: [],
    }),
    first: failure,
    smallest: failure,
    numShrinks: 0,
    others: [],
    repeats,
    unasked,
    causes: [failure.cause],
  };
}

/** The instance judged by its kind's rule: undefined when it passes, else its failure in words (as a
 * report shows it, and the key of its cause, read from its whole texts: a cut value hides a class). */
async function judgeInstance(
  instance: PropertyInstance,
  ctx: CheckContext,
  /** Answers this instance already got alone (judgeDraw): not asked again. */
  asked: Asked = new Map(),
): Promise<JudgedFailure | undefined> {
  const write: Canonicalizer = {
    label: ctx.write.label,
    canonicalize: async (input) => asked.get(keyOf(input)) ?? ctx.write.canonicalize(input),
    close: async () => {},
  };
  const verdict = await verdictOf(instance, asked.size === 0 ? ctx : { write, read: write });
  return verdict === undefined ? undefined : failureOf(instance, verdict);
}

/** Answers an instance got alone, by their input's bytes (latin1: one character per byte). */
type Asked = Map<string, Answer>;
const keyOf = (input: Uint8Array) =>
  Buffer.from(input.buffer, input.byteOffset, input.byteLength).toString("latin1");

/** An instance judged, with once mode's batches where `batches` (src/batch/nested.ts) and alone for
 * what they did not show. `alone` is its failure when every request was asked alone (its texts are
 * then a report's); otherwise the failure's texts hold a batch's bytes and only its cause and
 * whether a report would read its cause may be used. `asked`: the answers got alone. */
type DrawJudgement =
  | { pass: true }
  | { pass: false; failure: JudgedFailure; alone?: JudgedFailure; asked: Asked };

async function judgeDraw(
  instance: PropertyInstance,
  ctx: CheckContext,
  batches: boolean,
): Promise<DrawJudgement> {
  const nested = batches ? ctx.nested : undefined;
  const asked: Asked = new Map();
  let fromBatches = false;
  const write: Canonicalizer = {
    label: ctx.write.label,
    async canonicalize(input) {
      const output = await nested?.answer(input);
      if (output !== undefined) {
        fromBatches = true;
        return { status: "canonical", output };
      }
      const answer = await ask(ctx.write, input);
      asked.set(keyOf(input), answer);
      return answer;
    },
    close: async () => {},
  };
  const verdict = await verdictOf(instance, nested === undefined ? ctx : { write, read: write });
  if (verdict === undefined) return { pass: true };
  const failure = failureOf(instance, verdict);
  return fromBatches || (nested !== undefined && asked.size === 0)
    ? { pass: false, failure, asked }
    : { pass: false, failure, alone: failure, asked };
}

/** A failed instance in words, with its cause's key (src/causes, read from its whole texts: a cut value
 * may hide a class) and whether a report tells that cause from the texts it shows. */
function failureOf(instance: PropertyInstance, verdict: Verdict): JudgedFailure {
  const failure = describe(instance, verdict, { input: INPUT_LIMIT, output: SHOW_LIMIT });
  const whole = describe(instance, verdict, WHOLE);
  const cause = instanceCauseKey(whole);
  const uncut =
    failure.input === whole.input && failure.expected === whole.expected && failure.got === whole.got;
  // Cut, its cause may still read the same from what is shown (a refusal's reason, say): never an
  // unclassified one, whose cause is its counterexample.
  const readable = uncut || (cause !== UNCLASSIFIED && instanceCauseKey(failure) === cause);
  return { ...failure, cause, readable };
}

type Verdict =
  | { kind: "canon"; v: Awaited<ReturnType<typeof exactRule>> }
  | { kind: "pair"; v: PairVerdict }
  | { kind: "twice"; v: TwiceVerdict };

/** What the implementation answered to the instance, when it failed its rule. */
async function verdictOf(instance: PropertyInstance, ctx: CheckContext): Promise<Verdict | undefined> {
  switch (instance.kind) {
    case "canon": {
      const v = await exactRule(ctx.write, instance.input, instance.expected);
      return v.pass ? undefined : { kind: "canon", v };
    }
    case "equal":
    case "differ": {
      const v = await pairRule(ctx.write, instance.a, instance.b, instance.kind === "equal");
      return v.pass ? undefined : { kind: "pair", v };
    }
    case "idempotent": {
      const v = await twiceRule(ctx.write, ctx.write, instance.input);
      return v.pass ? undefined : { kind: "twice", v };
    }
  }
}

/** Whether the batches have shown every request the instance makes: those it starts with, and for
 * I1 the second, the canonical form of the first answer (collected in batches with it). */
async function shownWhole(instance: PropertyInstance, ctx: CheckContext): Promise<boolean> {
  if (!(await shownAlready(instance, ctx))) return false;
  if (instance.kind !== "idempotent") return true;
  const first = await ctx.nested!.answer(instance.input);
  return first !== undefined && (await ctx.nested!.answer(first)) !== undefined;
}

/** Whether the batches have shown every request the instance starts with. */
async function shownAlready(instance: PropertyInstance, ctx: CheckContext): Promise<boolean> {
  for (const input of requestsOf(instance)) if ((await ctx.nested?.answer(input)) === undefined) return false;
  return true;
}

/** The write side's requests an instance starts with (I1's second depends on the first's answer). */
function requestsOf(instance: PropertyInstance | undefined): Uint8Array[] {
  if (instance === undefined) return [];
  switch (instance.kind) {
    case "canon":
    case "idempotent":
      return [instance.input];
    case "equal":
    case "differ":
      return [instance.a, instance.b];
  }
}

/** How long shown inputs and outputs may be. */
interface Limits {
  input: number;
  output: number;
}
const WHOLE: Limits = { input: Number.MAX_SAFE_INTEGER, output: Number.MAX_SAFE_INTEGER };

/** A failed instance in words, its values cut at `limits`. */
function describe(instance: PropertyInstance, verdict: Verdict, limits: Limits): Failure {
  const bytes = (b: Uint8Array) => showBytes(b, limits.output);
  const input = (b: Uint8Array) => showText(decoder.decode(b), limits.input);
  if (instance.kind === "canon" && verdict.kind === "canon") {
    return {
      input: writeInstanceInput({ x: input(instance.input) }),
      size: instance.input.length,
      expected: writeStepText(I1_STEPS.first, bytes(instance.expected)),
      got: writeStepText(I1_STEPS.first, showAnswer(verdict.v.answer, limits.output)),
      noAnswer: noAnswer(verdict.v.answer),
    };
  }
  if ((instance.kind === "equal" || instance.kind === "differ") && verdict.kind === "pair") {
    const inputs = { a: input(instance.a), b: input(instance.b) };
    return {
      input: writeInstanceInput(
        instance.kind === "equal" ? inputs : { ...inputs, mutation: instance.mutation },
      ),
      size: instance.a.length + instance.b.length,
      expected: writePairOutputs(
        instance.kind === "equal"
          ? { equal: true, output: bytes(instance.reference) }
          : { equal: false, a: bytes(instance.referenceA), b: bytes(instance.referenceB) },
      ),
      got: showPair(verdict.v, limits.output),
      noAnswer: noAnswer(verdict.v.a, verdict.v.b),
    };
  }
  if (instance.kind === "idempotent" && verdict.kind === "twice") {
    const v = verdict.v;
    return {
      input: writeInstanceInput({ x: input(instance.input) }),
      size: instance.input.length,
      ...showTwice(v, I1_STEPS, limits.output),
      noAnswer: v.second === undefined ? noAnswer(v.first) : noAnswer(v.first, v.second),
    };
  }
  throw new TypeError(`a ${instance.kind} instance was judged as ${verdict.kind}`);
}

const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/** How to draw the case's sequence again, to `path`. */
function replay(c: PropertyCase, path: string | null): Replay {
  return { seed: c.seed, runs: c.total, fcSeed: c.fcSeed | 0, path };
}
