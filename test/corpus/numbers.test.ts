import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { doubleFromBits, loadCorpus, numberBlocks, spellInput, vectorsRoot } from "../../src/corpus/index.js";
import { canonicalize } from "../../src/jcs/index.js";
import type { CorpusCase, NumberBlock } from "../../src/types.js";

type NumbersCase = Extract<CorpusCase, { kind: "numbers" }>;
const load = async (numbers: number, seed?: number) =>
  (
    await loadCorpus({
      suites: ["numbers"],
      profile: "rfc8785",
      numbers,
      ...(seed === undefined ? {} : { seed }),
    })
  ).cases as NumbersCase[];
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("utf8");
const digestOf = (cases: NumbersCase[]) => {
  const hash = createHash("sha256");
  for (const c of cases) for (const b of numberBlocks(c)) hash.update(b.input).update(b.expected);
  return hash.digest("hex");
};
const manifest = JSON.parse(readFileSync(join(vectorsRoot(), "numbers", "manifest.json"), "utf8"));

test("the default 100,000 numbers are one case of 100 blocks of 1,000, named with the seed", async () => {
  const cases = await load(100_000);
  assert.deepEqual(
    cases.map((c) => [c.name, c.count]),
    [["seed-1/000000000-000099999", 100_000]],
  );
  const blocks = [...numberBlocks(cases[0]!)];
  assert.equal(blocks.length, 100);
  assert.ok(blocks.every((b) => b.count === 1000));
});

test("a count that is not a multiple of the case size ends with a short case and a short block", async () => {
  const cases = await load(250_001);
  assert.deepEqual(
    cases.map((c) => [c.name, c.count]),
    [
      ["seed-1/000000000-000099999", 100_000],
      ["seed-1/000100000-000199999", 100_000],
      ["seed-1/000200000-000250000", 50_001],
    ],
  );
  const last = [...numberBlocks(cases[2]!)];
  assert.equal(last.length, 51);
  assert.equal(last.at(-1)!.count, 1);
  assert.equal(
    last.reduce((n, b) => n + b.count, 0),
    50_001,
  );
  assert.deepEqual(await load(0), []);
});

test("the generator is deterministic, random access, and the seed changes it", async () => {
  const a = await load(30_000);
  assert.equal(digestOf(a), digestOf(await load(30_000)));
  // Iterating a case twice gives the same blocks; a case deep in a long run equals itself loaded fresh.
  assert.equal(digestOf([a[0]!]), digestOf([a[0]!]));
  const long = await load(500_000);
  const third = long[3]!;
  assert.equal(third.name, "seed-1/000300000-000399999");
  assert.equal(digestOf([third]), digestOf([(await load(400_000))[3]!]));
  // The edge cases and the grid come first and do not depend on the seed; the draws after them do.
  const drawn = await load(100_000);
  assert.notEqual(digestOf(await load(100_000, 2)), digestOf(drawn));
  assert.equal(digestOf(await load(30_000, 2)), digestOf(a));
  assert.equal((await load(10, 7))[0]!.name, "seed-7/000000000-000000009");
});

function numbersOf(block: NumberBlock): { inputs: string[]; expected: string[] } {
  const strip = (t: string) => t.slice(1, -1).split(",");
  return { inputs: strip(text(block.input)), expected: strip(text(block.expected)) };
}

test("the edge cases of the manifest come first, in order", async () => {
  const [first] = numberBlocks((await load(1000))[0]!);
  const { inputs } = numbersOf(first!);
  manifest.edgeCases.forEach((edge: { bits: string }, i: number) => {
    assert.ok(Object.is(Number(inputs[i]), doubleFromBits(edge.bits)), `edge ${i} ${edge.bits}`);
  });
  assert.equal(inputs[0], "0.0000000000000000e+0");
  assert.equal(inputs[1], "-0.0000000000000000e+0");
  assert.equal(inputs[2], "4.9406564584124654e-324");
});

test("every input but the grid's has 17 significant digits and an exponent, reads back as its double, and expects String(n)", async () => {
  const spelled = /^-?[1-9]\.\d{16}e[+-]\d{1,3}$|^-?0\.0{16}e\+0$/;
  const gridSpelling = /^[1-9]\d?e-?\d{1,3}$/;
  let seen = 0;
  let drawn = 0;
  let negative = 0;
  let subnormal = 0;
  for (const c of await load(200_000)) {
    for (const block of numberBlocks(c)) {
      const { inputs, expected } = numbersOf(block);
      assert.equal(inputs.length, block.count);
      assert.equal(expected.length, block.count);
      for (let i = 0; i < inputs.length; i++) {
        const input = inputs[i]!;
        const n = Number(input);
        assert.ok(Number.isFinite(n), input);
        seen++;
        if (gridSpelling.test(input)) {
          assert.ok(n !== 0, `${input} rounds to 0, a choice left to canon-or-reject`);
          assert.equal(expected[i], String(n));
          continue;
        }
        drawn++;
        assert.match(input, spelled);
        assert.equal(spellInput(n), input);
        // === rather than Object.is: the expected text of -0 is "0", as RFC 8785 requires.
        assert.ok(Number(expected[i]) === n, `${expected[i]} does not read back as ${input}`);
        assert.equal(expected[i], String(n));
        if (n < 0) negative++;
        if (n !== 0 && Math.abs(n) < 2.2250738585072014e-308) subnormal++;
      }
    }
  }
  assert.equal(seen, 200_000);
  // Random bit patterns: about half negative, and subnormals do occur (1 in 2048 exponents).
  assert.ok(negative > drawn * 0.45 && negative < drawn * 0.55, `negative ${negative} of ${drawn}`);
  assert.ok(subnormal > 0, "no subnormals drawn");
});

test("the reference canonicalizer turns each generated block into its expected text", async () => {
  for (const c of await load(100_000)) {
    for (const block of numberBlocks(c)) assert.equal(text(canonicalize(block.input)), text(block.expected));
  }
});

test("after the edge cases, the grid: 1..99 x 10^e for every exponent, in order, none 0 or infinite", async () => {
  const inputs: string[] = [];
  for (const c of await load(100_000))
    for (const block of numberBlocks(c)) inputs.push(...numbersOf(block).inputs);
  const grid = inputs.slice(manifest.edgeCases.length).filter((t) => /^\d+e-?\d+$/.test(t));
  // 99 x 633 spellings, less 1e-324 and 2e-324 (they round to 0) and those past the largest double.
  assert.equal(grid.length, 99 * 633 - 2 - (99 - 1) - (99 - 17));
  assert.deepEqual(inputs.slice(manifest.edgeCases.length, manifest.edgeCases.length + 3), [
    "3e-324",
    "4e-324",
    "5e-324",
  ]);
  assert.ok(grid.includes("1e-320") && grid.includes("1e-315") && grid.includes("99e-310"));
  assert.equal(grid.at(-1), "1e308");
  assert.ok(grid.every((t) => Number(t) !== 0 && Number.isFinite(Number(t))));
  // The subnormal range holds short mantissas at every exponent from -323 to -308.
  for (let e = -323; e <= -308; e++) assert.ok(grid.includes(`7e${e}`), `7e${e}`);
});
