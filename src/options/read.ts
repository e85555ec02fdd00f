// One reading of the options for every caller: each option's text through its row of the table, then
// the rules that join options, then one mapping to RunSettings. A face only says where its texts come
// from and how it names an option: the CLI's flags, the action's inputs, or (valuesFace) the typed
// values a library caller or a test passes, written back to text by their rows and read like the rest.
// So the checks and their words are the same for all, and RunSettings can only come from here: every
// stage after it trusts the value and checks nothing again.
import { availableParallelism } from "node:os";
import type { SandboxOptions } from "../sandbox/index.js";
import type { Profile, Shard, SuiteName } from "../types.js";
import { MAX_JOBS } from "./defaults.js";
import { OptionError } from "./errors.js";
import { type OptionRow, type OptionTable, writtenText } from "./row.js";
import { RULES } from "./rules.js";
import {
  type ExpectedFailuresFile,
  type GivenFile,
  OPTIONS,
  type OptionName,
  type OptionValue,
} from "./table.js";

export interface Face {
  /** The text given for an option, or undefined when it was not given. Empty text takes the row's
   * default, as an action input left empty does (a row without one reads it as given). */
  text(name: string): string | undefined;
  /** The option as the subject of its own error. */
  subject(name: string): string;
  /** The option inside a sentence about several. */
  ref(name: string): string;
  /** Relative paths start here; `relativeTo` says so in messages. */
  base: string;
  relativeTo: string;
}

/** What a command line's flags are, by the spelling given: as node:util's parseArgs returns them
 * (./argv.ts reads them so): a string, true for a boolean flag, a list for a flag given many times. */
export type FlagValues = Record<string, string | boolean | string[] | undefined>;

/** The CLI: the flags of a command line, read through `table`'s rows (the run's by default); `--numbers`. */
export function cliFace(values: FlagValues, cwd = process.cwd(), table: OptionTable = OPTIONS): Face {
  return {
    text(name) {
      const flag = table[name]?.cli;
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
    text: (name) => (OPTIONS[name as OptionName]?.input === undefined ? undefined : input(name)),
    subject: (name) => name,
    ref: (name) => `\`${name}\``,
    base: workspace,
    relativeTo: "the workspace",
  };
}

/**
 * One option through its row, whatever the table: the text the face gives (or the default) read by
 * the row's parser, so every face and every command refuse a text in the same words. An error names
 * the option it is about. A row without a default is undefined when not given (its type says so).
 */
export function readRow<T>(row: OptionRow<T>, face: Face): T {
  const given = face.text(row.name);
  let text: string;
  if (row.default === undefined) {
    if (given === undefined) return undefined as T;
    text = given;
  } else {
    text = given === undefined || given.trim() === "" ? row.default : given;
  }
  try {
    return row.parse(text, {
      subject: face.subject(row.name),
      base: face.base,
      relativeTo: face.relativeTo,
    });
  } catch (error) {
    if (error instanceof OptionError && error.option === undefined)
      throw new OptionError(error.message, row.name);
    throw error;
  }
}

/** One option of the run's table (or the action's) through its row. */
export function readOption<K extends OptionName>(name: K, face: Face): OptionValue<K> {
  return readRow(OPTIONS[name] as OptionRow<OptionValue<K>>, face);
}

/** The text `value` is written back as by option `name`'s row: what its parser reads back as `value`. */
export function optionText<K extends OptionName>(name: K, value: OptionValue<K>): string {
  const row = OPTIONS[name] as { write?: (value: OptionValue<K>) => string };
  return row.write ? row.write(value) : writtenText(value);
}

/** The words a command line gives option `name` the value `value` with: `--numbers 300`, `--shell`,
 * one `--case` for each pattern; none for a flag that is off. */
export function cliWords<K extends OptionName>(name: K, value: OptionValue<K>): string[] {
  const flag = OPTIONS[name].cli;
  if (!flag) throw new Error(`${name} has no CLI flag`);
  const spelling = `--${flag.written ?? name}`;
  if (flag.type === "boolean") return value ? [spelling] : [];
  if (flag.multiple && Array.isArray(value)) return value.flatMap((item) => [spelling, String(item)]);
  return [spelling, optionText(name, value)];
}

declare const READ: unique symbol;

/** The run as the options describe it, read and checked by readRunOptions: the only way to make one
 * (the brand exists for the type checker alone). The key, the output folder and the callbacks are the
 * caller's (RunOptions, src/run/types.ts). */
export interface RunSettings {
  readonly [READ]: true;
  /** The implementation's command line (command adapter), or undefined with `url`. */
  command?: string;
  /** The implementation's URL (http adapter). */
  url?: string;
  protocol: "once" | "lines";
  /** Once mode: send the inputs that may travel together many to a process (src/batch). */
  onceBatch: boolean;
  /** Once mode's batches: the seed of the confirmed inputs asked alone again (src/batch/sample.ts), to
   * replay a run's; drawn fresh when absent. */
  onceBatchSeed?: string;
  /** Run `command` through the platform shell instead of splitting it into argv. */
  shell: boolean;
  /** I4's read side: the store's normalizer, as a command line or a URL. */
  readCommand?: string;
  readUrl?: string;
  suites: SuiteName[];
  /** Only the cases these names or globs match (`suite/name`, `*` for any text); absent: every case. */
  cases?: string[];
  /** Only the cases that fail the step in this results.json (`--cases-from`), besides `cases`: read
   * by the run's setup, before anything runs. */
  casesFrom?: GivenFile;
  profile: Profile;
  /** How many generated doubles the `numbers` suite sends (over all shards). */
  numbers: number;
  /** Seeds the numbers sweep, the generated suite and the differential run's values; in case names,
   * so a failure can be replayed. */
  seed: number;
  /** Runs of each generated property (over all shards). */
  generatedRuns: number;
  /** This job's part of a sharded run; the whole run when absent. */
  shard?: Shard;
  /** A second implementation for a differential run (`--compare-command`): every corpus input and a
   * stream of generated values go to both, and each disagreement is shrunk and reported. */
  compareCommand?: string;
  /** The second implementation's protocol; the first one's when absent. */
  compareProtocol?: "once" | "lines";
  /** How many generated values the differential run sends. */
  compareRuns?: number;
  /** Parallel processes in once mode. */
  jobs: number;
  timeoutMs: number;
  maxOutputBytes: number;
  /** Where the command runs: an existing directory, absolute. */
  workingDirectory: string;
  /** Where record.json, results.json and junit.xml go; nothing is written without it. */
  outDir?: string;
  implementationName: string | null;
  implementationVersion: string | null;
  /** The cases known to fail (`--expected-failures`): the step's status and the CLI's exit code follow
   * it (RunOutcome.gate); the record does not change. Read by the run's setup, before anything runs. */
  expectedFailures?: ExpectedFailuresFile;
  /** A listed entry whose cases all passed does not fail the gate (`--allow-fixed-expected-failures`). */
  allowFixedExpectedFailures?: boolean;
  /** How the command under test is started (docs/sandbox.md). */
  sandbox: Required<Pick<SandboxOptions, "mode" | "allowNetwork" | "passEnv" | "writablePaths">>;
}

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
  const casesFrom = readOption("cases-from", face);
  const onceBatchSeed = readOption("once-batch-seed", face);
  const options = {
    ...(command ? { command } : {}),
    ...(url ? { url } : {}),
    protocol: readOption("protocol", face),
    onceBatch: readOption("once-batch", face),
    ...(onceBatchSeed ? { onceBatchSeed } : {}),
    shell: readOption("shell", face),
    ...(readCommand ? { readCommand } : {}),
    ...(readUrl ? { readUrl } : {}),
    suites: readOption("suites", face),
    ...(cases ? { cases } : {}),
    ...(casesFrom ? { casesFrom } : {}),
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
  return { options: options as RunSettings, randomSeed: random };
}

/** A run's options as values: what a library caller (or a test) passes instead of texts. Absent ones
 * take the table's defaults, as an empty input does. */
export type RunValues = Partial<
  Omit<RunSettings, typeof READ | "sandbox" | "expectedFailures" | "casesFrom">
> & {
  sandbox?: Partial<RunSettings["sandbox"]>;
  /** The expected-failures list's path. */
  expectedFailures?: string;
  /** A results.json's path (`--cases-from`). */
  casesFrom?: string;
};

/** Which option each RunValues member is. */
const FIELDS: Record<Exclude<keyof RunValues, "sandbox">, OptionName> = {
  command: "command",
  url: "url",
  protocol: "protocol",
  onceBatch: "once-batch",
  onceBatchSeed: "once-batch-seed",
  shell: "shell",
  readCommand: "read-command",
  readUrl: "read-url",
  suites: "suites",
  cases: "cases",
  casesFrom: "cases-from",
  profile: "profile",
  numbers: "numbers",
  seed: "seed",
  generatedRuns: "generated-runs",
  shard: "shard",
  compareCommand: "compare-command",
  compareProtocol: "compare-protocol",
  compareRuns: "compare-runs",
  jobs: "jobs",
  timeoutMs: "timeout-ms",
  maxOutputBytes: "max-output-bytes",
  workingDirectory: "working-directory",
  outDir: "out",
  implementationName: "implementation-name",
  implementationVersion: "implementation-version",
  expectedFailures: "expected-failures",
  allowFixedExpectedFailures: "allow-fixed-expected-failures",
};
const SANDBOX_FIELDS: Record<keyof RunSettings["sandbox"], OptionName> = {
  mode: "sandbox",
  allowNetwork: "sandbox-network",
  passEnv: "pass-env",
  writablePaths: "writable-paths",
};

/** A library caller's face: each value written back to text by its row (a seed as a number, a shard
 * as K/N), read like a face's text; named as the action names them. Relative paths from `base`. */
export function valuesFace(values: RunValues, base = process.cwd()): Face {
  const texts = new Map<string, string>();
  const put = (name: OptionName, value: unknown) => {
    if (value === undefined) return;
    // A file is given as its path, the text its row reads (its value is the file as read).
    if (name === "expected-failures" || name === "cases-from") return void texts.set(name, String(value));
    // A seed is given as a number; its row's value holds whether it was drawn.
    const typed = name === "seed" ? { seed: value, random: false } : value;
    texts.set(name, optionText(name, typed as OptionValue<typeof name>));
  };
  for (const [field, name] of Object.entries(FIELDS)) put(name, values[field as keyof typeof FIELDS]);
  for (const [field, name] of Object.entries(SANDBOX_FIELDS))
    put(name, values.sandbox?.[field as keyof RunSettings["sandbox"]]);
  return {
    text: (name) => texts.get(name),
    subject: (name) => name,
    ref: (name) => `\`${name}\``,
    base,
    relativeTo: "the current directory",
  };
}

/** The run `values` describe, read and checked as a face's texts are. Throws OptionError. */
export function runSettings(values: RunValues, base?: string): RunSettings {
  return readRunOptions(valuesFace(values, base)).options;
}
