// The job summary of a run as the action shows it and summary.md keeps it: the run's view, then the
// differential run's (it is not in the record: seed 003 fixes the record's members). The run's view is
// trimmed to leave the differential section room within GitHub's limit (that section caps itself).
import {
  GITHUB_SUMMARY_LIMIT,
  MIN_SUMMARY_BYTES,
  type RecordPlace,
  SUMMARY_MARGIN,
  toMarkdownSummary,
} from "./markdown.js";
import type { ReportInput } from "./types.js";

/** `compareSection` is the differential run's Markdown (src/compare's compareMarkdown), if there was one;
 * `recordAt` says where the reader finds the record (markdown.ts). */
export function runSummaryMarkdown(
  input: ReportInput,
  compareSection?: string,
  recordAt: RecordPlace = "artifact",
): string {
  const compare = compareSection === undefined ? "" : `\n${compareSection}`;
  const maxBytes = Math.max(
    MIN_SUMMARY_BYTES,
    GITHUB_SUMMARY_LIMIT - SUMMARY_MARGIN - Buffer.byteLength(compare, "utf8"),
  );
  // The summary is read beside a downloaded record.json, so its verify command names that file.
  const run = toMarkdownSummary({ ...input, recordPath: "record.json" }, { maxBytes, recordAt });
  return `${run}${compare}`;
}
