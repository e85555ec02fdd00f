// A differential run of two implementations (issue 7, item 2): `--compare-command`.
export { agreement, allowedChoice, disagreementKind, sameAnswer } from "./answers.js";
export { compareImplementations, DEFAULT_SHRINK_BUDGET, randomSeed } from "./compare.js";
export { type CorpusInputsOptions, corpusInputCount, corpusInputs } from "./corpus-inputs.js";
export { agreementText, choicesLine, compareHeadline, formatCompare } from "./format.js";
export { noisyJson, spellCodePoint, spellNumber } from "./generated.js";
export { compareMarkdown, MARKDOWN_DETAIL_MAX } from "./markdown.js";
export { shrinkInput } from "./shrink-input.js";
export { structureOf } from "./structure.js";
export type {
  Agreement,
  Choice,
  CompareInput,
  CompareOptions,
  CompareReport,
  Disagreement,
  DisagreementKind,
} from "./types.js";
