// The run's last step: the differential run awaited, the run's view made once (src/view), and the
// report stage, the same for both faces (src/report/write.ts: the record first, then the rest).
import { reportFiles, writeBesideRecord, writeRecord } from "../report/write.js";
import type { CaseResult } from "../types.js";
import { runView } from "../view/index.js";
import type { Judged } from "./judge.js";
import type { RunPlan } from "./plan.js";
import type { Sealed } from "./seal.js";
import type { RunOutcome } from "./types.js";

export async function writeRun(
  plan: RunPlan,
  results: CaseResult[],
  judged: Judged,
  sealed: Sealed,
): Promise<RunOutcome> {
  const { comparing } = judged;
  // The signed record is on disk before the differential run is waited for: whatever it does, the
  // run's result is kept.
  const recordPath = plan.out ? await writeRecord(plan.out, sealed.bytes) : undefined;
  const compared = await comparing;
  const compare = compared?.ok ? compared.value : undefined;
  const choice = plan.options.reports ?? {};
  const view = runView({
    record: sealed.record,
    recordBytes: sealed.bytes,
    results,
    elapsedMs: sealed.elapsedMs,
    protocol: judged.protocol,
    tool: plan.tool,
    ...(sealed.gate ? { gate: sealed.gate } : {}),
    ...(sealed.rerun ? { rerun: sealed.rerun } : {}),
    ...(compare ? { compare } : {}),
    ...(plan.options.failOnNonconformant !== undefined
      ? { failOnNonconformant: plan.options.failOnNonconformant }
      : {}),
    files: plan.out ? reportFiles(plan.out.path, { ...(compare ? { compare } : {}) }, choice) : {},
  });
  let summaryMarkdown: string | undefined;
  if (plan.out && recordPath)
    ({ summaryMarkdown } = await writeBesideRecord(plan.out, view, choice, recordPath));
  if (compared && !compared.ok) throw compared.error;
  return {
    ...view,
    elapsedMs: sealed.elapsedMs,
    protocol: judged.protocol,
    files: view.files ?? {},
    sandbox: judged.sandbox,
    ...(summaryMarkdown !== undefined ? { summaryMarkdown } : {}),
  };
}
