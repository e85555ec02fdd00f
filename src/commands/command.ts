import { CanonError } from "../errors.js";
import {
  type CommandLine,
  type CommandOptions,
  OptionError,
  type OptionRow,
  type OptionTable,
  readCommandLine,
} from "../options/index.js";
import { TOOL_NAME } from "../version.js";
import type { CliIo } from "./io.js";

// The shape every subcommand of the CLI takes. Its options are rows of the option table (its own
// table, often taking the run's rows: src/options/row.ts), and main (./main.ts) reads the command
// line through them once, with the one reader every command shares (src/options/argv.ts), before
// `run`; `--help` prints `usage`. A command writes its own output to `io` (./io.ts) and returns the
// process exit code: 0 success, 1 a negative verdict (not conformant, record refused), 2 could not run.
export interface Command<T extends OptionTable = OptionTable> {
  /** One line for the command list in `--help`. */
  summary: string;
  /** The full usage text, printed by `canon-conformance help NAME` and `NAME --help`. */
  usage: string;
  /** Its flags and whether it takes arguments besides them. */
  options: CommandOptions<T>;
  run(line: CommandLine<T>, io: CliIo): Promise<number>;
}

/** A usage error: the command line was wrong. The CLI prints its message and where the usage is, exit 2. */
export class UsageError extends CanonError {
  override name = "UsageError";
}

/**
 * The option lines of a usage: each row's label at two spaces in, its help from `column` on, one
 * line each; a label too wide for the gap gets a line of its own, and a row without help is left out.
 */
export function optionLines(rows: Iterable<OptionRow<unknown>>, column: number): string[] {
  const lines: string[] = [];
  const indent = " ".repeat(column);
  for (const row of rows) {
    if (!row.cli || row.cli.help.length === 0) continue;
    const { label, help } = row.cli;
    const [first = "", ...more] = help;
    if (first === "") lines.push(`  ${label}`);
    else if (label.length <= column - 3) lines.push(`  ${label.padEnd(column - 3)} ${first}`);
    else lines.push(`  ${label}`, `${indent}${first}`);
    for (const line of more) lines.push(`${indent}${line}`);
  }
  return lines;
}

/**
 * Runs `command` (named `name`) with the arguments after its name: the command line read through its
 * options by the one reader (src/options/argv.ts), `--help` answered with its usage, and a command
 * line it cannot take refused in one line, with where the usage is: exit 2. What main does for every
 * command; a test or a bundle of one command does the same through here.
 */
export async function runFromArgv(
  name: string,
  command: Command,
  argv: readonly string[],
  io: CliIo,
): Promise<number> {
  try {
    const line = readCommandLine(argv, command.options);
    if (line.help) {
      io.stdout.write(command.usage.endsWith("\n") ? command.usage : `${command.usage}\n`);
      return 0;
    }
    return await command.run(line, io);
  } catch (error) {
    // A bad command line, or an option refused after its flags were read (the expected-failures
    // list, read by the run's plan): one line that says what is wrong, and where the usage is.
    if (error instanceof UsageError || error instanceof OptionError) {
      io.stderr.write(
        `${TOOL_NAME} ${name}: ${error.message}\nRun '${TOOL_NAME} ${name} --help' for its options.\n`,
      );
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`${TOOL_NAME} ${name}: ${message}\n`);
    return 2;
  }
}
