// The run's third step: the record built from the judged cases and signed (seed 003), and what the
// faces add beside it but never in it: the step's gate by the expected-failures list, and the command
// that re-runs the failed cases.
import { join } from "node:path";
import { decideGate, type Gate } from "../expected/index.js";
import { DEFAULT_GENERATED_RUNS, DEFAULT_SEED } from "../options/defaults.js";
import { buildRecord, recordCases, recordSuite } from "../record/build.js";
import { recordBytes, signRecord } from "../record/sign.js";
import { rerunCommand } from "../report/rerun-command.js";
import type { SuiteProtocol } from "../text-forms/index.js";
import type { CaseResult, ConformResult } from "../types.js";
import { TOOL_NAME, TOOL_VERSION } from "../version.js";
import type { RerunCommand } from "../view/index.js";
import type { RunPlan } from "./plan.js";
import type { RunOptions } from "./types.js";

export interface Sealed {
  record: ConformResult;
  /** The record exactly as written: its RFC 8785 form. */
  bytes: Uint8Array;
  gate?: Gate;
  rerun?: RerunCommand;
  elapsedMs: number;
}

/** The record's `suite`: the profile, the suites that ran, and what the generated suites were asked
 * for, e.g. `rfc8785:jcs,reject,numbers,generated numbers=100000 generated=250 seed=1` (recordSuite). */
export function suiteLabel(
  options: Pick<RunOptions, "profile" | "suites" | "numbers"> &
    Partial<Pick<RunOptions, "seed" | "generatedRuns" | "shard" | "cases">>,
  protocol?: SuiteProtocol,
): string {
  return recordSuite(options.profile, options.suites, {
    ...(protocol ? { protocol } : {}),
    numbers: options.numbers,
    generated: options.generatedRuns ?? DEFAULT_GENERATED_RUNS,
    ...(options.shard ? { shard: options.shard } : {}),
    seed: options.seed ?? DEFAULT_SEED,
    ...(options.cases ? { cases: options.cases } : {}),
  });
}

export function sealRun(plan: RunPlan, results: CaseResult[]): Sealed {
  const { options, corpus, implementation } = plan;
  const unsigned = buildRecord({
    // The protocol the implementation was spoken to in; none for one in the harness's own process.
    suite: suiteLabel(options, options.implementation ? undefined : plan.transport.write),
    standard: corpus.version,
    toolchain: { name: TOOL_NAME, version: TOOL_VERSION },
    corpus: { dir: corpus.dir, files: corpus.files.length, digest: corpus.digest },
    implementation: {
      adapter: implementation.adapter,
      impl: implementation.impl,
      name: options.implementationName,
      version: options.implementationVersion,
      files: implementation.files,
    },
    startedAt: new Date(plan.started),
    cases: recordCases(results),
    key: options.key.kind,
  });
  const record = signRecord(unsigned, options.key);
  // The step's gate by the list; the record above is signed as the cases happened.
  const gate = plan.expectedFailures
    ? decideGate(results, plan.expectedFailures, options.allowFixedExpectedFailures ?? false)
    : undefined;
  const rerun = rerunCommand(
    { ...options, workingDirectory: plan.workingDirectory },
    results,
    plan.cwd,
    plan.tool,
    {
      ...(gate && !gate.pass ? { failingTheStep: gate.unexpected } : {}),
      // Where the reader has results.json: the artifact they unzipped, or this machine's folder.
      ...(plan.out
        ? {
            resultsFile:
              options.reports?.summaryRecordAt === "artifact"
                ? "results.json"
                : join(plan.out.path, "results.json"),
          }
        : {}),
    },
  );
  return {
    record,
    bytes: recordBytes(record),
    ...(gate ? { gate } : {}),
    ...(rerun ? { rerun } : {}),
    elapsedMs: Date.now() - plan.started,
  };
}
