// `property` (the generated suite): one case is runs `from`..`to` of a fast-check property
// (src/corpus/generated) from one fast-check seed, against the implementation. Each draw becomes a
// data instance of an existing kind, judged by that kind's own rule (./rules.ts); only its words
// differ from a stored case's. On a failure fast-check shrinks it (each shrink step asks the
// implementation again), and the case reports the smallest failing input with both answers and how
// to replay it. Shrinking is bounded by a request budget; once spent, or once the implementation
// stops answering at all, every further candidate is let pass, so shrinking ends on the smallest
// failure found so far.
import fc from "fast-check";
import { generatedProperty } from "../corpus/index.js";
import { messageOf } from "../text.js";
import type { CaseResult, CheckContext, CorpusCase, PropertyInstance } from "../types.js";
import { judged, noAnswer } from "./judge.js";
import { exactRule, pairRule, twiceRule } from "./rules.js";
import { I1_STEPS, showAnswer, showBytes, showPair, showText, showTwice } from "./show.js";

/** Requests shrinking may make per case: enough to get from a first failure to a small one. */
const SHRINK_BUDGET = 400;

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

/** A case's verdict, with the first and the smallest failure it found (for tests and reports). */
interface PropertyOutcome {
  pass: boolean;
  expected: string;
  got: string;
  first?: Failure;
  smallest?: Failure;
  numShrinks: number;
}

export async function judgeProperty(c: PropertyCase, ctx: CheckContext): Promise<CaseResult> {
  const outcome = await runProperty(c, ctx);
  // A failed property's input is its shrunk counterexample (the instance its expected names).
  return judged(c, outcome.pass, outcome.expected, outcome.got, outcome.smallest?.input);
}

export async function runProperty(c: PropertyCase, ctx: CheckContext): Promise<PropertyOutcome> {
  const property = generatedProperty(c.property);
  const runs = c.to - c.from + 1;
  let first: Failure | undefined;
  let smallest: Failure | undefined;
  let shrinkRequests = 0;
  let stopShrinking = false;
  const predicate = fc.asyncProperty(property.arbitrary(c.profile), async (drawn) => {
    if (stopShrinking) return true;
    if (first) shrinkRequests += property.requestsPerRun;
    const instance = property.instance(drawn, c.profile);
    // A draw that makes no instance is skipped (fast-check draws another), not judged.
    fc.pre(instance !== undefined);
    const failure = await judgeInstance(instance, ctx);
    if (failure === undefined) return true;
    first ??= failure;
    smallest = failure;
    if (failure.noAnswer || shrinkRequests >= SHRINK_BUDGET) stopShrinking = true;
    return false;
  });
  const details = await fc.check(predicate, { seed: c.fcSeed | 0, numRuns: runs });
  const expected = `${runs} runs (${c.from}–${c.to}) of: ${property.claim}`;
  if (!details.failed) {
    return { pass: true, expected, got: `${runs} of ${runs} runs passed`, numShrinks: 0 };
  }
  const replay = replayHint(c, details.counterexamplePath);
  if (!smallest) {
    // The property itself threw (a generator bug), or fast-check gave up on preconditions.
    const why = details.errorInstance ? messageOf(details.errorInstance) : "no run could be made";
    return {
      pass: false,
      expected,
      got: `failed: the property could not be judged: ${why}; ${replay}`,
      numShrinks: details.numShrinks,
    };
  }
  // The path's first step is the draw (counting skipped ones) that failed first in this case.
  const draw = Number((details.counterexamplePath ?? "0").split(":")[0]);
  return {
    pass: false,
    expected: `for ${smallest.input}: ${smallest.expected}`,
    got:
      `${smallest.got}; draw ${draw} of this case failed, shrunk ${details.numShrinks} times ` +
      `(${first!.size} bytes sent first, ${smallest.size} now); ${replay}`,
    first,
    smallest,
    numShrinks: details.numShrinks,
  };
}

/** The instance judged by its kind's rule: undefined when it passes, else its failure in words. */
async function judgeInstance(instance: PropertyInstance, ctx: CheckContext): Promise<Failure | undefined> {
  switch (instance.kind) {
    case "canon": {
      const v = await exactRule(ctx.write, instance.input, instance.expected);
      if (v.pass) return undefined;
      return {
        ...sent(instance.input),
        expected: `canon(x) → ${showBytes(instance.expected)}`,
        got: `canon(x) → ${showAnswer(v.answer)}`,
        noAnswer: noAnswer(v.answer),
      };
    }
    case "equal":
    case "differ": {
      const equal = instance.kind === "equal";
      const v = await pairRule(ctx.write, instance.a, instance.b, equal);
      if (v.pass) return undefined;
      const inputs = `a = ${shown(instance.a)} and b = ${shown(instance.b)}`;
      return {
        input: equal ? inputs : `${inputs} (${instance.mutation})`,
        size: instance.a.length + instance.b.length,
        expected: equal
          ? `the same output for a and b: ${showBytes(instance.reference)}`
          : `different outputs for a and b: ${showBytes(instance.referenceA)} and ${showBytes(instance.referenceB)}`,
        got: showPair(v),
        noAnswer: noAnswer(v.a, v.b),
      };
    }
    case "idempotent": {
      const v = await twiceRule(ctx.write, ctx.write, instance.input);
      if (v.pass) return undefined;
      return {
        ...sent(instance.input),
        ...showTwice(v, I1_STEPS),
        noAnswer: v.second === undefined ? noAnswer(v.first) : noAnswer(v.first, v.second),
      };
    }
  }
}

const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/** One input x, as a failure states what was sent. */
function sent(input: Uint8Array): Pick<Failure, "input" | "size"> {
  return { input: `x = ${shown(input)}`, size: input.length };
}

/** A generated input, which is always well-formed UTF-8 text, cut for a report. */
function shown(input: Uint8Array): string {
  return showText(decoder.decode(input), INPUT_LIMIT);
}

function replayHint(c: PropertyCase, path: string | null): string {
  return `replay: --seed ${c.seed} --generated-runs ${c.total} (fast-check seed ${c.fcSeed | 0}${path ? `, path ${path}` : ""})`;
}
