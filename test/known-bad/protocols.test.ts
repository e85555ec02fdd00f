// The house rule for every shortcut (issue 20): lines mode (pipelined, with its isolation on doubt and
// its lines forms) and once mode give every case the verdict it has when judged alone in this
// process. Fast, on small samples: every known-bad and the reference through lines-mode commands;
// the known-bads whose faults are in the process (a hang, a crash) through once mode too.
// protocols.slow.test.ts runs every known-bad in both protocols over a larger sample.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { liveGroupCount } from "../../src/adapters/process-group.js";
import { KNOWN_BADS, knownBad } from "../../src/known-bad/index.js";
import { assertSameVerdicts, sample } from "./protocols.js";

after(() => assert.equal(liveGroupCount(), 0, "every process group was killed"));

/** Long enough for a loaded machine to start node for a request; what a hang costs per request. */
export const TIME_LIMIT_MS = 4000;

test("every known-bad and the reference: lines mode fails exactly the cases each fails in process", async () => {
  const cases = await sample({
    perKind: 2,
    also: /comment-line/,
    numbers: 100,
    blockSize: 50,
    generatedRuns: 4,
  });
  assert.ok(cases.some((c) => c.kind === "property") && cases.some((c) => c.kind === "numbers"));
  for (const bad of [undefined, ...KNOWN_BADS])
    await assertSameVerdicts(cases, bad, ["lines"], TIME_LIMIT_MS);
});

test("a hang on one number: both protocols lose only the cases that send it, and name it", async () => {
  // 1e-320 is number #553 of the sweep, 10e-321 #463 (the case keeps its name, and sends #450 on);
  // the stored case sends it too.
  const cases = await sample({
    perKind: 1,
    also: /subnormal-1e-320/,
    numbers: 600,
    numbersFrom: 450,
    blockSize: 25,
  });
  const failed = await assertSameVerdicts(
    cases,
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
  const cases = (await sample({ perKind: 2, also: /comment-line/, numbers: 0, blockSize: 1 })).filter(
    (c) => c.kind !== "numbers",
  );
  assert.ok(cases.filter((c) => c.kind === "reject").length >= 4);
  const failed = await assertSameVerdicts(
    cases,
    knownBad("crashes_on_bad_input"),
    ["lines", "once"],
    TIME_LIMIT_MS,
  );
  assert.deepEqual(failed, {});
});
