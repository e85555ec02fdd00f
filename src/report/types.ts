import type { Gate } from "../expected/index.js";
import type { CaseResult, ConformResult } from "../types.js";
import type { ProtocolUsed } from "./protocol.js";
import type { RerunCommand } from "./rerun-command.js";

/** Where the reader finds report.html: a file on this machine, or inside the artifact of that name. */
export type ReportPlace = { path: string } | { artifact: string };

/** What every reporter reads: the signed record of one run and the judged cases behind it. */
export interface ReportInput {
  /** The signed record of the run. */
  record: ConformResult;
  /** The judged cases in corpus order; `record.cases[i]` is `results[i]` as the record names it. */
  results: CaseResult[];
  /** Where record.json was written, for the "verify it" line. */
  recordPath?: string;
  /** How long the run took, when the caller measured it. */
  elapsedMs?: number;
  /** The step's gate by an expected-failures list, when one was given (src/expected). */
  gate?: Gate;
  /** The command that re-runs the failed cases locally (rerun-command.ts), when some failed. */
  rerun?: RerunCommand;
  /** How the implementation was spoken to (protocol.ts), when the caller knows. */
  protocol?: ProtocolUsed;
  /** Where report.html is, for the line that points a person to it (the console's). */
  reportAt?: ReportPlace;
  /** How the commands a report prints start the tool (install-form.ts toolCommand): from the action's
   * own repository and ref in the action; from this tool's home when absent. */
  tool?: string;
}
