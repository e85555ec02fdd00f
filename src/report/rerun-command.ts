// The command a person runs to re-run a failed run's failed cases on their own machine (issue 14): the
// same implementation, protocol and options as the run, only the failed cases (`--case`), started the
// way every printed command starts (install-form.ts). Each word is shell-quoted. A generated case's
// name carries its seed and range, so `--seed` (with the sweep's size) is added when one failed: the
// same cases come back, as the `replay:` hint of a generated failure says.
import { relative } from "node:path";
import { casePattern } from "../corpus/select.js";
import {
  DEFAULT_GENERATED_RUNS,
  DEFAULT_MAX_OUTPUT_BYTES,
  DEFAULT_PROFILE,
  DEFAULT_SEED,
  DEFAULT_TIMEOUT_MS,
} from "../options/defaults.js";
import { shellQuote } from "../text.js";
import { recordCaseName } from "../text-forms.js";
import { type CaseResult, type RunOptions, SUITES } from "../types.js";
import { toolCommand } from "./install-form.js";

/** The re-run of a run's failed cases, as the reports print it. */
export interface RerunCommand {
  /** The command line, ready to paste into a POSIX shell. */
  command: string;
  /** How many failed cases it re-runs. */
  failed: number;
  /** Set when the failed cases were too many to name one by one: what the command chooses instead. */
  note?: string;
}

/** Up to this many failed cases get a `--case` each; beyond it each suite's failed cases share one glob. */
export const NAMED_CASES_MAX = 20;

type RerunOptions = Pick<
  RunOptions,
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
>;

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
): RerunCommand | undefined {
  const failures = results.filter((r) => !r.pass);
  if (failures.length === 0) return undefined;
  const words: string[] = ["run", "--protocol", options.protocol];
  const flag = (name: string, value?: string) =>
    words.push(`--${name}`, ...(value === undefined ? [] : [value]));
  if (options.command !== undefined) flag("command", options.command);
  if (options.url !== undefined) flag("url", options.url);
  if (options.shell) flag("shell");
  if (options.readCommand !== undefined) flag("read-command", options.readCommand);
  if (options.readUrl !== undefined) flag("read-url", options.readUrl);
  const directory = localPath(options.workingDirectory, base);
  if (directory !== ".") flag("working-directory", directory);

  const suites = SUITES.filter((s) => failures.some((r) => r.suite === s));
  flag("suites", suites.join(","));
  if (options.profile !== DEFAULT_PROFILE) flag("profile", options.profile);
  // The swept suites' case names hold their seed and range: the same seed and sizes make them again.
  if (suites.includes("numbers") || suites.includes("generated")) {
    if (suites.includes("numbers")) flag("numbers", String(options.numbers));
    if (suites.includes("generated"))
      flag("generated-runs", String(options.generatedRuns ?? DEFAULT_GENERATED_RUNS));
    flag("seed", String(options.seed ?? DEFAULT_SEED));
    if (options.shard) flag("shard", `${options.shard.index}/${options.shard.count}`);
  }
  if (options.timeoutMs !== DEFAULT_TIMEOUT_MS) flag("timeout-ms", String(options.timeoutMs));
  if (options.maxOutputBytes !== DEFAULT_MAX_OUTPUT_BYTES)
    flag("max-output-bytes", String(options.maxOutputBytes));
  const sandbox = options.sandbox;
  if (sandbox?.allowNetwork) flag("sandbox-network");
  if (sandbox?.passEnv && sandbox.passEnv.length > 0) flag("pass-env", sandbox.passEnv.join(","));
  if (sandbox?.writablePaths && sandbox.writablePaths.length > 0)
    flag("writable-paths", sandbox.writablePaths.map((p) => localPath(p, base)).join(","));

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
  for (const pattern of patterns) flag("case", pattern);
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
  const command = `${toolCommand()} ${words.map(shellQuote).join(" ")}`;
  return { command, failed: failures.length, ...(note ? { note } : {}) };
}
