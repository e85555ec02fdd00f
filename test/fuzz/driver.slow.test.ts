// The fuzz driver as `npm run fuzz` runs it: it prints its counts and exits 0 when it finds nothing;
// its counts do not depend on the number of worker processes; a finding is written so it replays.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { describeFinding, writeFindings } from "../../fuzz/findings.js";

function fuzz(...args: string[]) {
  return spawnSync(process.execPath, ["--import", "tsx", "fuzz/index.ts", ...args], { encoding: "utf8" });
}

/** The report without its timings, which are the only part allowed to differ between runs. */
function counts(stdout: string): string {
  return stdout
    .split("\n")
    .filter((line) => !/^\s+(time|slowest call):/.test(line))
    .join("\n");
}

test("a short run prints its counts, finds nothing, and counts the same on 1 or 2 workers", () => {
  const one = fuzz("--iterations", "400", "--seed", "7");
  assert.equal(one.status, 0, one.stderr);
  assert.match(one.stdout, /^target records: 400 iterations, seed 7, findings 0$/m);
  assert.match(one.stdout, /^target json: 400 iterations, seed 7, findings 0$/m);
  assert.match(one.stdout, /slowest call: [0-9.]+ ms at iteration \d+/);
  assert.match(one.stdout, /fuzz: no findings\n$/);
  const two = fuzz("--iterations", "400", "--seed", "7", "--workers", "2");
  assert.equal(two.status, 0, two.stderr);
  assert.equal(counts(two.stdout), counts(one.stdout));
});

test("bad options are refused with exit 2", () => {
  for (const args of [
    ["--target", "nope"],
    ["--iterations", "-1"],
    ["--seed", "99999999999"],
    ["--workers", "0"],
  ]) {
    const run = fuzz(...args);
    assert.equal(run.status, 2, args.join(" "));
    assert.match(run.stderr, /^fuzz: /);
  }
});

test("a finding is written as its exact bytes, with the command that replays it", () => {
  const dir = mkdtempSync(join(tmpdir(), "cc-fuzz-findings-"));
  try {
    const finding = {
      target: "records",
      seed: 5,
      iteration: 42,
      mutation: "bit-flip",
      what: "example",
      input: Uint8Array.of(0, 0xff, 0x7b),
    };
    const [path] = writeFindings(dir, [finding]);
    assert.deepEqual(readFileSync(path!), Buffer.from(finding.input));
    const text = describeFinding(finding, path);
    assert.match(text, /--target records --seed 5 --replay 42/);
    assert.match(text, /base64: {3}AP97/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
