// The run's bound (src/run/bound.ts): whatever the implementation does, every request is answered by
// the bound, the adapter is closed, and judging goes on to the end (docs/sandbox.md "One sandbox per
// worker", Bounded).
import assert from "node:assert/strict";
import { test } from "node:test";
import { runCases } from "../../src/checks/run-cases.js";
import { BOUND_MARGIN_MS, boundCanonicalizer, runBoundMs } from "../../src/run/bound.js";
import type { Answer, Canonicalizer } from "../../src/types.js";
import { bytes, canonCase, context, rejectCase } from "../checks/fakes.js";

/** An implementation that never answers and ignores being closed: it counts what it was asked. */
function silent() {
  const seen = { asked: 0, closed: 0 };
  const impl: Canonicalizer = {
    label: "silent",
    canonicalize: () => {
      seen.asked += 1;
      return new Promise<Answer>(() => {});
    },
    close: async () => {
      seen.closed += 1;
    },
  };
  return { impl, seen };
}

test("at its bound every waiting request fails with the bound as its reason, the adapter is closed, and later requests are not asked", async () => {
  const { impl, seen } = silent();
  const started = Date.now();
  const bounded = boundCanonicalizer(impl, started + 150, 150);
  const waiting = [bounded.canonicalize(bytes("[1]")), bounded.canonicalize(bytes("[2]"))];
  const answers = await Promise.all(waiting);
  for (const a of answers) {
    assert.equal(a.status, "failed");
    assert.match(
      a.status === "failed" ? a.reason : "",
      /the run reached its bound of 1 s \(computed from its plan\)/,
    );
  }
  assert.equal(bounded.reached(), true);
  assert.equal(seen.closed, 1);
  const later = await bounded.canonicalize(bytes("[3]"));
  assert.equal(later.status, "failed");
  assert.equal(seen.asked, 2, "a request after the bound is not asked");
  await bounded.close();
});

test("judging goes on to the end over an implementation that never answers: every case failed, by the bound", async () => {
  const { impl } = silent();
  const bounded = boundCanonicalizer(impl, Date.now() + 100, 100);
  const cases = [canonCase('{"b":1,"a":2}', '{"a":2,"b":1}', "one"), rejectCase("[01]", "two")];
  const results = await runCases(cases, context(bounded), { concurrency: 4 });
  assert.deepEqual(
    results.map((r) => r.pass),
    [false, false],
  );
  for (const r of results) assert.match(r.got, /reached its bound/);
  await bounded.close();
});

test("a request answered before the bound is its own answer, and nothing is closed", async () => {
  let closed = 0;
  const impl: Canonicalizer = {
    label: "quick",
    canonicalize: async () => ({ status: "canonical", output: bytes("[1]") }),
    close: async () => {
      closed += 1;
    },
  };
  const bounded = boundCanonicalizer(impl, Date.now() + 60_000, 60_000);
  const a = await bounded.canonicalize(bytes("[1]"));
  assert.equal(a.status, "canonical");
  assert.equal(bounded.reached(), false);
  assert.equal(closed, 0);
  await bounded.close();
  assert.equal(closed, 1);
});

test("the bound grows with the requests planned and the time-out, and shrinks with the jobs", () => {
  const base = { requests: 100, timeoutMs: 10_000, jobs: 2 };
  assert.ok(runBoundMs(base) > BOUND_MARGIN_MS);
  assert.ok(runBoundMs({ ...base, requests: 200 }) > runBoundMs(base));
  assert.ok(runBoundMs({ ...base, timeoutMs: 20_000 }) > runBoundMs(base));
  assert.ok(runBoundMs({ ...base, jobs: 4 }) < runBoundMs(base));
  // Each planned request may be asked twice, each holding a job for at least its time-out.
  assert.ok(runBoundMs(base) >= BOUND_MARGIN_MS + (2 * 100 * 10_000) / 2);
});
