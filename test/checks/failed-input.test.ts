// Issue 14: a failed case carries what was sent and where its vector file is, so a person can
// reproduce it; a passing case carries neither. Judged against the real corpus.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { INPUT_LIMIT, runCases, showBytes } from "../../src/checks/index.js";
import { loadCorpus, vectorsRoot } from "../../src/corpus/index.js";
import { readCutBytes } from "../../src/text-forms/index.js";
import type { Canonicalizer } from "../../src/types.js";

/** Accepts everything and answers `{}`: fails every jcs and reject case. */
const braces: Canonicalizer = {
  label: "braces",
  async canonicalize() {
    return { status: "canonical", output: new TextEncoder().encode("{}") };
  },
  async close() {},
};

test("a failed stored case states its input (shown safely, cut) and its vector file; a passed one neither", async () => {
  const corpus = await loadCorpus({
    suites: ["jcs", "reject", "invariants"],
    profile: "rfc8785",
    numbers: 0,
  });
  const results = await runCases(corpus.cases, { write: braces, read: braces }, { concurrency: 8 });
  const failed = results.filter((r) => !r.pass);
  const passed = results.filter((r) => r.pass);
  assert.ok(failed.length > 100 && passed.length > 0, `${failed.length} failed, ${passed.length} passed`);
  for (const r of passed) assert.ok(r.input === undefined && r.vector === undefined, r.name);
  const root = join(vectorsRoot(), "..");
  for (const r of failed) {
    const c = corpus.cases.find((k) => k.suite === r.suite && k.name === r.name)!;
    assert.ok(r.vector, `${r.suite}/${r.name} has a vector`);
    const files = r.vector.split(" ").map((path) => new Uint8Array(readFileSync(join(root, path))));
    if ("input" in c) {
      assert.deepEqual(files[0], c.input, `${r.vector} holds the bytes sent`);
      assert.equal(r.input, showBytes(c.input, INPUT_LIMIT));
    } else if ("a" in c) {
      assert.deepEqual(files, [c.a, c.b]);
      assert.equal(r.input, `a = ${showBytes(c.a, INPUT_LIMIT)} and b = ${showBytes(c.b, INPUT_LIMIT)}`);
    }
  }
  // The example: "Expected reject / Got {"a":2}" never showed the input.
  const dup = failed.find((r) => r.suite === "reject" && r.name === "dup-top-level");
  assert.ok(dup, "reject/dup-top-level failed");
  assert.match(dup.input!, /"a".*"a"/, "the duplicate-key input is shown");
  assert.equal(dup.vector?.startsWith("vectors/reject/"), true);
});

test("a long input is cut at INPUT_LIMIT characters and says its full length and digest", () => {
  const long = new TextEncoder().encode(`[${"1,".repeat(500)}1]`);
  const shown = showBytes(long, INPUT_LIMIT);
  assert.ok(shown.startsWith(`[${"1,".repeat(99)}`));
  assert.equal(readCutBytes(shown)?.length, long.length);
});
