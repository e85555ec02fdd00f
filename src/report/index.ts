// The reporters: each turns a run's view (src/view: made once, after the record is sealed) into text
// for one reader, deciding nothing again, and writeReports puts them beside the record for both faces. Nothing here imports @actions/*: the
// action hands these strings to @actions/core itself.

export {
  failureAnnotations,
  GITHUB_ANNOTATIONS_PER_STEP,
  gateAnnotations,
} from "./annotations.js";
export { BADGE_LABEL, badgeJson, badgeSvg } from "./badge.js";
export {
  createProgressReporter,
  formatProgress,
  formatVerdict,
  type VerdictSection,
  verdictSections,
} from "./console.js";
export { toJUnitXml } from "./junit.js";
export {
  GITHUB_SUMMARY_LIMIT,
  MIN_SUMMARY_BYTES,
  SUMMARY_MARGIN,
  toMarkdownSummary,
} from "./markdown.js";
export { batchPlanText } from "./protocol.js";
export { runSummaryMarkdown } from "./summary.js";
export {
  ReportWriteError,
  writeReports,
} from "./write.js";
