// `canon-conformance run`: the corpus against a command line or a URL, a readable verdict, and
// (with --out) the signed record, the machine-readable results and JUnit XML.

import type { ParseArgsConfig } from "node:util";
import { formatCompare } from "../compare/index.js";
import { SetupError } from "../errors.js";
import { type CliSection, cliFace, OptionError, ROWS, readOption, readRunOptions } from "../options/index.js";
import { ephemeralKey, KeyError, loadSuppliedKey } from "../record/keys.js";
import { batchPlanText, createProgressReporter, formatVerdict, showInvisible } from "../report/index.js";
import { installSource, toolCommand } from "../report/install-form.js";
import { runConformance } from "../run/index.js";
import type { RunOptions } from "../run/types.js";
import { sandboxStatusText } from "../sandbox/index.js";
import type { SigningKey } from "../types.js";
import { type Command, parseCommandArgs, UsageError } from "./command.js";

const SECTIONS: Record<CliSection, string> = {
  implementation: "The implementation:",
  corpus: "The corpus:",
  sandbox: "The sandbox (docs/sandbox.md):",
  gate: "The exit code (docs/action.md, Expected failures):",
  run: "The run:",
};

/** `run --help`: the option table's CLI rows, by section, in the table's order. */
function usage(): string {
  const lines = [
    'usage: canon-conformance run (--command "CMD" | --url URL) [options]',
    "",
    "Runs the RFC 8785 conformance corpus against your canonicalizer and prints the verdict.",
    "Exit 0 conformant (and, with --compare-command, no disagreement), 1 not, 2 could not run.",
    "With --expected-failures, exit 0 when every failure is listed and no listed entry passed.",
  ];
  for (const [section, title] of Object.entries(SECTIONS)) {
    lines.push("", title);
    for (const row of ROWS) {
      if (row.cli?.section !== section) continue;
      const [first = "", ...more] = row.cli.help;
      lines.push(`  ${first === "" ? row.cli.label : `${row.cli.label.padEnd(26)} ${first}`}`);
      for (const line of more) lines.push(`${" ".repeat(29)}${line}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

/** parseArgs' options: each CLI row's flag and its other spellings. */
function flagConfig(): NonNullable<ParseArgsConfig["options"]> {
  const config: NonNullable<ParseArgsConfig["options"]> = {};
  for (const row of ROWS) {
    if (!row.cli) continue;
    for (const name of [row.name, ...(row.cli.aliases ?? [])]) {
      config[name] = {
        type: row.cli.type,
        ...(row.cli.multiple ? { multiple: true } : {}),
        ...(row.cli.short && name === row.name ? { short: row.cli.short } : {}),
      };
    }
  }
  return config;
}

function parseFlags(argv: string[]) {
  const parsed = parseCommandArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: flagConfig(),
  });
  return {
    values: parsed.values as Record<string, string | boolean | string[] | undefined>,
    positionals: parsed.positionals,
  };
}

function readKey(keyFile: string | undefined, env: NodeJS.ProcessEnv): SigningKey {
  try {
    return loadSuppliedKey({ ...(keyFile ? { keyFile } : {}), env }) ?? ephemeralKey();
  } catch (error) {
    // KeyError messages never contain the key; anything else might, so say only where it came from.
    if (error instanceof KeyError) throw new SetupError(error.message);
    throw new SetupError(`could not read the signing key${keyFile ? ` from ${keyFile}` : ""}`);
  }
}

export function parseRunArgs(
  argv: string[],
  env: NodeJS.ProcessEnv = {},
): {
  options: Omit<RunOptions, "key">;
  keyFile?: string;
  quiet: boolean;
  color: boolean;
  /** The seed was drawn (`--seed random`): the face prints it, so the run can be replayed. */
  randomSeed: boolean;
} {
  const { values, positionals } = parseFlags(argv);
  if (positionals.length > 0) {
    throw new UsageError(
      `unexpected argument '${positionals[0]}' (quote the whole command: --command "python3 canon.py")`,
    );
  }
  try {
    const face = cliFace(values);
    const { options, randomSeed } = readRunOptions(face);
    const keyFile = readOption("key-file", face);
    return {
      options,
      ...(keyFile ? { keyFile } : {}),
      quiet: readOption("quiet", face),
      randomSeed,
      color: !readOption("no-color", face) && !env.NO_COLOR,
    };
  } catch (error) {
    if (error instanceof OptionError) throw new UsageError(error.message);
    throw error;
  }
}

export const runCommand: Command = {
  summary: "run the conformance corpus against a command or URL and sign a record of it",
  usage: usage(),
  async run(argv, io) {
    if (parseFlags(argv).values.help) {
      io.stdout.write(usage());
      return 0;
    }
    const { options, keyFile, quiet, color, randomSeed } = parseRunArgs(argv, io.env);
    if (randomSeed)
      io.stderr.write(
        `canon-conformance run: --seed random drew ${options.seed}; replay with --seed ${options.seed}\n`,
      );
    try {
      const key = readKey(keyFile, io.env);
      const reporter = () =>
        quiet ? undefined : createProgressReporter({ stream: io.stderr, isTTY: io.stderr.isTTY === true });
      const progress = reporter();
      let compareProgress: ReturnType<typeof reporter>;
      const outcome = await runConformance({
        ...options,
        key,
        startedFrom: { env: io.env, cwd: process.cwd() },
        // Before the first case, even with --quiet: whether the command is sandboxed is not progress.
        onSandbox: (status) => io.stderr.write(`${sandboxStatusText(status, key.kind === "supplied")}\n`),
        // Likewise the cost, before it is paid: the processes once mode's batches plan.
        onBatches: (plan) => io.stderr.write(`${showInvisible(batchPlanText(plan))}\n`),
        ...(progress ? { onProgress: (p) => progress.update(p) } : {}),
        ...(quiet
          ? {}
          : {
              onCompareProgress: (p) => {
                if (compareProgress === undefined) {
                  progress?.done();
                  io.stderr.write("comparing with --compare-command:\n");
                  compareProgress = reporter();
                }
                compareProgress?.update(p);
              },
            }),
      });
      progress?.done();
      compareProgress?.done();
      io.stdout.write(
        formatVerdict(
          {
            record: outcome.record,
            results: outcome.results,
            ...(outcome.files.record ? { recordPath: outcome.files.record } : {}),
            elapsedMs: outcome.elapsedMs,
            ...(outcome.gate ? { gate: outcome.gate } : {}),
            ...(outcome.rerun ? { rerun: outcome.rerun } : {}),
            protocol: outcome.protocol,
            ...(outcome.files.html ? { reportAt: { path: outcome.files.html } } : {}),
            tool: toolCommand(installSource(io.env)),
          },
          { color: color && io.stdout.isTTY === true },
        ),
      );
      if (outcome.compare) {
        const text = formatCompare(outcome.compare);
        io.stdout.write(`\n${text}${text.endsWith("\n") ? "" : "\n"}`);
        if (outcome.files.compare) io.stdout.write(`(the comparison is in ${outcome.files.compare})\n`);
      }
      const agreed = (outcome.compare?.disagreements.length ?? 0) === 0;
      // With a list the exit code follows its gate; the record's verdict (printed above) stays seed 003's.
      const passed = outcome.gate ? outcome.gate.pass : outcome.record.conformant;
      return passed && agreed ? 0 : 1;
    } catch (error) {
      if (error instanceof SetupError) {
        io.stderr.write(`canon-conformance run: ${error.message}\n`);
        return 2;
      }
      throw error;
    }
  },
};
