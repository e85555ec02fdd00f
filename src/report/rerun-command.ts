// The command a person runs to re-run a failed run's failed cases on their own machine (issue 14): the
// same implementation, protocol and options as the run, only the failed cases (`--case`), started the
// way every printed command starts (install-form.ts). Each option is written back by its own row of the
// option table (cliWords), so the command reads back as the run's options; each word is shell-quoted.
// A generated case's name carries its seed and range, so `--seed` (with the sweep's size) is added
// when one failed: the same cases come back, as the replay hint of a generated failure says.
// With an expected-failures list that fails the step, only the cases that fail it are re-run (the
// listed ones are known); failures too many to name are read back from the run's results.json
// (`--cases-from`, which picks the same cases: ./results-file.ts), or, without one, chosen by globs.
import { isAbsolute, relative } from "node:path";
import { casePattern } from "../corpus/select.js";
import { DEFAULT_MAX_OUTPUT_BYTES, DEFAULT_PROFILE, DEFAULT_TIMEOUT_MS } from "../options/defaults.js";
import { cliWords, type RunSettings } from "../options/read.js";
import { shellQuote } from "../text.js";
import { recordCaseName } from "../text-forms/index.js";
import { type CaseResult, SUITES } from "../types.js";
import type { RerunCommand } from "../view/index.js";
import { toolCommand } from "./install-form.js";

/** What else the re-run of a run follows: its gate, and the results.json it wrote. */
export interface RerunStep {
  /** The gate's unexpected failures (record case names), when a list fails the step by them: only
   * these are re-run. */
  failingTheStep?: readonly string[];
  /** The run's results.json, as the reader of the command has it (a path on this machine, or
   * `results.json` in the artifact): failures too many to name are read back from it. */
  resultsFile?: string;
}

/** Up to this many failed cases get a `--case` each; beyond it each suite's failed cases share one glob. */
export const NAMED_CASES_MAX = 20;

type RerunOptions = Pick<
  RunSettings,
  | "command"
  | "url"
  | "protocol"
  | "shell"
  | "readCommand"
  | "readUrl"
  | "profile"
  | "numbers"
  | "seed"
  | "generatedRuns"
  | "shard"
  | "timeoutMs"
  | "maxOutputBytes"
  | "workingDirectory"
  | "sandbox"
> &
  // Absent reads as on, the default.
  Partial<Pick<RunSettings, "onceBatch">>;

/** A path as the person re-running types it: relative to where the run started, when under it. */
function localPath(path: string, base: string): string {
  const rel = relative(base, path);
  return rel === "" ? "." : rel.startsWith("..") ? path : rel;
}

/** The longest text every one of `names` starts with. */
function commonPrefix(names: readonly string[]): string {
  let prefix = names[0] ?? "";
  for (const name of names) while (!name.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix;
}

/**
 * The command that re-runs the failed cases of `results`, or undefined when none failed. `base` is the
 * folder the run started in (the workspace in the action): paths under it are printed relative to it.
 */
export function rerunCommand(
  options: RerunOptions,
  results: readonly CaseResult[],
  base: string = process.cwd(),
  tool: string = toolCommand(),
  step: RerunStep = {},
): RerunCommand | undefined {
  const failed = results.filter((r) => !r.pass);
  const gated = new Set(step.failingTheStep);
  const failures = gated.size > 0 ? failed.filter((r) => gated.has(recordCaseName(r.suite, r.name))) : failed;
  if (failures.length === 0) return undefined;
  const words: string[] = ["run", ...cliWords("protocol", options.protocol)];
  if (options.protocol === "once" && options.onceBatch === false)
    words.push(...cliWords("once-batch", false));
  if (options.command !== undefined) words.push(...cliWords("command", options.command));
  if (options.url !== undefined) words.push(...cliWords("url", options.url));
  words.push(...cliWords("shell", options.shell));
  if (options.readCommand !== undefined) words.push(...cliWords("read-command", options.readCommand));
  if (options.readUrl !== undefined) words.push(...cliWords("read-url", options.readUrl));
  const directory = localPath(options.workingDirectory, base);
  if (directory !== ".") words.push(...cliWords("working-directory", directory));

  const suites = SUITES.filter((s) => failures.some((r) => r.suite === s));
  words.push(...cliWords("suites", suites));
  if (options.profile !== DEFAULT_PROFILE) words.push(...cliWords("profile", options.profile));
  // The swept suites' case names hold their seed and range: the same seed and sizes make them again.
  if (suites.includes("numbers") || suites.includes("generated")) {
    if (suites.includes("numbers")) words.push(...cliWords("numbers", options.numbers));
    if (suites.includes("generated")) words.push(...cliWords("generated-runs", options.generatedRuns));
    words.push(...cliWords("seed", { seed: options.seed, random: false }));
    if (options.shard) words.push(...cliWords("shard", options.shard));
  }
  if (options.timeoutMs !== DEFAULT_TIMEOUT_MS) words.push(...cliWords("timeout-ms", options.timeoutMs));
  if (options.maxOutputBytes !== DEFAULT_MAX_OUTPUT_BYTES)
    words.push(...cliWords("max-output-bytes", options.maxOutputBytes));
  const { sandbox } = options;
  words.push(...cliWords("sandbox-network", sandbox.allowNetwork));
  if (sandbox.passEnv.length > 0) words.push(...cliWords("pass-env", sandbox.passEnv));
  if (sandbox.writablePaths.length > 0)
    words.push(
      ...cliWords(
        "writable-paths",
        sandbox.writablePaths.map((p) => localPath(p, base)),
      ),
    );

  const listed =
    failures.length < failed.length
      ? `only the ${failures.length} that fail the step: the ${failed.length - failures.length} the expected-failures list names are left out`
      : undefined;
  const wrap = (command: RerunCommand, note?: string): RerunCommand => {
    const notes = [note, listed].filter((n) => n !== undefined);
    return notes.length > 0 ? { ...command, note: notes.join("; ") } : command;
  };
  // Too many to name: exactly them, read back from the run's results.json.
  if (failures.length > NAMED_CASES_MAX && step.resultsFile !== undefined) {
    const file = isAbsolute(step.resultsFile) ? localPath(step.resultsFile, base) : step.resultsFile;
    words.push(...cliWords("cases-from", { path: file, given: file, subject: "--cases-from" }));
    return wrap(
      { command: `${tool} ${words.map(shellQuote).join(" ")}`, failed: failures.length },
      `${failures.length} failed cases are too many to name one by one: --cases-from reads exactly them from ${isAbsolute(step.resultsFile) ? "this run's results.json" : "this run's results.json (in the artifact: run it where you unzipped it)"}`,
    );
  }

  // Every failed case by name while they are few; past NAMED_CASES_MAX, the suites with the most
  // failures (filled last) get one glob each instead: the start their failed cases' names share.
  const bySuite = suites
    .map((suite) => failures.filter((r) => r.suite === suite).map((r) => recordCaseName(r.suite, r.name)))
    .sort((a, b) => a.length - b.length);
  const patterns: string[] = [];
  const globbed: string[] = [];
  let named = 0;
  for (const names of bySuite) {
    if (named + names.length <= NAMED_CASES_MAX) {
      patterns.push(...names);
      named += names.length;
    } else {
      const glob = `${commonPrefix(names)}*`;
      patterns.push(glob);
      globbed.push(glob);
    }
  }
  // Back in corpus order, so the command reads like the report.
  const order = (p: string) => SUITES.findIndex((s) => p.startsWith(`${s}/`));
  patterns.sort((a, b) => order(a) - order(b));
  words.push(...cliWords("cases", patterns));
  let note: string | undefined;
  if (globbed.length > 0) {
    const tests = globbed.map(casePattern);
    const passing = results.filter(
      (r) => r.pass && tests.some((t) => t.test(recordCaseName(r.suite, r.name))),
    ).length;
    note = `${failures.length} failed cases are too many to name one by one: ${globbed.join(", ")} choose${globbed.length === 1 ? "s" : ""} them by the start of their names${
      passing > 0
        ? `, and re-run${globbed.length === 1 ? "s" : ""} ${passing} case${passing === 1 ? "" : "s"} that passed as well`
        : ""
    }`;
  }
  const command = `${tool} ${words.map(shellQuote).join(" ")}`;
  return wrap({ command, failed: failures.length }, note);
}
