// Issue 13: after framing is lost in lines mode, only the request that broke it fails, with a reason
// that says what happened; every other request gets its own answer, and the session goes on
// pipelining. Each scenario runs the fixture test/adapters/fixtures/framing.mjs, which misbehaves in
// one chosen way and is well behaved otherwise, and states its exact attribution.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { createLinesCanonicalizer } from "../../src/adapters/command-lines.js";
import { syncNumberIn, syncRequestLine } from "../../src/adapters/line-sync.js";
import { liveGroupCount } from "../../src/adapters/process-group.js";
import type { Answer } from "../../src/types.js";
import { bytes, CWD, finishes, fixture, leftovers, newTag, show } from "./helpers.js";

const BOUND_MS = 60_000;
const dir = mkdtempSync(join(tmpdir(), "cc-lines-attribution-"));
after(() => rmSync(dir, { recursive: true, force: true }));
after(() => assert.equal(liveGroupCount(), 0, "every process group was killed"));

/** framing.mjs in lines mode with `args`; counts its starts and the lines it reads. */
function session(...args: string[]) {
  const tag = newTag();
  const starts = join(dir, `${tag}.starts`);
  const count = join(dir, `${tag}.count`);
  const c = createLinesCanonicalizer({
    command: fixture("framing.mjs", tag, "--lines", `--starts=${starts}`, `--count=${count}`, ...args),
    shell: false,
    cwd: CWD,
    timeoutMs: 10_000,
    maxOutputBytes: 1024 * 1024,
  });
  const linesOf = (path: string) => readFileSync(path, "utf8").split("\n").filter(Boolean);
  return {
    /** All at once, as the run sends them (pipelined). */
    all: (inputs: string[]) =>
      finishes(Promise.all(inputs.map((i) => c.canonicalize(bytes(i)))), BOUND_MS, "answers"),
    async inSequence(inputs: string[]): Promise<Answer[]> {
      const out: Answer[] = [];
      for (const i of inputs) out.push(await finishes(c.canonicalize(bytes(i)), BOUND_MS, i));
      return out;
    },
    /** Closes the session; how many times the command started, and how many lines it read in all. */
    async done(): Promise<{ starts: number; read: number }> {
      await finishes(c.close(), BOUND_MS, "close");
      assert.deepEqual(await leftovers(tag), [], "processes left behind");
      const read = linesOf(count).reduce((sum, n) => sum + Number(n), 0);
      return { starts: linesOf(starts).length, read };
    },
  };
}

const twoLines = (first: string, second: string) =>
  "failed answered with 2 lines instead of one (a raw line feed inside the answer, or a print to stdout " +
  `that belongs on stderr?): ${JSON.stringify(first)} then ${JSON.stringify(second)}`;

/** `[k,"x"]` for k in 0..n-1, which the fixture answers with the same text. */
const numbered = (n: number) => Array.from({ length: n }, (_, k) => `[${k},"x"]`);

/** Every answer but those at `except` is canonical and exactly its input. */
function othersExact(inputs: string[], answers: Answer[], except: number[]): void {
  const wrong = inputs.flatMap((input, k) =>
    except.includes(k) || show(answers[k]!) === `canonical ${input}` ? [] : [`${k}: ${show(answers[k]!)}`],
  );
  assert.deepEqual(wrong, [], "requests answered other than exactly");
}

test("the sync request: already canonical, and recognized echoed as is or wrapped", () => {
  assert.equal(syncRequestLine(12).toString(), '{"canon-conformance sync 12":true}\n');
  assert.equal(syncNumberIn(syncRequestLine(12).subarray(0, -1)), 12);
  assert.equal(syncNumberIn(Buffer.from('\ufeff{"canon-conformance sync 7":true')), 7);
  assert.equal(syncNumberIn(Buffer.from('!no thanks: {"canon-conformance sync 0":true}')), 0);
  assert.equal(syncNumberIn(Buffer.from('{"canon-conformance sync 7x":true}')), undefined);
  assert.equal(syncNumberIn(Buffer.from('{"canon-conformance sync ":true}')), undefined);
  assert.equal(syncNumberIn(Buffer.from('[1,"canon-conformance sync 3')), undefined);
  assert.equal(syncNumberIn(Buffer.from("[1]")), undefined);
});

test('a raw LF in one answer of 500 (OLPC on ["\\u000a"]): exactly that request fails, no restart', async () => {
  const s = session("--raw-lf");
  const inputs = numbered(500);
  inputs[250] = '["\\n"]';
  const answers = await s.all(inputs);
  assert.equal(show(answers[250]!), twoLines('["', '"]'));
  othersExact(inputs, answers, [250]);
  assert.equal((await s.done()).starts, 1);
});

test("a banner before the first request: it answers nothing, and every request passes", async () => {
  const s = session("--banner");
  const inputs = numbered(500);
  othersExact(inputs, await s.all(inputs), []);
  assert.equal((await s.done()).starts, 1);
});

test("an extra line after one request: that request fails, showing both lines", async () => {
  const s = session("--extra-after=needle");
  const inputs = numbered(500);
  inputs[100] = '["needle"]';
  const answers = await s.all(inputs);
  assert.equal(show(answers[100]!), twoLines('["needle"]', 'debug: that was ["needle"]'));
  othersExact(inputs, answers, [100]);
  assert.equal((await s.done()).starts, 1);
});

test("one missing line (skipped, then answers resume): that request fails, the rest pass", async () => {
  const s = session("--skip=skipme");
  const inputs = numbered(500);
  inputs[321] = '["skipme"]';
  const answers = await s.all(inputs);
  assert.equal(
    show(answers[321]!),
    "failed answered no line: the command went on to the next request without answering this one",
  );
  othersExact(inputs, answers, [321]);
  assert.equal((await s.done()).starts, 1);
});

test("extra lines for 10% of requests: exactly those fail", async () => {
  const s = session("--extra-mod=10");
  const inputs = numbered(500);
  const answers = await s.all(inputs);
  const tenth = inputs.flatMap((_, k) => (k % 10 === 0 ? [k] : []));
  for (const k of tenth)
    assert.equal(show(answers[k]!), twoLines(inputs[k]!, `debug: that was ${inputs[k]}`));
  othersExact(inputs, answers, tenth);
  assert.equal((await s.done()).starts, 1);
});

test("framing broken by every request: each fails, and each is asked at most twice (no quadratic run)", async () => {
  const s = session("--extra-mod=1");
  const inputs = numbered(500);
  const answers = await s.all(inputs);
  for (const [k, a] of answers.entries())
    assert.equal(show(a), twoLines(inputs[k]!, `debug: that was ${inputs[k]}`));
  const { starts, read } = await s.done();
  assert.equal(starts, 1);
  // Each request once pipelined and at most once more alone, each alone one with a sync request.
  assert.ok(read <= 4 * inputs.length, `the command read ${read} lines for ${inputs.length} requests`);
});

test("framing lost and a crash in one segment: each fault lands on its own request", async () => {
  const s = session("--extra-after=two", "--crash=four");
  const answers = await s.all(["[1]", '["two"]', "[3]", '["four"]', "[5]"]);
  assert.deepEqual(answers.map(show), [
    "canonical [1]",
    twoLines('["two"]', 'debug: that was ["two"]'),
    "canonical [3]",
    "failed the command exited with code 3 (stderr: crashing on purpose) while this request was pending; command restarted",
    "canonical [5]",
  ]);
  await s.done();
});

test("a command that does not echo sync requests is run without them, and framing is still checked", async () => {
  const s = session("--bad-sync-echo", "--extra-after=two");
  // The first request settles by count once the missing echo has been waited for (SYNC_ECHO_WAIT_MS).
  const answers = await s.inSequence(["[1]", '["two"]', "[3]"]);
  assert.deepEqual(answers.map(show), [
    "canonical [1]",
    "failed answered with more than one line (a raw line feed inside the answer, or a print to stdout that belongs on stderr?); command restarted",
    "canonical [3]",
  ]);
  const many = numbered(300);
  othersExact(many, await s.all(many), []);
  await s.done();
});
