import assert from "node:assert/strict";
import { test } from "node:test";
import { sweepCoverage, sweepCoverages } from "../../src/aggregate/index.js";
import { readSweptCaseName as parseSweptCase } from "../../src/text-forms/index.js";
import { numbersCase } from "./fixtures.js";

const from = (source: string, a: number, b: number, seed = 1) => ({
  name: numbersCase(a, b, seed).name,
  source,
});

test("a swept case's name reads as its sweep, seed and inclusive range; other names do not", () => {
  assert.deepEqual(parseSweptCase("numbers/seed-7/000001000-000001999"), {
    sweep: "numbers",
    seed: 7,
    from: 1000,
    to: 1999,
  });
  assert.deepEqual(parseSweptCase("numbers/seed-1/0000000000-0000000000"), {
    sweep: "numbers",
    seed: 1,
    from: 0,
    to: 0,
  });
  assert.deepEqual(parseSweptCase("generated/idempotent/seed-3/0-99"), {
    sweep: "generated/idempotent",
    seed: 3,
    from: 0,
    to: 99,
  });
  assert.equal(parseSweptCase("numbers/seed-1/000000010-000000009"), undefined, "to before from");
  assert.equal(parseSweptCase("numbers/seed-x/0-9"), undefined);
  assert.equal(parseSweptCase("jcs/seed-1/0-9"), undefined);
});

test("each sweep is checked on its own: numbers first, then each generated property", () => {
  const sweeps = sweepCoverages([
    { name: "generated/b/seed-1/0-49", source: "s1" },
    { name: "numbers/seed-1/0-999", source: "s1" },
    { name: "generated/a/seed-1/0-49", source: "s1" },
    { name: "generated/a/seed-1/50-99", source: "s2" },
    { name: "generated/b/seed-1/60-99", source: "s2" },
  ]);
  assert.deepEqual(
    sweeps.map((c) => [c.sweep, c.complete, c.missing]),
    [
      ["numbers", true, []],
      ["generated/a", true, []],
      ["generated/b", false, [{ from: 50, to: 59 }]],
    ],
  );
});

test("shards that tile 0..N-1 in any order are one complete sweep", () => {
  const c = sweepCoverage("numbers", [from("c", 2000, 2499), from("a", 0, 999), from("b", 1000, 1999)]);
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
  const c = sweepCoverage("numbers", [from("a", 0, 999), from("c", 2000, 2999)]);
  assert.equal(c.complete, false);
  assert.deepEqual(c.missing, [{ from: 1000, to: 1999 }]);
  const late = sweepCoverage("numbers", [from("b", 500, 999)]);
  assert.deepEqual(late.missing, [{ from: 0, to: 499 }]);
  assert.equal(late.complete, false);
});

test("an overlap is named with the records that both cover it", () => {
  const c = sweepCoverage("numbers", [from("a", 0, 1499), from("b", 1000, 2999)]);
  assert.equal(c.complete, false);
  assert.deepEqual(c.doubled, [{ from: 1000, to: 1499, sources: ["a", "b"] }]);
  assert.deepEqual(c.missing, []);
  const twice = sweepCoverage("numbers", [from("a", 0, 999), from("a-again", 0, 999), from("b", 1000, 1999)]);
  assert.deepEqual(twice.doubled, [{ from: 0, to: 999, sources: ["a", "a-again"] }]);
  const nested = sweepCoverage("numbers", [from("a", 0, 2999), from("b", 100, 199), from("c", 150, 400)]);
  assert.deepEqual(nested.doubled, [{ from: 100, to: 400, sources: ["a", "b", "c"] }]);
});

test("ranges from different seeds, or unreadable names, are not one sweep", () => {
  const mixed = sweepCoverage("numbers", [from("a", 0, 999, 1), from("b", 1000, 1999, 2)]);
  assert.equal(mixed.complete, false);
  assert.equal(mixed.seed, null);
  assert.match(mixed.problems.join(), /different seeds: 1, 2/);
  const odd = sweepCoverage("numbers", [from("a", 0, 999), { name: "numbers/whatever", source: "b" }]);
  assert.equal(odd.complete, false);
  assert.match(odd.problems.join(), /numbers\/whatever/);
});
