import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { noisyJson, spellCodePoint, spellNumber } from "../../src/compare/index.js";
import { canonicalize, canonicalizeValue, JcsError } from "../../src/jcs/index.js";

const encoder = new TextEncoder();

test("every spelling of a number reads back as exactly that number", () => {
  fc.assert(
    fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.nat(4), (n, choice) => {
      const text = spellNumber(n, choice);
      assert.ok(Object.is(JSON.parse(text), n), `${n} spelled ${text}`);
      // Never an integer literal past 2^53, which the RFC lets an implementation refuse.
      if (/^-?\d+$/.test(text)) assert.ok(Math.abs(n) <= Number.MAX_SAFE_INTEGER, text);
    }),
    { numRuns: 2000 },
  );
  assert.equal(spellNumber(-0, 0), "-0");
  assert.equal(spellNumber(2 ** 53 + 2, 0), "9007199254740994.0");
  assert.equal(spellNumber(1e-7, 4), "1.0e-7");
});

test("every spelling of a character inside a string reads back as that character", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 0x10ffff }).filter((cp) => cp < 0xd800 || cp > 0xdfff),
      fc.nat(3),
      (cp, choice) => {
        const spelled = spellCodePoint(cp, choice);
        assert.equal(JSON.parse(`"${spelled}"`), String.fromCodePoint(cp));
      },
    ),
    { numRuns: 3000 },
  );
  assert.equal(spellCodePoint(0x0a, 0), "\\n");
  assert.equal(spellCodePoint(0x1f600, 2), "\\uD83D\\uDE00");
});

test("noise keeps the meaning: what the reference accepts canonicalizes as JSON.parse reads it", () => {
  // JSON.parse keeps the last of duplicate names, but only the invalid fragments have duplicates,
  // and the reference refuses those; every other value must come out as its parsed meaning.
  let accepted = 0;
  let refused = 0;
  for (const text of fc.sample(noisyJson, { seed: 99, numRuns: 2000 })) {
    let canonical: Uint8Array;
    try {
      canonical = canonicalize(encoder.encode(text));
    } catch (error) {
      assert.ok(error instanceof JcsError, String(error));
      refused++;
      continue;
    }
    accepted++;
    assert.deepEqual(canonical, canonicalizeValue(JSON.parse(text)), text);
  }
  // Both sides are exercised: mostly values to write, some inputs to refuse.
  assert.ok(accepted > 1500 && refused > 100, `${accepted} accepted, ${refused} refused`);
});

test("fc.sample(noisyJson) yields exactly the values fc.check runs, so an index is a replayable path", async () => {
  for (const seed of [1, -7, 2 ** 31 - 1]) {
    const seen: string[] = [];
    await fc.check(
      fc.asyncProperty(noisyJson, async (t) => {
        seen.push(t);
        return true;
      }),
      { seed, numRuns: 300 },
    );
    assert.deepEqual(fc.sample(noisyJson, { seed, numRuns: 300 }), seen);
    const replayed: string[] = [];
    await fc.check(
      fc.asyncProperty(noisyJson, async (t) => {
        replayed.push(t);
        return true;
      }),
      { seed, path: "123", numRuns: 1 },
    );
    assert.equal(replayed[0], seen[123]);
  }
});
