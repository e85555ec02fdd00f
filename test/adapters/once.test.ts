// The once protocol against well-behaved and hostile fixture commands. Every hostile case asserts a
// clear reason, a finished request (a generous bound), and no process of the command left behind.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { createOnceCanonicalizer } from "../../src/adapters/command-once.js";
import { AdapterSetupError } from "../../src/adapters/errors.js";
import { briefTimeoutMs } from "../../src/adapters/limits.js";
import { liveGroupCount } from "../../src/adapters/process-group.js";
import type { Answer } from "../../src/types.js";
import { bytes, CWD, finishes, fixture, leftovers, newTag, show, text } from "./helpers.js";

const BOUND_MS = 20_000;

function once(
  command: string,
  over: Partial<{ timeoutMs: number; maxOutputBytes: number; jobs: number }> = {},
) {
  return createOnceCanonicalizer({
    command,
    shell: false,
    cwd: CWD,
    jobs: 4,
    timeoutMs: 10_000,
    maxOutputBytes: 16 * 1024 * 1024,
    ...over,
  });
}

/** Runs `inputs` through fixture `name`, closes, and checks nothing tagged is left running. */
async function runFixture(
  name: string,
  inputs: string[],
  over: Parameters<typeof once>[1] = {},
  args: string[] = [],
): Promise<Answer[]> {
  const tag = newTag();
  const c = once(fixture(name, tag, ...args), over);
  const answers = await finishes(Promise.all(inputs.map((i) => c.canonicalize(bytes(i)))), BOUND_MS, name);
  await c.close();
  assert.deepEqual(await leftovers(tag), [], `processes of ${name} left behind`);
  return answers;
}

after(() => assert.equal(liveGroupCount(), 0, "every process group was killed"));

test("well behaved: answers, rejections with stderr as the reason, one trailing LF removed", async () => {
  const [ok, bad, big] = await runFixture("echo.py", [
    '{ "b" : [1, 2] }',
    "{nope",
    JSON.stringify("x".repeat(200_000)),
  ]);
  assert.equal(show(ok!), 'canonical {"b":[1,2]}');
  assert.equal(bad!.status, "rejected");
  assert.match(show(bad!), /^rejected .*JSON/);
  assert.equal(big!.status, "canonical");
  assert.equal(text((big as { output: Uint8Array }).output).length, 200_002);
});

test("a CR LF line end is removed like a LF (Windows' print()); a lone CR, or a second line end, is not", async () => {
  const [crlf] = await runFixture("line-end.py", ['{ "b" : 1 }'], {}, ["crlf"]);
  assert.equal(show(crlf!), 'canonical {"b":1}');
  const [cr] = await runFixture("line-end.py", ['{ "b" : 1 }'], {}, ["cr"]);
  assert.equal(cr!.status, "canonical");
  assert.equal(text((cr as { output: Uint8Array }).output), '{"b":1}\r', "a lone CR is the answer's");
  const [twice] = await runFixture("line-end.py", ['{ "b" : 1 }'], {}, ["crlf2"]);
  assert.match(show(twice!), /^failed answered more than one line/);
});

test("raw bytes reach stdin untouched (invalid UTF-8 and CR/LF included)", async () => {
  const raw = Uint8Array.from([0xff, 0x0d, 0x0a, 0x22, 0x0a, 0x00, 0xc3]);
  const tag = newTag();
  const c = once(fixture("hex.py", tag));
  const a = await c.canonicalize(raw);
  await c.close();
  assert.equal(show(a), `canonical "${Buffer.from(raw).toString("hex")}"`);
});

test("jobs bounds how many processes run at once", async () => {
  const tag = newTag();
  const c = once(fixture("echo.py", tag), { jobs: 2 });
  let peak = 0;
  const { processesWith } = await import("./helpers.js");
  const sampler = setInterval(() => {
    peak = Math.max(peak, processesWith(tag).length);
  }, 5);
  const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => c.canonicalize(bytes(`[${i}]`))));
  clearInterval(sampler);
  await c.close();
  assert.deepEqual(
    answers.map(show),
    Array.from({ length: 12 }, (_, i) => `canonical [${i}]`),
  );
  assert.ok(peak <= 2, `at most 2 processes at once, saw ${peak}`);
});

test("a missing program is an AdapterSetupError before any case runs", () => {
  assert.throws(
    () => once("no-such-program-xyz --flag"),
    (e: unknown) => {
      assert.ok(e instanceof AdapterSetupError);
      assert.match(e.message, /command not found on PATH: no-such-program-xyz/);
      return true;
    },
  );
});

test("hostile: hangs -> timed out, process group killed", async () => {
  const [a] = await runFixture("hang.py", ["{}"], { timeoutMs: 500 });
  assert.equal(a!.status, "failed");
  assert.match(show(a!), /timed out after 500 ms; process group killed/);
});

test("hostile: exits 0 before reading a large input -> its answer stands, no EPIPE crash", async () => {
  const [a] = await runFixture("exit-early.py", [JSON.stringify("z".repeat(4 * 1024 * 1024))]);
  assert.equal(show(a!), 'canonical {"early":true}');
});

test("hostile: exits non-zero before reading -> rejected with its stderr", async () => {
  const [a] = await runFixture("exit-early.py", [JSON.stringify("z".repeat(1024 * 1024))], {}, ["--code=3"]);
  assert.equal(show(a!), "rejected no");
});

test("hostile: prints nothing -> failed, says so", async () => {
  const [a] = await runFixture("silent.py", ["{}"]);
  assert.equal(show(a!), "failed exited 0 but printed nothing on stdout");
});

test("hostile: prints binary garbage -> failed, not UTF-8 at an offset", async () => {
  const [a] = await runFixture("garbage.py", ["{}"]);
  assert.equal(show(a!), "failed answer is not UTF-8: invalid byte 0xff at offset 1");
});

test("hostile: writes only to stderr -> failed, with the stderr in the reason", async () => {
  const [a] = await runFixture("stderr-only.py", ["{}"]);
  assert.equal(
    show(a!),
    "failed exited 0 but printed nothing on stdout (stderr: oops: I only talk to stderr)",
  );
});

test("hostile: leaves a child holding stdout open -> failed after a bounded wait, child killed", async () => {
  const [a] = await runFixture("orphan.py", ['{"a":1}']);
  assert.equal(a!.status, "failed");
  assert.match(
    show(a!),
    /exited \(code 0\) but its stdout stayed open \d+ ms after: a child process still holds it/,
  );
});

test("hostile: killed by a signal -> failed with the signal; the next input is fine", async () => {
  const [a, b] = await runFixture("crash.py", ['"crash"', "[1]"]);
  assert.equal(show(a!), "failed killed by signal SIGTERM");
  assert.equal(show(b!), "canonical [1]");
});

test("hostile: answers two lines for one -> failed, more than one line", async () => {
  const [a] = await runFixture("two-lines.py", ["[1]"]);
  assert.equal(show(a!), "failed answered more than one line (a line feed at offset 3)");
});

test("hostile: answers nothing for one input and hangs -> that input times out, others pass", async () => {
  // Long enough for a loaded machine to start Python for the well-behaved inputs.
  const answers = await runFixture("skip-then-hang.py", ["[1]", '"skip"', "[2]"], { timeoutMs: 3000 });
  assert.deepEqual(answers.map(show), [
    "canonical [1]",
    "failed timed out after 3000 ms; process group killed",
    "canonical [2]",
  ]);
});

test("hostile: floods output past the cap -> failed at the cap, killed", async () => {
  const [a] = await runFixture("flood.py", ["{}"], { maxOutputBytes: 1024 * 1024 });
  assert.equal(show(a!), "failed output passed the cap of 1048576 bytes; process group killed");
});

test("close() ends requests still running, and later requests fail clearly", async () => {
  const tag = newTag();
  const c = once(fixture("hang.py", tag));
  const pending = c.canonicalize(bytes("{}"));
  await new Promise((r) => setTimeout(r, 200));
  await finishes(c.close(), BOUND_MS, "close");
  assert.equal(show(await pending), "failed the run was closed before the command answered");
  assert.equal(show(await c.canonicalize(bytes("{}"))), "failed the adapter is closed");
  await c.close();
  assert.deepEqual(await leftovers(tag), []);
});

test("a request whose time-out decides no verdict is asked with a fifth of the time limit, at least 1 s", async () => {
  const tag = newTag();
  const c = once(fixture("hang.py", tag), { timeoutMs: 6000 });
  assert.match(
    show(await c.canonicalizeBriefly!(bytes("{}"))),
    /^failed timed out after 1200 ms; process group killed/,
  );
  await c.close();
  assert.deepEqual(await leftovers(tag), []);
  assert.equal(briefTimeoutMs(10_000), 2000);
  assert.equal(briefTimeoutMs(3000), 1000);
  assert.equal(briefTimeoutMs(500), 500);
});
