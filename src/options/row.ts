// The shape of an option, for every face and every command: a row says how the CLI spells it and
// helps with it, how the action names it, what it defaults to, and how its text is read. The run's
// table (./table.ts) is made of these rows, and so is each CLI command's own table (src/commands/),
// often by taking the run's row and giving it that command's help; one reader (./read.ts, and
// ./argv.ts for a command line) reads them all, so an option refused by one command is refused in
// the same words by every command and by the action that has it.

/** What a parser knows besides the text: how its face names the option, and where paths start. */
export interface ParseContext {
  /** The option as the subject of its own error: `--numbers` (CLI) or `numbers` (action). */
  subject: string;
  /** Relative paths are taken from here: the current directory (CLI) or the workspace (action). */
  base: string;
  /** How a message names `base`. */
  relativeTo: string;
}

/** The groups of `run --help`. */
export type CliSection = "implementation" | "corpus" | "sandbox" | "gate" | "run";

export interface CliFlag {
  type: "string" | "boolean";
  /** The flag may be given more than once; the CLI joins its values with line breaks. */
  multiple?: boolean;
  /** Other spellings the command line accepts (the first one given wins). */
  aliases?: readonly string[];
  /** The spelling this tool writes in a command it prints (default: the row's name). */
  written?: string;
  short?: string;
  /** Its group in `run --help`; the other commands list their few flags in one group. */
  section?: CliSection;
  /** The left column of `--help`: the flag and its value's shape. */
  label: string;
  /** The right column, one string per line (`[""]`: the label alone); none keeps the flag out of
   * the help (a flag the prose above the list explains, or `--help` itself). */
  help: readonly string[];
}

export interface OptionRow<T> {
  /** The action input's name, and the CLI flag's without its dashes. */
  name: string;
  /** The default as action.yml states it; an option given as empty text takes it (an action input
   * cannot be told apart from one not given). A CLI-only row may have none: not given, its value is
   * undefined and its parser is not asked; given, even as empty text, its text is read as given
   * (so `--pubkey ""`, a job output that came out empty, is refused rather than taken for none). */
  default?: string;
  /** The CLI flag, when a command has one. */
  cli?: CliFlag;
  /** action.yml's description of the input, when the action has one. */
  input?: string;
  parse(text: string, context: ParseContext): T;
  /** A number's least and greatest values, for the rows that read one (the tests walk them). */
  bounds?: { min: number; max: number };
  /** The text `parse` reads back as `value` (default: lists joined with commas, empty for none). */
  write?(value: T): string;
}

/** A row with a default: every row of the run's table, and a command's flag that has one. */
export type DefaultedRow<T> = OptionRow<T> & { default: string };

export const row = <T>(r: DefaultedRow<T>): DefaultedRow<T> => r;

/** A CLI-only row without a default: its value is undefined when the flag is not given. */
export const optionalRow = <T>(r: Omit<OptionRow<T>, "default">): OptionRow<T | undefined> => r;

/** A command's options by name: the run's table, or one command's. */
export type OptionTable = Readonly<Record<string, OptionRow<unknown>>>;

/** What option `name` of `table` reads as. */
export type TableValue<T extends OptionTable, K extends keyof T> = ReturnType<T[K]["parse"]>;

/** The text most values are written back as: a list joined with commas, nothing as empty text. */
export function writtenText(value: unknown): string {
  if (value === undefined || value === null) return "";
  return Array.isArray(value) ? value.join(",") : String(value);
}

/** A row of the run's table as another command's flag: the same name, parser and bounds (so the
 * same text is refused in the same words), with that command's spelling and help, and its default
 * when the flag's differs from the input's (`aggregate --require-conformant` is off unless given). */
export function asFlag<T>(shared: DefaultedRow<T>, cli: CliFlag, defaultText?: string): DefaultedRow<T> {
  const { input: _input, cli: _cli, ...rest } = shared;
  return { ...rest, default: defaultText ?? shared.default, cli };
}
