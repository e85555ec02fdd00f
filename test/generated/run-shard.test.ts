// A real sharded run through the pipeline (src/run.ts, lines protocol, the reference as a command):
// its record states the shard, the totals and the seed, holds only its part of the numbers and
// generated cases under their whole-run names, and every stored case; the verifier accepts it.
import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { signingKey } from "../../src/record/keys.js";
import { outcomeLine, verifyRecord } from "../../src/record/verify.js";
import { runConformance } from "../../src/run/index.js";
import type { RunOptions } from "../../src/run/types.js";
import { implCommand } from "../helpers/cli.js";
import { runOptions } from "../helpers/fixtures.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

function options(shard: RunOptions["shard"]): RunOptions {
  return runOptions({
    command: implCommand("canonicalize --lines"),
    suites: ["reject", "numbers", "generated"],
    numbers: 300_000,
    seed: 5,
    generatedRuns: 100,
    ...(shard ? { shard } : {}),
    workingDirectory: ROOT,
    outDir: mkdtempSync(join(tmpdir(), "run-shard-")),
    key: signingKey("supplied", new Uint8Array(32).fill(5)),
  });
}

test("shards 1/2 and 2/2 of a run record their part, and together hold the whole run's cases once", async () => {
  const parts = [];
  for (const index of [1, 2]) {
    const outcome = await runConformance(options({ index, count: 2 }));
    assert.equal(
      outcome.record.suite,
      `rfc8785:reject,numbers,generated numbers=300000 generated=100 shard=${index}/2 seed=5 protocol=lines`,
    );
    assert.equal(
      outcome.record.conformant,
      true,
      JSON.stringify(outcome.record.cases.filter((c) => !c.pass)),
    );
    assert.equal(outcomeLine(verifyRecord(outcome.recordBytes)), "accept conformant=true");
    parts.push(outcome.record.cases.map((c) => c.name));
  }
  const [one, two] = parts as [string[], string[]];
  const swept = (names: string[]) => names.filter((n) => /^(numbers|generated)\//.test(n));
  const stored = (names: string[]) => names.filter((n) => n.startsWith("reject/"));
  assert.deepEqual(stored(one), stored(two), "the stored suites run whole in every shard");
  assert.ok(stored(one).length > 0);
  // numbers: 3 cases of 100,000; generated: 4 properties × 2 chunks of 50 runs.
  assert.deepEqual(swept(one), [
    "numbers/seed-5/000000000-000099999",
    "generated/canon-matches-reference/seed-5/0000-0049",
    "generated/canon-matches-reference/seed-5/0050-0099",
    "generated/respellings-reconcile/seed-5/0000-0049",
    "generated/respellings-reconcile/seed-5/0050-0099",
  ]);
  assert.deepEqual(swept(two), [
    "numbers/seed-5/000100000-000199999",
    "numbers/seed-5/000200000-000299999",
    "generated/mutations-stay-visible/seed-5/0000-0049",
    "generated/mutations-stay-visible/seed-5/0050-0099",
    "generated/idempotent/seed-5/0000-0049",
    "generated/idempotent/seed-5/0050-0099",
  ]);
});
