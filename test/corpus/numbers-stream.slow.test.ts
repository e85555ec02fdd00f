import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { test } from "node:test";

test("10,000,000 numbers stream through a 64 MB heap with live memory growing by less than 16 MB", () => {
  const child = join(import.meta.dirname, "stream-child.ts");
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", "--expose-gc", "--max-old-space-size=64", child, "10000000"],
    { encoding: "utf8", timeout: 300_000 },
  );
  const report = JSON.parse(out.trim().split("\n").pop()!);
  assert.equal(report.numbers, 10_000_000);
  assert.equal(report.blocks, 10_000);
  assert.equal(report.cases, 100);
  // Far more bytes pass through than the heap could ever hold, so nothing was kept.
  assert.ok(report.bytes > 400_000_000, `only ${report.bytes} bytes generated`);
  assert.ok(report.peakGrowth < 16 * 1024 * 1024, `live memory grew by ${report.peakGrowth} bytes`);
});
