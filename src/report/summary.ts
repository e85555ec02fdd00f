// The job summary of a run as the action shows it and summary.md keeps it: the run's view, then the
// differential run's (it is not in the record: seed 003 fixes the record's members). The run's view is
// trimmed to leave the differential section room within GitHub's limit (that section caps itself).
import { compareMarkdown } from "../compare/markdown.js";
import type { RunView } from "../view/index.js";
import {
  GITHUB_SUMMARY_LIMIT,
  MIN_SUMMARY_BYTES,
  type RecordPlace,
  SUMMARY_MARGIN,
  toMarkdownSummary,
} from "./markdown.js";

/** `recordAt` says where the reader finds the record and the other files (markdown.ts). */
export function runSummaryMarkdown(view: RunView, recordAt: RecordPlace = "artifact"): string {
  const compare = view.compare === undefined ? "" : `\n${compareMarkdown(view.compare)}`;
  const maxBytes = Math.max(
    MIN_SUMMARY_BYTES,
    GITHUB_SUMMARY_LIMIT - SUMMARY_MARGIN - Buffer.byteLength(compare, "utf8"),
  );
  // The summary is read beside a downloaded record.json, so its verify command names that file.
  const named = { ...view, files: { ...view.files, record: "record.json" } };
  const run = toMarkdownSummary(named, { maxBytes, recordAt });
  return `${run}${compare}`;
}
