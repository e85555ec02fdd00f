// Once mode: a hang costs one full time limit, where its input is asked alone, and shorter ones before
// it (issue 36: a hang cost three, the batch's, a part's of about √n inputs, and the input's alone). A
// batch, a numbers block and a narrowing level of several inputs decide no verdict by a time-out, so
// they are asked with the adapter's shorter limit (Canonicalizer.canonicalizeBriefly); an input alone,
// or a part of one, keeps the full one. Counted here in this process: which requests that got no answer
// were asked with which limit.
import assert from "node:assert/strict";
import { test } from "node:test";
import { prepareBatches } from "../../src/batch/index.js";
import { runCases } from "../../src/checks/index.js";
import { loadCorpus } from "../../src/corpus/index.js";
import { knownBadCanonicalizer } from "../../src/known-bad/index.js";
import type { Answer, Canonicalizer } from "../../src/types.js";

/** `impl` with a shorter limit too, logging each request that got no answer and how it was asked. */
function withLimits(impl: Canonicalizer) {
  const timedOut: { full: string[]; brief: string[] } = { full: [], brief: [] };
  const asked =
    (log: string[]) =>
    async (input: Uint8Array): Promise<Answer> => {
      const answer = await impl.canonicalize(input);
      if (answer.status === "failed") log.push(new TextDecoder().decode(input));
      return answer;
    };
  const c: Canonicalizer = {
    label: impl.label,
    canonicalize: asked(timedOut.full),
    canonicalizeBriefly: asked(timedOut.brief),
    close: () => impl.close(),
  };
  return { c, timedOut };
}

test("once mode: a hang costs one full time limit per input that hangs, the narrowing levels shorter ones", async () => {
  const cases = (
    await loadCorpus({ suites: ["jcs", "numbers"], profile: "rfc8785", numbers: 20_000, seed: 1 })
  ).cases;
  const { c, timedOut } = withLimits(knownBadCanonicalizer("hangs_on_1e_320").write);
  const { canonicalizer, nested } = await prepareBatches(c, cases, { profile: "rfc8785", readIsWrite: true });
  const results = await runCases(
    cases,
    { write: canonicalizer, read: canonicalizer, nested },
    { concurrency: 2 },
  );
  const failed = results.filter((r) => !r.pass).map((r) => r.name);
  assert.ok(failed.includes("subnormal-1e-320"), failed.join(" "));
  // Full limits: the two stored cases that hold it, each alone, and the number alone in the numbers
  // sweep (the same bytes as one of them), nothing else. Before: every batch, part and block too.
  assert.deepEqual(timedOut.full.sort(), ["[10e-321]", "[1e-320]", "[1e-320]"]);
  // Shorter ones: the batches and parts that held it, the block and its part.
  assert.ok(timedOut.brief.length >= 2, timedOut.brief.join("\n").slice(0, 200));
  assert.ok(
    timedOut.brief.every((t) => t.includes(",")),
    "every brief one held several inputs",
  );
});
