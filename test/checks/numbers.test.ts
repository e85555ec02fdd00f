import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { checkFor } from "../../src/checks/index.js";
import { judgeNumbers, type NumberKind, numberKind } from "../../src/checks/numbers.js";
import { loadCorpus, numberBlocks } from "../../src/corpus/index.js";
import { canonicalize } from "../../src/jcs/index.js";
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

test("numbers counts matches, names every mismatch (input, expected, got) and counts each kind", async () => {
  const python = (e: string) => (e === "1e-7" ? "1e-07" : e === "15000000000000000" ? "1.5e+16" : e);
  const r = await numbers(numbersCase(BLOCKS), context(numberWriter(python)));
  assert.equal(r.pass, false);
  assert.equal(
    r.got,
    "3 of 5 matched; mismatches: number #2: input 9.9999999999999995e-8, expected 1e-7, got 1e-07; " +
      "number #4: input 1.5000000000000000e+16, expected 15000000000000000, got 1.5e+16; kinds: notation 2",
  );
  assert.deepEqual(r.culprits, {
    kinds: { notation: 2 },
    listed: [
      { id: "9.9999999999999995e-8", kind: "notation" },
      { id: "1.5000000000000000e+16", kind: "notation" },
    ],
  });
});

/** Answers every array its numbers' expected texts, but refuses any that holds `refused`, and gives no
 * answer for any that holds `hangs`; records what it was asked. */
function picky(refused: string[], hangs: string[] = [], asked: string[] = []): Canonicalizer {
  const expectedOf = new Map(BLOCKS.flat());
  return {
    label: "picky",
    async canonicalize(input) {
      const items = text(input).slice(1, -1).split(",");
      asked.push(text(input));
      if (items.some((i) => hangs.includes(i))) return { status: "failed", reason: "timed out after 9 ms" };
      if (items.some((i) => refused.includes(i))) return { status: "rejected", reason: `refused ${items}` };
      return { status: "canonical", output: bytes(`[${items.map((i) => expectedOf.get(i)).join(",")}]`) };
    },
    async close() {},
  };
}

test("a block that is refused is narrowed to the number refused alone: one culprit, not the block", async () => {
  const asked: string[] = [];
  const r = await numbers(numbersCase(BLOCKS), context(picky(["-0.0000000000000000e+0"], [], asked)));
  assert.equal(
    r.got,
    "4 of 5 matched; mismatches: number #1: input -0.0000000000000000e+0, expected 0, " +
      "got reject: refused -0.0000000000000000e+0; kinds: refused 1",
  );
  assert.deepEqual(r.culprits, {
    kinds: { refused: 1 },
    listed: [{ id: "-0.0000000000000000e+0", kind: "refused" }],
  });
  // Halves, each asked on its own, until the refused number stands alone.
  assert.deepEqual(asked.slice(2).sort(), [
    "[-0.0000000000000000e+0]",
    "[1.0000000000000000e+0,-0.0000000000000000e+0]",
    "[1.0000000000000000e+0]",
    "[9.9999999999999995e-8]",
  ]);
});

test("a number answered alone with bytes that are not UTF-8 is counted as that, not as no answer", async () => {
  const notUtf8 = "9.9999999999999995e-8";
  const inner = picky([], []);
  const writer: Canonicalizer = {
    label: "writes a bad byte for one number",
    async canonicalize(input) {
      if (text(input).includes(notUtf8)) {
        return { status: "failed", reason: "answer is not UTF-8: invalid byte 0xff at offset 1" };
      }
      return inner.canonicalize(input);
    },
    async close() {},
  };
  const r = await numbers(numbersCase(BLOCKS), context(writer));
  assert.equal(r.culprits?.kinds["not-utf-8"], 1, JSON.stringify(r.culprits));
  assert.equal(r.culprits?.kinds["no-answer"], undefined);
  assert.match(r.got, /kinds: not-utf-8 1$/);
});

test("no answer for a block (a hang) costs only the numbers that get no answer alone, each named", async () => {
  const r = await numbers(
    numbersCase(BLOCKS),
    context(picky(["1.0000000000000000e+21"], ["9.9999999999999995e-8"])),
  );
  assert.equal(
    r.got,
    "3 of 5 matched; mismatches: number #2: input 9.9999999999999995e-8, expected 1e-7, got failed: timed out after 9 ms; " +
      "number #3: input 1.0000000000000000e+21, expected 1e+21, got reject: refused 1.0000000000000000e+21; " +
      "kinds: no-answer 1, refused 1",
  );
});

test("the kinds of a wrong number", () => {
  const cases: [string, string, NumberKind][] = [
    ["0", "-0", "minus-zero"],
    ["1e-7", "1e-07", "notation"],
    ["1e+21", "1E21", "notation"],
    ["1e-320", "0.00000000000000000001e-300", "notation"],
    ["5e-324", "4.940656458412465e-324", "not-shortest"],
    ["0.1", "0.10000000000000001", "not-shortest"],
    ["0.30000000000000004", "0.3", "other-value"],
    ["1", "NaN", "not-a-number"],
    ["1", '"1"', "not-a-number"],
  ];
  for (const [expected, got, kind] of cases)
    assert.equal(numberKind(expected, got), kind, `${expected} ${got}`);
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
  assert.equal(
    r.got,
    "5 of 5 matched; mismatches: block of numbers from #0: [1, 0, 1e-7]; " +
      "block of numbers from #3: [1e+21, 15000000000000000]; kinds: array 2",
  );
});

test("a number left out of its array is found by narrowing: the block is split until it stands alone", async () => {
  const dropsTiny: Canonicalizer = {
    label: "drops tiny numbers",
    async canonicalize(input) {
      const items = text(input).slice(1, -1).split(",");
      const kept = items.filter((i) => i !== "9.9999999999999995e-8").map((i) => String(Number(i)));
      return { status: "canonical", output: bytes(`[${kept.join(",")}]`) };
    },
    async close() {},
  };
  const r = await numbers(numbersCase([BLOCKS[0]!]), context(dropsTiny));
  assert.equal(
    r.got,
    "2 of 3 matched; mismatches: number #2: input 9.9999999999999995e-8, expected 1e-7, got []; kinds: not-a-number 1",
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

test("where a request is a process, a command that refuses most numbers costs a bounded narrowing, the same every run", async () => {
  const c = (await loadCorpus({ suites: ["numbers"], profile: "rfc8785", numbers: 100_000, seed: 1 }))
    .cases[0] as Extract<CorpusCase, { kind: "numbers" }>;
  // Refuses any array holding a number that is no integer (as OLPC canonical JSON does).
  const refusesFractions = (jitter: boolean): Canonicalizer & { requests: number } => {
    const impl = {
      label: "refuses fractions",
      requests: 0,
      async canonicalize(input: Uint8Array): Promise<Answer> {
        impl.requests++;
        if (jitter) await new Promise((resolve) => setTimeout(resolve, Math.random() * 2));
        const items = text(input).slice(1, -1).split(",");
        const fraction = items.find((i) => !Number.isInteger(Number(i)));
        if (fraction !== undefined)
          return { status: "rejected", reason: `cannot encode ${Number(fraction)}` };
        return { status: "canonical", output: canonicalize(input) };
      },
      async close() {},
    };
    return impl;
  };
  const steady = refusesFractions(false);
  const first = await numbers(c, context(steady));
  const jittered = refusesFractions(true);
  const second = await numbers(c, context(jittered));
  assert.equal(first.pass, false);
  assert.match(first.got, /kinds: .*not-narrowed \d+/);
  assert.equal(second.got, first.got, "which parts stay unsplit depends on the answers alone");
  const blocks = Math.ceil(c.count / c.blockSize);
  // A block each, then at most 4 narrowing requests per block (or 256): not two per number.
  assert.ok(steady.requests <= blocks + Math.max(256, 4 * blocks), `${steady.requests} requests`);
  assert.equal(jittered.requests, steady.requests);
});

test("where a request is a process, refusals of every fraction cost a request a block and the narrowing that names as many refused numbers as the got shows", async () => {
  const c = (await loadCorpus({ suites: ["numbers"], profile: "rfc8785", numbers: 100_000, seed: 1 }))
    .cases[0] as Extract<CorpusCase, { kind: "numbers" }>;
  let requests = 0;
  const refusesFractions: Canonicalizer = {
    label: "refuses fractions",
    async canonicalize(input) {
      requests++;
      const fraction = text(input)
        .slice(1, -1)
        .split(",")
        .find((i) => !Number.isInteger(Number(i)));
      // The reason names the number, as most do: it is the same reason once src/causes takes it out.
      if (fraction !== undefined) return { status: "rejected", reason: `cannot encode ${Number(fraction)}` };
      return { status: "canonical", output: canonicalize(input) };
    },
    async close() {},
  };
  const r = await numbers(c, context(refusesFractions));
  const blocks = [...numberBlocks(c)];
  const refused = blocks.filter((b) =>
    text(b.input)
      .slice(1, -1)
      .split(",")
      .some((i) => !Number.isInteger(Number(i))),
  );
  assert.ok(refused.length > 1);
  // The first refused block is narrowed, part after part, until the got's 10 culprits are refused
  // numbers; every other part and block refused for that reason is one culprit, not narrowed. Before,
  // the sweep's whole budget went on splitting the first blocks' parts, naming no number.
  assert.equal(r.culprits!.kinds.refused, 11, JSON.stringify(r.culprits!.kinds));
  assert.match(r.got, /got reject: cannot encode/);
  assert.ok(r.culprits!.kinds["not-narrowed"]! >= refused.length - 1, JSON.stringify(r.culprits!.kinds));
  assert.ok(requests <= blocks.length + 64, `${requests} requests for ${blocks.length} blocks`);
});

test("where a request is a process, a block refused for a reason as many numbers as the got names were refused for is not narrowed; one refused for another reason is", async () => {
  const fractions = Array.from({ length: 12 }, (_, k) => k + 1.5);
  const pair = (n: number): [string, string] => [n.toExponential(16), String(n)];
  const c = numbersCase([fractions.map(pair), [pair(20.5), pair(21)]]);
  const run = async (reason: (fraction: number) => string) => {
    const asked: string[] = [];
    const impl: Canonicalizer = {
      label: "refuses fractions",
      async canonicalize(input) {
        asked.push(text(input));
        const fraction = text(input)
          .slice(1, -1)
          .split(",")
          .map(Number)
          .find((n) => !Number.isInteger(n));
        if (fraction !== undefined) return { status: "rejected", reason: reason(fraction) };
        return { status: "canonical", output: canonicalize(input) };
      },
      async close() {},
    };
    const r = await numbers(c, context(impl));
    return { asked, kinds: r.culprits!.kinds };
  };
  const same = await run((f) => `cannot encode ${f}`);
  // The first block's 12 are each refused alone (more than the got names: the narrowing ran out of
  // parts before it reached 10); the second block, refused for that reason, is not narrowed.
  assert.deepEqual(same.kinds, { refused: 12, "not-narrowed": 1 });
  assert.ok(!same.asked.includes("[2.0500000000000000e+1]"), same.asked.join(" "));
  const other = await run((f) => (f < 20 ? "fractions are not allowed" : "too many digits"));
  assert.deepEqual(other.kinds, { refused: 13 });
  assert.ok(other.asked.includes("[2.0500000000000000e+1]"), other.asked.join(" "));
});
