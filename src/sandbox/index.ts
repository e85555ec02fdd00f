// How an untrusted command is started (docs/architecture.md "The trust boundary", docs/sandbox.md): inside
// bubblewrap where it works, never with the harness's secrets in its environment, and never outliving
// the run; plus what the faces call around it (scrubbing the key from this process, preparing a
// GitHub runner for bwrap).

export { closeInheritedDescriptors, inheritableDescriptors } from "./descriptors.js";
export {
  FILE_COMMAND_VARIABLES,
  inheritedEnvironment,
  isWithheldVariable,
  RUN_TOKEN_VARIABLE,
  RUNNER_SECRET_VARIABLES,
  sandboxEnvironment,
} from "./environment.js";
export { SandboxSetupError } from "./errors.js";
export { killProcessesCarrying, processesCarrying } from "./leftovers.js";
export { describeSandbox, sandboxStatusText, unsandboxedNotice } from "./notice.js";
export { type BwrapLookup, type BwrapProbe, findBwrap, probeBwrap, untrustedBecause } from "./probe.js";
export {
  APPARMOR_PROFILE_PATH,
  apparmorProfile,
  type CommandRunner,
  prepareRunnerSandbox,
  type RunnerSetup,
  type RunnerSetupOptions,
} from "./runner-setup.js";
export { type ScrubReport, scrubProcessSecrets } from "./scrub.js";
export { hiddenSecretPaths, hideFromCommands } from "./secret-paths.js";
export {
  confineWritable,
  type OpenSandbox,
  type OwnFolder,
  openSandbox,
  ownFolders,
  type SandboxSession,
} from "./session.js";
export {
  type Launched,
  type Launcher,
  type LaunchSpec,
  SANDBOX_MODES,
  type SandboxMode,
  type SandboxOptions,
  type SandboxStatus,
} from "./types.js";
