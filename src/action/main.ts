// The GitHub face: action inputs -> the same run as the CLI -> the job summary, annotations, the
// artifact, the step's outputs and its status. Only src/action/ speaks to the runner (@actions/*);
// everything it runs is src/run.ts. Every error ends in core.setFailed with a message saying what to fix.
import * as core from "@actions/core";
import { actionFace, readOption } from "../options/index.js";
import { runAggregateMode } from "./aggregate-mode.js";
import { failureMessage, isSetupError } from "./failure.js";
import { checkInputNames } from "./inputs.js";
import { takeSigningKey } from "./key.js";
import { runMode } from "./run-mode.js";
import { neutralise } from "./runner-commands.js";
import { runSignMode } from "./sign-mode.js";
import { writeFailureSummary } from "./summary.js";

export async function run(): Promise<void> {
  try {
    const face = actionFace((name) => core.getInput(name), process.env.GITHUB_WORKSPACE || process.cwd());
    // The key is masked before anything else runs, so no later line of the log can show it.
    const keyText = takeSigningKey(face);
    // A misspelt `with:` key would otherwise be dropped with only the runner's warning.
    checkInputNames(process.env);
    const mode = readOption("mode", face);
    if (mode === "aggregate") await runAggregateMode(face);
    else if (mode === "sign") await runSignMode(face, keyText);
    else await runMode(face, keyText);
  } catch (error) {
    const message = failureMessage(error);
    core.setFailed(neutralise(message));
    // The pull request's view says why too: every way a step ends writes its summary.
    await writeFailureSummary(message, core.getInput("mode"), isSetupError(error));
  }
}
