// A run ended by a signal: SIGINT (Ctrl-C, or the runner cancelling a step) or SIGTERM (the runner's
// cancel and `timeout-minutes`, a container stopping). Each face says how it ended and what was kept
// (the action a job summary and a log line, the CLI a line on stderr), then the process exits with the
// status a shell reports for the signal (128 + its number: 130, 143) within a short deadline.
//
// What ends the command under test's processes is src/adapters/process-group.ts: its own listener on
// the same signals kills every process group the run started (and the sandbox's leftovers) at once.
// What was kept: a run writes its files only after every case is judged, each through a private name
// renamed over its own (src/out-folder.ts), so a file with its own name is complete; a signal
// before the write stage leaves no record at all, and the line says so.
import { readdirSync } from "node:fs";
import { CanonError } from "../errors.js";
import type { Progress } from "../types.js";

/** What a face knows of its run when a signal comes: updated as the run goes. */
export interface RunSoFar {
  /** The last progress the run reported. */
  progress?: Progress;
  /** The output folder, once it is known. */
  outDir?: string;
  /** Set when a signal ended the run: the face's own error path then writes nothing more. */
  interruptedBy?: NodeJS.Signals;
}

/** The exit status a shell reports for a process the signal ended: 130 for SIGINT, 143 for SIGTERM. */
export function signalStatus(signal: NodeJS.Signals): number {
  return signal === "SIGINT" ? 130 : signal === "SIGTERM" ? 143 : 1;
}

/** How long a face's own words may take before the process exits anyway. */
export const INTERRUPT_DEADLINE_MS = 1500;

/** The files a run writes, in the order it writes them (src/report/write.ts): record.json first. */
const RUN_FILES = [
  "record.json",
  "results.json",
  "junit.xml",
  "report.html",
  "summary.md",
  "badge.svg",
  "badge.json",
  "compare.json",
];

/** The run's files present, whole, in `outDir` (none when it cannot be read). */
export function filesKept(outDir: string | undefined): string[] {
  if (outDir === undefined) return [];
  try {
    const present = new Set(readdirSync(outDir));
    return RUN_FILES.filter((name) => present.has(name));
  } catch {
    return [];
  }
}

/** How far the run had got: `after 120 of 592 cases`, or nothing when no case had started. */
function howFar(progress: Progress | undefined): string {
  if (progress === undefined) return "before the first case";
  return `after ${progress.done} of ${progress.total} cases`;
}

/** What a signal ended, in one sentence: how, how far, and what was kept. */
export interface InterruptedRun {
  signal: NodeJS.Signals;
  /** `cancelled by SIGTERM after 120 of 592 cases` */
  how: string;
  /** The run's files that stay (complete), in `outDir`. */
  kept: string[];
  outDir?: string;
}

export function interruptedRun(signal: NodeJS.Signals, soFar: RunSoFar): InterruptedRun {
  const kept = filesKept(soFar.outDir);
  return {
    signal,
    how: `cancelled by ${signal} ${howFar(soFar.progress)}`,
    kept,
    ...(soFar.outDir !== undefined ? { outDir: soFar.outDir } : {}),
  };
}

/** What stays, in one sentence: the record written before the signal, named, or that there is none. */
export function keptText(run: InterruptedRun): string {
  if (!run.kept.includes("record.json"))
    return "no record was signed or written (a record is made once every case is judged), and nothing in the output folder looks complete";
  return `written before the signal and kept: ${run.kept.join(", ")} in ${run.outDir}`;
}

/**
 * Calls `say` once when SIGINT or SIGTERM comes, then exits with the signal's status, after `say`
 * ends or INTERRUPT_DEADLINE_MS, whichever is first. `soFar.interruptedBy` is set before `say` runs.
 * Returns the function that removes the listeners (the run ended on its own).
 */
/** The signal that ended this process's run, once one came (set by onInterrupt's listener). */
let signalled: NodeJS.Signals | undefined;

/** A run a signal ended seals nothing: the cases it broke would read as the implementation's failures. */
export class RunInterruptedError extends CanonError {
  override name = "RunInterruptedError";
}

/** Throws RunInterruptedError once a signal came: the pipeline asks before it seals a record. */
export function throwIfInterrupted(): void {
  if (signalled !== undefined)
    throw new RunInterruptedError(`the run was cancelled by ${signalled}: nothing is sealed`);
}

export function onInterrupt(
  soFar: RunSoFar,
  say: (signal: NodeJS.Signals) => void | Promise<void>,
): () => void {
  const listener = (signal: NodeJS.Signals) => {
    if (soFar.interruptedBy !== undefined) return;
    soFar.interruptedBy = signal;
    signalled = signal;
    const status = signalStatus(signal);
    setTimeout(() => process.exit(status), INTERRUPT_DEADLINE_MS).unref();
    // What the killed processes break from now on (a spawn refused, a pipe closed, in a callback no
    // one awaits) is the signal's doing: it must not end the process first, with another status.
    process.on("uncaughtException", () => {});
    process.on("unhandledRejection", () => {});
    Promise.resolve()
      .then(() => say(signal))
      .catch(() => {})
      .finally(() => process.exit(status));
  };
  process.on("SIGINT", listener);
  process.on("SIGTERM", listener);
  return () => {
    process.removeListener("SIGINT", listener);
    process.removeListener("SIGTERM", listener);
  };
}
