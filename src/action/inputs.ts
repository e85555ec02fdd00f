// The action's inputs, read through the option table (src/options): the run's options exactly as the
// CLI reads them, and the few that only the action has (the artifact, the summary, the step's status).
import { type Face, type RunSettings, readOption, readRunOptions } from "../options/index.js";
import type { ArtifactSettings } from "./artifact.js";
import type { ActionCore } from "./core.js";

export interface ActionInputs extends ArtifactSettings {
  run: RunSettings;
  upload: boolean;
  summary: boolean;
  badge: boolean;
  failOnNonconformant: boolean;
}

/** Every input of `mode: run`, checked before the run starts. Throws OptionError. */
export function readInputs(core: ActionCore, face: Face): ActionInputs {
  const { options, randomSeed } = readRunOptions(face);
  // A drawn seed is the only way to replay the run: it goes to the log (and into the record's suite).
  if (randomSeed) {
    core.info(`seed: random, drew ${options.seed} (set the input seed: ${options.seed} to replay this run)`);
  }
  return {
    run: options,
    ...readArtifactSettings(face),
    upload: readOption("upload", face),
    summary: readOption("summary", face),
    badge: readOption("badge", face),
    failOnNonconformant: readOption("fail-on-nonconformant", face),
  };
}

export function readArtifactSettings(face: Face): ArtifactSettings {
  return {
    artifactName: readOption("artifact-name", face),
    retentionDays: readOption("retention-days", face),
  };
}
