// sha256File on a file far larger than memory should hold (moved from program.test.ts to the slow
// suite: it reads 512 MiB twice, once here and once through sha256sum).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { closeSync, ftruncateSync, mkdtempSync, openSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { sha256File } from "../../src/adapters/program.js";

const root = mkdtempSync(join(tmpdir(), "cc-program-"));
after(() => rmSync(root, { recursive: true, force: true }));

test("sha256File streams: a 512 MiB file hashes without being held in memory, as sha256sum says", async (t) => {
  let sum: string;
  try {
    sum = execFileSync("sha256sum", ["--version"], { encoding: "utf8" });
  } catch {
    t.skip("sha256sum not installed");
    return;
  }
  const big = join(root, "sparse.bin");
  const fd = openSync(big, "w");
  ftruncateSync(fd, 512 * 1024 * 1024); // sparse: no disk used, reads as zeros
  closeSync(fd);
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const digest = await sha256File(big);
  clearInterval(sampler);
  sum = execFileSync("sha256sum", [big], { encoding: "utf8" }).split(" ")[0]!;
  assert.equal(digest, sum);
  // Reading the file whole would add 512 MiB; a stream adds a few 64 KiB buffers.
  assert.ok(peak - before < 128 * 1024 * 1024, `rss grew by ${Math.round((peak - before) / 2 ** 20)} MiB`);
});
