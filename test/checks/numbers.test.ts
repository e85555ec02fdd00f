import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { checkFor } from "../../src/checks/index.js";
import { judgeNumbers } from "../../src/checks/numbers.js";
import { numberBlocks } from "../../src/corpus/index.js";
import type { Answer, Canonicalizer, CorpusCase } from "../../src/types.js";
import { bytes, context } from "./fakes.js";

const numbers = checkFor("numbers");
const text = (b: Uint8Array) => new TextDecoder().decode(b);

/** The case whose blocks are these [input spelling, expected text] pairs: a numbers case is data,
 * so the pairs become the sweep's edge cases, sent first, in blocks of the first block's size. */
function numbersCase(blocks: [string, string][][]): Extract<CorpusCase, { kind: "numbers" }> {
  const pairs = blocks.flat();
  const c = {
    suite: "numbers" as const,
    name: "seed-1/0-5",
    why: "generated doubles",
    source: "RFC 8785 §3.2.2.3",
    kind: "numbers" as const,
    seed: 1,
    from: 0,
    to: pairs.length - 1,
    count: pairs.length,
    blockSize: blocks[0]!.length,
    edges: pairs.map(([input]) => Number(input)),
    grid: [],
  };
  // The case makes exactly the blocks the test states.
  assert.deepEqual(
    [...numberBlocks(c)].map((b) => [text(b.input), text(b.expected), b.count]),
    blocks.map((p) => [
      `[${p.map(([input]) => input).join(",")}]`,
      `[${p.map(([, expected]) => expected).join(",")}]`,
      p.length,
    ]),
  );
  return c;
}

const BLOCKS: [string, string][][] = [
  [
    ["1.0000000000000000e+0", "1"],
    ["-0.0000000000000000e+0", "0"],
    ["9.9999999999999995e-8", "1e-7"],
  ],
  [
    ["1.0000000000000000e+21", "1e+21"],
    ["1.5000000000000000e+16", "15000000000000000"],
  ],
];

/** An implementation that maps each number's expected text through `wrong`, or answers `whole` per block. */
function numberWriter(
  wrong: (expected: string) => string,
  whole?: (block: number) => Answer | undefined,
): Canonicalizer {
  let block = 0;
  return {
    label: "numbers fake",
    async canonicalize(input) {
      const index = BLOCKS.findIndex(
        (pairs) => `[${pairs.map(([i]) => i).join(",")}]` === new TextDecoder().decode(input),
      );
      assert.ok(index >= 0, "asked something that is not one of the blocks");
      const special = whole?.(block++);
      if (special) return special;
      return { status: "canonical", output: bytes(`[${BLOCKS[index]!.map(([, e]) => wrong(e)).join(",")}]`) };
    },
    async close() {},
  };
}

const expectedSha = createHash("sha256")
  .update(BLOCKS.map((pairs) => `[${pairs.map(([, e]) => e).join(",")}]`).join(""))
  .digest("hex");

test("numbers passes when every block comes back exact, and pins the expected text by its digest", async () => {
  const r = await numbers(numbersCase(BLOCKS), context(numberWriter((e) => e)));
  assert.equal(r.pass, true);
  assert.equal(r.expected, `5 numbers as ES6 String(n), expected blocks sha256 ${expectedSha}`);
  assert.equal(r.got, "5 of 5 matched");
});

test("numbers counts matches and spells out the first mismatch: input, expected, got", async () => {
  const python = (e: string) => (e === "1e-7" ? "1e-07" : e === "15000000000000000" ? "1.5e+16" : e);
  const r = await numbers(numbersCase(BLOCKS), context(numberWriter(python)));
  assert.equal(r.pass, false);
  assert.equal(
    r.got,
    "3 of 5 matched; first mismatch: number #2: input 9.9999999999999995e-8, expected 1e-7, got 1e-07",
  );
});

test("numbers names the block a rejection or a crash lost, and counts none of it", async () => {
  const r = await numbers(
    numbersCase(BLOCKS),
    context(
      numberWriter(
        (e) => e,
        (block) => (block === 1 ? { status: "rejected", reason: "too big" } : undefined),
      ),
    ),
  );
  assert.equal(r.pass, false);
  assert.equal(r.got, "3 of 5 matched; first mismatch: block of numbers #3–#4: reject: too big");
});

test("numbers fails a block whose numbers are right but whose array is not canonical", async () => {
  const spaced: Canonicalizer = {
    label: "spaced",
    async canonicalize(input) {
      const index = BLOCKS.findIndex(
        (pairs) => `[${pairs.map(([i]) => i).join(",")}]` === new TextDecoder().decode(input),
      );
      return { status: "canonical", output: bytes(`[${BLOCKS[index]!.map(([, e]) => e).join(", ")}]`) };
    },
    async close() {},
  };
  const r = await numbers(numbersCase(BLOCKS), context(spaced));
  assert.equal(r.pass, false);
  assert.match(r.got, /^5 of 5 matched; first mismatch: block of numbers from #0: \[1, 0, 1e-7\]$/);
});

test("numbers reports a missing number", async () => {
  const short: Canonicalizer = {
    label: "short",
    async canonicalize() {
      return { status: "canonical", output: bytes("[1,0]") };
    },
    async close() {},
  };
  const r = await numbers(numbersCase([BLOCKS[0]!]), context(short));
  assert.equal(
    r.got,
    "2 of 3 matched; first mismatch: number #2: input 9.9999999999999995e-8, expected 1e-7, got (missing)",
  );
});

test("numbers keeps a bounded number of blocks in flight, and reads them lazily", async () => {
  let inFlight = 0;
  let most = 0;
  let generated = 0;
  let answered = 0;
  let mostAhead = 0;
  const slow: Canonicalizer = {
    label: "slow",
    async canonicalize(input) {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
      answered++;
      return { status: "canonical", output: input };
    },
    async close() {},
  };
  const c = { ...numbersCase([[["1.0000000000000000e+0", "1"]]]), count: 100, to: 99 };
  function* blocks() {
    for (let k = 0; k < 100; k++) {
      generated++;
      mostAhead = Math.max(mostAhead, generated - answered);
      yield { input: bytes(`[${k}]`), expected: bytes(`[${k}]`), count: 1 };
    }
  }
  const r = await judgeNumbers(c, context(slow), blocks());
  assert.equal(r.got, "100 of 100 matched");
  assert.ok(most > 1, `blocks should overlap (most in flight: ${most})`);
  assert.ok(most <= 8, `at most 8 blocks in flight, saw ${most}`);
  // Generation runs at most one block ahead of the window: the blocks are not all made up front.
  assert.ok(mostAhead <= 9, `generated up to ${mostAhead} blocks ahead of the answers`);
});
