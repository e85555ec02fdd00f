// The GitHub face: action inputs -> the same run as the CLI -> the job summary, annotations, the
// artifact, the step's outputs and its status. It speaks to the runner only through `core` (./core.ts:
// the part of @actions/core it uses, the upload, the step's environment); everything it runs is
// src/run/. Every error ends in core.setFailed with a message saying what to fix.
import { actionFace, readOption } from "../options/index.js";
import { interruptedRun, onInterrupt, type RunSoFar, signalStatus } from "../run/interrupt.js";
import { runAggregateMode } from "./aggregate-mode.js";
import type { ActionCore } from "./core.js";
import { failureMessage, isSetupError } from "./failure.js";
import { checkInputNames } from "./inputs.js";
import { takeSigningKey } from "./key.js";
import { runMode } from "./run-mode.js";
import { neutralise } from "./runner-commands.js";
import { runSignMode } from "./sign-mode.js";
import { writeFailureSummary, writeInterruptedSummary } from "./summary.js";

export async function run(core: ActionCore): Promise<void> {
  // A cancelled or timed-out step (SIGINT, SIGTERM) says how it ended too, then exits 130 or 143.
  const soFar: RunSoFar = {};
  const stopWatching = onInterrupt(soFar, (signal) =>
    writeInterruptedSummary(
      core,
      interruptedRun(signal, soFar),
      core.getInput("mode") || "run",
      signalStatus(signal),
    ),
  );
  try {
    const face = actionFace((name) => core.getInput(name), core.env.GITHUB_WORKSPACE || core.cwd);
    // The key is masked before anything else runs, so no later line of the log can show it.
    const keyText = takeSigningKey(core, face);
    // A misspelt `with:` key would otherwise be dropped with only the runner's warning.
    checkInputNames(core.env);
    const mode = readOption("mode", face);
    if (mode === "aggregate") await runAggregateMode(core, face);
    else if (mode === "sign") await runSignMode(core, face, keyText);
    else await runMode(core, face, keyText, soFar);
  } catch (error) {
    // The signal's own words are being written: what it broke adds nothing.
    if (soFar.interruptedBy !== undefined) return;
    const message = failureMessage(error);
    core.setFailed(neutralise(message));
    // The pull request's view says why too: every way a step ends writes its summary.
    await writeFailureSummary(core, message, core.getInput("mode"), isSetupError(error));
  } finally {
    if (soFar.interruptedBy === undefined) stopWatching();
  }
}
