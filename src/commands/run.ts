// `canon-conformance run`: the corpus against a command line or a URL, a readable verdict, and
// (with --out) the signed record, the machine-readable results and JUnit XML.

import { formatCompare } from "../compare/index.js";
import { SetupError } from "../errors.js";
import { showInvisible } from "../escape/visible.js";
import {
  type CliSection,
  type CommandLine,
  type CommandOptions,
  OPTIONS,
  OptionError,
  type Options,
  ROWS,
  readCommandLine,
  readRunOptions,
} from "../options/index.js";
import { ephemeralKey, loadSuppliedKey } from "../record/keys.js";
import { watchCauses } from "../report/found-causes.js";
import { batchPlanText, createProgressReporter, formatVerdict } from "../report/index.js";
import { runConformance } from "../run/index.js";
import { interruptedRun, keptText, onInterrupt, type RunSoFar, signalStatus } from "../run/interrupt.js";
import type { RunOptions } from "../run/types.js";
import { sandboxStatusText } from "../sandbox/index.js";
import { type Command, optionLines, UsageError } from "./command.js";

const SECTIONS: Record<CliSection, string> = {
  implementation: "The implementation:",
  corpus: "The corpus:",
  sandbox: "The sandbox (docs/sandbox.md):",
  gate: "The exit code (docs/action.md, Expected failures):",
  run: "The run:",
};

/** `run`'s command line: the option table's CLI rows (its action-only rows have no flag). */
const RUN_OPTIONS: CommandOptions<Options> = {
  rows: OPTIONS,
  stray: 'quote the whole command: --command "python3 canon.py"',
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
    lines.push(
      "",
      title,
      ...optionLines(
        ROWS.filter((row) => row.cli?.section === section),
        29,
      ),
    );
  }
  return `${lines.join("\n")}\n`;
}

interface RunArgs {
  options: Omit<RunOptions, "key">;
  keyFile?: string;
  quiet: boolean;
  color: boolean;
  /** The seed was drawn (`--seed random`): the face prints it, so the run can be replayed. */
  randomSeed: boolean;
}

/** The run a command line describes; a bad option is an OptionError in the table's words. */
function readRunLine(line: CommandLine<Options>, env: NodeJS.ProcessEnv): RunArgs {
  const { options, randomSeed } = readRunOptions(line.face);
  const keyFile = line.get("key-file");
  return {
    options,
    ...(keyFile ? { keyFile } : {}),
    quiet: line.get("quiet"),
    randomSeed,
    color: !line.get("no-color") && !env.NO_COLOR,
  };
}

/** `run`'s arguments read as main reads them; a bad one is a UsageError. */
export function parseRunArgs(argv: string[], env: NodeJS.ProcessEnv = {}): RunArgs {
  try {
    return readRunLine(readCommandLine(argv, RUN_OPTIONS), env);
  } catch (error) {
    if (error instanceof OptionError) throw new UsageError(error.message);
    throw error;
  }
}

export const runCommand: Command<Options> = {
  summary: "run the conformance corpus against a command or URL and sign a record of it",
  usage: usage(),
  options: RUN_OPTIONS,
  async run(line, io) {
    const { options, keyFile, quiet, color, randomSeed } = readRunLine(line, io.env);
    if (randomSeed)
      io.stderr.write(
        `canon-conformance run: --seed random drew ${options.seed}; replay with --seed ${options.seed}\n`,
      );
    // Ctrl-C or SIGTERM: one line on how it ended and what was kept, then exit 130 or 143.
    const soFar: RunSoFar = options.outDir ? { outDir: options.outDir } : {};
    const stopWatching = onInterrupt(soFar, (signal) => {
      const ended = interruptedRun(signal, soFar);
      io.stderr.write(
        `\ncanon-conformance run: ${ended.how}; the command under test's processes were killed; ${keptText(ended)}\n`,
      );
    });
    try {
      // The one key loader (src/record/keys.ts); a bad key is a KeyError, said as main says any error.
      const key = loadSuppliedKey({ ...(keyFile ? { keyFile } : {}), env: io.env }) ?? ephemeralKey();
      const reporter = () =>
        quiet ? undefined : createProgressReporter({ stream: io.stderr, isTTY: io.stderr.isTTY === true });
      const progress = reporter();
      // Each cause as its first case shows it, between the progress lines (not with --quiet).
      const causes = progress ? watchCauses((line) => progress.note(line)) : undefined;
      let compareProgress: ReturnType<typeof reporter>;
      const outcome = await runConformance({
        ...options,
        key,
        startedFrom: { env: io.env, cwd: process.cwd(), ...(io.tool ? { tool: io.tool } : {}) },
        // Before the first case, even with --quiet: whether the command is sandboxed is not progress.
        onSandbox: (status) => io.stderr.write(`${sandboxStatusText(status, key.kind === "supplied")}\n`),
        // Likewise the cost, before it is paid: the processes once mode's batches plan.
        onBatches: (plan) => io.stderr.write(`${showInvisible(batchPlanText(plan))}\n`),
        onProgress: (p) => {
          // After a signal the cases left fail fast; the last line is the signal's.
          if (soFar.interruptedBy !== undefined) return;
          soFar.progress = p;
          progress?.update(p);
        },
        onFailure: (result) => {
          if (soFar.interruptedBy === undefined) causes?.failed(result);
        },
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
      }).finally(() => causes?.stop());
      progress?.done();
      compareProgress?.done();
      io.stdout.write(formatVerdict(outcome, { color: color && io.stdout.isTTY === true }));
      if (outcome.compare) {
        const text = formatCompare(outcome.compare);
        io.stdout.write(`\n${text}${text.endsWith("\n") ? "" : "\n"}`);
        if (outcome.files.compare) io.stdout.write(`(the comparison is in ${outcome.files.compare})\n`);
      }
      // The view's step verdict: the list's gate when given, else the record's; and no disagreement.
      return outcome.step.pass ? 0 : 1;
    } catch (error) {
      // The signal's line is written: what it broke adds nothing.
      if (soFar.interruptedBy !== undefined) return signalStatus(soFar.interruptedBy);
      if (error instanceof SetupError) {
        io.stderr.write(`canon-conformance run: ${error.message}\n`);
        return 2;
      }
      throw error;
    } finally {
      if (soFar.interruptedBy === undefined) stopWatching();
    }
  },
};
