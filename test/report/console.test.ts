import assert from "node:assert/strict";
import { PassThrough } from "node:stream";
import { test } from "node:test";
import { showInvisible } from "../../src/escape/visible.js";
import { createProgressReporter, formatProgress, formatVerdict } from "../../src/report/index.js";
import type { Progress } from "../../src/types.js";
import { caseResult, HOSTILE, inputFor, mixedRun, recordFor, viewOf } from "./fixtures.js";

/** A stream that keeps what was written. */
function sink(columns?: number) {
  const chunks: string[] = [];
  return { chunks, columns, write: (chunk: string) => chunks.push(chunk) > 0, text: () => chunks.join("") };
}

const ESC = "\u001b";

test("the verdict names the outcome, what ran, each suite and each failed case in full", () => {
  const text = formatVerdict(inputFor(mixedRun()), { color: false });
  assert.ok(!text.includes(ESC), "no colour unless asked");
  const lines = text.split("\n");
  assert.equal(lines[0], "NOT CONFORMANT: 3 of 5 cases passed, 2 failed");
  assert.ok(lines.includes("  implementation  pycanon 1.2.0"));
  assert.ok(lines.includes("  command         python3 canon.py"));
  assert.ok(
    lines.includes(`  files           ${"22".repeat(32)}  canon.py`) === false,
    "the second file is unlabelled",
  );
  assert.ok(lines.includes(`                  ${"22".repeat(32)}  canon.py`));
  assert.ok(lines.some((l) => l.startsWith(`  signer          ${"cd".repeat(32)} (ephemeral key`)));
  assert.ok(lines.includes("  elapsed         4.3 s"));
  assert.ok(lines.includes("  jcs              2       1       1"));
  assert.ok(lines.includes("  invariants       1       1       0"));
  assert.ok(lines.includes("  total            5       3       2"));
  // Causes lead, each with its count and cases; then each suite's failed cases.
  const causes = lines.indexOf("Failures by cause (2 causes):");
  assert.ok(causes > 0 && causes < lines.indexOf("Failed cases in jcs (1):"));
  assert.ok(lines.includes("    jcs/numbers-float"));
  assert.ok(lines.includes("Failed cases in reject (1):"));
  const at = lines.indexOf("  jcs/numbers-float");
  assert.deepEqual(lines.slice(at + 1, at + 6), [
    "    why       numbers-float is what RFC 8785 asks for",
    "    source    RFC 8785 §3.2.2",
    "    expected  [1,2]",
    "    got       [1,2.0]",
    '    note      first difference at character 5: expected U+005D "]", got U+002E "."',
  ]);
  assert.ok(lines.includes("  reject/lone-surrogate"));
  assert.ok(!lines.some((l) => l.includes("arrays")), "passing cases are not listed one by one");
  assert.ok(
    lines.includes("  npx --yes 'github:canon-conformance/canon-conformance#v1' verify out/record.json"),
  );
});

test("a conformant run with a supplied key pins the key, and a path with spaces is quoted", () => {
  const results = mixedRun().map((r) => ({ ...r, pass: true }));
  const text = formatVerdict(inputFor(results, { key: "supplied" }, { recordPath: "my out/record.json" }), {
    color: false,
  });
  assert.match(text, /^CONFORMANT: 5 of 5 cases passed\n/);
  assert.match(text, /supplied key: the holder of this key ran it/);
  assert.ok(
    text.includes(
      `  npx --yes 'github:canon-conformance/canon-conformance#v1' verify 'my out/record.json' --pubkey ${"cd".repeat(32)}\n`,
    ),
  );
  assert.doesNotMatch(text, /Failed cases/);
});

test("without a written record the verdict says how to keep one", () => {
  const text = formatVerdict(inputFor(mixedRun(), {}, { recordPath: undefined }), { color: false });
  assert.match(text, /The record was not written; run with --out DIR/);
});

test("an NFC/NFD pair that looks the same is told apart", () => {
  const r = caseResult("jcs", "nfd-kept", false, { expected: '"A\u030a"', got: '"\u00c5"' });
  const text = formatVerdict(inputFor([r]), { color: false });
  assert.match(text, /note {6}first difference at character 2: expected U\+0041 "A", got U\+00C5 "Å"/);
});

test("colour codes appear only when asked, and output can never send its own", () => {
  const r = caseResult("jcs", "ansi", false, {
    got: `${ESC}[2J${ESC}]0;title\u0007${HOSTILE}`,
    why: `${ESC}[31m`,
  });
  const plain = formatVerdict(inputFor([r]), { color: false });
  assert.ok(!plain.includes(ESC));
  assert.ok(plain.includes(`got       ${showInvisible(r.got)}`));
  const colored = formatVerdict(inputFor([r]), { color: true });
  assert.match(colored, /\u001b\[31m\u001b\[1mNOT CONFORMANT\u001b\[22m\u001b\[39m/);
  // Every escape in the coloured text is one of the verdict's own SGR codes.
  const escapes = colored.match(/\u001b[^m]*m?/g) ?? [];
  assert.ok(escapes.length > 0);
  for (const e of escapes) assert.match(e, /^\u001b\[(1|2|22|31|32|33|39)m$/);
  assert.ok(!/[\u0000-\u0008\u000b-\u001a\u001c-\u001f\u007f-\u009f\u202e]/.test(colored));
});

test("a view over inconsistent facts is refused, so no report shows one run's record with another's cases", () => {
  const results = mixedRun();
  const record = recordFor(results);
  record.summary.passed = 4;
  assert.throws(() => viewOf({ record, results }), /summary \(5 cases, 4 passed, 2 failed\)/);
  const swapped = mixedRun();
  swapped[0] = { ...swapped[0]!, pass: false };
  assert.throws(() => viewOf({ record: recordFor(results), results: swapped }), /case 1 is "jcs\/arrays"/);
  assert.throws(() => inputFor(mixedRun(), { conformant: true }), /conformant=true/);
});

test("a progress line says what isolation on doubt has cost, in lines mode", () => {
  assert.equal(
    formatProgress({ done: 3, total: 10, failed: 1, elapsedMs: 1000, askedAlone: { count: 4, ms: 21_500 } }),
    "3/10 cases (30%), 3.0/s, 1 failed, 1.0 s, 4 asked alone (21.5 s of processes)",
  );
});

test("a progress line says done of total, rate, failures and elapsed time", () => {
  assert.equal(
    formatProgress({ done: 120, total: 412, failed: 2, elapsedMs: 4800 }),
    "120/412 cases (29%), 25/s, 2 failed, 4.8 s",
  );
  assert.equal(
    formatProgress({ done: 3, total: 10, failed: 0, elapsedMs: 1000 }),
    "3/10 cases (30%), 3.0/s, 0 failed, 1.0 s",
  );
  assert.equal(formatProgress({ done: 0, total: 0, failed: 0, elapsedMs: 0 }), "0/0 cases, 0 failed, 0.0 s");
  assert.equal(
    formatProgress({ done: 5000, total: 5000, failed: 7, elapsedMs: 125_000 }),
    "5000/5000 cases (100%), 40/s, 7 failed, 2 min 05 s",
  );
});

test("with once mode's batches, a progress line counts processes against the plan, then cases", () => {
  const p = { done: 120, total: 592, failed: 2, elapsedMs: 4800, suite: "jcs" as const };
  assert.equal(
    formatProgress({ ...p, requests: { done: 100, planned: 283 } }),
    "100/283 processes (35%), 120/592 cases, 2 failed, 4.8 s, suite jcs",
  );
  // Short of 100% until every case is judged.
  assert.equal(
    formatProgress({ ...p, requests: { done: 283, planned: 283 } }),
    "283/283 processes (99%), 120/592 cases, 2 failed, 4.8 s, suite jcs",
  );
  assert.match(
    formatProgress({ ...p, done: 592, requests: { done: 283, planned: 283 } }),
    /^283\/283 processes \(100%\)/,
  );
  // Failures cost more than planned: the line says how many more, never a count over its plan.
  assert.equal(
    formatProgress({ ...p, requests: { done: 300, planned: 283 } }),
    "300 processes (283 planned, 17 more asking failures alone), 120/592 cases, 2 failed, 4.8 s, suite jcs",
  );
});

test("not on a terminal, a run with batches writes its lines at steps of processes, not of cases", () => {
  const out = sink();
  const reporter = createProgressReporter({ stream: out, isTTY: false });
  // Cases finish in a burst at the end; the processes are what takes the time.
  for (let done = 1; done <= 200; done++) {
    reporter.update({
      done: 0,
      total: 50,
      failed: 0,
      elapsedMs: done * 100,
      requests: { done, planned: 200 },
    });
  }
  reporter.update({
    done: 50,
    total: 50,
    failed: 0,
    elapsedMs: 20_100,
    requests: { done: 200, planned: 200 },
  });
  reporter.done();
  const lines = out.text().trimEnd().split("\n");
  assert.ok(lines.length >= 10 && lines.length <= 21, `${lines.length} lines`);
  assert.match(lines[5]!, /processes \(\d0%\), 0\/50 cases/);
});

/** Feeds a run of `total` cases, one update per case, `msPerCase` apart. */
function feed(reporter: { update(p: Progress): void }, total: number, msPerCase: number, failEvery = 7) {
  for (let done = 1; done <= total; done++) {
    reporter.update({ done, total, failed: Math.floor(done / failEvery), elapsedMs: done * msPerCase });
  }
}

test("not on a terminal: plain throttled lines, at most 21 for a run however long", () => {
  for (const [total, msPerCase] of [
    [100_000, 0.01],
    [100_000, 10],
    [412, 1000],
    [7, 1],
  ] as const) {
    const out = sink();
    const reporter = createProgressReporter({ stream: out, isTTY: false });
    feed(reporter, total, msPerCase);
    reporter.done();
    reporter.done();
    const text = out.text();
    assert.ok(!text.includes("\r") && !text.includes(ESC), "no cursor control in a log");
    const lines = text.trimEnd().split("\n");
    assert.ok(lines.length <= 21, `${lines.length} lines for ${total} cases`);
    assert.ok(lines.length >= Math.min(total, 10), `${lines.length} lines: every 10% step is shown`);
    assert.match(lines[0]!, /^1\//, "the first update is shown at once");
    assert.match(
      lines.at(-1)!,
      new RegExp(`^${total}/${total} cases \\(100%\\)`),
      "the last line is the end",
    );
  }
});

test("not on a terminal: a run that stalls still says it is alive", () => {
  const out = sink();
  const reporter = createProgressReporter({ stream: out, isTTY: false, stallMs: 60_000 });
  reporter.update({ done: 1, total: 1000, failed: 0, elapsedMs: 10 });
  // Ten minutes of updates, no case done.
  for (let t = 1000; t <= 600_000; t += 1000)
    reporter.update({ done: 1, total: 1000, failed: 0, elapsedMs: t });
  const lines = out.text().trimEnd().split("\n");
  assert.equal(lines.length, 10, "the first line, then one a minute after it");
});

test("on a terminal: one line rewritten in place, throttled, ended by done()", () => {
  const out = sink(40);
  const reporter = createProgressReporter({ stream: out, isTTY: true, intervalMs: 100 });
  feed(reporter, 1000, 10); // 10 s of updates
  reporter.done();
  const writes = out.chunks;
  assert.ok(writes.length >= 90 && writes.length <= 102, `${writes.length} rewrites for 10 s at 100 ms`);
  for (const w of writes.slice(0, -1)) {
    assert.match(w, /^\r.*\u001b\[K$/);
    assert.ok(w.length - "\r\u001b[K".length <= 39, "cut to the terminal's width");
  }
  assert.equal(writes.at(-1), "\n");
  assert.match(writes.at(-2)!, /^\r1000\/1000 cases/);
  assert.ok(!out.text().includes("\n1"), "no new lines while running");
});

test("done() before any update writes nothing, and updates after done() are ignored", () => {
  const out = sink();
  const reporter = createProgressReporter({ stream: out, isTTY: true });
  reporter.done();
  reporter.update({ done: 1, total: 2, failed: 0, elapsedMs: 5 });
  assert.equal(out.text(), "");
});

test("progress writes to any Node stream, such as process.stderr or a PassThrough", () => {
  const stream = new PassThrough();
  const reporter = createProgressReporter({ stream, isTTY: false });
  reporter.update({ done: 1, total: 1, failed: 0, elapsedMs: 20 });
  reporter.done();
  assert.equal(stream.read().toString(), "1/1 cases (100%), 50/s, 0 failed, 0.0 s\n");
  // process.stderr fits the same option; nothing is written to it here.
  createProgressReporter({ stream: process.stderr, isTTY: Boolean(process.stderr.isTTY) });
});

test("a failed case shows its input and vector file; a control in the input is shown, not sent", () => {
  const r = caseResult("reject", "dup", false, {
    got: '{"a":2}',
    input: '{"a":1,"a":2}\u001b',
    vector: "vectors/reject/inputs/dup.json",
  });
  const text = formatVerdict(inputFor([r]), { color: false });
  assert.match(text, /input +\{"a":1,"a":2\}⟨U\+001B⟩\n/);
  assert.match(text, /vector +vectors\/reject\/inputs\/dup\.json\n/);
  assert.ok(!text.includes(ESC));
});
