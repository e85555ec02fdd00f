// One proof of the corpus per test process: every known-bad (and the reference under both profiles)
// over the whole corpus, with sweeps shorter than a default run's (a block of numbers, 10 runs a
// property: every known-bad's claim holds by then), kept with every case's result. The tests that only
// read what the known-bads answered (the self-test's claims, their causes, the CLI's self-test
// command) share it instead of each running the corpus again; scripts/test.mjs puts the files that
// call sharedProof() in one process, so it is made once per `npm test`. The default-size proof, its claims and its causes, is the slow suite's
// (test/known-bad/prove.slow.test.ts).
import { type Proof, prove } from "../../src/known-bad/prove.js";

/** The options the shared proof is made with. */
export const SHARED_PROOF = { profile: "rfc8785", numbers: 1000, generatedRuns: 10 } as const;

let proof: Promise<Proof> | undefined;

export function sharedProof(): Promise<Proof> {
  proof ??= prove({ ...SHARED_PROOF });
  return proof;
}
