// `canon-conformance aggregate`: many implementations' records, one view (issue 7).

export { aggregateRecords } from "./aggregate.js";
export { comparableAnswer } from "./answers.js";
export { aggregateBadgeJson, aggregateBadgeSvg } from "./badge.js";
export { aggregateConsole } from "./console.js";
export {
  sweepCoverage,
  sweepCoverages,
} from "./coverage.js";
export { aggregateForAction } from "./for-action.js";
export { InputError } from "./inputs.js";
export { aggregateMarkdown } from "./markdown.js";
export { suiteShape } from "./shards.js";
export * from "./types.js";
export { loadAndAggregate, writeAggregate } from "./write.js";
