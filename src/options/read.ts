// One reading of the options for both faces: each option's text through its row of the table, then the
// rules that join options, then one mapping to RunOptions. A face only says where its texts come from
// and how it names an option; the checks and their words are the same.
import { availableParallelism } from "node:os";
import type { RunOptions } from "../types.js";
import { MAX_JOBS } from "./defaults.js";
import { OptionError } from "./errors.js";
import { RULES } from "./rules.js";
import { OPTIONS, type OptionName, type OptionValue } from "./table.js";

export interface Face {
  /** The text given for an option, or undefined: empty or absent takes the row's default. */
  text(name: OptionName): string | undefined;
  /** The option as the subject of its own error. */
  subject(name: string): string;
  /** The option inside a sentence about several. */
  ref(name: string): string;
  /** Relative paths start here; `relativeTo` says so in messages. */
  base: string;
  relativeTo: string;
}

/** The CLI: flags as parseArgs returned them; `--numbers`. */
export function cliFace(
  values: Record<string, string | boolean | string[] | undefined>,
  cwd = process.cwd(),
): Face {
  return {
    text(name) {
      const flag = OPTIONS[name].cli;
      if (!flag) return undefined;
      if (flag.multiple) {
        // Every spelling, every time it was given: one value a line, as the action's list inputs.
        const given = [name, ...(flag.aliases ?? [])].flatMap((s) => values[s] ?? []);
        return given.length === 0 ? undefined : given.map(String).join("\n");
      }
      for (const spelling of [...(flag.aliases ?? []), name]) {
        const value = values[spelling];
        if (value !== undefined) return String(value);
      }
      return undefined;
    },
    subject: (name) => `--${name}`,
    ref: (name) => `--${name}`,
    base: cwd,
    relativeTo: "the current directory",
  };
}

/** The action: inputs as the runner passed them; `numbers`, and `` `numbers` `` inside a sentence. */
export function actionFace(input: (name: string) => string, workspace: string): Face {
  return {
    text: (name) => (OPTIONS[name].input === undefined ? undefined : input(name)),
    subject: (name) => name,
    ref: (name) => `\`${name}\``,
    base: workspace,
    relativeTo: "the workspace",
  };
}

/** One option through its row; an error names the option it is about. */
export function readOption<K extends OptionName>(name: K, face: Face): OptionValue<K> {
  const row = OPTIONS[name];
  const given = face.text(name) ?? "";
  const text = given.trim() === "" ? row.default : given;
  try {
    return row.parse(text, {
      subject: face.subject(name),
      base: face.base,
      relativeTo: face.relativeTo,
    }) as OptionValue<K>;
  } catch (error) {
    if (error instanceof OptionError && error.option === undefined)
      throw new OptionError(error.message, name);
    throw error;
  }
}

/** The run as the options describe it; the key, the output folder of the action and the callbacks are the face's. */
export type RunSettings = Omit<RunOptions, "key" | "onProgress" | "onCompareProgress">;

export interface ReadRun {
  options: RunSettings;
  /** The seed was drawn (`random`): the face prints it, so the run can be replayed. */
  randomSeed: boolean;
}

/** Every option of a run, checked before anything runs. Throws OptionError. */
export function readRunOptions(face: Face): ReadRun {
  const command = readOption("command", face);
  const url = readOption("url", face);
  if (!command && !url) throw new OptionError(RULES.noImplementation(face.ref));
  if (command && url) throw new OptionError(RULES.twoImplementations(face.ref));
  const readCommand = readOption("read-command", face);
  const readUrl = readOption("read-url", face);
  if (readCommand && readUrl) throw new OptionError(RULES.twoReadSides(face.ref));
  const compareCommand = readOption("compare-command", face);
  const compareProtocol = readOption("compare-protocol", face);
  if (compareProtocol && !compareCommand) throw new OptionError(RULES.compareProtocolAlone(face.ref));
  // Checked even without compare-command, so a typo fails here rather than on the day it is used.
  const compareRuns = readOption("compare-runs", face);
  const { seed, random } = readOption("seed", face);
  const shard = readOption("shard", face);
  const jobs = readOption("jobs", face);
  const out = readOption("out", face);
  const expectedFailures = readOption("expected-failures", face);
  const allowFixed = readOption("allow-fixed-expected-failures", face);
  const cases = readOption("cases", face);
  const options: RunSettings = {
    ...(command ? { command } : {}),
    ...(url ? { url } : {}),
    protocol: readOption("protocol", face),
    shell: readOption("shell", face),
    ...(readCommand ? { readCommand } : {}),
    ...(readUrl ? { readUrl } : {}),
    suites: readOption("suites", face),
    ...(cases ? { cases } : {}),
    profile: readOption("profile", face),
    numbers: readOption("numbers", face),
    seed,
    generatedRuns: readOption("generated-runs", face),
    ...(shard ? { shard } : {}),
    ...(compareCommand
      ? { compareCommand, ...(compareProtocol ? { compareProtocol } : {}), compareRuns }
      : {}),
    // 0: one per CPU, within the same bound as a number given.
    jobs: jobs === 0 ? Math.min(availableParallelism(), MAX_JOBS) : jobs,
    timeoutMs: readOption("timeout-ms", face),
    maxOutputBytes: readOption("max-output-bytes", face),
    workingDirectory: readOption("working-directory", face),
    ...(out ? { outDir: out } : {}),
    implementationName: readOption("implementation-name", face),
    implementationVersion: readOption("implementation-version", face),
    ...(expectedFailures ? { expectedFailures, allowFixedExpectedFailures: allowFixed } : {}),
    sandbox: {
      mode: readOption("sandbox", face),
      allowNetwork: readOption("sandbox-network", face),
      passEnv: readOption("pass-env", face),
      writablePaths: readOption("writable-paths", face),
    },
  };
  return { options, randomSeed: random };
}
