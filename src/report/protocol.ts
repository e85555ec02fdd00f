// The protocol a run spoke to the implementation in, as every report states it (docs/protocol.md):
// once, lines or http, and in lines mode which stored cases went in their lines form (or were not
// run). The record cannot say it (seed 003 fixes its members), so results.json, the console, the job
// summary and report.html do.
import type { BatchesUsed, ProtocolUsed } from "../view/protocol.js";

const HOW: Record<ProtocolUsed["name"], string> = {
  once: "a process per request, the input on stdin",
  lines: "one process, a line per request",
  http: "a POST per request",
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** `lines (one process, a line per request; 8 stored cases sent in their lines form)`: one line. */
export function protocolLine(protocol: ProtocolUsed): string {
  const notes = [HOW[protocol.name]];
  const forms = protocol.linesForms?.length ?? 0;
  if (forms === 1) notes.push("1 stored case sent in its lines form");
  if (forms > 1) notes.push(`${forms} stored cases sent in their lines form`);
  const notRun = protocol.notRun?.length ?? 0;
  if (notRun > 0) notes.push(`${plural(notRun, "case", "cases")} lines mode cannot carry, not run`);
  if (protocol.batches) notes.push(batchesText(protocol.batches));
  return `${protocol.name} (${notes.join("; ")})`;
}

/** `307 processes planned, 314 started; 1990 inputs in 9 batches, 1985 confirmed (24 of them asked
 * alone again agreed, sample seed 0123456789abcdef)`, or why not. */
export function batchesText(b: BatchesUsed): string {
  const processes = `${plural(b.planned, "process", "processes")} planned, ${b.started} started`;
  if (b.off !== undefined) return `${processes}; batches off, every request alone: ${b.off}`;
  if (b.batches === 0) return `${processes}; no input to batch`;
  const sample =
    b.sampled === undefined
      ? ""
      : ` (${b.sampled} of them asked alone again agreed, sample seed ${b.sampleSeed})`;
  const batched = `${processes}; ${plural(b.inputs, "input", "inputs")} in ${plural(b.batches, "batch", "batches")}, ${b.confirmed} confirmed${sample}`;
  if (b.sliced === undefined) return batched;
  if (b.slicesOff !== undefined)
    return `${batched}, ${b.sliced} wrong (not used for generated draws: ${b.slicesOff})`;
  return `${batched}, ${b.sliced} wrong (their place in the answer stands in for generated draws)`;
}

/** What once mode's batches plan, said before the first of them starts (the CLI's stderr, the
 * action's log); said again if the sentinels turn them off. */
export function batchPlanText(plan: Omit<BatchesUsed, "started" | "confirmed">): string {
  if (plan.off !== undefined) {
    return `once mode: batches off, every request alone: ${plan.off}; ${plural(plan.planned, "process", "processes")} planned`;
  }
  if (plan.batches === 0)
    return `once mode: ${plural(plan.planned, "process", "processes")} planned, a process per request`;
  return (
    `once mode: ${plural(plan.planned, "process", "processes")} planned: ` +
    `${plural(plan.inputs, "input", "inputs")} in ${plural(plan.batches, "batch", "batches")} (docs/protocol.md, Batches), ` +
    "the rest a process per request (--once-batch off: every request alone)"
  );
}
