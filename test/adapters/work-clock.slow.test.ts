// A time limit that a busy machine cannot spend (src/adapters/work-clock.ts): a command that needs
// less than its time limit of CPU answers in time even when busy loops on its CPU stretch its wall
// time past the limit; one that never answers still times out, within the wall ceiling.
import assert from "node:assert/strict";
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { after, test } from "node:test";
import { createOnceCanonicalizer } from "../../src/adapters/command-once.js";
import { WALL_CEILING } from "../../src/adapters/work-clock.js";
import { pythonExecutable } from "../helpers/python.js";
import { bytes, CWD, show } from "./helpers.js";

const PYTHON = pythonExecutable();
const loops: ChildProcess[] = [];
after(() => {
  // Each loop leads a process group of its own (detached).
  for (const l of loops) if (l.pid !== undefined) process.kill(-l.pid, "SIGKILL");
});

/** Iterations of a Python loop that take about `ms` of CPU here, alone. */
function calibrate(ms: number): number {
  const probe = 2_000_000;
  const out = execFileSync(
    "taskset",
    [
      "-c",
      "0",
      PYTHON,
      "-S",
      "-E",
      "-c",
      `import time\nt=time.process_time()\nfor i in range(${probe}): pass\nprint(time.process_time()-t)`,
    ],
    { encoding: "utf8" },
  );
  return Math.round((probe * ms) / (Number(out) * 1000));
}

const busy = (n: number) => {
  for (let i = 0; i < n; i++)
    // Each in a session of its own, as the command is: with autogroup scheduling a session shares the
    // CPU as one, so four loops in the test's own session would take only half of it. (timeout: none
    // outlives a test process that died before its after hook.)
    loops.push(
      spawn("taskset", ["-c", "0", "timeout", "300", "sh", "-c", "while :; do :; done"], {
        stdio: "ignore",
        detached: true,
      }),
    );
};

function once(command: string, timeoutMs: number) {
  return createOnceCanonicalizer({
    command,
    shell: true,
    cwd: CWD,
    jobs: 1,
    timeoutMs,
    maxOutputBytes: 1 << 20,
  });
}

test("a command that needs half its time limit of CPU answers, with four busy loops on its CPU", async (t) => {
  if (process.platform !== "linux") return t.skip("Linux only (schedstat)");
  const n = calibrate(700);
  busy(4);
  const c = once(
    `taskset -c 0 ${PYTHON} -S -E -c 'import sys\nsys.stdin.read()\nfor i in range(${n}): pass\nprint("[1]")'`,
    1500,
  );
  const started = Date.now();
  const answer = await c.canonicalize(bytes("[1]"));
  const wall = Date.now() - started;
  await c.close();
  // The wall clock alone would have called it a time-out: it ran past the limit, starved.
  assert.ok(wall > 1500, `it took ${wall} ms of wall time: the loops did not slow it`);
  assert.equal(show(answer), "canonical [1]");
});

test("a command that never answers still times out, within the wall ceiling, however busy", async (t) => {
  if (process.platform !== "linux") return t.skip("Linux only (schedstat)");
  const c = once(`taskset -c 0 ${PYTHON} -S -E -c 'while True: pass'`, 1000);
  const started = Date.now();
  const answer = await c.canonicalize(bytes("[1]"));
  const wall = Date.now() - started;
  await c.close();
  assert.match(show(answer), /^failed timed out after 1000 ms/);
  assert.ok(wall < 1000 * WALL_CEILING + 2000, `${wall} ms`);
});
