// The options of a run, read the same way by both faces: the table, its parsers and bounds, the rules
// that join options, and the checks of the two paths a run depends on.
export { assertRunOptions } from "./check.js";
export * from "./defaults.js";
export { OptionError } from "./errors.js";
export { parseCount, parseProfile, parseSeed, parseShard } from "./parse.js";
export { checkDirectory, checkOutDir } from "./paths.js";
export { actionFace, cliFace, type Face, type RunSettings, readOption, readRunOptions } from "./read.js";
export { type CliSection, OPTIONS, type OptionName, ROWS } from "./table.js";
