// The flags: --seed N|random, --shard K/N, --generated-runs N, and the record's `suite` they make.
import assert from "node:assert/strict";
import { test } from "node:test";
import { UsageError } from "../../src/commands/command.js";
import { parseRunArgs } from "../../src/commands/run.js";
import { OptionError, parseSeed, parseShard } from "../../src/options/index.js";
import { parseRecordSuite, recordSuite } from "../../src/record/build.js";
import { suiteLabel } from "../../src/run/index.js";

test("--seed takes a whole number up to 2^32 - 1, or random; the default is fixed", () => {
  assert.deepEqual(parseSeed(undefined), { seed: 1, random: false });
  assert.deepEqual(parseSeed("42"), { seed: 42, random: false });
  assert.deepEqual(parseSeed("4294967295"), { seed: 4294967295, random: false });
  const drawn = parseSeed("random");
  assert.equal(drawn.random, true);
  assert.ok(Number.isInteger(drawn.seed) && drawn.seed >= 0 && drawn.seed <= 0xffffffff);
  for (const bad of ["-1", "4294967296", "1.5", "abc", "0x10"]) {
    assert.throws(
      () => parseSeed(bad),
      (e: Error) => e instanceof OptionError && /seed must be/.test(e.message),
      bad,
    );
  }
});

test("--shard takes K/N with 1 <= K <= N", () => {
  assert.equal(parseShard(""), undefined);
  assert.deepEqual(parseShard("3/8"), { index: 3, count: 8 });
  assert.deepEqual(parseShard("1/1"), { index: 1, count: 1 });
  for (const bad of ["0/8", "9/8", "3", "3/0", "a/b", "3/8/1", "-1/2"]) {
    assert.throws(() => parseShard(bad), /shard must be K\/N with 1 <= K <= N/, bad);
  }
});

test("run's flags reach the options, and bad ones are usage errors", () => {
  const { options, randomSeed } = parseRunArgs([
    "--command",
    "x",
    "--seed",
    "9",
    "--shard",
    "2/4",
    "--generated-runs",
    "1000",
  ]);
  assert.equal(options.seed, 9);
  assert.deepEqual(options.shard, { index: 2, count: 4 });
  assert.equal(options.generatedRuns, 1000);
  assert.equal(randomSeed, false);
  const defaults = parseRunArgs(["--command", "x"]).options;
  assert.equal(defaults.seed, 1);
  assert.equal(defaults.shard, undefined);
  assert.equal(defaults.generatedRuns, 250);
  assert.ok(defaults.suites.includes("generated"));
  assert.equal(parseRunArgs(["--command", "x", "--seed", "random"]).randomSeed, true);
  assert.throws(() => parseRunArgs(["--command", "x", "--shard", "5/4"]), UsageError);
  assert.throws(() => parseRunArgs(["--command", "x", "--generated-runs", "-3"]), UsageError);
});

test("the record's suite states the sweep, the shard and the seed, and reads back", () => {
  const all = ["jcs", "reject", "canon-or-reject", "invariants", "numbers", "generated"] as const;
  const label = suiteLabel({
    profile: "rfc8785",
    suites: [...all],
    numbers: 100_000_000,
    seed: 1,
    shard: { index: 3, count: 8 },
  });
  assert.equal(
    label,
    "rfc8785:jcs,reject,canon-or-reject,invariants,numbers,generated numbers=100000000 generated=250 shard=3/8 seed=1",
  );
  assert.deepEqual(parseRecordSuite(label), {
    profile: "rfc8785",
    suites: [...all],
    parameters: { numbers: "100000000", generated: "250", shard: "3/8", seed: "1" },
  });
  // No generated suite, no parameters: the label is what it always was.
  assert.equal(recordSuite("nfc", ["jcs"], { numbers: 5, seed: 1 }), "nfc:jcs");
  assert.equal(
    suiteLabel({ profile: "rfc8785", suites: ["jcs", "reject"], numbers: 0 }),
    "rfc8785:jcs,reject",
  );
  assert.equal(parseRecordSuite("no-colon"), undefined);
  assert.equal(parseRecordSuite("rfc8785:jcs seed=1 seed=2"), undefined);
});
