// The runner's side of the action's port (./core.ts): @actions/core, @actions/artifact, this
// process's environment and streams. The only module that touches them.
import * as core from "@actions/core";
import type { ActionCore } from "./core.js";
import { takeRunnerSecrets, withRunnerTokens } from "./runner-tokens.js";

export function githubCore(): ActionCore {
  return {
    getInput: (name) => core.getInput(name),
    setOutput: (name, value) => core.setOutput(name, value),
    setFailed: (message) => core.setFailed(message),
    setSecret: (secret) => core.setSecret(secret),
    info: (message) => core.info(message),
    warning: (message, properties) => core.warning(message, properties),
    notice: (message, properties) => core.notice(message, properties),
    error: (message, properties) => core.error(message, properties),
    startGroup: (name) => core.startGroup(name),
    endGroup: () => core.endGroup(),
    summary: core.summary,
    write: (text) => {
      process.stdout.write(text);
    },
    env: process.env,
    cwd: process.cwd(),
    takeSecrets: takeRunnerSecrets,
    uploadArtifact: async (name, files, root, options) => {
      // Evaluated here, when it uploads, but not loaded here: scripts/build.mjs bundles it into
      // dist/index.js itself (no chunk), which was read whole at start-up, before the command under
      // test could write anything (docs/sandbox.md "What the harness promises", rule 1). So a step
      // that uploads nothing does not pay for setting the client up, and nothing is read from disk.
      const { DefaultArtifactClient } = await import("@actions/artifact");
      // The runner's tokens are back in process.env for the upload only (./runner-tokens.ts).
      return withRunnerTokens(() => new DefaultArtifactClient().uploadArtifact(name, files, root, options));
    },
  };
}
