// The protocol a run spoke to the implementation in, as the run found it and every report states it
// (docs/protocol.md): once, lines or http, and in lines mode which stored cases went in their lines
// form and in what bytes (or were not run), and how often the command ended mid-run and was started
// again. The record cannot say it (seed 003 fixes its members), so the view carries it to
// results.json, the console, the job summary, report.html and junit.xml (src/report/protocol.ts words
// it).

/** How the implementation was reached, and what lines mode changed. */
export interface ProtocolUsed {
  name: "once" | "lines" | "http";
  /** Lines mode: the stored cases sent in their lines form instead of their input, by name. */
  linesForms?: string[];
  /** Lines mode: the same cases with the form each was sent in, as a report shows bytes
   * (src/checks/show.ts showBytes), when there are any. */
  linesFormsSent?: LinesFormSent[];
  /** Lines mode: the cases lines mode could not carry, judged failed and not sent, by name. */
  notRun?: string[];
  /** Once mode with batches (docs/protocol.md, Batches): what was planned and done. */
  batches?: BatchesUsed;
  /** Lines mode: the command ended mid-run and was started again, when it was. */
  restarts?: RestartsUsed;
}

/** A stored case sent in its lines form: its name, and the form's bytes as shown. */
export interface LinesFormSent {
  case: string;
  sent: string;
}

/** How a process ended: its exit code (null when none was seen) or the signal that ended it. */
export type ExitStatus = { code: number | null } | { signal: string };

/** A lines-mode command that ended mid-run (docs/protocol.md, "A process that ends mid-run"): how
 * often it was started again, how the last process to end ended, and the first crash in full. */
export interface RestartsUsed {
  count: number;
  lastExit: ExitStatus;
  firstCrash: CrashUsed;
}

/** A process's end: how it ended, the request it owed an answer (a case's, by name, or the harness's
 * own: a sync request, or the setup probe), and the first line of its stderr (untrusted, bounded). */
export type CrashUsed = { exit: ExitStatus; stderr: string } & (
  | { case: string }
  | { request: "sync request" | "setup probe" }
);

/** Once mode's batches in a run: processes planned before the first one started, and started in
 * all; inputs sent in batches, the batches, the inputs confirmed; why batching was off, if it was. */
export interface BatchesUsed {
  planned: number;
  started: number;
  inputs: number;
  batches: number;
  confirmed: number;
  off?: string;
  /** Confirmed inputs asked alone again (the sample rule, src/batch/sample.ts), and the seed that
   * chose them: `--once-batch-seed` replays the same sample. */
  sampled?: number;
  sampleSeed?: string;
  /** Inputs a batch answered wrongly in their place, whose slices stand in for generated draws. */
  sliced?: number;
  /** Why those slices were not used (a probe asked alone disagreed with its slice). */
  slicesOff?: string;
}
