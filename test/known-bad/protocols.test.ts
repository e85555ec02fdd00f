// The house rule for every shortcut (issue 20): lines mode (pipelined, with its isolation on doubt and
// its lines forms) and once mode give every case the verdict it has when judged alone in this
// process. Fast: every known-bad and the reference through lines-mode commands over a small sample
// of the corpus; the known-bads whose faults are in the process (a hang, a crash) through once mode
// too. protocols.slow.test.ts runs every known-bad in both protocols over a larger sample.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { liveGroupCount } from "../../src/adapters/process-group.js";
import { KNOWN_BADS, knownBad } from "../../src/known-bad/index.js";
import { assertSameVerdicts, sample } from "./protocols.js";

after(() => assert.equal(liveGroupCount(), 0, "every process group was killed"));

/** Long enough for a loaded machine to start node for a request; what a hang costs per request. */
const TIME_LIMIT_MS = 4000;

const cases = sample({
  perKind: 6,
  also: /subnormal-1e-320|comment-line/,
  numbers: 600,
  blockSize: 40,
  generatedRuns: 8,
});

test("every known-bad and the reference: lines mode fails exactly the cases each fails in process", async () => {
  const sampled = await cases;
  assert.ok(sampled.some((c) => c.kind === "property") && sampled.some((c) => c.kind === "numbers"));
  for (const bad of [undefined, ...KNOWN_BADS]) {
    await assertSameVerdicts(sampled, bad, ["lines"], TIME_LIMIT_MS);
  }
});

test("a hang on one number: both protocols lose only the cases that send it, and name it", async () => {
  const sampled = (await cases).filter((c) => c.kind !== "property");
  const failed = await assertSameVerdicts(
    sampled,
    knownBad("hangs_on_1e_320"),
    ["lines", "once"],
    TIME_LIMIT_MS,
  );
  assert.deepEqual(failed, {
    "jcs/subnormal-1e-320": [],
    "numbers/seed-1/000000000-000000599": ["10e-321 no-answer", "1e-320 no-answer"],
  });
});

test("a parser that crashes on bad input: a refusal in both protocols, so it passes every case", async () => {
  const sampled = (await cases).filter((c) => c.kind !== "property" && c.kind !== "numbers");
  const failed = await assertSameVerdicts(
    sampled,
    knownBad("crashes_on_bad_input"),
    ["lines", "once"],
    TIME_LIMIT_MS,
  );
  assert.deepEqual(failed, {});
});
