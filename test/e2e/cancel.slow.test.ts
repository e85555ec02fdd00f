// A cancelled or timed-out step (issue 30 item 3): the runner sends SIGINT or SIGTERM to the action
// (cancel, `timeout-minutes`). The real bundle, started as the runner starts it (test/action/runner.ts),
// gets the signal after its first progress line, and must write a job summary and a log line that say
// how it ended (by which signal, after how many cases) and what was kept, then exit 130 or 143 within a
// short deadline, with no process of the command under test left and no record that looks complete.
// The CLI's own line on stderr is held here too (the bundled CLI, as a user runs it).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import { runAction } from "../action/runner.js";
import { quote } from "../helpers/cli.js";
import { cliScript, implScript } from "../helpers/dist.js";

const work = mkdtempSync(join(tmpdir(), "cc-e2e-cancel-"));
after(() => rmSync(work, { recursive: true, force: true }));

// The tests' canonicalizer under a path of this file's own (a symlink, beside the bundle so the sandbox
// sees it): other test files run theirs at the same time, and only this file's may be counted as left.
const mine = mkdtempSync(join(dirname(dirname(implScript())), "cancel-"));
after(() => rmSync(mine, { recursive: true, force: true }));
const marked = join(mine, "impl.cjs");
symlinkSync(implScript(), marked);
const canonicalize = `${quote(process.execPath)} ${quote(marked)} canonicalize`;

/** A process per case, one at a time: slow enough that a signal lands mid-run. */
const slow = {
  command: canonicalize,
  protocol: "once",
  "once-batch": "off",
  jobs: "1",
  suites: "jcs",
  upload: "false",
};

/** Processes still running this file's canonicalizer once the action has ended. */
function leftovers(): string[] {
  const found: string[] = [];
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (cmdline.includes(marked) && cmdline.includes("canonicalize")) found.push(`${pid}: ${cmdline}`);
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

for (const [signal, status] of [
  ["SIGTERM", 143],
  ["SIGINT", 130],
] as const) {
  test(`the action, ${signal} after its first progress line: a summary and a log line say how it ended, exit ${status}`, async () => {
    const run = await runAction({ inputs: slow, interrupt: { signal, after: /\d+\/\d+ cases/ } });
    assert.equal(run.code, status, run.stderr);
    assert.ok(run.signalledMs! < 3000, `it took ${run.signalledMs} ms to end`);

    const how = new RegExp(`cancelled by ${signal} after (\\d+) of 232 cases`);
    const summary = run.summary ?? "";
    assert.match(summary, new RegExp(`^## ⏹️ canon-conformance was ${how.source}\\n`));
    assert.match(summary, /The command under test's processes were killed\. The step exits with \d+\./);
    assert.match(summary, /No record was signed or written: a record is made once every case is judged\./);
    // The log's line is the step's error annotation too: command processing was resumed for it.
    const line = run.annotations.find((a) => a.level === "error");
    assert.ok(line, `no error annotation in:\n${run.stdout.slice(-2000)}`);
    assert.equal(line.properties.title, `canon-conformance: cancelled by ${signal}`);
    assert.match(line.message, how);
    assert.match(line.message, /processes were killed; no record was signed or written/);
    assert.doesNotMatch(summary, /could not finish/, "the error the signal caused is not reported as well");

    // Nothing that looks complete: no record, no report, in the output folder.
    const out = join(run.runnerTemp, "canon-conformance", "canon-conformance");
    const left = existsSync(out) ? readdirSync(out) : [];
    for (const name of ["record.json", "results.json", "summary.md", "report.html"])
      assert.ok(!left.includes(name), `${name} was left in ${out}: ${left.join(", ")}`);
    assert.deepEqual(leftovers(), [], "processes of the command under test outlived the step");
  });
}

test("the CLI, SIGINT mid-run: one line on stderr says how it ended and what was kept, exit 130", async () => {
  const out = join(work, "cli-out");
  const child = spawn(
    process.execPath,
    [
      cliScript(),
      "run",
      "--command",
      canonicalize,
      "--once-batch",
      "off",
      "--jobs",
      "1",
      "--suites",
      "jcs",
      "--out",
      out,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let stderr = "";
  let signalledAt = 0;
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
    if (signalledAt === 0 && /\d+\/\d+ cases/.test(stderr)) {
      signalledAt = Date.now();
      child.kill("SIGINT");
    }
  });
  const code = await new Promise<number | null>((done) => child.on("close", (c) => done(c)));
  assert.equal(code, 130, stderr);
  assert.ok(Date.now() - signalledAt < 3000);
  assert.match(
    stderr,
    /\ncanon-conformance run: cancelled by SIGINT after \d+ of 232 cases; the command under test's processes were killed; no record was signed or written \(a record is made once every case is judged\), and nothing in the output folder looks complete\n$/,
  );
  assert.deepEqual(existsSync(out) ? readdirSync(out) : [], []);
  assert.deepEqual(leftovers(), []);
});

test("the action, SIGTERM while once mode asks its batches: the summary is written all the same", async () => {
  // The whole default corpus in once mode with batches: the run keeps the event loop busy (the dry
  // pass, the batches, the processes the signal kills), and a summary written asynchronously was lost
  // to the exit deadline.
  const run = await runAction({
    inputs: { command: canonicalize, protocol: "once", upload: "false" },
    interrupt: { signal: "SIGTERM", after: /processes planned/ },
  });
  assert.equal(run.code, 143, run.stderr);
  assert.match(run.summary ?? "", /^## ⏹️ canon-conformance was cancelled by SIGTERM /);
});
