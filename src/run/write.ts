// The run's last step: the report stage, the same for both faces (src/report/write.ts: the record
// first, then the rest), the differential run's files once it has ended, and the run's outcome.
import { compareMarkdown } from "../compare/index.js";
import { writeReports } from "../report/write.js";
import type { CaseResult } from "../types.js";
import type { Judged } from "./judge.js";
import type { RunPlan } from "./plan.js";
import type { Sealed } from "./seal.js";
import type { RunOutcome } from "./types.js";

const FILES = ["record", "results", "junit", "html", "compare", "summary", "badgeSvg", "badgeJson"] as const;

export async function writeRun(
  plan: RunPlan,
  results: CaseResult[],
  judged: Judged,
  sealed: Sealed,
): Promise<RunOutcome> {
  const { comparing } = judged;
  const files: RunOutcome["files"] = {};
  let summaryMarkdown: string | undefined;
  if (plan.out) {
    const written = await writeReports(
      plan.out,
      {
        record: sealed.record,
        recordBytes: sealed.bytes,
        results,
        elapsedMs: sealed.elapsedMs,
        ...(sealed.gate ? { gate: sealed.gate } : {}),
        ...(sealed.rerun ? { rerun: sealed.rerun } : {}),
        tool: plan.tool,
        protocol: judged.protocol,
        ...(comparing
          ? {
              compare: comparing.then((c) =>
                c.ok ? { report: c.value, markdown: compareMarkdown(c.value) } : undefined,
              ),
            }
          : {}),
      },
      plan.options.reports,
    );
    ({ summaryMarkdown } = written);
    for (const key of FILES) if (written[key] !== undefined) files[key] = written[key];
  }
  const compared = await comparing;
  if (compared && !compared.ok) throw compared.error;
  const compare = compared?.value;
  return {
    record: sealed.record,
    recordBytes: sealed.bytes,
    results,
    files,
    elapsedMs: sealed.elapsedMs,
    sandbox: judged.sandbox,
    protocol: judged.protocol,
    ...(sealed.rerun ? { rerun: sealed.rerun } : {}),
    ...(compare ? { compare } : {}),
    ...(sealed.gate ? { gate: sealed.gate } : {}),
    ...(summaryMarkdown !== undefined ? { summaryMarkdown } : {}),
  };
}
