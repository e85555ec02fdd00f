// The narrowing of a batch that got no answer (src/checks/narrow.ts): a hang is paid in at most two
// levels where asking alone costs a process (about √n parts, then the hung part's items one by one),
// and in one level where it costs a round trip (`oneByOne`); every other item is placed exactly.
import assert from "node:assert/strict";
import { test } from "node:test";
import { narrowBatch } from "../../src/checks/narrow.js";
import type { Answer } from "../../src/types.js";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Narrows items 0..n-1 of which `hangs` get no answer, as a command that hangs on any array holding
 * one of them would; returns what it asked and what it placed. */
async function narrowed(n: number, hangs: number[], oneByOne = false) {
  const items = Array.from({ length: n }, (_, k) => k);
  const asked: { size: number; answered: boolean }[] = [];
  const matched = new Set<number>();
  const wrong: number[] = [];
  const ask = async (input: Uint8Array): Promise<Answer> => {
    const sent = JSON.parse(decoder.decode(input)) as number[];
    const answered = !sent.some((k) => hangs.includes(k));
    asked.push({ size: sent.length, answered });
    return answered
      ? { status: "canonical", output: input }
      : { status: "failed", reason: "timed out after 10 ms; process group killed" };
  };
  const request = (part: readonly number[]) => {
    const bytes = encoder.encode(JSON.stringify(part));
    return { input: bytes, expected: bytes };
  };
  const first = await ask(request(items).input);
  await narrowBatch<number, string>(items, first, {
    request,
    parts: () => null,
    right: () => true,
    ask,
    oneByOne,
    matched: (part) => {
      for (const k of part) matched.add(k);
    },
    wrong: (k) => wrong.push(k),
    arrayWrong: () => assert.fail("no array answer was given"),
  });
  return { asked, matched, wrong };
}

test("once mode: a hang among 1,000 items costs three time limits and about 2√n processes", async () => {
  const { asked, matched, wrong } = await narrowed(1000, [637]);
  assert.deepEqual(wrong, [637]);
  assert.equal(matched.size, 999);
  // The whole, the one part of √n that holds it, and the item alone: each waited out once.
  assert.equal(asked.filter((a) => !a.answered).length, 3);
  assert.ok(asked.length <= 1 + 2 * Math.ceil(Math.sqrt(1000)), `${asked.length} requests`);
  assert.deepEqual(
    asked.filter((a) => !a.answered).map((a) => a.size),
    [1000, 32, 1],
  );
});

test("once mode: two hangs in different parts cost their parts' levels side by side, not more", async () => {
  const { asked, wrong } = await narrowed(400, [3, 399]);
  assert.deepEqual(
    wrong.sort((a, b) => a - b),
    [3, 399],
  );
  // The whole, two parts of 20, and the two items alone.
  assert.equal(asked.filter((a) => !a.answered).length, 5);
});

test("lines mode (asking alone is a round trip): every item asked alone at once", async () => {
  const { asked, wrong } = await narrowed(50, [7], true);
  assert.deepEqual(wrong, [7]);
  assert.deepEqual(
    asked.filter((a) => !a.answered).map((a) => a.size),
    [50, 1],
  );
  assert.equal(asked.length, 51);
});
