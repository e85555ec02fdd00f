// The offline HTML pages: report.html for one run and the empty verifier page (docs/verify.html), and
// the page shell aggregate.html is drawn in (src/aggregate/html.ts). Each is one self-contained file;
// see docs/report-html.md.
export {
  BROWSER_SCRIPT,
  type ReportCase,
  reportHtml,
  verifyPageHtml,
} from "./page.js";
export { LIMITS } from "./view.js";
