// One generated case: `runs` runs of a property from one fast-check seed, against the implementation.
// On a failure fast-check shrinks it (each shrink step asks the implementation again), and the case
// reports the smallest failing input with both answers and how to replay it. Shrinking is bounded
// by a request budget; once spent, or once the implementation stops answering at all, every further
// candidate is let pass, so shrinking ends on the smallest failure found so far.
import fc from "fast-check";
import { messageOf } from "../checks/judge.js";
import type { CheckContext, Profile, PropertyVerdict } from "../types.js";
import type { Judgement, Property } from "./properties.js";

/** Requests shrinking may make per case: enough to get from a first failure to a small one. */
export const SHRINK_BUDGET = 400;

export interface Chunk {
  /** The run seed (`--seed`), as case names state it. */
  seed: number;
  /** fast-check's seed for this chunk, derived from the run seed, the property and `from`. */
  fcSeed: number;
  /** The property's runs this chunk makes: `from`..`to`, inclusive, of the run's total. */
  from: number;
  to: number;
  /** The run's total runs of this property, for the replay hint. */
  total: number;
}

type Failure = Extract<Judgement, { pass: false }>;

/** A chunk's verdict, with the first and the smallest failure it found (for tests and reports). */
export interface PropertyOutcome extends PropertyVerdict {
  first?: Failure;
  smallest?: Failure;
  numShrinks: number;
}

export async function runChunk(
  // biome-ignore lint/suspicious/noExplicitAny: the chunk does not look inside the drawn values
  property: Property<any>,
  chunk: Chunk,
  ctx: CheckContext,
  profile: Profile,
): Promise<PropertyOutcome> {
  const runs = chunk.to - chunk.from + 1;
  let first: Failure | undefined;
  let smallest: Failure | undefined;
  let shrinkRequests = 0;
  let stopShrinking = false;
  const predicate = fc.asyncProperty(property.arbitrary(profile), async (drawn) => {
    if (stopShrinking) return true;
    if (first) shrinkRequests += property.requestsPerRun;
    const judgement = await property.judge(drawn, ctx, profile);
    if (judgement.pass) return true;
    first ??= judgement;
    smallest = judgement;
    if (judgement.noAnswer || shrinkRequests >= SHRINK_BUDGET) stopShrinking = true;
    return false;
  });
  const details = await fc.check(predicate, { seed: chunk.fcSeed | 0, numRuns: runs });
  const expected = `${runs} runs (${chunk.from}–${chunk.to}) of: ${property.claim}`;
  if (!details.failed) {
    return { pass: true, expected, got: `${runs} of ${runs} runs passed`, numShrinks: 0 };
  }
  const replay = replayHint(chunk, details.counterexamplePath);
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

function replayHint(chunk: Chunk, path: string | null): string {
  return `replay: --seed ${chunk.seed} --generated-runs ${chunk.total} (fast-check seed ${chunk.fcSeed | 0}${path ? `, path ${path}` : ""})`;
}
