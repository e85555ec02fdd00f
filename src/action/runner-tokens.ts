// The runner's secrets in this process: the signing-key input and the runner's tokens (artifacts and
// cache, results, OIDC). `delete process.env.X` does not change what /proc/<pid>/environ shows, which
// is what an unsandboxed command under test could read of this process; so each is taken out of the
// kernel's copy too (scrubProcessSecrets), right after it is read, and kept in memory only. The upload
// gets the tokens back in process.env for as long as it runs; no command under test runs meanwhile.
import { RUNNER_SECRET_VARIABLES, type ScrubReport, scrubProcessSecrets } from "../sandbox/index.js";

/** Where the runner passes the signing-key input. */
export const SIGNING_KEY_VARIABLE = "INPUT_SIGNING-KEY";

/** The tokens @actions/artifact needs back for the upload (the rest are never given back). */
const UPLOAD_VARIABLES = ["ACTIONS_RUNTIME_TOKEN", "ACTIONS_RESULTS_URL", "ACTIONS_RUNTIME_URL"];

let kept: Map<string, string> | undefined;

/**
 * Takes the signing-key input and every runner secret out of this process's environment (both
 * process.env and /proc/self/environ); keeps the upload's tokens in memory. Call once, first.
 */
export function takeRunnerSecrets(): ScrubReport {
  kept = new Map();
  for (const name of UPLOAD_VARIABLES) {
    const value = process.env[name];
    if (value !== undefined) kept.set(name, value);
  }
  return scrubProcessSecrets([SIGNING_KEY_VARIABLE, ...RUNNER_SECRET_VARIABLES]);
}

/** Runs `fn` (the upload) with the upload's tokens back in process.env, and takes them out after. */
export async function withRunnerTokens<T>(fn: () => Promise<T>): Promise<T> {
  const tokens = kept ?? new Map<string, string>();
  for (const [name, value] of tokens) process.env[name] = value;
  try {
    return await fn();
  } finally {
    for (const name of tokens.keys()) delete process.env[name];
  }
}
