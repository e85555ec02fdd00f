import assert from "node:assert/strict";
import { test } from "node:test";
import { parseNumbersCase, sweepCoverage } from "../../src/aggregate/index.js";
import { numbersCase } from "./fixtures.js";

const from = (source: string, a: number, b: number, seed = 1) => ({
  name: numbersCase(a, b, seed).name,
  source,
});

test("a numbers case's name reads as its seed and inclusive range; other names do not", () => {
  assert.deepEqual(parseNumbersCase("numbers/seed-7/000001000-000001999"), { seed: 7, from: 1000, to: 1999 });
  assert.deepEqual(parseNumbersCase("numbers/seed-1/0000000000-0000000000"), { seed: 1, from: 0, to: 0 });
  assert.equal(parseNumbersCase("numbers/seed-1/000000010-000000009"), undefined, "to before from");
  assert.equal(parseNumbersCase("numbers/seed-x/0-9"), undefined);
  assert.equal(parseNumbersCase("jcs/seed-1/0-9"), undefined);
});

test("shards that tile 0..N-1 in any order are one complete sweep", () => {
  const c = sweepCoverage([from("c", 2000, 2499), from("a", 0, 999), from("b", 1000, 1999)]);
  assert.equal(c.complete, true);
  assert.equal(c.total, 2500);
  assert.equal(c.seed, 1);
  assert.deepEqual(c.missing, []);
  assert.deepEqual(c.doubled, []);
  assert.deepEqual(
    c.ranges.map((r) => r.source),
    ["a", "b", "c"],
  );
});

test("a gap is named, including one before the first shard", () => {
  const c = sweepCoverage([from("a", 0, 999), from("c", 2000, 2999)]);
  assert.equal(c.complete, false);
  assert.deepEqual(c.missing, [{ from: 1000, to: 1999 }]);
  const late = sweepCoverage([from("b", 500, 999)]);
  assert.deepEqual(late.missing, [{ from: 0, to: 499 }]);
  assert.equal(late.complete, false);
});

test("an overlap is named with the records that both cover it", () => {
  const c = sweepCoverage([from("a", 0, 1499), from("b", 1000, 2999)]);
  assert.equal(c.complete, false);
  assert.deepEqual(c.doubled, [{ from: 1000, to: 1499, sources: ["a", "b"] }]);
  assert.deepEqual(c.missing, []);
  const twice = sweepCoverage([from("a", 0, 999), from("a-again", 0, 999), from("b", 1000, 1999)]);
  assert.deepEqual(twice.doubled, [{ from: 0, to: 999, sources: ["a", "a-again"] }]);
  const nested = sweepCoverage([from("a", 0, 2999), from("b", 100, 199), from("c", 150, 400)]);
  assert.deepEqual(nested.doubled, [{ from: 100, to: 400, sources: ["a", "b", "c"] }]);
});

test("ranges from different seeds, or unreadable names, are not one sweep", () => {
  const mixed = sweepCoverage([from("a", 0, 999, 1), from("b", 1000, 1999, 2)]);
  assert.equal(mixed.complete, false);
  assert.equal(mixed.seed, null);
  assert.match(mixed.problems.join(), /different seeds: 1, 2/);
  const odd = sweepCoverage([from("a", 0, 999), { name: "numbers/whatever", source: "b" }]);
  assert.equal(odd.complete, false);
  assert.match(odd.problems.join(), /numbers\/whatever/);
});
