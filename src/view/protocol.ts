// The protocol a run spoke to the implementation in, as the run found it and every report states it
// (docs/protocol.md): once, lines or http, and in lines mode which stored cases went in their lines
// form (or were not run). The record cannot say it (seed 003 fixes its members), so the view carries
// it to results.json, the console, the job summary and report.html (src/report/protocol.ts words it).

/** How the implementation was reached, and what lines mode changed. */
export interface ProtocolUsed {
  name: "once" | "lines" | "http";
  /** Lines mode: the stored cases sent in their lines form instead of their input, by name. */
  linesForms?: string[];
  /** Lines mode: the cases lines mode could not carry, judged failed and not sent, by name. */
  notRun?: string[];
  /** Once mode with batches (docs/protocol.md, Batches): what was planned and done. */
  batches?: BatchesUsed;
}

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
