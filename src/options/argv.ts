// The CLI's command line, read against a command's rows: `--name value`, `--name=value`, a boolean
// `--name`, `-h`, `--` before arguments that start with a dash, as node:util's parseArgs reads them;
// then every option through its row (./read.ts readRow), as the action reads its inputs. A command line
// this cannot read is refused in one line that says what to type instead: an unknown option with the
// flag of that command it misspells or shortens (./names.ts, the action's suggestion too), a flag
// without its value, a value given to a flag that takes none, an argument the command does not take.
// What someone typed is shown bounded and visible, and an argument that may be a key is described,
// never repeated; the value of an unknown option named like a secret (`--key`) is said to be one.
import { OptionError } from "./errors.js";
import { misspeltName, shortenedName, shownText } from "./names.js";
import { cliFace, type Face, type FlagValues, readRow } from "./read.js";
import { type DefaultedRow, type OptionRow, type OptionTable, row, type TableValue } from "./row.js";
import { flag } from "./table.js";

/** `--help` (`-h`) for a command whose usage does not list it: every command takes it. */
const HELP_FLAG: DefaultedRow<boolean> = row({
  name: "help",
  default: "false",
  cli: { type: "boolean", short: "h", label: "--help", help: [] },
  parse: flag,
});

/** A command's options, and what else its command line may hold. */
export interface CommandOptions<T extends OptionTable = OptionTable> {
  /** Its flags: the rows with a `cli` (a row without one is the action's only). */
  rows: T;
  /** It takes arguments besides its options (RECORD, NAME), and counts them itself. */
  operands?: boolean;
  /** Taking none, what a stray argument most likely was meant as: said after it. */
  stray?: string;
}

/** A command line read against a command's options. */
export interface CommandLine<T extends OptionTable = OptionTable> {
  /** The CLI face over the flags given, for the readers that take one (readRunOptions). */
  face: Face;
  /** The arguments that are not options, in order. */
  operands: string[];
  /** `--help` or `-h` was given: the command prints its usage and nothing else. */
  help: boolean;
  /** Option `name` through its row: its value, or its default's. Throws OptionError. */
  get<K extends keyof T & string>(name: K): TableValue<T, K>;
}

/** A value that starts with a dash (and is more than one) reads as an option, so it is not taken as
 * the value of the flag before it, as parseArgs does: it is given as `--flag=-value`. */
const optionLike = (arg: string) => arg.length > 1 && arg.startsWith("-");

/** An argument after a flag that reads as its value, not as another option. */
const isValue = (arg: string | undefined) => arg !== undefined && !optionLike(arg);

/** Said of the value given with an unknown option named like a secret (`--key`, `--secret`, `--token`):
 * it may be a secret, now in the shell's history and the process list, and is not repeated; `keyFile`,
 * the command reads a key from a file, and says how. */
export function secretValueNote(keyFile: boolean): string {
  const file = keyFile ? " (give a key in a file with --key-file)" : "";
  return `The value given with it may be a secret key, so it is not shown here; a command line stays in the shell's history and shows in the process list${file}, and replace a real key given this way.`;
}

/** An argument that may be key material (a long run of hex or base64, a PEM line) is not repeated. */
const mayBeKey = (arg: string) => /[0-9A-Za-z+/=]{32,}/.test(arg) || arg.includes("PRIVATE KEY");

/** An argument as a message shows it: bounded and visible, or only its length if it may be a key. */
function shownArgument(arg: string): string {
  return mayBeKey(arg)
    ? `of ${[...arg].length} characters (not shown, in case it is a secret key)`
    : `'${shownText(arg)}'`;
}

/**
 * Reads `argv` against `options`: each flag by its spellings, each value by its row, relative paths
 * from `cwd`. Throws OptionError for a command line it cannot read, before any option is parsed.
 */
export function readCommandLine<T extends OptionTable>(
  argv: readonly string[],
  options: CommandOptions<T>,
  cwd = process.cwd(),
): CommandLine<T> {
  const rows: OptionTable = { help: HELP_FLAG, ...options.rows };
  const long = new Map<string, OptionRow<unknown>>();
  const short = new Map<string, OptionRow<unknown>>();
  for (const r of Object.values(rows)) {
    if (!r.cli) continue;
    for (const spelling of [r.name, ...(r.cli.aliases ?? [])]) long.set(spelling, r);
    if (r.cli.short) short.set(r.cli.short, r);
  }
  const values: FlagValues = {};
  const operands: string[] = [];
  const set = (r: OptionRow<unknown>, spelling: string, value: string | boolean) => {
    if (r.cli?.multiple)
      values[spelling] = [...((values[spelling] as string[] | undefined) ?? []), String(value)];
    else values[spelling] = value;
  };
  // `valued`: a value came with it (`--key=V`, or an argument after it that is no option).
  const unknown = (typed: string, bare: string, valued = false) => {
    const names = [...long.keys()];
    const misspelt = misspeltName(bare, names);
    const near = misspelt ?? shortenedName(bare, names, (a, b) => long.get(a) === long.get(b));
    const said = `unknown option ${shownText(typed)}${near ? `; did you mean --${near}?` : ""}`;
    // Named like a secret, with a value, and no misspelling of a flag (whose value would be what that
    // flag takes, a file for --key-fle): what is said of that value, which is never repeated.
    if (!valued || misspelt !== undefined || !/key|secret|token|password/i.test(bare)) {
      return new OptionError(said);
    }
    return new OptionError(`${said}${near ? "" : "."} ${secretValueNote(long.has("key-file"))}`);
  };

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") {
      operands.push(...argv.slice(i + 1));
      break;
    }
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      const spelling = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
      const r = long.get(spelling);
      if (!r?.cli) throw unknown(`--${spelling}`, spelling, eq >= 0 || isValue(argv[i + 1]));
      if (r.cli.type === "boolean") {
        if (eq >= 0) throw new OptionError(`--${spelling} takes no value: give it alone`);
        set(r, spelling, true);
        continue;
      }
      if (eq >= 0) {
        set(r, spelling, arg.slice(eq + 1));
        continue;
      }
      const next = argv[i + 1];
      if (next === undefined || optionLike(next)) {
        const dash = next === undefined ? "" : `; a value that starts with - is given as --${spelling}=VALUE`;
        throw new OptionError(`--${spelling} needs a value (${r.cli.label})${dash}`);
      }
      set(r, spelling, next);
      i++;
      continue;
    }
    if (optionLike(arg)) {
      // `-h`, or a group of one-letter flags; else a long option typed with one dash, or a stray.
      const letters = [...arg.slice(1)];
      if (letters.every((l) => short.get(l)?.cli?.type === "boolean")) {
        for (const l of letters) set(short.get(l)!, short.get(l)!.name, true);
        continue;
      }
      const eq = arg.indexOf("=");
      const typed = eq < 0 ? arg : arg.slice(0, eq);
      throw unknown(typed, typed.slice(1), eq >= 0 || isValue(argv[i + 1]));
    }
    operands.push(arg);
  }
  if (!options.operands && operands.length > 0) {
    throw new OptionError(
      `unexpected argument ${shownArgument(operands[0]!)}${options.stray ? ` (${options.stray})` : ""}`,
    );
  }
  const face = cliFace(values, cwd, rows);
  return {
    face,
    operands,
    help: values.help === true,
    get: (name) => readRow(options.rows[name]!, face) as TableValue<T, typeof name>,
  };
}
