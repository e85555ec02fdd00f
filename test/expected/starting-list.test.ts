// `canon-conformance expected-failures RESULTS` (issue 30 item 10): a starting list written from a run's
// results.json is read back by the list's own parser, lists exactly the failed cases, and makes the
// same run pass its gate once given to it; a new fault beside it still fails the step. The results file
// is untrusted: what it holds cannot add a line, a glob or a pin the run did not report.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import {
  GENERATED_SECTION,
  parseExpectedFailures,
  REASON_TO_FILL,
  writeStartingList,
} from "../../src/expected/index.js";
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

test("a starting list still gates after one of two faults is fixed: generated cases in a section of their own (issue 37 item 8)", {
  timeout: 240_000,
}, async () => {
  // Two writing faults at once (test/helpers/impl.ts known-bads): strings emptied, numbers cut to 15
  // digits. A generated case fails by whichever it meets first, so its cause moves once one is fixed.
  const twoFaults = async (bads: string, ...more: string[]) => {
    const out = join(tmp, `out-${++runs}`);
    const command = implCommand(`known-bads ${bads} --lines`);
    const args = ["run", "--command", command, "--protocol", "lines", "--suites", "jcs,generated"];
    const r = await cli([...args, "--quiet", "--no-color", "--out", out, ...more]);
    return { ...r, results: JSON.parse(readFileSync(join(out, "results.json"), "utf8")) };
  };
  const both = await twoFaults("drops_string_values+fifteen_digit_numbers");
  assert.equal(both.status, 1, both.stderr);
  const groups = both.results.causes as { cause: string; title: string; cases: string[] }[];
  const strings = groups.find((g) => g.cause === "difference:strings");
  const numbers = groups.find((g) => g.cause === "difference:numbers");
  assert.ok(strings && numbers, groups.map((g) => g.cause).join(", "));
  const listPath = join(tmp, "two-faults.txt");
  const written = await cli([
    "expected-failures",
    join(tmp, `out-${runs}`, "results.json"),
    "--out",
    listPath,
  ]);
  assert.equal(written.status, 0, written.stderr);
  const text = readFileSync(listPath, "utf8");
  const lines = text.split("\n");
  // Every generated case is in the last section, under the words that say why, each under the causes it
  // showed, named as the run's groups name them.
  const section = lines.indexOf(GENERATED_SECTION[0]!);
  assert.ok(section > 0, text);
  assert.deepEqual(lines.slice(section, section + GENERATED_SECTION.length), GENERATED_SECTION);
  const generated = lines.filter((l) => l.startsWith("generated/"));
  assert.ok(generated.length > 0);
  for (const line of generated) {
    const at = lines.indexOf(line);
    assert.ok(at > section, `${line} is in the generated section`);
    assert.ok(lines[at - 1]!.startsWith("# showed: "), `${line} says the causes it showed`);
    for (let k = at - 1; lines[k]!.startsWith("# showed: "); k--) {
      assert.ok([strings.title, numbers.title].includes(lines[k]!.slice("# showed: ".length)), lines[k]);
    }
  }
  // Fix the strings fault and keep the numbers section, as the list's head says: the lines under the
  // strings cause go, the generated section stays whole.
  const head = lines.indexOf(`# ${strings.title}`);
  assert.ok(head > 0 && head < section);
  let end = head;
  while (lines[end] !== "") end++;
  const keptPath = join(tmp, "two-faults-kept.txt");
  writeFileSync(keptPath, [...lines.slice(0, head), ...lines.slice(end + 1)].join("\n"));
  const fixed = await twoFaults("fifteen_digit_numbers", "--expected-failures", keptPath);
  // No failure the list does not cover: the generated cases that showed the fixed fault and now fail by
  // the kept one are still listed. The ones that now pass are reported fixed, each a generated line.
  assert.deepEqual(fixed.results.gate.unexpected, []);
  const fixedLines = (fixed.results.gate.fixed as { pattern: string }[]).map((e) => e.pattern);
  assert.ok(
    fixedLines.every((p) => p.startsWith("generated/")),
    fixedLines.join(", "),
  );
  const moved = (fixed.results.results as { suite: string; name: string; pass: boolean }[])
    .filter((r) => r.suite === "generated" && !r.pass)
    .map((r) => `generated/${r.name}`)
    .filter((name) => strings.cases.includes(name));
  assert.ok(moved.length > 0, "a generated case filed under the fixed fault now fails by the kept one");
  const allowed = await twoFaults(
    "fifteen_digit_numbers",
    "--expected-failures",
    keptPath,
    "--allow-fixed-expected-failures",
  );
  assert.equal(allowed.status, 0, allowed.stdout);
});
