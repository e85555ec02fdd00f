// The options of a run, read the same way by both faces: the table, its parsers and bounds, the rules
// that join options, and the checks of the two paths a run depends on.
export { assertRunOptions } from "./check.js";
export * from "./defaults.js";
export { OptionError } from "./errors.js";
export {
  parseBoolean,
  parseCount,
  parseProfile,
  parseProtocol,
  parseSeed,
  parseShard,
  parseSuites,
} from "./parse.js";
export { checkDirectory, checkOutDir, OUT_CHECK_TIMEOUT_MS } from "./paths.js";
export {
  actionFace,
  cliFace,
  type Face,
  type ReadRun,
  type RunSettings,
  readOption,
  readRunOptions,
} from "./read.js";
export { RULES } from "./rules.js";
export {
  type CliFlag,
  type CliSection,
  OPTIONS,
  type OptionName,
  type OptionRow,
  type OptionValue,
  type ParseContext,
  ROWS,
} from "./table.js";
