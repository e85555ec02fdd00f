// How an untrusted command is started (docs/architecture.md "The trust boundary", docs/sandbox.md): inside
// bubblewrap where it works, never with the harness's secrets in its environment, and never outliving
// the run; plus what the faces call around it (scrubbing the key from this process, preparing a
// GitHub runner for bwrap).

export {
  isWithheldVariable,
  RUN_TOKEN_VARIABLE,
  RUNNER_SECRET_VARIABLES,
} from "./environment.js";
export { SandboxSetupError } from "./errors.js";
export { killProcessesCarrying } from "./leftovers.js";
export { describeSandbox, sandboxStatusText, unsandboxedNotice } from "./notice.js";
export { findBwrap, probeBwrap, untrustedBecause } from "./probe.js";
export { prepareRunnerSandbox, type RunnerSetup } from "./runner-setup.js";
export { type ScrubReport, scrubProcessSecrets } from "./scrub.js";

export {
  confineWritable,
  type OpenSandbox,
  openSandbox,
  ownFolders,
  type SandboxSession,
} from "./session.js";
export {
  SANDBOX_MODES,
  type SandboxMode,
  type SandboxOptions,
  type SandboxStatus,
} from "./types.js";
