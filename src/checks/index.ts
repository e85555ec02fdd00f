// The checks: one module per expectation kind, each turning an implementation's answers into a
// CaseResult a person can read. `checkFor(kind)` picks the rule; `runCases` judges a whole corpus.
export { checkFor } from "./check-for.js";
export { CHECK_IDS, CHECK_TITLES, type CheckId, checkIdOf, isCheckId, kindOfCheck } from "./check-id.js";
export { type RunCasesOptions, runCases } from "./run-cases.js";
export { SHOW_LIMIT, showAnswer, showBytes, showText } from "./show.js";
