// --compare-command through the whole run: the record is written first and stays a record of the
// first implementation only; the comparison comes after it, in compare.json and the outcome.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { verifyRecord } from "../../src/record/verify.js";
import { runConformance } from "../../src/run/index.js";
import type { RunOptions } from "../../src/run/types.js";
import { implCommand } from "../helpers/cli.js";
import { runOptions } from "../helpers/fixtures.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const node = `"${process.execPath}"`;

function options(compareCommand: string, outDir: string): RunOptions {
  return runOptions({
    command: `${node} examples/node/canon.mjs --lines`,
    compareCommand,
    compareRuns: 200,
    timeoutMs: 30_000,
    maxOutputBytes: 16 * 1024 * 1024,
    workingDirectory: root,
    outDir,
    implementationName: "node example",
  });
}

test("a planted disagreement is found, shrunk, and blamed on the side the reference disagrees with", async () => {
  const out = mkdtempSync(join(tmpdir(), "compare-run-"));
  try {
    const outcome = await runConformance(options(implCommand("known-bad sorts_by_code_point --lines"), out));
    assert.equal(outcome.record.conformant, true, "the record states the first implementation alone");
    assert.equal(verifyRecord(readFileSync(join(out, "record.json"))).outcome, "accept");
    const compare = outcome.compare!;
    assert.ok(compare.disagreements.length > 0);
    for (const d of compare.disagreements) assert.equal(d.agrees, "a", d.name);
    const smallest = Math.min(...compare.disagreements.map((d) => d.input.length));
    assert.ok(smallest <= 40, `shrunk to ${smallest} characters`);
    assert.ok(existsSync(join(out, "compare.json")));
    assert.equal(JSON.parse(readFileSync(join(out, "compare.json"), "utf8")).seed, compare.seed);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test("two conformant implementations in different languages agree", async () => {
  const out = mkdtempSync(join(tmpdir(), "compare-run-"));
  try {
    const outcome = await runConformance(options("python3 examples/python/canon.py --lines", out));
    assert.equal(outcome.record.conformant, true);
    assert.deepEqual(outcome.compare!.disagreements, []);
    assert.ok(outcome.compare!.compared > 300);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test("the record is on disk before the differential run ends; the view and the other reports wait for it", async () => {
  const out = mkdtempSync(join(tmpdir(), "compare-run-"));
  try {
    const seen: { record: boolean; results: boolean }[] = [];
    const outcome = await runConformance({
      ...options("python3 examples/python/canon.py --lines", out),
      onCompareProgress: () =>
        seen.push({
          record: existsSync(join(out, "record.json")),
          results: existsSync(join(out, "results.json")),
        }),
    });
    assert.ok(seen.length > 0, "the differential run reported progress");
    const last = seen.at(-1)!;
    assert.deepEqual(last, { record: true, results: false }, JSON.stringify(seen));
    // The view holds the comparison: the step's verdict counts its disagreements.
    assert.equal(outcome.step.disagreements, 0);
    assert.ok(existsSync(join(out, "results.json")) && existsSync(join(out, "compare.json")));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
