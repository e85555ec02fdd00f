// Issues 13 and 20: when framing is lost in lines mode, or an answer does not come, only the request
// that fails alone fails, with a reason that says what happened; every other request gets its own
// answer, and the pipelined process goes on. Each scenario runs the fixture
// test/adapters/fixtures/framing.py, which misbehaves in one chosen way and is well behaved
// otherwise, and states its exact attribution. A request in doubt is asked alone in a fresh process,
// so the fixture's starts count the pipelined process and each request asked alone.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { createLinesCanonicalizer } from "../../src/adapters/command-lines.js";
import { syncNumberIn, syncRequestLine } from "../../src/adapters/line-sync.js";
import { liveGroupCount } from "../../src/adapters/process-group.js";
import type { Answer } from "../../src/types.js";
import { bytes, CWD, finishes, fixture, leftovers, newTag, show, text } from "./helpers.js";

const BOUND_MS = 60_000;
const dir = mkdtempSync(join(tmpdir(), "cc-lines-attribution-"));
after(() => rmSync(dir, { recursive: true, force: true }));
after(() => assert.equal(liveGroupCount(), 0, "every process group was killed"));

/** framing.py in lines mode with `args`; counts its starts and the lines it reads. */
function session(...args: string[]) {
  return sessionWith({}, ...args);
}

function sessionWith(over: { timeoutMs?: number }, ...args: string[]) {
  const tag = newTag();
  const starts = join(dir, `${tag}.starts`);
  const count = join(dir, `${tag}.count`);
  const c = createLinesCanonicalizer({
    command: fixture("framing.py", tag, "--lines", `--starts=${starts}`, `--count=${count}`, ...args),
    shell: false,
    cwd: CWD,
    jobs: 2,
    timeoutMs: 10_000,
    maxOutputBytes: 1024 * 1024,
    ...over,
  });
  // A file no process got to write (each was killed before its end of input) holds no line.
  const linesOf = (path: string) =>
    existsSync(path) ? readFileSync(path, "utf8").split("\n").filter(Boolean) : [];
  return {
    canonicalizer: c,
    /** Requests asked again alone so far. */
    askedAlone: () => c.isolation.askedAlone,
    /** Processes started in place of one that ended with requests still to answer. */
    restarts: () => c.isolation.restarts,
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

/** `alone` requests were asked alone, each in a process of its own, and the pipelined process was
 * started `pipelines` times. */
async function started(s: ReturnType<typeof session>, alone: number, pipelines = 1): Promise<void> {
  assert.equal(s.askedAlone(), alone, "requests asked alone");
  assert.equal((await s.done()).starts, pipelines + alone, "processes started");
}

test('a raw LF in one answer of 500 (OLPC on ["\\u000a"]): exactly that request fails, no restart', async () => {
  const s = session("--raw-lf");
  const inputs = numbered(500);
  inputs[250] = '["\\n"]';
  const answers = await s.all(inputs);
  assert.equal(show(answers[250]!), twoLines('["', '"]'));
  othersExact(inputs, answers, [250]);
  await started(s, 1);
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
  await started(s, 1);
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
  await started(s, 1);
});

test("extra lines for 10% of requests: exactly those fail", async () => {
  const s = session("--extra-mod=10");
  const inputs = numbered(100);
  const answers = await s.all(inputs);
  const tenth = inputs.flatMap((_, k) => (k % 10 === 0 ? [k] : []));
  for (const k of tenth)
    assert.equal(show(answers[k]!), twoLines(inputs[k]!, `debug: that was ${inputs[k]}`));
  othersExact(inputs, answers, tenth);
  await started(s, 10);
});

test("framing broken by every request: each fails, and each is asked at most twice (no quadratic run)", async () => {
  const s = session("--extra-mod=1");
  // Each request asked alone is a process of its own: 25 show the bound as well as more would.
  const inputs = numbered(25);
  const answers = await s.all(inputs);
  for (const [k, a] of answers.entries())
    assert.equal(show(a), twoLines(inputs[k]!, `debug: that was ${inputs[k]}`));
  assert.equal(s.askedAlone(), inputs.length);
  const { starts, read } = await s.done();
  assert.equal(starts, 1 + inputs.length);
  // Each request pipelined, asked again in a segment of its own, then alone (between two sync
  // requests of its own each time): a bounded number of lines per request, never a quadratic run.
  assert.ok(read <= 7 * inputs.length, `the command read ${read} lines for ${inputs.length} requests`);
});

test("a hang on one request of 300: only it fails, at its own time limit; every other passes", async () => {
  const s = sessionWith({ timeoutMs: 2000 }, "--hang=stuck");
  const inputs = numbered(300);
  inputs[150] = '["stuck"]';
  const answers = await s.all(inputs);
  assert.equal(show(answers[150]!), "failed timed out after 2000 ms; process group killed");
  othersExact(inputs, answers, [150]);
  // The hanging one alone; the pipelined process replaced once for the others, and one started ahead
  // for a next stall's restart (there was none: killed unused at the end).
  await started(s, 1, 3);
});

test("two hangs among 300 requests in flight: each costs its time limit in the pipeline and once alone, and the requests in doubt are asked in a few processes, not one each", async () => {
  const s = sessionWith({ timeoutMs: 2000 }, "--hang=stuck");
  const inputs = numbered(300);
  inputs[100] = '["stuck"]';
  inputs[150] = '["stuck"]';
  const answers = await s.all(inputs);
  assert.equal(show(answers[100]!), "failed timed out after 2000 ms; process group killed");
  assert.equal(show(answers[150]!), "failed timed out after 2000 ms; process group killed");
  othersExact(inputs, answers, [100, 150]);
  // Before lanes kept their process, each request in doubt after the second hang was a process of
  // its own (over a hundred).
  const { starts } = await s.done();
  assert.ok(starts <= 8, `${starts} processes started`);
});

test("a program that exits after every 50 requests: restarted, said so, and every request answered", async () => {
  const s = session("--exit-after=50");
  const inputs = numbered(300);
  const answers = await s.all(inputs);
  othersExact(inputs, answers, []);
  assert.ok(s.restarts() >= 5, `${s.restarts()} restarts`);
  const { starts } = await s.done();
  assert.ok(starts <= 40, `${starts} processes started`);
});

test("a program that panics on every 7th line: each restart keeps how it ended, the first its request and stderr line", async () => {
  const s = session("--panic-every=7");
  const texts = numbered(300);
  const inputs = texts.map(bytes);
  const c = s.canonicalizer;
  try {
    const answers = await finishes(Promise.all(inputs.map((i) => c.canonicalize(i))), BOUND_MS, "answers");
    othersExact(texts, answers, []);
    const { restarts, firstEnd, lastEnd } = c.isolation;
    assert.ok(restarts >= 5, `${restarts} restarts`);
    assert.deepEqual(firstEnd?.exit, { code: 2 });
    assert.deepEqual(lastEnd?.exit, { code: 2 });
    // The request the first process owed when it died: the very bytes object it was asked with, and
    // the line the fixture says it died on; of its stderr, only the first line.
    const owed = firstEnd?.input;
    assert.ok(owed !== undefined && inputs.includes(owed), "the request it died on, by identity");
    assert.equal(firstEnd?.stderr, `panic: line 7: ${text(owed)}`);
  } finally {
    await s.done();
  }
});

test("a crash on one request: asked alone it exits non-zero, a rejection with its stderr (as once mode)", async () => {
  const s = session("--crash=boom");
  const inputs = numbered(200);
  inputs[120] = '["boom"]';
  const answers = await s.all(inputs);
  assert.equal(show(answers[120]!), "rejected crashing on purpose");
  othersExact(inputs, answers, [120]);
  await started(s, 1, 2);
});

test("framing lost and a crash in one segment: each fault lands on its own request", async () => {
  const s = session("--extra-after=two", "--crash=four");
  const answers = await s.all(["[1]", '["two"]', "[3]", '["four"]', "[5]"]);
  assert.deepEqual(answers.map(show), [
    "canonical [1]",
    twoLines('["two"]', 'debug: that was ["two"]'),
    "canonical [3]",
    "rejected crashing on purpose",
    "canonical [5]",
  ]);
  await s.done();
});

test("a command that does not echo sync requests: every request is asked alone, and framing is still checked", async () => {
  const s = sessionWith({ timeoutMs: 2000 }, "--bad-sync-echo", "--extra-after=two");
  // The first request is asked alone once the missing echo has waited out the time limit.
  const answers = await s.inSequence(["[1]", '["two"]', "[3]"]);
  assert.deepEqual(answers.map(show), [
    "canonical [1]",
    twoLines('["two"]', 'debug: that was ["two"]'),
    "canonical [3]",
  ]);
  const many = numbered(10);
  othersExact(many, await s.all(many), []);
  assert.equal(s.askedAlone(), 13);
  await s.done();
});
