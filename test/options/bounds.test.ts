// Every bounded option at each of its bounds and just past them, through the CLI face (in this
// process): a value past a bound is refused before anything is written (exit 2, the output folder left
// without a file), and a value at a bound is taken, and a run with it runs or is refused before
// anything is written; never refused later by a stage with bounds of its own (--seed 3000000000 with
// --compare-command once wrote the record and then failed). The action face walks the same rows
// (test/action/inputs.test.ts).
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { ROWS } from "../../src/options/index.js";
import { cli } from "../helpers/cli.js";

const work = mkdtempSync(join(tmpdir(), "options-bounds-"));
after(() => rmSync(work, { recursive: true, force: true }));
let runs = 0;

// `cat` in lines mode answers each request with itself: the one case the walk runs (jcs/literal-null,
// `null`) passes, and it starts in no time.
const ECHO = "cat";
const BOUNDED = ROWS.filter((row) => row.bounds && row.cli);

/** The suites a row's value matters to, so that a run with it exercises it. */
const SUITES: Record<string, string> = { numbers: "jcs,numbers", "generated-runs": "jcs,generated" };

/** `run` with one option set, narrowed to one case (the swept suites' cases are ranges, made lazily
 * and left out by --case, so even their largest sizes run at once). */
async function runWith(name: string, value: string) {
  const out = join(work, `out-${++runs}`);
  const args = [
    "run",
    "--command",
    ECHO,
    "--protocol",
    "lines",
    "--quiet",
    "--out",
    out,
    "--sandbox",
    "none",
  ];
  args.push("--suites", SUITES[name] ?? "jcs", "--case", "jcs/literal-null");
  // The seed and the compared runs matter to a differential run: one with a second implementation.
  if (name === "seed" || name === "compare-runs")
    args.push("--compare-command", ECHO, ...(name === "seed" ? ["--compare-runs", "1"] : []));
  args.push(`--${name}=${value}`);
  const r = await cli(args);
  const written = existsSync(out) ? readdirSync(out) : [];
  return { ...r, written };
}

test("every bounded option of the table has a CLI flag or an action input, and is walked", () => {
  assert.deepEqual(BOUNDED.map((row) => row.name).sort(), [
    "compare-runs",
    "generated-runs",
    "jobs",
    "max-output-bytes",
    "numbers",
    "seed",
    "timeout-ms",
  ]);
});

for (const row of BOUNDED) {
  const { min, max } = row.bounds!;
  describe(`--${row.name} (${min} to ${max})`, () => {
    for (const past of [min - 1, max + 1]) {
      test(`${past}: refused before anything is written`, async () => {
        const r = await runWith(row.name, String(past));
        assert.equal(r.status, 2, r.stderr);
        assert.match(r.stderr, new RegExp(`--${row.name} must be a whole number from ${min} to ${max}`));
        assert.deepEqual(r.written, []);
      });
    }
    for (const at of [min, max]) {
      // A differential run of a million generated values is minutes of work: that bound is read, not run.
      if (row.name === "compare-runs" && at === max) continue;
      test(`${at}: taken, and the run runs, or is refused before anything is written`, async () => {
        const r = await runWith(row.name, String(at));
        if (r.status === 2) {
          // A 1 ms limit or a 1-byte cap can stop the run at its first request (checks/probe.ts).
          assert.deepEqual(r.written, [], `refused after writing: ${r.stderr}`);
          assert.match(r.stderr, /^canon-conformance run: /m);
        } else {
          assert.ok(r.status === 0 || r.status === 1, r.stderr);
          assert.ok(r.written.includes("record.json"), r.stderr);
        }
      });
    }
  });
}

test("--compare-runs at its maximum is taken", async () => {
  const { parseRunArgs } = await import("../../src/commands/run.js");
  const { options } = parseRunArgs(["--command", "x", "--compare-command", "y", "--compare-runs", "1000000"]);
  assert.equal(options.compareRuns, 1_000_000);
});
