// The protocol a run spoke to the implementation in, as every report states it (docs/protocol.md):
// once, lines or http, and in lines mode which stored cases went in their lines form and in what
// bytes (or were not run), and how often the command ended mid-run and was started again, with its
// first crash. The record cannot say it (seed 003 fixes its members), so results.json, the console,
// the job summary, report.html and junit.xml do, each with the texts written here.
import type {
  BatchesUsed,
  CrashUsed,
  ExitStatus,
  LinesFormSent,
  ProtocolUsed,
  RestartsUsed,
} from "../view/protocol.js";

const HOW: Record<ProtocolUsed["name"], string> = {
  once: "a process per request, the input on stdin",
  lines: "one process, a line per request",
  http: "a POST per request",
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** `lines (one process, a line per request; 8 stored cases sent in their lines form)`: one line. A
 * lines command started again is not "one process": `lines (a line per request, to a process
 * restarted 115 times: it ended mid-run; ...)`. */
export function protocolLine(protocol: ProtocolUsed): string {
  const notes = [protocol.restarts ? restartedHow(protocol.restarts) : HOW[protocol.name]];
  const forms = protocol.linesForms?.length ?? 0;
  if (forms === 1) notes.push("1 stored case sent in its lines form");
  if (forms > 1) notes.push(`${forms} stored cases sent in their lines form`);
  const notRun = protocol.notRun?.length ?? 0;
  if (notRun > 0) notes.push(`${plural(notRun, "case", "cases")} lines mode cannot carry, not run`);
  if (protocol.batches) notes.push(batchesText(protocol.batches));
  return `${protocol.name} (${notes.join("; ")})`;
}

function restartedHow(r: RestartsUsed): string {
  return `a line per request, to a process restarted ${plural(r.count, "time", "times")}: it ended mid-run`;
}

/** `exit code 2`, or `killed by signal SIGSEGV`: how a process ended, in the words of the exit rule
 * (src/adapters/exit-rule.ts). */
export function exitText(exit: ExitStatus): string {
  if ("signal" in exit) return `killed by signal ${exit.signal}`;
  return exit.code === null ? "no exit status seen" : `exit code ${exit.code}`;
}

/** `restarted 115 times (it ended mid-run); the last time: exit code 2`: one line. */
export function restartsLine(r: RestartsUsed): string {
  return `restarted ${plural(r.count, "time", "times")} (it ended mid-run); the last time: ${exitText(r.lastExit)}`;
}

/** How long the first line of a crash's stderr may be, shown (it is bounded when kept as well). */
const STDERR_SHOWN = 200;

/** `exit code 2 on jcs/arrays, stderr "panic: request 7"`: the first crash, its stderr as a JSON
 * string (quotes and backslashes escaped; a report shows the rest of it visibly), cut. */
export function firstCrashLine(crash: CrashUsed): string {
  const on = "case" in crash ? crash.case : `a ${crash.request} (no case's)`;
  const said = [...crash.stderr];
  const stderr =
    said.length === 0
      ? "nothing on stderr"
      : `stderr ${JSON.stringify(said.length > STDERR_SHOWN ? `${said.slice(0, STDERR_SHOWN).join("")}…` : crash.stderr)}`;
  return `${exitText(crash.exit)} on ${on}, ${stderr}`;
}

/** What a lines form's list says once: the original is what the other protocols send. */
export const LINES_FORMS_NOTE = "once mode tests each input as written";

/** `reject/raw-control-in-key sent as {"a\u0001b":1}` (the U+0001 raw): one stored case and the
 * lines form sent for it. */
export function linesFormLine(form: LinesFormSent): string {
  return `${form.case} sent as ${form.sent}`;
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
