// The `generated` suite (issue 8 item 1): fast-check properties run against the implementation, the
// reference (src/jcs) the oracle for expected bytes. Each property's runs are cut into chunks of
// CHUNK_RUNS, one case each, named `<property>/seed-S/<from>-<to>` with run indices over the whole
// run: the chunk boundaries do not depend on sharding, so shards' cases are exactly the unsharded
// run's cases, split (src/corpus/shard.ts), and an aggregate can check that they cover 0..runs-1 of
// every property once. Each chunk's fast-check seed is derived from the run seed, the property and
// the chunk's first run, so `--seed S` replays every chunk exactly, in whichever shard it ran.
//
// A case is data: which property, which runs, which seeds. src/checks/property.ts runs it.
import { generatedCaseName, rangeWidth, writeRangeName } from "../../text-forms/index.js";
import type { CorpusCase, Profile } from "../../types.js";
import { PROPERTIES } from "./properties.js";
import { mixSeed } from "./random.js";

export { generatedProperty, PROPERTIES } from "./properties.js";

/** Runs per case. */
const CHUNK_RUNS = 50;

interface GeneratedPlan {
  seed: number;
  /** Runs of each property over the whole (maybe sharded) run. */
  runs: number;
  profile: Profile;
}

/** Every chunk of every property, in suite order. */
export function generatedCases(plan: GeneratedPlan): CorpusCase[] {
  if (!Number.isSafeInteger(plan.runs) || plan.runs < 0) {
    throw new Error(`the generated runs must be a whole number >= 0, got ${plan.runs}`);
  }
  const width = rangeWidth(plan.runs, 4);
  const cases: CorpusCase[] = [];
  PROPERTIES.forEach((property, index) => {
    for (let from = 0; from < plan.runs; from += CHUNK_RUNS) {
      const range = { seed: plan.seed, from, to: Math.min(from + CHUNK_RUNS, plan.runs) - 1 };
      cases.push({
        suite: "generated",
        // `<sweep>/seed-S/<from>-<to>`, as numbers cases are named, the sweep being the property.
        name: generatedCaseName(property.name, writeRangeName(range, width)),
        why: property.why,
        source: property.source,
        kind: "property",
        property: property.name,
        profile: plan.profile,
        ...range,
        fcSeed: mixSeed(plan.seed, index, from),
        total: plan.runs,
      });
    }
  });
  return cases;
}
