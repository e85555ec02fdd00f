// Batches change no verdict: for the reference and every known-bad, in this process, the corpus
// judged through once mode's batches (src/batch) fails exactly the cases the same corpus fails asked
// one request at a time, each with the same `expected` and `got` (a generated case's counts of draws
// apart: test/helpers/draw-counts.ts). The one-at-a-time results are the
// shared proof's (test/helpers/proof.ts); the process-level version, through real once-mode commands,
// is test/batch/equality.slow.test.ts. In the slow suite: every known-bad over the whole corpus is
// about 28 s of CPU, a fifth of npm test's budget.
import assert from "node:assert/strict";
import { before, test } from "node:test";
import { type BatchReport, prepareBatches } from "../../src/batch/index.js";
import { runCases } from "../../src/checks/index.js";
import { loadCorpus } from "../../src/corpus/index.js";
import { referenceCanonicalizer } from "../../src/jcs/canonicalizer.js";
import { canonicalizersOf, KNOWN_BADS } from "../../src/known-bad/index.js";
import type { Proof } from "../../src/known-bad/prove.js";
import { type CaseResult, type CorpusCase, type Profile, SUITES } from "../../src/types.js";
import { assertDrawCountsAgree, verdictLine } from "../helpers/draw-counts.js";
import { SHARED_PROOF, sharedProof } from "../helpers/proof.js";

let proof: Proof;
const corpora = new Map<Profile, CorpusCase[]>();
before(async () => {
  proof = await sharedProof();
  for (const profile of ["rfc8785", "nfc"] as const) {
    corpora.set(profile, (await loadCorpus({ ...SHARED_PROOF, suites: [...SUITES], profile })).cases);
  }
});

/** The corpus judged through batches: the results and what batching did. */
async function batched(
  profile: Profile,
  sides: { write: Parameters<typeof prepareBatches>[0]; read?: Parameters<typeof prepareBatches>[0] },
): Promise<{ results: CaseResult[]; report: BatchReport }> {
  const cases = corpora.get(profile)!;
  const { canonicalizer, report, nested } = await prepareBatches(sides.write, cases, {
    profile,
    readIsWrite: sides.read === undefined,
  });
  const results = await runCases(
    cases,
    { write: canonicalizer, read: sides.read ?? canonicalizer, nested },
    { concurrency: 64 },
  );
  return { results, report };
}

/** Each case's verdict as a line, to diff two runs (a generated case's counts of draws apart). */
const verdicts = (results: CaseResult[]) => results.map(verdictLine);

test("the reference passes every case through batches, every input confirmed by a few processes", async () => {
  const { results, report } = await batched("rfc8785", { write: referenceCanonicalizer() });
  assert.deepEqual(
    results.filter((r) => !r.pass).map((r) => r.name),
    [],
  );
  assert.equal(report.off, undefined);
  assert.equal(report.confirmed, report.inputs);
  // More inputs travel than there are stored canon cases: the invariants' and the generated draws too.
  const stored = corpora.get("rfc8785")!.filter((c) => c.suite === "jcs").length;
  assert.ok(report.inputs > stored, `${report.inputs} inputs batched, ${stored} stored canon cases`);
});

for (const bad of KNOWN_BADS) {
  test(`${bad.name}: the same verdicts, expected and got through batches as one request at a time`, async () => {
    const run = proof.runs.find((r) => r.bad.name === bad.name)!;
    const { results, report } = await batched(run.profile, canonicalizersOf(bad));
    assert.deepEqual(verdicts(results), verdicts(run.results));
    assertDrawCountsAgree(results, run.results);
    // What batching did is part of the claim: it ran, or the doubt rule turned it off, said why.
    assert.ok(report.off !== undefined || report.confirmed > 0, JSON.stringify(report));
  });
}

test("a writer that sorts nested objects only is caught by the sentinels, and judged as it is alone", async () => {
  const run = proof.runs.find((r) => r.bad.name === "sorts_nested_not_top_level")!;
  const { report } = await batched("rfc8785", canonicalizersOf(run.bad));
  assert.match(report.off ?? "", /^sentinel /);
  assert.ok(run.results.some((r) => !r.pass && r.suite === "jcs" && r.name === "sort-simple"));
});
