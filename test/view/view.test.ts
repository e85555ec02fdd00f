// A run's view (src/view), fed by in-process runs of a known-bad that fails exactly the four
// trailing-comma cases of the reject suite: the step's verdict and its reason under each rule, each
// failure with its one name, listed reason and cause, and the causes grouped once for every report.
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import type { CompareReport } from "../../src/compare/types.js";
import { referenceCanonicalizer } from "../../src/jcs/canonicalizer.js";
import { knownBadCanonicalizer } from "../../src/known-bad/index.js";
import { runConformance } from "../../src/run/index.js";
import { recordCaseName } from "../../src/text-forms/index.js";
import { groupFailures } from "../../src/view/causes.js";
import { runView } from "../../src/view/index.js";
import { runOptions } from "../helpers/fixtures.js";

const tmp = mkdtempSync(join(tmpdir(), "run-view-"));
const TRAILING = [
  "trailing-comma-array",
  "trailing-comma-object",
  "trailing-comma-nested",
  "comma-only-object",
];

function list(name: string, text: string): string {
  const path = join(tmp, name);
  writeFileSync(path, text);
  return path;
}

/** The known-bad in this process, over the reject suite, with the options given. */
function run(options: { expectedFailures?: string; failOnNonconformant?: boolean } = {}) {
  const { failOnNonconformant, ...values } = options;
  return runConformance({
    ...runOptions({
      command: "accepts_trailing_commas",
      suites: ["reject"],
      implementation: knownBadCanonicalizer("accepts_trailing_commas").write,
      ...values,
    }),
    ...(failOnNonconformant === undefined ? {} : { failOnNonconformant }),
  });
}

test("without a list: the step follows the record's verdict; each failure named once, under one cause", async () => {
  const view = await run();
  assert.equal(view.record.conformant, false);
  assert.deepEqual(view.step, {
    pass: false,
    by: "record",
    runPasses: false,
    disagreements: 0,
    excused: false,
    failsOnRun: true,
  });
  assert.deepEqual(view.failures.map((f) => f.name).sort(), TRAILING.map((n) => `reject/${n}`).sort());
  for (const f of view.failures) {
    assert.equal(f.name, recordCaseName(f.result.suite, f.result.name));
    assert.equal(f.listed, undefined);
    assert.equal(f.unexpected, false, "without a list nothing is 'unexpected'");
    assert.ok(f.cause.cases.includes(f.name), `${f.name} is under its cause`);
  }
  // Grouped once, over every case, as results.json has always grouped them: each failure in one group.
  assert.deepEqual(view.causes, groupFailures(view.results));
  assert.deepEqual(view.causes.flatMap((g) => g.cases).sort(), view.failures.map((f) => f.name).sort());
  const total = view.tally.reduce(
    (sum, t) => ({ cases: sum.cases + t.cases, failed: sum.failed + t.failed }),
    {
      cases: 0,
      failed: 0,
    },
  );
  assert.deepEqual(total, { cases: view.record.summary.cases, failed: view.record.summary.failed });
});

test("every failure listed: the step passes by the gate, the record still says not conformant", async () => {
  const view = await run({
    expectedFailures: list(
      "covering.txt",
      "reject/trailing-comma-* we strip them, #3\nreject/comma-only-object same\n",
    ),
  });
  assert.equal(view.record.conformant, false);
  assert.equal(view.step.by, "gate");
  assert.equal(view.step.pass, true);
  assert.equal(view.step.failsOnRun, false);
  const listed = Object.fromEntries(view.failures.map((f) => [f.name, f.listed]));
  assert.deepEqual(listed["reject/trailing-comma-array"], { reason: "we strip them, #3", line: 1 });
  assert.deepEqual(listed["reject/comma-only-object"], { reason: "same", line: 2 });
  assert.ok(view.failures.every((f) => !f.unexpected));
});

test("a failure left out: the step fails by the gate, and exactly that failure is unexpected", async () => {
  const view = await run({
    expectedFailures: list("partial.txt", "reject/trailing-comma-* we strip them\n"),
  });
  assert.equal(view.step.pass, false);
  assert.equal(view.step.by, "gate");
  assert.deepEqual(
    view.failures.filter((f) => f.unexpected).map((f) => f.name),
    ["reject/comma-only-object"],
  );
  assert.deepEqual(
    view.failures
      .filter((f) => f.listed)
      .map((f) => f.name)
      .sort(),
    ["reject/trailing-comma-array", "reject/trailing-comma-nested", "reject/trailing-comma-object"],
  );
});

test("fail-on-nonconformant false: the step passes, excused, and says the run did not", async () => {
  const view = await run({ failOnNonconformant: false });
  assert.deepEqual(
    [view.step.pass, view.step.runPasses, view.step.excused, view.step.failsOnRun],
    [true, false, true, false],
  );
});

test("a disagreement of the differential run fails a step the run itself passes, unless excused", async () => {
  const passing = await runConformance(
    runOptions({ command: "reference", suites: ["jcs"], implementation: referenceCanonicalizer() }),
  );
  assert.equal(passing.step.pass, true);
  const compare = { disagreements: [{}] } as unknown as CompareReport;
  const disagreeing = runView({ ...passing, compare });
  assert.deepEqual(
    [disagreeing.step.pass, disagreeing.step.runPasses, disagreeing.step.disagreements],
    [false, true, 1],
  );
  const excused = runView({ ...passing, compare, failOnNonconformant: false });
  assert.deepEqual([excused.step.pass, excused.step.excused], [true, true]);
});
