// Issue 14 item 4: a run that cannot speak to the implementation is a setup failure (exit 2 in the
// faces: RunSetupError), decided from the probe before any case runs or a record is signed.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { RunSetupError, runConformance } from "../../src/run/index.js";
import type { RunOptions } from "../../src/run/types.js";
import { runOptions } from "../helpers/fixtures.js";

const out = mkdtempSync(join(tmpdir(), "cc-probe-"));
after(() => rmSync(out, { recursive: true, force: true }));

function options(command: string, protocol: "once" | "lines", dir: string): RunOptions {
  return runOptions({
    command,
    protocol,
    suites: ["jcs"],
    timeoutMs: 2000,
    maxOutputBytes: 1024 * 1024,
    workingDirectory: process.cwd(),
    outDir: join(out, dir),
    implementationName: null,
    sandbox: { mode: "none" },
  });
}

test("a once-style command run with protocol lines is a setup error that says to try protocol once", async () => {
  const started = Date.now();
  await assert.rejects(
    runConformance(options("python3 examples/python/canon.py", "lines", "wrong-protocol")),
    (error: unknown) =>
      error instanceof RunSetupError &&
      /gave no answer to a plain object/.test(error.message) &&
      /try protocol once/.test(error.message),
  );
  assert.ok(!existsSync(join(out, "wrong-protocol", "record.json")), "no record is signed");
  assert.ok(Date.now() - started < 30_000, "decided from the first answer, not after every case");
});

test("a command that refuses the plain object is a setup error: check the command", async () => {
  await assert.rejects(
    runConformance(options("node -e process.exit(3)", "once", "refuses")),
    (error: unknown) =>
      error instanceof RunSetupError && /refused a plain object .*Check the command/s.test(error.message),
  );
});

test("the right protocol passes the probe and runs the cases", async () => {
  const outcome = await runConformance(options("python3 examples/python/canon.py --lines", "lines", "right"));
  assert.equal(outcome.record.summary.cases, outcome.results.length);
  assert.ok(outcome.results.length > 50);
});

test("an implementation that answers wrongly is judged, not refused: the probe asks only for an answer", async () => {
  // `cat` echoes its input: the probe's answer is wrong, but it is an answer.
  const outcome = await runConformance(options("cat", "once", "echo"));
  assert.equal(outcome.record.conformant, false);
  assert.ok(outcome.results.some((r) => !r.pass));
});
