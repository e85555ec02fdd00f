// `--shard K/N`: shards 1..N of the numbers sweep cover [0, total) exactly once, with the whole
// run's case names; the generated cases split the same way; the stored suites run in every shard.
import assert from "node:assert/strict";
import { test } from "node:test";
import { loadCorpus, shardSlice } from "../../src/corpus/index.js";
import { runSettings } from "../../src/options/index.js";
import type { CorpusCase, Shard } from "../../src/types.js";

function range(c: CorpusCase): [number, number] {
  const match = /(\d+)-(\d+)$/.exec(c.name);
  assert.ok(match, c.name);
  return [Number(match[1]), Number(match[2])];
}

for (const [total, count] of [
  [1_000_000, 8],
  [1_000_000, 3],
  [250_001, 4],
  [100_000, 1],
  [150_000, 5], // more shards than numbers cases: some shards get none
] as const) {
  test(`shards 1..${count} of a ${total}-number sweep cover [0, ${total}) exactly once`, async () => {
    const whole = await loadCorpus({ suites: ["numbers"], profile: "rfc8785", numbers: total });
    const covered: [number, number][] = [];
    const names: string[] = [];
    for (let index = 1; index <= count; index++) {
      const shard: Shard = { index, count };
      const part = await loadCorpus({ suites: ["numbers"], profile: "rfc8785", numbers: total, shard });
      for (const c of part.cases) {
        covered.push(range(c));
        names.push(c.name);
        assert.ok(c.kind === "numbers");
      }
    }
    covered.sort((a, b) => a[0] - b[0]);
    let next = 0;
    for (const [from, to] of covered) {
      assert.equal(from, next, "no gap and no overlap");
      next = to + 1;
    }
    assert.equal(next, total);
    // The shards' cases are the whole run's, by name (global indices), in order.
    assert.deepEqual(
      names,
      whole.cases.map((c) => c.name),
    );
  });
}

test("the generated cases split into shards whose names together are the whole run's, each once", async () => {
  const whole = await loadCorpus({
    suites: ["generated"],
    profile: "rfc8785",
    numbers: 0,
    generatedRuns: 1000,
  });
  assert.equal(whole.cases.length, 4 * 20);
  const names: string[] = [];
  for (let index = 1; index <= 7; index++) {
    const part = await loadCorpus({
      suites: ["generated"],
      profile: "rfc8785",
      numbers: 0,
      generatedRuns: 1000,
      shard: { index, count: 7 },
    });
    names.push(...part.cases.map((c) => c.name));
  }
  assert.deepEqual(
    names,
    whole.cases.map((c) => c.name),
  );
  assert.match(whole.cases[0]!.name, /^canon-matches-reference\/seed-1\/0000-0049$/);
  assert.match(whole.cases.at(-1)!.name, /^idempotent\/seed-1\/0950-0999$/);
});

test("every shard runs the stored suites whole", async () => {
  const whole = await loadCorpus({ suites: ["jcs", "reject"], profile: "rfc8785", numbers: 0 });
  const part = await loadCorpus({
    suites: ["jcs", "reject"],
    profile: "rfc8785",
    numbers: 0,
    shard: { index: 3, count: 8 },
  });
  assert.deepEqual(
    part.cases.map((c) => c.name),
    whole.cases.map((c) => c.name),
  );
});

test("a shard outside 1..N never reaches shardSlice: the options' reader refuses it", () => {
  for (const shard of [
    { index: 0, count: 2 },
    { index: 3, count: 2 },
    { index: 1, count: 0 },
  ])
    assert.throws(() => runSettings({ command: "x", shard }), /shard must be K\/N with 1 <= K <= N/);
  assert.deepEqual(shardSlice([1, 2, 3], undefined), [1, 2, 3]);
});
