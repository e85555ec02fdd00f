// `canon-conformance expected-failures RESULTS` (issue 30 item 10): a starting list written from a run's
// results.json is read back by the list's own parser, lists exactly the failed cases, and makes the
// same run pass its gate once given to it; a new fault beside it still fails the step. The results file
// is untrusted: what it holds cannot add a line, a glob or a pin the run did not report.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { parseExpectedFailures, REASON_TO_FILL, writeStartingList } from "../../src/expected/index.js";
import { cli, implCommand } from "../helpers/cli.js";

const tmp = mkdtempSync(join(tmpdir(), "expected-start-"));
let runs = 0;

async function run(known: string, ...more: string[]) {
  const out = join(tmp, `out-${++runs}`);
  const args = ["run", "--command", implCommand(`known-bad ${known} --lines`), "--protocol", "lines"];
  args.push("--suites", "reject", "--quiet", "--no-color", "--out", out, ...more);
  return { ...(await cli(args)), out };
}

test("a list started from a run's results.json covers exactly its failures, and its gate passes", {
  timeout: 90_000,
}, async () => {
  const first = await run("accepts_trailing_commas");
  assert.equal(first.status, 1, first.stderr);
  const results = join(first.out, "results.json");
  const failed = (JSON.parse(readFileSync(results, "utf8")).results as Record<string, unknown>[])
    .filter((r) => r.pass === false)
    .map((r) => `${r.suite}/${r.name}`);
  assert.ok(failed.length > 0);

  const listPath = join(tmp, "expected.txt");
  const written = await cli(["expected-failures", results, "--out", listPath]);
  assert.equal(written.status, 0, written.stderr);
  assert.match(written.stdout, new RegExp(`wrote .*: ${failed.length} failed cases`));
  const text = readFileSync(listPath, "utf8");
  const list = parseExpectedFailures(text, listPath);
  assert.deepEqual(
    list.entries.map((e) => e.pattern),
    failed,
  );
  assert.ok(list.entries.every((e) => e.reason === REASON_TO_FILL));
  // Each group of cases comes under a comment that names its cause.
  assert.match(text, /\n\n# .+\nreject\//);

  // The file is never overwritten.
  const again = await cli(["expected-failures", results, "--out", listPath]);
  assert.equal(again.status, 2);
  assert.equal(readFileSync(listPath, "utf8"), text);

  const gated = await run("accepts_trailing_commas", "--expected-failures", listPath);
  assert.equal(gated.status, 0, `${gated.stdout}\n${gated.stderr}`);
  // A different fault is not in the list: the step fails.
  const other = await run("accepts_leading_zeros", "--expected-failures", listPath);
  assert.equal(other.status, 1, other.stdout);
});

test("what a results file holds cannot add a line, a glob or a pin", () => {
  const text = writeStartingList(
    [
      { name: "reject/one\nnumbers/*  injected", cause: "a cause\n# not a comment\njcs/x  y" },
      { name: "jcs/*" },
      { name: "jcs/a b" },
      { name: "numbers/seed-1/0-9", pins: ["not-shortest", "x]  y", "a,b", "ok\u0085"] },
      { name: "notasuite" },
    ],
    "r.json\nreject/* evil",
  );
  const list = parseExpectedFailures(text, "start.txt");
  assert.deepEqual(
    list.entries.map((e) => [e.pattern, e.pins]),
    [["numbers/seed-1/0-9", ["not-shortest"]]],
  );
  // Every line the writer wrote is a comment, a blank line or the one entry.
  for (const line of text.split("\n"))
    assert.ok(line === "" || line.startsWith("#") || line.startsWith("numbers/seed-1/0-9  "), line);
});

test("a file that is not a results.json is refused without writing anything", async () => {
  const bad = join(tmp, "bad.json");
  writeFileSync(bad, '{"record": 1}');
  const out = join(tmp, "never.txt");
  const r = await cli(["expected-failures", bad, "--out", out]);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /not a results\.json/);
  assert.equal(existsSync(out), false);
  const missing = await cli(["expected-failures", join(tmp, "missing.json")]);
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /cannot read/);
});
