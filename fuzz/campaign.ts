// One fuzz campaign: N iterations of a target, each from its own generator seeded by (seed,
// iteration) so that any one can be replayed alone, with counts per outcome and per mutation, the
// slowest call, and every finding kept with its input.
import { Rng } from "./rng.js";

/** What one iteration did. */
export interface Trial {
  /** The mutations applied, in order, joined by `+`. */
  mutation: string;
  input: Uint8Array;
  /** How the code under test answered, e.g. `reject step=4 reason=signature_invalid`. */
  outcome: string;
  /** The time the call under test took, in milliseconds (not the mutation's). */
  ms: number;
  /** Set when the answer was wrong: what was wrong with it. */
  finding?: string;
}

export interface Target {
  name: string;
  trial(rng: Rng, iteration: number): Trial;
}

export interface Finding {
  target: string;
  seed: number;
  iteration: number;
  mutation: string;
  what: string;
  input: Uint8Array;
}

export interface CampaignResult {
  target: string;
  seed: number;
  iterations: number;
  elapsedMs: number;
  outcomes: Map<string, number>;
  /** For each single mutation: how often it took part, and the outcomes it took part in. */
  byMutation: Map<string, Map<string, number>>;
  slowest: { ms: number; iteration: number; mutation: string; bytes: number };
  findings: Finding[];
}

/** A call slower than this is a finding: the code under test must never hang on any input. */
export const DEFAULT_HANG_MS = 5_000;

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

export function runCampaign(
  target: Target,
  options: {
    seed: number;
    iterations: number;
    first?: number;
    hangMs?: number;
    onProgress?: (done: number) => void;
  },
): CampaignResult {
  const { seed, iterations } = options;
  const first = options.first ?? 0;
  const hangMs = options.hangMs ?? DEFAULT_HANG_MS;
  const result: CampaignResult = {
    target: target.name,
    seed,
    iterations,
    elapsedMs: 0,
    outcomes: new Map(),
    byMutation: new Map(),
    slowest: { ms: -1, iteration: -1, mutation: "", bytes: 0 },
    findings: [],
  };
  const started = performance.now();
  for (let i = first; i < first + iterations; i++) {
    const trial = target.trial(new Rng(seed, i), i);
    bump(result.outcomes, trial.outcome);
    for (const name of new Set(trial.mutation.split("+"))) {
      let outcomes = result.byMutation.get(name);
      if (!outcomes) result.byMutation.set(name, (outcomes = new Map()));
      bump(outcomes, trial.outcome);
    }
    if (trial.ms > result.slowest.ms) {
      result.slowest = { ms: trial.ms, iteration: i, mutation: trial.mutation, bytes: trial.input.length };
    }
    const what =
      trial.finding ??
      (trial.ms > hangMs ? `the call took ${trial.ms.toFixed(0)} ms (limit ${hangMs} ms)` : undefined);
    if (what !== undefined) {
      result.findings.push({
        target: target.name,
        seed,
        iteration: i,
        mutation: trial.mutation,
        what,
        input: trial.input,
      });
    }
    if (options.onProgress && (i - first + 1) % 100_000 === 0) options.onProgress(i - first + 1);
  }
  result.elapsedMs = performance.now() - started;
  return result;
}
