// A run's view, made once after the record is sealed: every face and every report reads this value
// and decides nothing again. It holds what the sealed run states (the record, its cases, the gate by
// the expected-failures list, the re-run command, the protocol, the files written) and what follows
// from it: the step's verdict and why, the tally by suite, each failure with its case name, listed
// reason, difference and cause, and the failures grouped by cause, once. Pure: no Node built-ins, no
// process, no file; runView of the same facts is the same view.
//
// The reports (src/report: console, job summary, JUnit, annotations, results.json, report.html,
// badges) are formatting over it; the faces (src/commands/run.ts, src/action/run-mode.ts) render it,
// set their outputs and end with its step verdict.
import type { CompareReport } from "../compare/types.js";
import type { Gate } from "../expected/index.js";
import { recordCaseName } from "../text-forms/index.js";
import type { CaseResult, ConformResult } from "../types.js";
import { type FailureGroup, groupFailures } from "./causes.js";
import { differenceNote } from "./difference.js";
import type { ProtocolUsed } from "./protocol.js";
import { assertConsistent, type SuiteTally, tallyBySuite } from "./tally.js";

/** The files a run wrote into its output folder, by what they are (paths as the folder names them). */
export interface RunFiles {
  record?: string;
  results?: string;
  junit?: string;
  html?: string;
  compare?: string;
  summary?: string;
  badgeSvg?: string;
  badgeJson?: string;
}

/** The re-run of a run's failed cases, as the reports print it (made as the run is sealed:
 * src/report/rerun-command.ts). */
export interface RerunCommand {
  /** The command line, ready to paste into a POSIX shell. */
  command: string;
  /** How many failed cases it re-runs. */
  failed: number;
  /** Set when the failed cases were too many to name one by one: what the command chooses instead. */
  note?: string;
}

/** What a sealed run states: the view is made from this alone. */
export interface RunFacts {
  /** The signed record of the run. */
  record: ConformResult;
  /** The record exactly as signed and written (its RFC 8785 form). */
  recordBytes: Uint8Array;
  /** The judged cases in corpus order; `record.cases[i]` is `results[i]` as the record names it. */
  results: CaseResult[];
  /** How long the run took, when it was measured. */
  elapsedMs?: number;
  /** The step's gate by an expected-failures list, when one was given (src/expected). */
  gate?: Gate;
  /** The command that re-runs the failed cases locally, when some failed. */
  rerun?: RerunCommand;
  /** How the implementation was spoken to, when known. */
  protocol?: ProtocolUsed;
  /** How printed commands start this tool (src/report/install-form.ts toolCommand): the form the run
   * was started from; this tool's home when absent. */
  tool?: string;
  /** The differential run, when one was asked for and ended. */
  compare?: CompareReport;
  /** The files written (none without an output folder). */
  files?: RunFiles;
  /** The action's `fail-on-nonconformant`: false lets the step pass whatever the run found. True
   * when absent (the CLI's exit code always follows the run). */
  failOnNonconformant?: boolean;
}

/** Whether the step passes (the CLI's exit code, the action's status), and why. */
export interface StepVerdict {
  /** The step's status. */
  pass: boolean;
  /** What the run's own verdict follows: the expected-failures list's gate when one was given (the
   * record's verdict stays seed 003's beside it), else the record's verdict. */
  by: "gate" | "record";
  /** The run's own verdict by that rule. */
  runPasses: boolean;
  /** Disagreements the differential run found: each fails the step as a failed case does. */
  disagreements: number;
  /** The run or the comparison failed, and the step passes because fail-on-nonconformant is false. */
  excused: boolean;
  /** The run's own failure fails the step (not excused): its failures are errors, not warnings. */
  failsOnRun: boolean;
}

/** A failed case as every report shows it. */
export interface FailedCase {
  /** The case's one name, `suite/name` (recordCaseName). */
  name: string;
  result: CaseResult;
  /** The expected-failures entry that lists it: its reason and line. */
  listed?: { reason: string; line: number };
  /** With a list: not listed, so it fails the step. */
  unexpected: boolean;
  /** Where expected and got first differ, when the implementation gave an output to compare. */
  difference?: string;
  /** The group of `causes` it is under. */
  cause: FailureGroup;
}

/** One run, as every face and report reads it. */
export interface RunView extends RunFacts {
  step: StepVerdict;
  /** Per-suite counts, in the order a run takes the suites. */
  tally: SuiteTally[];
  /** The failed cases, in corpus order. */
  failures: FailedCase[];
  /** The failed cases grouped by cause, biggest first (src/causes/group.ts), titles shown visibly. */
  causes: FailureGroup[];
}

/** The view of a sealed run. Refuses facts whose record and results disagree. */
export function runView(facts: RunFacts): RunView {
  assertConsistent(facts);
  const { results, gate } = facts;
  const failed = results.filter((r) => !r.pass);
  // Grouped over every case: a policy (refusing every top-level scalar) holds only when no case of
  // the run, passing ones included, accepted one.
  const causes = groupFailures(results);
  const causeOf = new Map<string, FailureGroup>();
  for (const group of causes) for (const name of group.cases) causeOf.set(name, group);
  const listed = new Map((gate?.expected ?? []).map((e) => [e.name, { reason: e.reason, line: e.line }]));
  const unexpected = new Set(gate?.unexpected);
  const failures = failed.map((result): FailedCase => {
    const name = recordCaseName(result.suite, result.name);
    const difference = differenceNote(result);
    const reason = listed.get(name);
    return {
      name,
      result,
      ...(reason ? { listed: reason } : {}),
      unexpected: unexpected.has(name),
      ...(difference ? { difference } : {}),
      cause: causeOf.get(name)!,
    };
  });
  return { ...facts, step: stepVerdict(facts), tally: tallyBySuite(results), failures, causes };
}

/** The one rule of "did the step pass": the list's gate when given, else the record's verdict; a
 * disagreement of the differential run fails it too; fail-on-nonconformant false excuses both. */
function stepVerdict(facts: RunFacts): StepVerdict {
  const by = facts.gate ? "gate" : "record";
  const runPasses = facts.gate ? facts.gate.pass : facts.record.conformant;
  const disagreements = facts.compare?.disagreements.length ?? 0;
  const failOn = facts.failOnNonconformant ?? true;
  const clean = runPasses && disagreements === 0;
  return {
    pass: clean || !failOn,
    by,
    runPasses,
    disagreements,
    excused: !clean && !failOn,
    failsOnRun: !runPasses && failOn,
  };
}
