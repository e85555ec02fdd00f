// `canon-conformance run --expected-failures FILE` through the CLI face (in this process), against a known-bad that
// fails exactly the four trailing-comma cases of the reject suite: a list covering them passes (exit 0)
// while the record still says not conformant; a list that leaves one out, or lists a case that passes,
// fails (exit 1); a bad list stops the run before anything starts (exit 2).
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { verifyRecord } from "../../src/record/verify.js";
import { cli, implCommand } from "../helpers/cli.js";

const tmp = mkdtempSync(join(tmpdir(), "expected-cli-"));
const KNOWN_BAD = implCommand("known-bad accepts_trailing_commas --lines");
/** What accepts_trailing_commas fails in the reject suite (checked by the first test). */
const ITS_FAILURES = [
  "reject/trailing-comma-array",
  "reject/trailing-comma-object",
  "reject/trailing-comma-nested",
  "reject/comma-only-object",
];

let lists = 0;
function listFile(text: string): string {
  const path = join(tmp, `list-${++lists}.txt`);
  writeFileSync(path, text);
  return path;
}

async function run(list: string | undefined, ...more: string[]) {
  const out = join(tmp, `out-${++lists}`);
  const args = ["run", "--command", KNOWN_BAD, "--protocol", "lines", "--suites", "reject"];
  args.push("--quiet", "--no-color", "--out", out, ...more);
  if (list !== undefined) args.push("--expected-failures", list);
  const r = await cli(args);
  return { ...r, out };
}

function recordIn(out: string) {
  const verdict = verifyRecord(readFileSync(join(out, "record.json")));
  if (verdict.outcome !== "accept") assert.fail(`record refused: ${verdict.detail}`);
  return verdict.record;
}

/** The record's cases of the run without a list, to compare the runs with one against. */
let unlisted: { name: string; pass: boolean; expected: string; got: string }[] = [];

test("without a list: exit 1, and these four are exactly its failures", { timeout: 60_000 }, async () => {
  const r = await run(undefined);
  assert.equal(r.status, 1, r.stderr);
  const record = recordIn(r.out);
  assert.deepEqual(
    record.cases.filter((c) => !c.pass).map((c) => c.name),
    ITS_FAILURES,
  );
  unlisted = record.cases;
  assert.doesNotMatch(r.stdout, /Expected failures|expected failure/);
  assert.equal("gate" in JSON.parse(readFileSync(join(r.out, "results.json"), "utf8")), false);
});

test("a list covering exactly its failures: exit 0, the record still not conformant", {
  timeout: 60_000,
}, async () => {
  const list = listFile(
    "# trailing commas: our parser drops them (issue #3)\nreject/trailing-comma-*  -- we strip trailing commas, issue #3\nreject/comma-only-object  same fault\n",
  );
  const r = await run(list);
  assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
  const record = recordIn(r.out);
  // The record keeps every case as it happened, and seed 003's verdict.
  assert.equal(record.conformant, false);
  assert.equal(record.summary.failed, 4);
  assert.deepEqual(record.cases, unlisted, "the list changed a case in the record");
  // The first line: the step's status (exit 0), the record's verdict beside it (issue 22).
  assert.match(
    r.stdout,
    /^PASSES BY THE EXPECTED-FAILURES LIST: .*; all 4 failures are listed in .*; the record says NOT CONFORMANT\n/,
  );
  assert.match(
    r.stdout,
    /the step passes by the expected-failures list: 4 expected failures; the record still says not conformant/,
  );
  assert.match(
    r.stdout,
    /reject\/trailing-comma-array {2}expected failure \(we strip trailing commas, issue #3\)/,
  );
  assert.match(r.stdout, /reject\/comma-only-object {2}expected failure \(same fault\)/);
  assert.match(r.stdout, /listed +expected failure \(same fault\), line 3/);
  const results = JSON.parse(readFileSync(join(r.out, "results.json"), "utf8"));
  assert.equal(results.gate.pass, true);
  assert.deepEqual(
    results.gate.expected.map((e: { name: string }) => e.name),
    ITS_FAILURES,
  );
  assert.deepEqual(results.gate.unexpected, []);
});

test("a list that leaves a failure out: exit 1, the unlisted one named", { timeout: 60_000 }, async () => {
  const r = await run(listFile("reject/trailing-comma-* we strip trailing commas\n"));
  assert.equal(r.status, 1, r.stderr);
  assert.match(
    r.stdout,
    /the step fails by the expected-failures list: 1 unexpected failure, 3 expected failures/,
  );
  assert.match(
    r.stdout,
    /1 unexpected failure \(not in the list: fails the step\):\n {4}reject\/comma-only-object\n/,
  );
  const results = JSON.parse(readFileSync(join(r.out, "results.json"), "utf8"));
  assert.deepEqual(results.gate.unexpected, ["reject/comma-only-object"]);
});

test("a listed case that passes: exit 1, reported fixed; --allow-fixed lets it through", {
  timeout: 90_000,
}, async () => {
  const list = listFile(
    "reject/trailing-comma-* drops commas\nreject/comma-only-object same\nreject/dup-top-level was broken, issue #9\n",
  );
  const strict = await run(list);
  assert.equal(strict.status, 1, strict.stderr);
  assert.match(strict.stdout, /1 listed entry fixed/);
  assert.match(
    strict.stdout,
    /line 3 {2}reject\/dup-top-level {2}fixed: remove it from the list \(1 case passed; it said: was broken, issue #9\)/,
  );
  assert.equal(recordIn(strict.out).conformant, false);
  for (const flag of ["--allow-fixed", "--allow-fixed-expected-failures"]) {
    const allowed = await run(list, flag);
    assert.equal(allowed.status, 0, `${flag}: ${allowed.stderr}`);
    assert.match(allowed.stdout, /1 listed entry fixed \(allowed\)/);
    assert.match(allowed.stdout, /fixed: remove it from the list/);
  }
});

for (const [what, text, message] of [
  [
    "an entry without a reason",
    "reject/trailing-comma-* drops commas\nreject/comma-only-object\n",
    /line 2: 'reject\/comma-only-object' has no reason/,
  ],
  [
    "a malformed line",
    "# ok\ntrailing-comma-array drops commas\n",
    /line 2: does not start with a case name/,
  ],
  [
    "a pattern matching no case",
    "reject/trailing-comma-* drops\n\nreject/trailing-coma-array typo\n",
    /line 3: 'reject\/trailing-coma-array' matches no case of the corpus in this run/,
  ],
] as const) {
  test(`${what}: exit 2 naming the line, and nothing runs`, { timeout: 60_000 }, async () => {
    const mark = join(tmp, `ran-${++lists}`);
    // A once-mode command that leaves a mark if it is ever started.
    const marking = `node -e "require('fs').writeFileSync(process.argv[1], 'x')" ${mark}`;
    const out = join(tmp, `out-${++lists}`);
    const r = await cli([
      "run",
      "--command",
      marking,
      "--suites",
      "reject",
      "--quiet",
      "--out",
      out,
      "--expected-failures",
      listFile(text),
    ]);
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, message);
    assert.equal(existsSync(mark), false, "the command ran");
    assert.equal(existsSync(join(out, "record.json")), false, "a record was written");
  });
}
