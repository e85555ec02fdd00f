import assert from "node:assert/strict";
import { test } from "node:test";
import { runCases } from "../../src/checks/index.js";
import type { Canonicalizer, CaseResult, CorpusCase } from "../../src/types.js";
import { canonCase, context, rejectCase } from "./fakes.js";

/** Answers every input with itself, after a delay that depends on the input, so completion order is shuffled. */
function echoAfter(delayOf: (text: string) => number): Canonicalizer {
  return {
    label: "echo",
    async canonicalize(input) {
      await new Promise((resolve) => setTimeout(resolve, delayOf(new TextDecoder().decode(input))));
      return { status: "canonical", output: input };
    },
    async close() {},
  };
}

test("results come back in corpus order whatever the completion order", async () => {
  const cases = Array.from({ length: 20 }, (_, k) => canonCase(String(k), String(k), `case-${k}`));
  const completed: string[] = [];
  const dones: number[] = [];
  const results = await runCases(cases, context(echoAfter((t) => (20 - Number(t)) * 2)), {
    concurrency: 20,
    onResult: (r, done) => {
      completed.push(r.name);
      dones.push(done);
    },
  });
  assert.deepEqual(
    results.map((r) => r.name),
    cases.map((c) => c.name),
  );
  assert.ok(results.every((r) => r.pass));
  assert.notDeepEqual(
    completed,
    cases.map((c) => c.name),
    "the delays should have shuffled completion",
  );
  assert.deepEqual(
    dones,
    Array.from({ length: 20 }, (_, k) => k + 1),
  );
});

test("no more than `concurrency` cases are judged at once", async () => {
  let now = 0;
  let most = 0;
  const counting: Canonicalizer = {
    label: "counting",
    async canonicalize(input) {
      most = Math.max(most, ++now);
      await new Promise((resolve) => setTimeout(resolve, 2));
      now--;
      return { status: "canonical", output: input };
    },
    async close() {},
  };
  const cases = Array.from({ length: 30 }, (_, k) => canonCase("1", "1", `c${k}`));
  await runCases(cases, context(counting), { concurrency: 4 });
  assert.equal(most, 4);
});

test("a check that throws becomes a failed case, and the run goes on", async () => {
  const cases: CorpusCase[] = [
    canonCase("1", "1", "before"),
    {
      suite: "numbers",
      name: "broken-generator",
      why: "",
      source: "",
      kind: "numbers",
      seed: 1,
      from: 0,
      to: 0,
      count: 1,
      blockSize: 1,
      // A generator that breaks while the check iterates the blocks.
      get edges(): number[] {
        throw new Error("generator exploded");
      },
      grid: [],
    },
    rejectCase("[", "after"),
  ];
  const results: CaseResult[] = await runCases(cases, context(echoAfter(() => 0)), { concurrency: 2 });
  assert.deepEqual(
    results.map((r) => [r.name, r.pass]),
    [
      ["before", true],
      ["broken-generator", false],
      ["after", false],
    ],
  );
  assert.equal(results[1]!.got, "failed: the numbers check threw: generator exploded");
  assert.equal(results[1]!.expected, "1 numbers as ES6 String(n)");
});

test("an empty corpus gives no results, and a bad concurrency is refused", async () => {
  assert.deepEqual(await runCases([], context(echoAfter(() => 0)), { concurrency: 3 }), []);
  await assert.rejects(
    runCases([], context(echoAfter(() => 0)), { concurrency: 0 }),
    /concurrency must be an integer >= 1/,
  );
});
