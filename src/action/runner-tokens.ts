/** The runner's tokens (artifacts and cache, OIDC): the command under test is not given them. */
const RUNNER_TOKENS = [
  "ACTIONS_RUNTIME_TOKEN",
  "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
  "ACTIONS_ID_TOKEN_REQUEST_URL",
];

/** Runs `fn` with the runner's tokens out of the environment (the upload needs them back after). */
export async function withoutRunnerTokens<T>(fn: () => Promise<T>): Promise<T> {
  const saved = RUNNER_TOKENS.map((name) => [name, process.env[name]] as const);
  for (const name of RUNNER_TOKENS) delete process.env[name];
  try {
    return await fn();
  } finally {
    for (const [name, value] of saved) if (value !== undefined) process.env[name] = value;
  }
}
