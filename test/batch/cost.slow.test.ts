// A failing implementation costs about what a passing one does (issue 29): a whole default once run
// of a command with a number defect (known-bad fifteen_digit_numbers, which writes 15 significant
// digits) asks at most twice the requests, each a process in once mode, of the reference's run, with
// the same verdicts as asking every request alone (test/batch/equality-in-process.slow.test.ts). Here
// in this process, counting requests: the figures with real processes are in docs/protocol.md.
import assert from "node:assert/strict";
import { test } from "node:test";
import { prepareBatches } from "../../src/batch/index.js";
import { runCases } from "../../src/checks/index.js";
import { loadCorpus } from "../../src/corpus/index.js";
import { referenceCanonicalizer } from "../../src/jcs/canonicalizer.js";
import { knownBadCanonicalizer } from "../../src/known-bad/index.js";
import { type Canonicalizer, SUITES } from "../../src/types.js";

/** `impl`, counting what it is asked. */
function counted(impl: Canonicalizer): Canonicalizer & { requests: number } {
  const c = {
    label: impl.label,
    requests: 0,
    canonicalize(input: Uint8Array) {
      c.requests++;
      return impl.canonicalize(input);
    },
    close: () => impl.close(),
  };
  return c;
}

async function defaultRun(impl: Canonicalizer): Promise<{ requests: number; failed: number }> {
  const cases = (await loadCorpus({ suites: [...SUITES], profile: "rfc8785", numbers: 100_000, seed: 1 }))
    .cases;
  const write = counted(impl);
  const { canonicalizer, nested } = await prepareBatches(write, cases, {
    profile: "rfc8785",
    readIsWrite: true,
  });
  const results = await runCases(
    cases,
    { write: canonicalizer, read: canonicalizer, nested },
    { concurrency: 2 },
  );
  return { requests: write.requests, failed: results.filter((r) => !r.pass).length };
}

test("a default run of a number defect asks at most twice the requests of a passing run", async () => {
  const passing = await defaultRun(referenceCanonicalizer());
  const failing = await defaultRun(knownBadCanonicalizer("fifteen_digit_numbers").write);
  assert.equal(passing.failed, 0);
  assert.ok(failing.failed > 40, `${failing.failed} cases failed`);
  assert.ok(
    failing.requests <= 2 * passing.requests,
    `${failing.requests} requests for the number defect, ${passing.requests} for the reference`,
  );
});
