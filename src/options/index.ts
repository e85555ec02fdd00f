// The options of a run, read one way for every caller: the table, its parsers and bounds, the rules
// that join options, and the checks of the two paths a run depends on.
export * from "./defaults.js";
export { OptionError } from "./errors.js";
export { parseCount, parseProfile, parseSeed, parseShard } from "./parse.js";
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
export { type CliSection, type ExpectedFailuresFile, OPTIONS, type OptionName, ROWS } from "./table.js";
