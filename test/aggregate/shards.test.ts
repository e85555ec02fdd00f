// Shards of one run in the aggregate (issue 7 item 4): real sharded records, made by the pipeline
// (src/run.ts, lines protocol, the reference canonicalizer as a command), join into one
// implementation whose stored cases count once and whose numbers sweep is covered to the suite's
// stated total; a missing or doubled shard is named. Signed records built directly (fixtures.ts)
// cover what a real run cannot easily show: shards that disagree, different Ns, stray seeds.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { before, test } from "node:test";
import {
  aggregateConsole,
  aggregateForAction,
  aggregateRecords,
  InputError,
  suiteShape,
} from "../../src/aggregate/index.js";
import { PROPERTIES } from "../../src/corpus/index.js";
import { signingKey } from "../../src/record/keys.js";
import { runConformance } from "../../src/run/index.js";
import type { ConformResult } from "../../src/types.js";
import { implCommand } from "../helpers/cli.js";
import { runOptions } from "../helpers/fixtures.js";
import { type Case, file, numbersCase, ok, REPO, record } from "./fixtures.js";

const SUITE = "rfc8785:jcs,numbers numbers=3000 seed=1 protocol=lines";

async function shardRecord(
  index: number,
): Promise<{ source: string; bytes: Uint8Array; record: ConformResult }> {
  const outDir = mkdtempSync(join(tmpdir(), `aggregate-shard-${index}-`));
  const outcome = await runConformance(
    runOptions({
      command: implCommand("canonicalize --lines"),
      suites: ["jcs", "numbers"],
      numbers: 3000,
      seed: 1,
      shard: { index, count: 3 },
      workingDirectory: REPO,
      outDir,
      key: signingKey("supplied", new Uint8Array(32).fill(7)),
    }),
  );
  return { source: join(outDir, "record.json"), bytes: outcome.recordBytes, record: outcome.record };
}

let shards: Awaited<ReturnType<typeof shardRecord>>[] = [];
before(async () => {
  shards = [await shardRecord(1), await shardRecord(2), await shardRecord(3)];
});

const storedCases = (r: ConformResult) => r.cases.filter((c) => c.name.startsWith("jcs/"));

test("shards 1/3, 2/3 and 3/3 of a real run join into one implementation covering the whole sweep", () => {
  assert.deepEqual(
    shards.map((s) => s.record.suite),
    [1, 2, 3].map((k) => `rfc8785:jcs,numbers numbers=3000 shard=${k}/3 seed=1 protocol=lines`),
  );
  const agg = aggregateRecords(shards);
  assert.equal(agg.implementations.length, 1);
  const [impl] = agg.implementations;
  assert.equal(impl!.suite, SUITE, "the implementation's suite leaves the shard out");
  assert.deepEqual(
    impl!.records,
    shards.map((s) => s.source),
  );
  assert.deepEqual(
    impl!.shards && {
      complete: impl!.shards.complete,
      count: impl!.shards.count,
      missing: impl!.shards.missing,
    },
    { complete: true, count: 3, missing: [] },
  );
  const numbers = impl!.sweeps.find((s) => s.sweep === "numbers");
  assert.deepEqual(
    numbers && [numbers.total, numbers.totalFrom, numbers.complete, numbers.missing, numbers.doubled],
    [3000, "suite", true, [], []],
  );
  // The stored cases ran in every shard and count once: the jcs tally is one shard's.
  const jcs = storedCases(shards[0]!.record);
  assert.ok(jcs.length > 0);
  assert.deepEqual(
    impl!.suites.find((t) => t.suite === "jcs"),
    {
      suite: "jcs",
      cases: jcs.length,
      passed: jcs.length,
    },
  );
  assert.equal(impl!.cases, jcs.length + 1, "the stored cases once, and the one numbers case");
  assert.equal(impl!.conformant, true);
  assert.deepEqual(agg.disagreements, []);
  assert.equal(agg.verdict.exitCode, 0, agg.verdict.failures.join("; "));
  assert.match(aggregateConsole(agg), /I1 {2}shards: 1-3 of 3, each once/);
});

test("without the last shard, the missing shard and the uncovered numbers are named", () => {
  const agg = aggregateRecords(shards.slice(0, 2));
  const [impl] = agg.implementations;
  assert.equal(agg.implementations.length, 1);
  assert.deepEqual(impl!.shards?.missing, [3]);
  assert.equal(impl!.shards?.complete, false);
  // Shard 3 held the only numbers case (3,000 numbers make one case of up to 100,000): the suite's
  // total shows the whole sweep missing, where the highest index covered would show nothing at all.
  const numbers = impl!.sweeps.find((s) => s.sweep === "numbers");
  assert.deepEqual(numbers?.missing, [{ from: 0, to: 2999 }]);
  assert.equal(impl!.conformant, false);
  assert.equal(agg.verdict.exitCode, 1);
  assert.equal(agg.verdict.incompleteSweeps, 1);
  assert.match(aggregateConsole(agg), /shards: NOT 1-3 of 3 each once: missing 3\/3/);
});

test("a shard given twice is named with both records, and its stored cases still count once", () => {
  const again = { source: "copy/record.json", bytes: shards[1]!.bytes };
  const agg = aggregateRecords([...shards, again]);
  const [impl] = agg.implementations;
  assert.equal(agg.implementations.length, 1);
  assert.deepEqual(impl!.shards?.doubled, [{ index: 2, sources: [shards[1]!.source, "copy/record.json"] }]);
  assert.deepEqual(impl!.shards?.missing, []);
  assert.equal(impl!.suites.find((t) => t.suite === "jcs")?.cases, storedCases(shards[0]!.record).length);
  assert.equal(agg.verdict.exitCode, 1);
  assert.match(aggregateConsole(agg), /2\/3 is in 2 records/);
});

// ---- built records ----

const sharded = (k: number, n: number, rest = " numbers=300000 seed=1") =>
  `rfc8785:jcs,numbers${rest.replace(" seed", ` shard=${k}/${n} seed`)}`;

test("shards that answer a stored case differently are reported, and the case counts once", () => {
  const one = record("alpha", [ok("jcs/a", '{"a":1}'), numbersCase(0, 99999)], { suite: sharded(1, 2) });
  const two = record(
    "alpha",
    [{ name: "jcs/a", pass: false, expected: '{"a":1}', got: '{"a":1.0}' }, numbersCase(100000, 299999)],
    { suite: sharded(2, 2) },
  );
  const agg = aggregateRecords([file("s1/record.json", one), file("s2/record.json", two)]);
  assert.equal(agg.implementations.length, 1);
  assert.deepEqual(agg.implementations[0]!.suites[0], { suite: "jcs", cases: 1, passed: 0 });
  assert.deepEqual(
    agg.disagreements.map((d) => [d.case, d.answers.map((a) => [a.implementation, a.source, a.got])]),
    [
      [
        "jcs/a",
        [
          ["I1", "s1/record.json", '{"a":1}'],
          ["I1", "s2/record.json", '{"a":1.0}'],
        ],
      ],
    ],
  );
  assert.equal(agg.implementations[0]!.shards?.complete, true);
  assert.equal(agg.verdict.exitCode, 1);
});

test("the stated total finds a missing tail; a range past it, a stray seed and different Ns are named", () => {
  const tail = aggregateRecords([
    file("a", record("alpha", [numbersCase(0, 99999)], { suite: sharded(1, 2) })),
    file("b", record("alpha", [numbersCase(100000, 199999)], { suite: sharded(2, 2) })),
  ]);
  const sweep = tail.implementations[0]!.sweeps[0]!;
  assert.deepEqual([sweep.total, sweep.missing], [300000, [{ from: 200000, to: 299999 }]]);
  assert.equal(tail.implementations[0]!.shards?.complete, true, "both shards are there; a case is not");

  const wrong = aggregateRecords([
    file("a", record("alpha", [numbersCase(0, 199999)], { suite: sharded(1, 2) })),
    file("b", record("alpha", [numbersCase(200000, 399999, 2)], { suite: sharded(2, 3) })),
  ]);
  const impl = wrong.implementations[0]!;
  assert.equal(wrong.implementations.length, 1);
  assert.deepEqual(impl.shards?.problems, ["the shards are of different runs' sizes: of 2, of 3"]);
  assert.equal(impl.shards?.count, null);
  assert.deepEqual(impl.shards?.missing, [3]);
  const problems = impl.sweeps[0]!.problems;
  assert.ok(problems.includes("the suite says seed=1 but ranges name seed 2"), problems.join("; "));
  assert.ok(problems.includes("past the suite's total of 300000: 200000-399999"), problems.join("; "));
  assert.equal(wrong.verdict.exitCode, 1);
});

test("a record that is no shard joined with shards of the same run is named", () => {
  const whole = record("alpha", [numbersCase(0, 299999)], {
    suite: "rfc8785:jcs,numbers numbers=300000 seed=1",
  });
  const part = record("alpha", [numbersCase(0, 299999)], { suite: sharded(1, 1) });
  const agg = aggregateRecords([file("whole", whole), file("part", part)]);
  assert.equal(agg.implementations.length, 1);
  assert.deepEqual(agg.implementations[0]!.shards?.problems, [
    "a record that is not a shard joined the shards: whole",
  ]);
  assert.equal(agg.verdict.exitCode, 1);
});

test("records without the totals keep the old rule: the sweep ends at the highest index covered", () => {
  const agg = aggregateRecords([
    file("a", record("alpha", [numbersCase(0, 99999)])),
    file("b", record("alpha", [numbersCase(100000, 199999)])),
  ]);
  const sweep = agg.implementations[0]!.sweeps[0]!;
  assert.deepEqual([sweep.total, sweep.totalFrom, sweep.complete], [200000, "ranges", true]);
  assert.equal(agg.implementations[0]!.shards, null);
});

test("suiteShape leaves out only a well-formed shard and reads the totals", () => {
  assert.deepEqual(suiteShape("rfc8785:jcs,numbers,generated numbers=10 generated=50 shard=2/4 seed=3"), {
    joined: "rfc8785:jcs,numbers,generated numbers=10 generated=50 seed=3",
    shard: { index: 2, count: 4 },
    suites: ["jcs", "numbers", "generated"],
    numbers: 10,
    generated: 50,
    seed: 3,
  });
  // 5/4 names no shard: the record stays apart, its suite whole.
  assert.equal(
    suiteShape("rfc8785:numbers numbers=10 shard=5/4").joined,
    "rfc8785:numbers numbers=10 shard=5/4",
  );
  assert.equal(suiteShape("rfc8785:numbers numbers=10 shard=5/4").shard, null);
  assert.deepEqual(suiteShape("not a suite"), { joined: "not a suite", shard: null, suites: [] });
});

test("a generated property no shard holds is missing whole, for records this tool version wrote", () => {
  const chunk = (property: string): Case => ok(`generated/${property}/seed-1/0000-0049`, "pass");
  const names = PROPERTIES.map((p) => p.name);
  const suite = "rfc8785:generated generated=50 seed=1";
  const held = record("alpha", [chunk(names[0]!)], { suite });
  const agg = aggregateRecords([file("a", held)]);
  assert.deepEqual(
    agg.implementations[0]!.sweeps.map((s) => [s.sweep, s.complete, s.missing]),
    // Sweeps are listed by name.
    names
      .map((n, i) => [`generated/${n}`, i === 0, i === 0 ? [] : [{ from: 0, to: 49 }]])
      .sort(([a], [b]) => ((a as string) < (b as string) ? -1 : 1)),
  );
  // Another tool version may have other properties: only those some record holds are expected.
  const other = record("alpha", [chunk(names[0]!)], {
    suite,
    toolchain: { name: "canon-conformance", version: "0.0.9" },
  });
  const older = aggregateRecords([file("a", other)]);
  assert.deepEqual(
    older.implementations[0]!.sweeps.map((s) => [s.sweep, s.complete]),
    [[`generated/${names[0]}`, true]],
  );
});

test("aggregateForAction writes the files into outDir and hands back what the CLI prints", async () => {
  const dir = mkdtempSync(join(tmpdir(), "aggregate-action-"));
  for (const [i, s] of shards.entries()) {
    mkdirSync(join(dir, "in", `shard-${i + 1}`), { recursive: true });
    writeFileSync(join(dir, "in", `shard-${i + 1}`, "record.json"), s.bytes);
  }
  const outDir = join(dir, "out");
  const whole = await aggregateForAction([join(dir, "in")], { requireConformant: true, outDir });
  assert.deepEqual(
    [
      whole.exitCode,
      whole.implementations,
      whole.conformantImplementations,
      whole.refused,
      whole.disagreements,
    ],
    [0, 1, 1, 0, 0],
  );
  assert.deepEqual(
    whole.files.sort(),
    ["aggregate.html", "aggregate.json", "badge.json", "badge.svg", "summary.md"].map((f) => join(outDir, f)),
  );
  // aggregate.html is the page of this aggregate: its implementation and verdict, and no script.
  const page = readFileSync(join(outDir, "aggregate.html"), "utf8");
  assert.match(page, /^<!DOCTYPE html>/i);
  assert.ok(page.includes(SUITE), "the implementation's suite is shown");
  assert.doesNotMatch(page, /<script/i);
  assert.equal(whole.badgeSvgPath, join(outDir, "badge.svg"));
  assert.match(readFileSync(whole.badgeSvgPath, "utf8"), /^<svg/);
  assert.equal(readFileSync(join(outDir, "summary.md"), "utf8"), whole.markdown);
  assert.match(whole.markdown, /shards: 1-3 of 3, each once/);
  assert.match(whole.consoleText, /Aggregate: OK/);

  rmSync(join(dir, "in", "shard-3"), { recursive: true });
  const short = await aggregateForAction([join(dir, "in")], { requireConformant: false, outDir });
  assert.equal(short.exitCode, 1);
  assert.equal(short.incompleteSweeps, 1);
  assert.match(
    short.failures.join("; "),
    /shards are missing, doubled, or do not cover a sweep exactly once/,
  );
  await assert.rejects(
    aggregateForAction([join(dir, "nothing")], { requireConformant: false, outDir }),
    InputError,
  );
});
