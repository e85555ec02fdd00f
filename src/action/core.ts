// The action's one port to the runner: the part of @actions/core it uses, the artifact upload, the
// step's environment, and taking the secrets out of it. run(core) (./main.ts) is written against this
// alone; src/index.ts hands it the runner's (./github.ts), and a test its own, so the whole action
// runs in the test's process (test/action/fake-core.ts) and only a few end-to-end tests start it as
// the runner does (test/e2e/action.slow.test.ts).
import type { RunnerSetup, ScrubReport } from "../sandbox/index.js";

/** What the action asks of the machine for the sandbox: the runner's is the usual lookup of bwrap and
 * prepareRunnerSandbox (sudo on a GitHub-hosted runner); a test's points bwrap at something broken
 * and prepares nothing on the machine it runs on. */
export interface SandboxHost {
  /** The bwrap the run starts, instead of the lookup (src/sandbox/probe.ts findBwrap). */
  bwrapPath?: string;
  /** Makes bwrap work on this runner if it can (prepareRunnerSandbox), given RUNNER_ENVIRONMENT. */
  prepare(runnerEnvironment: string | undefined): RunnerSetup;
}

/** An annotation's properties, as @actions/core takes them (only the title is used). */
export interface AnnotationProperties {
  title?: string;
}

export interface ActionCore {
  /** An input as the runner passes it: trimmed, empty when not given (core.getInput). */
  getInput(name: string): string;
  setOutput(name: string, value: string): void;
  /** Fails the step with an error annotation (core.setFailed). */
  setFailed(message: string): void;
  /** Tells the runner to mask `secret` in the log from now on (::add-mask::). */
  setSecret(secret: string): void;
  /** A line of the step's log; the runner reads workflow commands in it (core.info). */
  info(message: string): void;
  warning(message: string, properties?: AnnotationProperties): void;
  notice(message: string, properties?: AnnotationProperties): void;
  error(message: string, properties?: AnnotationProperties): void;
  startGroup(name: string): void;
  endGroup(): void;
  /** The job summary (core.summary): text added, then written to the runner's file, or dropped. */
  summary: {
    addRaw(text: string, addEOL?: boolean): unknown;
    write(): Promise<unknown>;
    emptyBuffer(): unknown;
  };
  /** Text to the step's log as it is (the progress lines, which end their own lines). */
  write(text: string): void;
  /** The step's environment: GITHUB_*, RUNNER_TEMP, and what the upload needs. */
  env: NodeJS.ProcessEnv;
  /** The step's working directory (the workspace unless a workflow says otherwise). */
  cwd: string;
  /**
   * Takes the signing-key input and the runner's secrets out of the environment the command under
   * test would inherit (the runner's: /proc/self/environ too, ./runner-tokens.ts), keeping only what
   * the upload needs for `uploadArtifact`. Called once, first.
   */
  takeSecrets(): ScrubReport;
  /** The sandbox's machine, when not the runner's (tests only: test/action/fake-core.ts). */
  sandboxHost?: SandboxHost;
  /** Uploads `files` (paths under `root`) as the artifact `name` (@actions/artifact); throws on failure. */
  uploadArtifact(
    name: string,
    files: string[],
    root: string,
    options: { retentionDays?: number },
  ): Promise<{ id?: number; digest?: string }>;
}
