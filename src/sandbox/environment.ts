// The environment the command under test gets. Whatever the sandbox, it never holds the harness's
// secrets or its channels to the runner: the signing key, the action's inputs, the runner's tokens
// and the file-command paths. Sandboxed, it is built from nothing; unsandboxed, it is the inherited
// environment minus those.
import { SandboxSetupError } from "./errors.js";

/** The signing key's variable (src/record/keys.ts KEY_ENV; repeated so this folder stands alone). */
const KEY_VARIABLE = "CANON_CONFORMANCE_KEY";

/** Variables the runner uses to hand a step its tokens, or to take commands from it. */
export const RUNNER_SECRET_VARIABLES = [
  KEY_VARIABLE,
  "GITHUB_TOKEN",
  "ACTIONS_RUNTIME_TOKEN",
  "ACTIONS_RUNTIME_URL",
  "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
  "ACTIONS_ID_TOKEN_REQUEST_URL",
  "ACTIONS_CACHE_URL",
  "ACTIONS_RESULTS_URL",
] as const;

/** The runner's file commands: a step writes to these files to set env, outputs, PATH, state, summary. */
export const FILE_COMMAND_VARIABLES = [
  "GITHUB_ENV",
  "GITHUB_OUTPUT",
  "GITHUB_PATH",
  "GITHUB_STATE",
  "GITHUB_STEP_SUMMARY",
] as const;

/** Marks every process an unsandboxed run starts, so that leftovers can be found when it ends. */
export const RUN_TOKEN_VARIABLE = "CANON_CONFORMANCE_RUN_TOKEN";

const FORBIDDEN = new Set<string>([...RUNNER_SECRET_VARIABLES, ...FILE_COMMAND_VARIABLES]);

/** True for a variable the command must never see: the key, an action input, a token, a file command. */
export function isWithheldVariable(name: string): boolean {
  // Windows variable names are case-insensitive; refusing every case costs nothing anywhere.
  const upper = name.toUpperCase();
  return FORBIDDEN.has(upper) || upper.startsWith("INPUT_");
}

/** Locale variables a sandboxed command keeps, so that it decodes and prints text as it would outside. */
function isLocaleVariable(name: string): boolean {
  return name === "LANG" || name === "LANGUAGE" || name.startsWith("LC_");
}

/** Checks names the user wants passed through: well-formed, and none of the withheld ones. */
export function checkPassEnv(names: readonly string[]): void {
  for (const name of names) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
      throw new SandboxSetupError(`pass-env: '${name}' is not an environment variable name`);
    }
    if (isWithheldVariable(name)) {
      throw new SandboxSetupError(
        `pass-env: ${name} is never passed to the command under test (the signing key, an action input, a runner token or a file-command path)`,
      );
    }
  }
}

/** Unsandboxed: everything inherited except the withheld variables, plus the run's token. */
export function inheritedEnvironment(parent: NodeJS.ProcessEnv, runToken?: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(parent)) {
    if (value !== undefined && !isWithheldVariable(name)) env[name] = value;
  }
  if (runToken !== undefined) env[RUN_TOKEN_VARIABLE] = runToken;
  return env;
}

/** Sandboxed: PATH, HOME and TMPDIR (the run's scratch directory), the locale, and `passEnv`. */
export function sandboxEnvironment(
  parent: NodeJS.ProcessEnv,
  o: { scratch: string; passEnv: readonly string[] },
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(parent)) {
    if (value !== undefined && isLocaleVariable(name)) env[name] = value;
  }
  for (const name of o.passEnv) {
    const value = parent[name];
    if (value !== undefined && !isWithheldVariable(name)) env[name] = value;
  }
  env.PATH = parent.PATH ?? "/usr/local/bin:/usr/bin:/bin";
  env.HOME = o.scratch;
  env.TMPDIR = o.scratch;
  return env;
}
