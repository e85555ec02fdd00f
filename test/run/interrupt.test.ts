// What a face says when a signal ends its run (src/run/interrupt.ts): how far the run had got, and what
// was kept: a record written whole before the signal is named with the files beside it; without one,
// that none was signed. The signal itself, on the real bundles: test/e2e/cancel.slow.test.ts.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { filesKept, interruptedRun, keptText } from "../../src/run/interrupt.js";

test("a record written before the signal is kept and named; a private name being written is not", () => {
  const dir = mkdtempSync(join(tmpdir(), "cc-interrupt-"));
  try {
    const progress = { done: 592, total: 592, failed: 3, elapsedMs: 1000 };
    assert.equal(
      keptText(interruptedRun("SIGTERM", { progress, outDir: dir })),
      "no record was signed or written (a record is made once every case is judged), and nothing in the output folder looks complete",
    );
    writeFileSync(join(dir, "record.json"), "{}");
    writeFileSync(join(dir, "results.json"), "{}");
    writeFileSync(join(dir, ".junit.xml.1234.tmp"), "<half");
    const ended = interruptedRun("SIGTERM", { progress, outDir: dir });
    assert.equal(ended.how, "cancelled by SIGTERM after 592 of 592 cases");
    assert.deepEqual(ended.kept, ["record.json", "results.json"]);
    assert.equal(keptText(ended), `written before the signal and kept: record.json, results.json in ${dir}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.equal(interruptedRun("SIGINT", {}).how, "cancelled by SIGINT before the first case");
  assert.deepEqual(filesKept(join(tmpdir(), "cc-no-such-folder")), []);
});
