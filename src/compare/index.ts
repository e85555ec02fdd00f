// A differential run of two implementations (issue 7, item 2): `--compare-command`.

export { compareImplementations } from "./compare.js";
export { corpusInputCount, corpusInputs } from "./corpus-inputs.js";
export { formatCompare } from "./format.js";
export { noisyJson, spellCodePoint, spellNumber } from "./generated.js";
export { compareMarkdown, MARKDOWN_DETAIL_MAX } from "./markdown.js";
export { shrinkInput } from "./shrink-input.js";
export { structureOf } from "./structure.js";
export type { CompareReport } from "./types.js";
