import { type ParseArgsConfig, parseArgs } from "node:util";
import { CanonError } from "../errors.js";
import type { CliIo } from "./io.js";

// The shape every subcommand of the CLI takes. A command writes its own output to `io` (./io.ts) and
// returns the process exit code: 0 success, 1 a negative verdict (not conformant, record refused), 2
// could not run.
export interface Command {
  /** One line for the command list in `--help`. */
  summary: string;
  /** The full usage text, printed by `canon-conformance help NAME` and on bad options. */
  usage: string;
  run(argv: string[], io: CliIo): Promise<number>;
}

/** A usage error: the command line was wrong. The CLI prints the message and the usage, exit 2. */
export class UsageError extends CanonError {
  override name = "UsageError";
}

/** node:util's parseArgs, its errors (an unknown option, a missing value) turned into UsageError, so
 * that every command reports a bad command line the same way: the message, the usage, exit 2. */
export function parseCommandArgs<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}
