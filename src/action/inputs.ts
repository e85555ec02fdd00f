// The action's inputs, read through the option table (src/options): the run's options exactly as the
// CLI reads them, and the few that only the action has (the artifact, the summary, the step's status).
import {
  type Face,
  nearestName,
  OptionError,
  ROWS,
  type RunSettings,
  readOption,
  readRunOptions,
  shownText,
} from "../options/index.js";
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

/** The inputs action.yml declares: the option table's rows that have one. */
const INPUT_NAMES = ROWS.filter((r) => r.input !== undefined).map((r) => r.name);

/** A name as the runner writes it into the environment: INPUT_ and the name in capitals. */
const envName = (input: string) => `INPUT_${input.replace(/ /g, "_").toUpperCase()}`;

/**
 * The `with:` keys that are no input of this action but near one (by nearestName, src/options/names.ts,
 * the CLI's suggestion for a misspelt flag too: edit distance at most 2, 1 for a name of five letters
 * or fewer, `-` and `_` alike), each with the input it is nearest. The runner passes every `with:` key
 * to the step as an INPUT_ variable and only warns about the unknown ones, so a misspelt
 * `protocl: lines` would run in once mode without a word: this is where it is seen. A variable near
 * no input is left alone (a workflow's own INPUT_ variable, another action's).
 */
export function misspeltInputs(
  env: NodeJS.ProcessEnv,
  known: readonly string[] = INPUT_NAMES,
): { given: string; meant: string }[] {
  const declared = new Set(known.map(envName));
  const out: { given: string; meant: string }[] = [];
  for (const variable of Object.keys(env).sort()) {
    if (!variable.startsWith("INPUT_") || declared.has(variable)) continue;
    const given = variable.slice("INPUT_".length);
    const meant = nearestName(given, known);
    if (meant !== undefined) out.push({ given: given.toLowerCase(), meant });
  }
  return out;
}

/** Refuses a misspelt input before anything runs (OptionError, as any bad input is). */
export function checkInputNames(env: NodeJS.ProcessEnv): void {
  const wrong = misspeltInputs(env);
  if (wrong.length === 0) return;
  const each = wrong.map((w) => `\`${shownText(w.given)}\` (did you mean \`${w.meant}\`?)`).join(", ");
  throw new OptionError(
    `${wrong.length === 1 ? "this `with:` key is" : "these `with:` keys are"} not an input of canon-conformance: ${each}. The runner passes an unknown key on with only a warning, and the step would run as if it were not given; fix its name in the workflow.`,
  );
}
