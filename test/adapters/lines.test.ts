// The lines protocol against well-behaved and hostile fixture commands: pipelining, the CR/LF rule,
// and isolation on doubt (each request in doubt asked again alone; the run never gives up). Every hostile case asserts a clear reason, a finished run (a
// generous bound) and no process of the command left behind.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { createLinesCanonicalizer } from "../../src/adapters/command-lines.js";
import { stallTimeoutMs } from "../../src/adapters/limits.js";
import { liveGroupCount } from "../../src/adapters/process-group.js";
import type { Answer, Canonicalizer } from "../../src/types.js";
import { bytes, CWD, finishes, fixture, leftovers, newTag, processesWith, show, text } from "./helpers.js";

const BOUND_MS = 30_000;

function lines(command: string, over: Partial<{ timeoutMs: number; maxOutputBytes: number }> = {}) {
  return createLinesCanonicalizer({
    command,
    shell: false,
    cwd: CWD,
    jobs: 2,
    timeoutMs: 10_000,
    maxOutputBytes: 16 * 1024 * 1024,
    ...over,
  });
}

/** Starts fixture `name` in lines mode; `done` closes it and checks nothing tagged is left running. */
function session(name: string, over: Parameters<typeof lines>[1] = {}, args: string[] = []) {
  const tag = newTag();
  const c = lines(fixture(name, tag, "--lines", ...args), over);
  return {
    c,
    tag,
    all: (inputs: string[]) =>
      finishes(Promise.all(inputs.map((i) => c.canonicalize(bytes(i)))), BOUND_MS, `${name} answers`),
    async done() {
      await finishes(c.close(), BOUND_MS, `${name} close`);
      assert.deepEqual(await leftovers(tag), [], `processes of ${name} left behind`);
    },
  };
}

async function inSequence(c: Canonicalizer, inputs: string[]): Promise<Answer[]> {
  const out: Answer[] = [];
  for (const i of inputs) out.push(await c.canonicalize(bytes(i)));
  return out;
}

after(() => assert.equal(liveGroupCount(), 0, "every process group was killed"));

test("well behaved: one process answers every request in order, pipelined", async () => {
  const s = session("echo.py");
  const inputs = Array.from({ length: 500 }, (_, i) => `{ "n" : ${i}, "s": "x${i}" }`);
  const answers = await s.all([...inputs, "{nope"]);
  assert.deepEqual(
    answers.slice(0, 500).map(show),
    inputs.map((_, i) => `canonical {"n":${i},"s":"x${i}"}`),
  );
  assert.match(show(answers[500]!), /^rejected .*JSON/);
  assert.equal(processesWith(s.tag).length, 1, "one long-lived process");
  await s.done();
});

test("the CR/LF rule on the wire: outside a string a space, inside U+0001", async () => {
  // hex.py answers the sync requests with their hex too: once that shows, each request goes alone.
  const s = session("hex.py", { timeoutMs: 2000 });
  const [a, b] = await s.all(['{"a":\r\n1}', '["x\ny"]']);
  assert.equal(show(a!), `canonical "${Buffer.from('{"a":  1}').toString("hex")}"`);
  assert.equal(show(b!), `canonical "${Buffer.from('["x\x01y"]').toString("hex")}"`);
  await s.done();
  // And the meaning is kept: the LF inside a string still gets the input rejected.
  const e = session("echo.py");
  const [ws, ctl] = await e.all(['{"a":\n1}', '["x\ny"]']);
  assert.equal(show(ws!), 'canonical {"a":1}');
  assert.equal(ctl!.status, "rejected");
  await e.done();
});

test("no deadlock however large the answers: 8 pipelined answers of 1 MiB each", async () => {
  // big.py answers a sync request with "": the answers that came before that showed are asked alone,
  // a process each. Each answer is sixteen times a pipe's buffer: 8 of them show what 40 did.
  const s = session("big.py", { timeoutMs: 3000 });
  const answers = await s.all(Array.from({ length: 8 }, () => String(1024 * 1024)));
  for (const a of answers) {
    assert.equal(a.status, "canonical");
    assert.equal((a as { output: Uint8Array }).output.length, 1024 * 1024 + 2);
  }
  await s.done();
});

test("no deadlock with large requests either: 8 pipelined inputs of 1 MiB", async () => {
  const s = session("echo.py");
  const big = JSON.stringify("q".repeat(1024 * 1024));
  const answers = await s.all(Array.from({ length: 8 }, () => big));
  assert.ok(answers.every((a) => a.status === "canonical" && text(a.output) === big));
  await s.done();
});

const TIMED_OUT = (ms: number) => `failed timed out after ${ms} ms; process group killed`;

test("hostile: hangs -> every request is asked alone and fails at its own time limit; nothing gives up", async () => {
  const s = session("hang.py", { timeoutMs: 300 });
  const answers = await s.all(Array.from({ length: 4 }, (_, i) => `[${i}]`));
  assert.deepEqual(answers.map(show), Array(4).fill(TIMED_OUT(300)));
  // The session still asks: a later request is asked too, and fails the same way.
  assert.equal(show(await s.c.canonicalize(bytes("[]"))), TIMED_OUT(300));
  assert.equal(s.c.isolation.askedAlone, 5, "each request asked alone once");
  await s.done();
});

test("hostile: exits before reading its input -> each request, asked alone, exited without answering", async () => {
  const s = session("exit-early.py");
  const answers = await s.all(Array.from({ length: 4 }, (_, i) => `[${i}]`));
  assert.deepEqual(answers.map(show), Array(4).fill("failed exited 0 without answering the request"));
  await s.done();
});

test("hostile: exits non-zero before reading anything -> no answer: it never took the request as a line", async () => {
  // Unlike a crash on the request (a rejection, as once mode judges it: crash.py below), it answered
  // not even the sync request sent before the request.
  const s = session("exit-early.py", {}, ["--code=3"]);
  const answers = await s.all(["[1]", "[2]"]);
  const reason =
    "failed answered not even the sync request sent before the request (does it read all of its input before it " +
    "answers? that is once mode); then exited with code 3 (stderr: no)";
  assert.deepEqual(answers.map(show), [reason, reason]);
  await s.done();
});

test("hostile: prints nothing -> asked alone, it ends at end of input without answering", async () => {
  const s = session("silent.py", { timeoutMs: 1000 });
  const [a] = await s.all(["{}"]);
  assert.equal(show(a!), "failed exited 0 without answering the request");
  await s.done();
});

test("hostile: prints binary garbage, sync requests included -> failed, not UTF-8, each asked alone", async () => {
  // It answers the sync requests with garbage too: nothing can be pipelined, and every request is
  // asked alone once the missing echo has waited out the time limit.
  const s = session("garbage.py", { timeoutMs: 1000 });
  const answers = await s.all(["{}", "[]"]);
  for (const a of answers) assert.equal(show(a), "failed answer is not UTF-8: invalid byte 0xff at offset 1");
  assert.equal(
    show(await s.c.canonicalize(bytes("[1]"))),
    "failed answer is not UTF-8: invalid byte 0xff at offset 1",
  );
  await s.done();
});

test("hostile: writes only to stderr -> the reason carries the stderr", async () => {
  const s = session("stderr-only.py", { timeoutMs: 1000 });
  const [a] = await s.all(["{}"]);
  // It says "oops" for every line it reads, the sync requests included.
  assert.match(
    show(a!),
    /^failed exited 0 without answering the request \(stderr: (oops: I only talk to stderr ?)+\)$/,
  );
  await s.done();
});

test("hostile: leaves a child holding stdout open and exits -> bounded wait, child killed", async () => {
  // The fixture answers one line per process and exits; that line answers the sync request each
  // process is sent first, so every request finds the command gone, alone too: each fails, saying so.
  const s = session("orphan.py");
  const answers = await s.all(["[1]", "[2]", "[3]", "[4]"]);
  assert.deepEqual(answers.map(show), Array(4).fill("failed exited 0 without answering the request"));
  await s.done();
});

test("hostile: crashes halfway through (exit 7) -> that request, asked alone, is a rejection; the rest pass", async () => {
  const s = session("crash.py");
  const answers = await s.all(["[1]", "[2]", '"crash"', "[4]", "[5]"]);
  assert.deepEqual(answers.map(show), [
    "canonical [1]",
    "canonical [2]",
    "rejected crashing on purpose",
    "canonical [4]",
    "canonical [5]",
  ]);
  await s.done();
});

const TWO_LINES = (n: number) =>
  "failed answered with 2 lines instead of one (a raw line feed inside the answer, or a print to stdout " +
  `that belongs on stderr?): "[${n}]" then "[${n}]"`;

test("hostile: answers two lines for one -> each request fails, saying how many lines it answered", async () => {
  const s = session("two-lines.py");
  const answers = await inSequence(s.c, ["[1]", "[2]", "[3]"]);
  assert.deepEqual(answers.map(show), [TWO_LINES(1), TWO_LINES(2), TWO_LINES(3)]);
  await s.done();
});

test("hostile: two lines for one, pipelined -> still each request fails with its own lines", async () => {
  // Pipelined, an extra line looks exactly like the next request's answer; the sync request after
  // them shows the count is off, and each is asked again between sync requests of its own.
  const s = session("two-lines.py");
  const first = await s.all(["[1]", "[2]", "[3]", "[4]"]);
  assert.deepEqual(first.map(show), [1, 2, 3, 4].map(TWO_LINES));
  await new Promise((r) => setTimeout(r, 100));
  const later = await s.all(["[5]", "[6]", "[7]"]);
  assert.deepEqual(later.map(show), [5, 6, 7].map(TWO_LINES));
  await s.done();
});

test("hostile: answers none for one and then hangs -> only it times out, the rest are asked alone and pass", async () => {
  // Long enough to start Python for the well-behaved inputs: the limit counts no time the machine kept
  // the command waiting for a CPU (src/adapters/work-clock.ts), so load does not spend it.
  const s = session("skip-then-hang.py", { timeoutMs: 1500 });
  const answers = await s.all(["[1]", '"skip"', "[3]", "[4]"]);
  assert.deepEqual(answers.map(show), ["canonical [1]", TIMED_OUT(1500), "canonical [3]", "canonical [4]"]);
  await s.done();
});

test("hostile: floods output past the cap -> failed at the cap", async () => {
  const s = session("flood.py", { maxOutputBytes: 1024 * 1024 });
  const [a] = await s.all(["{}"]);
  assert.equal(show(a!), "failed answer line passed the cap of 1048576 bytes; process group killed");
  await s.done();
});

test("close() fails what is still pending; later requests fail clearly", async () => {
  const s = session("hang.py");
  const pending = s.c.canonicalize(bytes("{}"));
  await new Promise((r) => setTimeout(r, 200));
  await s.done();
  assert.equal(show(await pending), "failed the run was closed before the command answered");
  assert.equal(show(await s.c.canonicalize(bytes("{}"))), "failed the adapter is closed");
});

test("a pipelined request owed a line is the suspect after a tenth of the time limit, at least 1 s", () => {
  assert.equal(stallTimeoutMs(10_000), 1000);
  assert.equal(stallTimeoutMs(30_000), 3000);
  assert.equal(stallTimeoutMs(3000), 1000);
  assert.equal(stallTimeoutMs(500), 500);
});
