// The shrink lookahead (src/checks/lookahead.ts) changes nothing fast-check does: the same draws, the
// same counterexample, the same number of shrinks and the same path; and while it shrinks, the
// candidate being tried and the ones after it in its chunk are known, and the first candidates of the
// step after one of the chunk's first few is taken.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { AHEAD, CHILDREN, lookahead, PARENTS } from "../../src/checks/lookahead.js";
import { generatedProperty } from "../../src/corpus/index.js";

const arbitrary = () => fc.array(fc.integer({ min: -1000, max: 1000 }), { maxLength: 40 });
/** Fails for an array holding a number above 600 and at least three elements. */
const fails = (xs: number[]) => xs.length >= 3 && xs.some((x) => x > 600);

test("fast-check finds the same counterexample through the lookahead, by the same path", () => {
  for (const seed of [1, 2, 3, 42, 2024]) {
    const plain = fc.check(
      fc.property(arbitrary(), (xs) => !fails(xs)),
      { seed },
    );
    const ahead = lookahead(arbitrary());
    const wrapped = fc.check(
      fc.property(ahead.arbitrary, (xs) => !fails(xs)),
      { seed },
    );
    assert.equal(plain.failed, true, `seed ${seed}`);
    assert.deepEqual(wrapped.counterexample, plain.counterexample, `seed ${seed}`);
    assert.equal(wrapped.numShrinks, plain.numShrinks, `seed ${seed}`);
    assert.equal(wrapped.counterexamplePath, plain.counterexamplePath, `seed ${seed}`);
    assert.ok(plain.numShrinks > 2, `seed ${seed}: a shrink worth comparing`);
  }
});

test("a generated property's arbitrary shrinks the same way through the lookahead", () => {
  const property = generatedProperty("canon-matches-reference");
  const fails = (v: unknown) => JSON.stringify(v).length > 30;
  for (const seed of [1, 7]) {
    const plain = fc.check(
      fc.property(property.arbitrary("rfc8785"), (v) => !fails(v)),
      { seed },
    );
    const wrapped = fc.check(
      fc.property(lookahead(property.arbitrary("rfc8785")).arbitrary, (v) => !fails(v)),
      {
        seed,
      },
    );
    assert.equal(plain.failed, true);
    assert.deepEqual(wrapped.counterexample, plain.counterexample);
    assert.equal(wrapped.counterexamplePath, plain.counterexamplePath);
  }
});

test("while shrinking, the candidate tried is the first of those known, and a chunk holds up to AHEAD", () => {
  const ahead = lookahead(arbitrary());
  const seen: { tried: number[]; upcoming: number[][]; after: number[][] }[] = [];
  let shrinking = false;
  fc.check(
    fc.property(ahead.arbitrary, (xs) => {
      if (shrinking) {
        const { next, after } = ahead.upcoming();
        seen.push({ tried: xs, upcoming: next.map((u) => [...u]), after: after.map((u) => [...u]) });
      }
      const failed = fails(xs);
      if (failed) shrinking = true;
      return !failed;
    }),
    { seed: 42 },
  );
  assert.ok(seen.length > AHEAD, `${seen.length} candidates tried`);
  for (const s of seen) {
    assert.deepEqual(s.upcoming[0], s.tried);
    assert.ok(s.upcoming.length >= 1 && s.upcoming.length <= AHEAD);
    assert.ok(s.after.length <= PARENTS * CHILDREN);
  }
  // After a step is taken, the first candidates of the next were known before it: they were among
  // the chunk's first few candidates' own shrinks.
  let foreseen = 0;
  for (let k = 1; k < seen.length; k++) {
    const step = seen[k - 1]!;
    const tookIt = fails(step.tried);
    if (tookIt && step.after.some((a) => JSON.stringify(a) === JSON.stringify(seen[k]!.tried))) foreseen++;
  }
  assert.ok(foreseen > 0, "a step's first candidate was known before the step");
  // The first candidate of a chunk knows the whole chunk: the next candidates tried are in it, in order.
  const firstOfChunk = seen.findIndex((s) => s.upcoming.length === AHEAD);
  assert.ok(firstOfChunk >= 0);
  const chunk = seen[firstOfChunk]!.upcoming;
  for (let k = 1; k < chunk.length && firstOfChunk + k < seen.length; k++) {
    if (seen[firstOfChunk + k]!.upcoming.length !== AHEAD - k) break; // a failure started a new stream
    assert.deepEqual(seen[firstOfChunk + k]!.tried, chunk[k]);
  }
});
