// The CLI face over the option table: its flags and `run --help` come from the table, and a bad option
// stops `run` before any case runs (exit 2), never after a whole run.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { UsageError } from "../../src/commands/command.js";
import { parseRunArgs, runCommand } from "../../src/commands/run.js";
import {
  MAX_COMPARE_RUNS,
  MAX_GENERATED_RUNS,
  MAX_JOBS,
  MAX_NUMBERS,
  MAX_TIMEOUT_MS,
  ROWS,
} from "../../src/options/index.js";
import { cli } from "../helpers/cli.js";

const tmp = mkdtempSync(join(tmpdir(), "options-cli-"));
const aFile = join(tmp, "afile");
writeFileSync(aFile, "");
const aList = join(tmp, "expected-failures.txt");
writeFileSync(aList, "jcs/x a reason\n");

/** `run` through the CLI face in this process; a usage error is exit 2 with its message, as always. */
async function run(args: string[]): Promise<{ code: number; stderr: string }> {
  const r = await cli(["run", ...args]);
  return { code: r.status, stderr: r.stderr };
}

/** A once-mode command that leaves a mark for every case it is asked: a run that started shows. */
function marking(): { command: string; ran: () => boolean } {
  const mark = join(mkdtempSync(join(tmp, "mark-")), "ran");
  return {
    command: `node -e "require('fs').appendFileSync(process.argv[1], 'x')" ${mark}`,
    ran: () => existsSync(mark),
  };
}

for (const [what, out] of [
  ["a path through a file", join(aFile, "x")],
  ["a path under /proc (Node's recursive mkdir would spin there for ever)", "/proc/self/nope"],
] as const) {
  test(`--out ${what}: exit 2 before any case runs`, { timeout: 20_000 }, async (t) => {
    if (out.startsWith("/proc") && process.platform !== "linux") return t.skip("Linux paths");
    const impl = marking();
    const result = await run(["--command", impl.command, "--suites", "jcs", "--out", out, "--quiet"]);
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /^canon-conformance run: cannot write the output folder /);
    assert.equal(impl.ran(), false, "a case ran before the bad --out was found");
  });
}

test("--working-directory that does not exist: exit 2 before anything runs (it used to sign 'not conformant')", async () => {
  const impl = marking();
  const result = await run([
    "--command",
    impl.command,
    "--working-directory",
    "/nonexistent",
    "--suites",
    "jcs",
  ]);
  assert.equal(result.code, 2);
  assert.match(result.stderr, /--working-directory '\/nonexistent' is not a directory/);
  assert.equal(impl.ran(), false);
});

test("--compare-protocol without --compare-command is refused (it used to be ignored, exit 0)", async () => {
  const result = await run(["--command", "x", "--compare-protocol", "lines"]);
  assert.equal(result.code, 2);
  assert.match(
    result.stderr,
    /^canon-conformance run: --compare-protocol is set but --compare-command is empty/,
  );
});

test("the bounds of issue 12 are usage errors", () => {
  for (const [flag, text] of [
    ["--timeout-ms", "3000000000"],
    ["--numbers", "9007199254740991"],
    ["--generated-runs", "9007199254740991"],
    ["--compare-runs", "9007199254740991"],
    ["--jobs", "100000"],
    ["--max-output-bytes", "9007199254740991"],
  ] as const) {
    assert.throws(
      () => parseRunArgs(["--command", "x", flag, text]),
      (e: Error) => e instanceof UsageError && e.message.startsWith(`${flag} must be a whole number from `),
      flag,
    );
  }
});

test("run --help is the table: every flag, its maximum, exit 0", async () => {
  const r = await cli(["run", "--help"]);
  assert.equal(r.status, 0);
  const printed = r.stdout;
  assert.equal(printed, runCommand.usage);
  for (const row of ROWS) {
    if (!row.cli) continue;
    assert.ok(printed.includes(`\n  ${row.cli.label}`), `--help does not list ${row.cli.label}`);
  }
  for (const max of [MAX_NUMBERS, MAX_GENERATED_RUNS, MAX_COMPARE_RUNS, MAX_JOBS, MAX_TIMEOUT_MS]) {
    assert.ok(printed.includes(`${max}`), `--help does not state the maximum ${max}`);
  }
});

test("every flag of the table is accepted, and nothing else", () => {
  const samples: Record<string, string> = {
    shard: "1/2",
    seed: "7",
    suites: "jcs",
    "working-directory": ".",
    sandbox: "none",
    "pass-env": "JAVA_HOME",
    "writable-paths": ".",
    "expected-failures": aList,
    "once-batch-seed": "0123456789abcdef",
  };
  for (const row of ROWS) {
    if (!row.cli || ["help", "command", "url", "read-url", "compare-protocol"].includes(row.name)) continue;
    const value = row.cli.type === "boolean" ? [] : [samples[row.name] ?? (row.default || "1")];
    assert.doesNotThrow(() => parseRunArgs(["--command", "x", `--${row.name}`, ...value]), row.name);
  }
  assert.throws(
    () => parseRunArgs(["--command", "x", "--artifact-name", "y"]),
    UsageError,
    "an input, not a flag",
  );
  assert.throws(() => parseRunArgs(["--command", "x", "extra"]), /unexpected argument 'extra'/);
});
