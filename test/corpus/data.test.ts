// The corpus is data: every case, stored or generated, is inputs and expectations (no closure), and
// the corpus stage knows nothing of the stages that judge or run it.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { loadCorpus } from "../../src/corpus/index.js";
import { SUITES } from "../../src/types.js";

const CORPUS = fileURLToPath(new URL("../../src/corpus/", import.meta.url));

test("every case of every suite, under either profile, is plain data: structuredClone keeps it", async () => {
  for (const profile of ["rfc8785", "nfc"] as const) {
    const corpus = await loadCorpus({ suites: [...SUITES], profile, numbers: 3_000, generatedRuns: 100 });
    assert.ok(
      corpus.cases.some((c) => c.kind === "property") && corpus.cases.some((c) => c.kind === "numbers"),
    );
    for (const c of corpus.cases) {
      // structuredClone refuses functions, so a case with a closure would throw here.
      const copy = structuredClone(c);
      assert.deepEqual(copy, c, `${c.suite}/${c.name}`);
    }
  }
});

test("src/corpus imports nothing from the checks, the adapters or the known-bads", () => {
  const files = readdirSync(CORPUS, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
  assert.ok(files.length > 5);
  for (const file of files) {
    const text = readFileSync(join(CORPUS, file), "utf8");
    for (const [, from] of text.matchAll(/\bfrom\s+"([^"]+)"/g)) {
      assert.doesNotMatch(from!, /\/(checks|adapters|known-bad)\//, `${file} imports ${from}`);
    }
  }
});
