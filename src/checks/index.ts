// The checks: one registry row per case kind (./registry.ts), each turning an implementation's answers
// into a CaseResult a person can read, by the kind's rule (./rules.ts). `runCases` judges a corpus.
export {
  CHECK_IDS,
  CHECK_TITLES,
  type CheckId,
  checkFor,
  checkIdOf,
  gotFormOf,
  kindOfCheck,
} from "./registry.js";
export { runCases } from "./run-cases.js";
export { INPUT_LIMIT, SHOW_LIMIT, showAnswer, showBytes, showText } from "./show.js";
