// The reference passes every generated case at other seeds than the default, at the default runs
// (moved from test/generated/properties.test.ts, which keeps the default seed: a whole sweep at each
// seed is the slow suite's).
import assert from "node:assert/strict";
import { test } from "node:test";
import { runCases } from "../../src/checks/index.js";
import { loadCorpus, PROPERTIES } from "../../src/corpus/index.js";
import { referenceCanonicalizer } from "../../src/jcs/canonicalizer.js";

test("the reference passes every generated case at a few other seeds, at the default runs", async () => {
  for (const seed of [2, 0xffffffff]) {
    const corpus = await loadCorpus({ suites: ["generated"], profile: "rfc8785", numbers: 0, seed });
    assert.equal(corpus.cases.length, PROPERTIES.length * 5);
    const reference = referenceCanonicalizer();
    const results = await runCases(corpus.cases, { write: reference, read: reference }, { concurrency: 8 });
    assert.deepEqual(
      results.filter((r) => !r.pass),
      [],
      `seed ${seed}`,
    );
  }
});
