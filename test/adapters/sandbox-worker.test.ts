// Once mode's sandbox workers (src/adapters/sandbox-worker.ts): a sandbox made once per job, a fresh
// process per request inside it. The rule they are held to: every request gets the answer it gets from
// a sandbox of its own, for well-behaved and hostile commands alike, and finds nothing an earlier
// request left (no file in /tmp, no process); what is not true to that (a command that kills its
// starter) is asked again in a sandbox of its own.
import assert from "node:assert/strict";
import { realpathSync } from "node:fs";
import { after, type TestContext, test } from "node:test";
import { createOnceCanonicalizer } from "../../src/adapters/command-once.js";
import { liveGroupCount } from "../../src/adapters/process-group.js";
import { SandboxWorkers } from "../../src/adapters/sandbox-worker.js";
import { openSandbox } from "../../src/sandbox/index.js";
import { canRun } from "../sandbox/helpers.js";
import { bytes, CWD, finishes, fixture, leftovers, newTag, show } from "./helpers.js";

const BOUND_MS = 30_000;

after(() => assert.equal(liveGroupCount(), 0, "every process group was killed"));

interface Over {
  timeoutMs?: number;
  maxOutputBytes?: number;
  jobs?: number;
}

/** The answers to `inputs`, in order: unsandboxed, with sandbox workers, or a sandbox per process. */
async function answers(command: string, inputs: string[], how: How, over: Over = {}) {
  const session = how === "unsandboxed" ? undefined : openSandbox({ mode: "bwrap", cwd: CWD });
  const c = createOnceCanonicalizer({
    command,
    shell: false,
    cwd: CWD,
    jobs: over.jobs ?? 2,
    timeoutMs: over.timeoutMs ?? 10_000,
    maxOutputBytes: over.maxOutputBytes ?? 16 * 1024 * 1024,
    ...(session ? { launcher: session, workers: how === "workers" } : {}),
  });
  try {
    const all: string[] = [];
    // One after another: each request follows another in the same worker.
    for (const input of inputs) all.push(show(await c.canonicalize(bytes(input))));
    return all;
  } finally {
    await finishes(c.close(), BOUND_MS, command);
    session?.close();
  }
}

type How = "unsandboxed" | "workers" | "per-process";

/** Asserts that workers give the answers `than` gives, and returns them; nothing tagged outlives the
 * runs. */
async function same(name: string, inputs: string[], than: How, over: Over = {}, args: string[] = []) {
  const tag = newTag();
  const command = fixture(name, tag, ...args);
  const expected = await answers(command, inputs, than, over);
  const worked = await finishes(answers(command, inputs, "workers", over), BOUND_MS, name);
  assert.deepEqual(worked, expected, `${name}: a worker's answers differ from ${than}`);
  assert.deepEqual(await leftovers(tag), [], `processes of ${name} left behind`);
  return worked;
}

const sandboxed = (t: TestContext) => canRun(t, { bwrap: true });

// What the process does, not where it runs, decides these answers: the rule is the adapter's own
// (test/adapters/once.test.ts asserts it unsandboxed), and workers keep it.
test("every fixture, well-behaved or hostile, answers the same through workers as unsandboxed", async (t) => {
  if (!sandboxed(t)) return;
  const [ok, bad, next] = await same("echo.py", ['{ "b" : [1, 2] }', "{nope", "[3]"], "unsandboxed");
  assert.deepEqual([ok, next], ['canonical {"b":[1,2]}', "canonical [3]"]);
  assert.match(bad!, /^rejected .*JSON/);
  assert.deepEqual(await same("crash.py", ['"crash"', "[1]"], "unsandboxed"), [
    "failed killed by signal SIGTERM",
    "canonical [1]",
  ]);
  assert.deepEqual(await same("hang.py", ["{}", "{}"], "unsandboxed", { timeoutMs: 1500 }), [
    "failed timed out after 1500 ms; process group killed",
    "failed timed out after 1500 ms; process group killed",
  ]);
  assert.deepEqual(await same("flood.py", ["{}"], "unsandboxed", { maxOutputBytes: 1024 * 1024 }), [
    "failed output passed the cap of 1048576 bytes; process group killed",
  ]);
  const [orphan] = await same("orphan.py", ['{"a":1}'], "unsandboxed");
  assert.match(orphan!, /stdout stayed open \d+ ms after: a child process still holds it/);
  const large = JSON.stringify("z".repeat(1024 * 1024));
  assert.deepEqual(await same("exit-early.py", [large], "unsandboxed", {}, ["--code=3"]), ["rejected no"]);
  assert.deepEqual(await same("garbage.py", ["{}"], "unsandboxed"), [
    "failed answer is not UTF-8: invalid byte 0xff at offset 1",
  ]);
  assert.deepEqual(await same("two-lines.py", ["[1]"], "unsandboxed"), [
    "failed answered more than one line (a line feed at offset 3)",
  ]);
});

// A sandbox per process hides two things a process does: bubblewrap exits 128 + the signal's number
// when its command is killed by one (a refusal, by the exit rule), and it ends the whole sandbox when
// its command exits (so a child left holding stdout is gone before the harness can see it). Workers,
// like an unsandboxed run, see both.
test("a sandbox per process reads a signal as exit code 128+n and ends a child left holding stdout; workers do not", async (t) => {
  if (!sandboxed(t)) return;
  const tag = newTag();
  assert.deepEqual(await answers(fixture("crash.py", tag), ['"crash"'], "per-process"), [
    "rejected exit code 143, nothing on stderr",
  ]);
  assert.deepEqual(await answers(fixture("orphan.py", tag), ['{"a":1}'], "per-process"), [
    'canonical {"a":1}',
  ]);
  assert.deepEqual(await leftovers(tag), []);
});

test("a request finds no file and no process an earlier request in the same worker left", async (t) => {
  if (!sandboxed(t)) return;
  // One job: every request after the first runs in the worker the one before it ran in.
  // In a sandbox of its own, /tmp holds only the mount points bubblewrap made there (the scratch). A
  // worker shows Node's folder too where it lies under /tmp (Node runs its starter: src/sandbox/session.ts;
  // .ci/run installs Node 24 in a temporary folder): the harness's own, the same for every request, so
  // the fixture leaves it out of its count.
  const node = realpathSync(process.execPath).split("/");
  const nodeInTmp = node[1] === "tmp" ? [`--not=${node[2]}`] : [];
  const found = await same(
    "sandbox-state.py",
    ["{}", "{}", "{}", "{}"],
    "per-process",
    { jobs: 1 },
    nodeInTmp,
  );
  assert.match(found[0]!, /^canonical \[\d+,0\]$/);
  assert.deepEqual(found, Array(4).fill(found[0]));
});

test("requests do run in workers: a process that is not the first of its sandbox", async (t) => {
  if (!sandboxed(t)) return;
  // In a sandbox of its own the command is process 2 (after bubblewrap's init); in a worker the
  // starter is, and each request's process comes after it.
  const command = "sh -c 'cat >/dev/null; echo \"[$$]\"'";
  assert.deepEqual(await answers(command, ["1", "2", "3"], "per-process", { jobs: 1 }), [
    "canonical [2]",
    "canonical [2]",
    "canonical [2]",
  ]);
  const worked = await answers(command, ["1", "2", "3"], "workers", { jobs: 1 });
  assert.ok(
    worked.every((a) => /^canonical \[\d+\]$/.test(a) && a !== "canonical [2]"),
    worked.join(", "),
  );
});

test("a command that kills its starter is asked again in a sandbox of its own, and answers as there", async (t) => {
  if (!sandboxed(t)) return;
  // Its parent is the starter in a worker (which dies), bubblewrap's init in a sandbox of its own
  // (which a signal from inside its namespace does not kill).
  const command = "sh -c 'kill -9 $PPID; cat; echo'";
  const alone = await answers(command, ["[1]", "[2]"], "per-process");
  assert.deepEqual(alone, ["canonical [1]", "canonical [2]"]);
  assert.deepEqual(
    await finishes(answers(command, ["[1]", "[2]"], "workers"), BOUND_MS, "kills its starter"),
    alone,
  );
});

// The harness reads the starter's frames as it reads the command's output: as untrusted. (Node's
// pipes to the command are socket pairs, which /proc/PID/fd cannot open, but a process that can
// trace the starter could write anything.) A starter stand-in writes what a forger would.
test("a frame the starter never writes (too long, a made-up exit) loses the worker, and the request with it", async () => {
  const forgers = {
    "a frame claiming 4 GiB": "Buffer.from([0x4f, 0xff, 0xff, 0xff, 0xff])",
    "an exit status that is no exit": `((j) => Buffer.concat([Buffer.from([0x58, 0, 0, 0, j.length]), j]))(Buffer.from('{"code":7,"signal":"x"}'))`,
  };
  for (const [what, forged] of Object.entries(forgers)) {
    // Ready on its config, then the forged frame when asked to start a process.
    const script = `let n = 0; process.stdin.on("data", () => { n++; process.stdout.write(n === 1 ? Buffer.from([0x52, 0, 0, 0, 0]) : ${forged}); });`;
    const workers = new SandboxWorkers(
      {
        launched: { program: process.execPath, argv0: "node", args: ["-e", script], env: {} },
        command: { program: "/bin/true", argv0: "true", args: [], cwd: CWD, env: {} },
      },
      CWD,
      1,
      10_000,
    );
    const p = await workers.start();
    assert.ok(p, `${what}: the stand-in started`);
    const lost = await finishes(
      new Promise<string>((resolve) => {
        p.on("lost", () => resolve("lost"));
        p.on("exit", () => resolve("exit"));
      }),
      BOUND_MS,
      what,
    );
    assert.equal(lost, "lost", what);
    workers.close();
  }
});
