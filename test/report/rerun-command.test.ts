// The re-run command of a failed run: its words, its quoting, its cap, and the reports that print it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { splitCommandLine } from "../../src/adapters/argv.js";
import { formatVerdict, toMarkdownSummary } from "../../src/report/index.js";
import { NAMED_CASES_MAX, rerunCommand } from "../../src/report/rerun-command.js";
import type { RunOptions } from "../../src/run/types.js";
import { caseResult, inputFor } from "./fixtures.js";

delete process.env.GITHUB_ACTION_REPOSITORY;
delete process.env.GITHUB_ACTION_REF;
const TOOL = ["npx", "--yes", "github:canon-conformance/canon-conformance#v1"];

const base: Parameters<typeof rerunCommand>[0] = {
  command: `python3 "my dir/canon.py" --lines 'it''s'`,
  protocol: "lines",
  shell: false,
  profile: "rfc8785",
  numbers: 100000,
  seed: 1,
  generatedRuns: 250,
  timeoutMs: 10_000,
  maxOutputBytes: 16 * 1024 * 1024,
  workingDirectory: "/work/repo/impl",
  sandbox: { mode: "auto", allowNetwork: false, passEnv: [], writablePaths: [] },
};
const words = (command: string) => splitCommandLine(command);

test("once mode with --once-batch off re-runs the same way; on, the default, writes nothing", () => {
  const failed = [caseResult("jcs", "b", false)];
  const once = { ...base, command: "python3 canon.py", protocol: "once" as const };
  assert.deepEqual(
    words(rerunCommand({ ...once, onceBatch: false }, failed, "/work/repo")!.command).slice(3, 7),
    ["run", "--protocol", "once", "--once-batch"],
  );
  assert.doesNotMatch(
    rerunCommand({ ...once, onceBatch: true }, failed, "/work/repo")!.command,
    /once-batch/,
  );
  assert.doesNotMatch(
    rerunCommand({ ...base, onceBatch: false }, failed, "/work/repo")!.command,
    /once-batch/,
  );
});

test("no failed case, no command", () => {
  assert.equal(rerunCommand(base, [caseResult("jcs", "a", true)], "/work/repo"), undefined);
});

test("one --case per failed case, the failed suites, the same protocol and command, quoted for a shell", () => {
  const results = [
    caseResult("jcs", "a", true),
    caseResult("jcs", "b", false),
    caseResult("reject", "c'd", false),
  ];
  const rerun = rerunCommand(base, results, "/work/repo")!;
  assert.equal(rerun.failed, 2);
  assert.equal(rerun.note, undefined);
  assert.deepEqual(words(rerun.command), [
    ...TOOL,
    "run",
    "--protocol",
    "lines",
    "--command",
    base.command!,
    "--working-directory",
    "impl",
    "--suites",
    "jcs,reject",
    "--case",
    "jcs/b",
    "--case",
    "reject/c'd",
  ]);
});

test("options that change a case's answer go along; defaults stay out", () => {
  const options: Parameters<typeof rerunCommand>[0] = {
    ...base,
    url: undefined,
    shell: true,
    profile: "nfc",
    timeoutMs: 500,
    readCommand: "python3 read.py",
    workingDirectory: "/work/repo",
    sandbox: { mode: "auto", allowNetwork: true, passEnv: ["LANG_X"], writablePaths: ["/work/repo/tmp"] },
  };
  delete options.url;
  const w = words(rerunCommand(options, [caseResult("jcs", "b", false)], "/work/repo")!.command);
  for (const flag of ["--shell", "--sandbox-network"]) assert.ok(w.includes(flag), flag);
  const value = (flag: string) => w[w.indexOf(flag) + 1];
  assert.equal(value("--profile"), "nfc");
  assert.equal(value("--timeout-ms"), "500");
  assert.equal(value("--read-command"), "python3 read.py");
  assert.equal(value("--pass-env"), "LANG_X");
  assert.equal(value("--writable-paths"), "tmp");
  assert.ok(!w.includes("--working-directory"), "the folder the run started in is the default");
  assert.ok(!w.includes("--seed") && !w.includes("--max-output-bytes"));
});

test("a swept case re-runs with its seed and the sweep's size, and its shard", () => {
  const options = { ...base, seed: 7, generatedRuns: 500, shard: { index: 2, count: 3 } };
  const results = [
    caseResult("numbers", "seed-7/000001000-000001999", false),
    caseResult("generated", "canon-matches-reference/seed-7/0050-0099", false),
  ];
  const w = words(rerunCommand(options, results, "/work/repo")!.command);
  const value = (flag: string) => w[w.indexOf(flag) + 1];
  assert.equal(value("--seed"), "7");
  assert.equal(value("--numbers"), "100000");
  assert.equal(value("--generated-runs"), "500");
  assert.equal(value("--shard"), "2/3");
  assert.equal(value("--suites"), "numbers,generated");
});

test(`past ${NAMED_CASES_MAX} failed cases, the suite with most gets one glob of their shared start, and says so`, () => {
  const results = [
    ...Array.from({ length: 30 }, (_, i) => caseResult("jcs", `escape-${i}`, false)),
    caseResult("jcs", "escape-ok", true),
    caseResult("jcs", "other", true),
    caseResult("reject", "dup", false),
  ];
  const rerun = rerunCommand(base, results, "/work/repo")!;
  const w = words(rerun.command);
  const cases = w.filter((_, i) => w[i - 1] === "--case");
  assert.deepEqual(cases, ["jcs/escape-*", "reject/dup"]);
  assert.equal(rerun.failed, 31);
  assert.match(rerun.note!, /31 failed cases are too many to name one by one: jcs\/escape-\* /);
  assert.match(rerun.note!, /re-runs 1 case that passed as well/);
});

test("the console and the job summary print it, with its note", () => {
  const results = [caseResult("jcs", "a", true), caseResult("jcs", "b", false)];
  const rerun = rerunCommand(base, results, "/work/repo")!;
  const input = inputFor(results, {}, { rerun });
  const text = formatVerdict(input, { color: false });
  assert.ok(text.includes(`Re-run the 1 failed case locally:\n  ${rerun.command}\n`), text);
  const md = toMarkdownSummary(input);
  assert.ok(md.includes("### Re-run the failed cases locally"));
  assert.ok(md.includes(`\`\`\`sh\n${rerun.command}\n\`\`\``), md);
  const none = inputFor(results);
  assert.ok(!formatVerdict(none, { color: false }).includes("Re-run"));
  assert.ok(!toMarkdownSummary(none).includes("Re-run"));
});

// Keeps RunOptions and the re-run's options in step: a caller passes its RunOptions as they are.
const _fits: Parameters<typeof rerunCommand>[0] = {} as RunOptions;
void _fits;

test(`past ${NAMED_CASES_MAX} failed cases with a results.json: --cases-from it, a path as the reader has it`, () => {
  const failed = Array.from({ length: NAMED_CASES_MAX + 1 }, (_, i) => caseResult("reject", `r${i}`, false));
  const results = [caseResult("jcs", "ok", true), ...failed];
  const here = rerunCommand(base, results, "/work/repo", "node dist/cli.js", {
    resultsFile: "/work/repo/out/results.json",
  })!;
  assert.deepEqual(words(here.command).slice(-2), ["--cases-from", "out/results.json"]);
  assert.ok(!words(here.command).includes("--case"));
  assert.equal(here.failed, NAMED_CASES_MAX + 1);
  assert.match(
    here.note!,
    /too many to name one by one: --cases-from reads exactly them from this run's results\.json$/,
  );
  // In the action's summary the reader has the artifact, where the file sits under its own name.
  const artifact = rerunCommand(base, results, "/work/repo", "npx x", { resultsFile: "results.json" })!;
  assert.deepEqual(words(artifact.command).slice(-2), ["--cases-from", "results.json"]);
  assert.match(artifact.note!, /\(in the artifact: run it where you unzipped it\)/);
  // A few stay named, whatever the file.
  const few = rerunCommand(base, failed.slice(0, 2), "/work/repo", "npx x", { resultsFile: "results.json" })!;
  assert.deepEqual(words(few.command).slice(-4), ["--case", "reject/r0", "--case", "reject/r1"]);
});

test("with a gate that fails the step, only its unexpected failures are re-run, and the note says so", () => {
  const results = [
    caseResult("jcs", "a", false),
    caseResult("jcs", "b", false),
    caseResult("reject", "c", false),
  ];
  const r = rerunCommand(base, results, "/work/repo", "npx x", { failingTheStep: ["reject/c"] })!;
  assert.equal(r.failed, 1);
  assert.deepEqual(words(r.command).slice(-4), ["--suites", "reject", "--case", "reject/c"]);
  assert.equal(r.note, "only the 1 that fail the step: the 2 the expected-failures list names are left out");
  // No unexpected failure given (the step passed by the list): every failure, as without a list.
  assert.equal(rerunCommand(base, results, "/work/repo", "npx x", { failingTheStep: [] })!.failed, 3);
});
