// What the action's test files share: the implementations they run and how they read a run's result.
import assert from "node:assert/strict";
import { implCommand } from "../helpers/cli.js";
import type { ActionRun } from "./runner.js";

// The reference canonicalizer as a command (the tests' small bundle of the CLI's own commands), and a
// known-bad with a few failures; every suite, with sweeps shorter than a default run's.
export const CONFORMANT = {
  command: implCommand("canonicalize --lines"),
  protocol: "lines",
  numbers: "300",
  "generated-runs": "50",
};
export const KNOWN_BAD = {
  command: implCommand("known-bad sorts_by_code_point --lines"),
  protocol: "lines",
  numbers: "300",
  "generated-runs": "50",
};

export function errors(run: ActionRun) {
  return run.annotations.filter((a) => a.level === "error");
}

/** Fails with the action's own log, which is what explains a wrong exit code. */
export function assertExit(run: ActionRun, code: number): void {
  assert.equal(
    run.code,
    code,
    `exit ${run.code}, expected ${code}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`,
  );
}

/** The outputs only aggregate mode sets (badge-path and artifact-* are both modes'). */
export const AGGREGATE_OUTPUTS = [
  "implementations",
  "conformant-implementations",
  "refused",
  "disagreements",
  "incomplete-sweeps",
];
