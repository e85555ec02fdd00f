// The thorough form of protocols.test.ts: every known-bad and the reference, in both protocols, over
// a sample of every kind of the corpus, the numbers sweep and the generated suite (kept small: once
// mode starts a process per request): each protocol fails exactly the cases judged in process.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { liveGroupCount } from "../../src/adapters/process-group.js";
import { KNOWN_BADS } from "../../src/known-bad/index.js";
import { assertSameVerdicts, sample } from "./protocols.js";

after(() => assert.equal(liveGroupCount(), 0, "every process group was killed"));

const TIME_LIMIT_MS = 5000;

test("every known-bad and the reference: once and lines mode fail exactly the cases each fails in process", async () => {
  // About 100 requests per known-bad and protocol: every lines form, the stored case and the two
  // sweep numbers the hang is on (#463 and #553), three cases of each kind, three runs of three
  // generated properties.
  const cases = await sample({
    perKind: 3,
    also: /comment-line|subnormal-1e-320|raw-control|ws-everywhere|bom-then/,
    numbers: 600,
    numbersFrom: 450,
    blockSize: 50,
    generatedRuns: 3,
  });
  for (const bad of [undefined, ...KNOWN_BADS]) {
    await assertSameVerdicts(cases, bad, ["lines", "once"], TIME_LIMIT_MS);
  }
});
