// The options of every command and of the action, read one way for every caller: the rows (their
// shape, the run's table, the parsers and bounds), the rules that join options, the one reader of
// a face's texts and of a command line, and the checks of the two paths a run depends on.

export {
  type CommandLine,
  type CommandOptions,
  readCommandLine,
  secretValueNote,
} from "./argv.js";
export * from "./defaults.js";
export { OptionError } from "./errors.js";
export { nearestName, shownText } from "./names.js";
export {
  parseChoice,
  parseCount,
  parsePublicKey,
  parseSeed,
  parseShard,
} from "./parse.js";
export { checkDirectory, checkOutDir } from "./paths.js";
export {
  actionFace,
  cliFace,
  type Face,
  type RunSettings,
  type RunValues,
  readOption,
  readRunOptions,
  runSettings,
} from "./read.js";
export {
  asFlag,
  type CliSection,
  type OptionRow,
  type OptionTable,
  optionalRow,
  row,
} from "./row.js";
export {
  type ExpectedFailuresFile,
  flag,
  type GivenFile,
  OPTIONS,
  type OptionName,
  type Options,
  ROWS,
} from "./table.js";
