// The shapes this folder shares with the adapters and the run.

/** `auto`: bubblewrap where it works, else unsandboxed with a reason (or a setup error where the caller
 * refuses the fallback: SandboxOptions.fallbackRefused); `bwrap`: bubblewrap or a setup error; `none`:
 * never sandboxed (the environment is still stripped of every secret). */
export type SandboxMode = "auto" | "bwrap" | "none";

export const SANDBOX_MODES: readonly SandboxMode[] = ["auto", "bwrap", "none"];

/** How a run wants the command under test started. */
export interface SandboxOptions {
  mode: SandboxMode;
  /** Let the command use the network (default: none, only its own loopback). */
  allowNetwork?: boolean;
  /** Variables passed through to the command, beyond PATH, HOME, TMPDIR and the locale. The key, an
   * action input, a runner token or a file-command path is refused here. */
  passEnv?: string[];
  /** Paths the command may write, beyond its scratch directory (relative ones from the working directory). */
  writablePaths?: string[];
  /** Paths the command must not read even if it guesses them: the key file, for one. The output
   * directory, RUNNER_TEMP and the runner's file-command paths are always added. */
  hiddenPaths?: string[];
  /** Where bwrap is, when not on PATH or at /usr/bin/bwrap (tests point it at something broken). */
  bwrapPath?: string;
  /** Set where `auto` must not fall back to an unsandboxed run: why not, and what to do instead. `auto`
   * where bwrap does not work is then a setup error (the probe's reason, then this), as `bwrap` is. The
   * action sets it on a GitHub-hosted Linux runner, where it makes bwrap work itself. */
  fallbackRefused?: string;
}

/** What a run ended up with, for the faces to print and the run to return. */
export type SandboxStatus =
  | {
      sandboxed: true;
      mode: SandboxMode;
      bwrap: string;
      network: boolean;
      /** Other bwraps found and never started (not root's alone), each with why: said in the log. */
      ignored?: string[];
    }
  | {
      sandboxed: false;
      mode: SandboxMode;
      /** Why not, in a sentence a person can act on: "--sandbox none was given", "bwrap ... failed". */
      reason: string;
    };

/** One process to start, as the adapters describe it. */
export interface LaunchSpec {
  /** Resolved on the harness's PATH. */
  program: string;
  /** As the user wrote it. */
  argv0: string;
  args: readonly string[];
  cwd: string;
}

/** What to actually spawn for it. */
export interface Launched {
  program: string;
  argv0: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  /** Sandboxed: the same sandbox as a worker that starts a fresh process per request inside it
   * (./starter.ts), for once mode's many short processes. */
  worker?: WorkerLaunch;
}

/** A sandbox worker: bubblewrap running the starter, and what the starter starts for each request. */
export interface WorkerLaunch {
  launched: Omit<Launched, "worker">;
  /** The command under test as the starter starts it, with the environment bubblewrap would give it. */
  command: {
    program: string;
    argv0: string;
    args: string[];
    cwd: string;
    env: Record<string, string>;
    /** The sandbox's own /tmp, emptied between requests. */
    tmp?: string;
  };
}

/** Starts every process of a run the same way; `close` ends what the run left and cleans up. */
export interface Launcher {
  readonly status: SandboxStatus;
  /** What to spawn for `spec`, worked out now (sharing the run's scratch). */
  launch(spec: LaunchSpec): Launched;
  /** The same, for every process of one side (the command, read-command or compare-command): worked
   * out once, at setup, before any process of the command runs, with a scratch (HOME, TMPDIR) of
   * that side's own. The adapters call it when they are made and spawn what it returned each time. */
  prepare(spec: LaunchSpec): Launched;
}
