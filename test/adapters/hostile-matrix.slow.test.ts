// The hostile-behaviour matrix (issue 27; docs/sandbox.md "Bounded and isolated"): each thing a command
// can do to its surroundings inside the sandbox, done on one request of a whole run, through each way a
// request can run (once mode with sandbox workers, with and without batches; once mode with a sandbox
// per process; lines mode). Every run must end within the bound computed from its plan with a signed
// record, and every other request must get the verdict, and the very answer, that a sandbox per
// process gives it. The fixture (fixtures/hostile.py) answers "dirty" to any request that finds what
// another process of the command left behind, so isolation that fails shows as a changed answer.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type TestContext, test } from "node:test";
import { SandboxWorkers } from "../../src/adapters/sandbox-worker.js";
import { verifyRecord } from "../../src/record/verify.js";
import { runBoundMs } from "../../src/run/bound.js";
import { runConformance } from "../../src/run/index.js";
import type { RunOptions } from "../../src/run/types.js";
import { openSandbox } from "../../src/sandbox/index.js";
import type { CaseResult } from "../../src/types.js";
import { runOptions } from "../helpers/fixtures.js";
import { pythonExecutable } from "../helpers/python.js";
import { canRun } from "../sandbox/helpers.js";
import { CWD, FIXTURES, finishes, fixture, leftovers, newTag } from "./helpers.js";

const BOUND_MS = 30_000;
const sandboxed = (t: TestContext) => canRun(t, { bwrap: true });

/** Cases whose inputs hold the trigger once: jcs/array-order-kept, the second case, sends [3,1,2]. */
const CASES = ["jcs/array-*", "jcs/astral-*", "jcs/canoncheck-*"];
const TRIGGER = "3,1,2";
const TRIGGERED = "jcs/array-order-kept";
const TIMEOUT_MS = 3000;

const ACTS = [
  "none",
  "stop-parent",
  "kill-parent",
  "trace-parent",
  "forge-half",
  "forge-oversized",
  "forge-end",
  "forge-ready",
  "leftover-process",
  "leftover-file",
  "locked-folder",
  "fork-storm",
  "close-stdout",
  "outlive",
] as const;

type Path = { protocol: "once" | "lines"; onceBatch: boolean; sandboxWorkers: boolean };
const PATHS: Record<string, Path> = {
  "once, workers": { protocol: "once", onceBatch: false, sandboxWorkers: true },
  "once, workers, batches": { protocol: "once", onceBatch: true, sandboxWorkers: true },
  lines: { protocol: "lines", onceBatch: false, sandboxWorkers: true },
  // The baseline: every request in a sandbox of its own.
  "once, a sandbox per process": { protocol: "once", onceBatch: false, sandboxWorkers: false },
};

interface Ran {
  results: CaseResult[];
  ms: number;
  boundMs: number;
}

async function run(act: string, path: Path, tag: string): Promise<Ran> {
  const out = mkdtempSync(join(tmpdir(), "hostile-matrix-"));
  const args = [`--act=${act}`, `--trigger=${TRIGGER}`, ...(path.protocol === "lines" ? ["--lines"] : [])];
  const options: RunOptions = {
    ...runOptions({
      command: fixture("hostile.py", tag, ...args),
      protocol: path.protocol,
      onceBatch: path.onceBatch,
      suites: ["jcs"],
      cases: CASES,
      timeoutMs: TIMEOUT_MS,
      jobs: 2,
      workingDirectory: CWD,
      outDir: out,
      sandbox: { mode: "bwrap" },
    }),
    sandboxWorkers: path.sandboxWorkers,
  };
  const started = Date.now();
  try {
    // Past the bound of a run this size (13 cases), the run did not end by itself.
    const ceiling = runBoundMs({ requests: 13, timeoutMs: TIMEOUT_MS, jobs: 1 });
    const outcome = await finishes(runConformance(options), ceiling, `${act}: the run`);
    const ms = Date.now() - started;
    // The record is on disk, and verifies.
    const written = readFileSync(join(out, "record.json"));
    assert.equal(verifyRecord(written).outcome, "accept", `${act}: the record verifies`);
    const boundMs = runBoundMs({
      requests: outcome.results.length,
      timeoutMs: TIMEOUT_MS,
      jobs: path.protocol === "lines" ? 1 : 2,
    });
    return { results: outcome.results, ms, boundMs };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** What a case's verdict and answer are, for comparing runs. */
const seen = (r: CaseResult) => `${r.suite}/${r.name}: ${r.pass ? "pass" : "fail"} ${r.got}`;

for (const act of ACTS) {
  test(`hostile ${act}: every path ends within its bound with a record, and every other request answers as in a sandbox of its own`, async (t) => {
    if (!canRun(t, { bwrap: true })) return;
    const tag = newTag();
    const ran: Record<string, Ran> = {};
    for (const [name, path] of Object.entries(PATHS)) {
      ran[name] = await run(act, path, tag);
      assert.ok(ran[name]!.ms <= ran[name]!.boundMs, `${act}, ${name}: ${ran[name]!.ms} ms, past its bound`);
    }
    const baseline = ran["once, a sandbox per process"]!.results.filter(
      (r) => `${r.suite}/${r.name}` !== TRIGGERED,
    );
    assert.ok(baseline.length >= 10);
    for (const r of baseline) assert.doesNotMatch(r.got, /dirty/, `${act}: the baseline is clean`);
    for (const [name, { results }] of Object.entries(ran)) {
      const others = results.filter((r) => `${r.suite}/${r.name}` !== TRIGGERED);
      assert.deepEqual(
        others.map(seen),
        baseline.map(seen),
        `${act}, ${name}: another request's answer changed`,
      );
    }
    assert.deepEqual(await leftovers(tag, 5000), [], `${act}: processes outlived the runs`);
  });
}

/** One request through `workers`, driven as the once adapter drives it: "lost", or what the process
 * said (its exit and stdout). */
async function drive(workers: SandboxWorkers, input: string, timeoutMs: number): Promise<string> {
  const p = await workers.start();
  assert.ok(p, "a worker started");
  const out: Buffer[] = [];
  p.stdout.on("data", (c: Buffer) => out.push(c));
  const said = await new Promise<string>((resolve) => {
    const timer = setTimeout(() => resolve("timed out"), timeoutMs);
    p.on("lost", () => resolve("lost"));
    p.on("error", (e: Error) => resolve(`error ${e.message}`));
    p.on("exit", (code: number | null, signal: string | null) => {
      // What is left of stdout arrives before the exit settles, as the adapter's grace allows.
      setTimeout(() => resolve(`exit ${code ?? signal} ${Buffer.concat(out).toString().trim()}`), 100);
    });
    p.stdin.end(input);
    void timer;
  });
  p.end();
  return said;
}

const ptraceAllowed = (): boolean => {
  try {
    return readFileSync("/proc/sys/kernel/yama/ptrace_scope", "utf8").trim() === "0";
  } catch {
    return true; // No Yama: a process may trace another of its own user.
  }
};

// Each act of test/adapters/fixtures/hostile.py against a worker, one job: what it does to the starter
// loses the worker by the rule docs/sandbox.md states for it, and what it leaves is gone (or the worker
// with it) before the next request, which answers as in a sandbox of its own.
test("each hostile act loses the worker by its stated rule, or leaves nothing for the next request", async (t) => {
  if (!sandboxed(t)) return;
  const expected: Record<string, string | undefined> = {
    "stop-parent": "silent while busy",
    "kill-parent": "ended",
    "forge-half": "silent while busy",
    "forge-oversized": "malformed frame",
    "forge-end": "frame out of order",
    "forge-ready": "frame out of order",
    "leftover-process": undefined,
    "leftover-file": undefined,
    "locked-folder": undefined,
    "fork-storm": undefined,
    outlive: undefined,
  };
  if (ptraceAllowed()) expected["trace-parent"] = "silent while busy";
  const session = openSandbox({ mode: "bwrap", cwd: CWD });
  try {
    for (const [act, loss] of Object.entries(expected)) {
      const tag = newTag();
      const [program, ...args] = [
        pythonExecutable(),
        "-S",
        "-E",
        `${FIXTURES}hostile.py`,
        `--act=${act}`,
        "--trigger=go",
        `--tag=${tag}`,
      ] as [string, ...string[]];
      const launched = session.prepare({ program, argv0: program, args, cwd: CWD });
      const workers = new SandboxWorkers(launched.worker!, CWD, 1, 10_000, {
        silenceMs: 1000,
        cleanMs: 4000,
      });
      try {
        const first = await finishes(drive(workers, '["go"]', 8000), BOUND_MS, act);
        const second = await finishes(drive(workers, "[2]", 8000), BOUND_MS, act);
        if (loss === undefined) {
          assert.deepEqual(workers.losses, [], `${act}: no worker lost`);
          assert.equal(first, 'exit 0 ["go"]', act);
        } else {
          assert.deepEqual(workers.losses, [loss], `${act}: lost by its rule`);
          assert.equal(first, "lost", act);
        }
        assert.equal(second, "exit 0 [2]", `${act}: the next request finds nothing left`);
      } finally {
        workers.close();
      }
      assert.deepEqual(await leftovers(tag), [], `${act}: nothing outlived the worker`);
    }
  } finally {
    session.close();
  }
});
