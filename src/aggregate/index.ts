// `canon-conformance aggregate`: many implementations' records, one view (issue 7).

export {
  type AggregateOptions,
  aggregateRecords,
  implementationLabel,
  type RecordInputFile,
  suiteOfCase,
} from "./aggregate.js";
export { comparableAnswer } from "./answers.js";
export { aggregateBadgeJson, aggregateBadgeSvg } from "./badge.js";
export { aggregateConsole } from "./console.js";
export {
  isSweptCase,
  type SweepExpectation,
  showRange,
  sweepCoverage,
  sweepCoverages,
} from "./coverage.js";
export {
  type AggregateForActionOptions,
  type AggregateForActionResult,
  aggregateForAction,
} from "./for-action.js";
export { InputError, RECORD_FILE, readRecordFile, recordFiles } from "./inputs.js";
export { type AggregateMarkdownOptions, aggregateMarkdown } from "./markdown.js";
export { expectedSweeps, type SuiteShape, shardCoverage, shardLine, suiteShape } from "./shards.js";
export * from "./types.js";
export { type AggregateFiles, loadAndAggregate, writeAggregate } from "./write.js";
