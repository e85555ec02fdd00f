// The offline HTML pages: report.html for one run, aggregate.html for many, and the empty verifier page
// (docs/verify.html). Each is one self-contained file; see docs/report-html.md.
export { AGGREGATE_LIMITS, type AggregateHtmlOptions, aggregateHtml, caseInputs } from "./aggregate.js";
export {
  BROWSER_SCRIPT,
  contentSecurityPolicy,
  type ReportCase,
  type ReportHtmlInput,
  reportHtml,
  verifyPageHtml,
} from "./page.js";
export { LIMITS } from "./view.js";
