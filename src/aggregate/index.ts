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
  parseSweptCase,
  type SweptCase,
  showRange,
  sweepCoverage,
  sweepCoverages,
} from "./coverage.js";
export { InputError, RECORD_FILE, readRecordFile, recordFiles } from "./inputs.js";
export { type AggregateMarkdownOptions, aggregateMarkdown } from "./markdown.js";
export * from "./types.js";
export { type AggregateFiles, loadAndAggregate, writeAggregate } from "./write.js";
