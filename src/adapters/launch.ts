// From a command line to what the adapters spawn: split (or handed to the shell), program resolved,
// and the sandbox's command line for it worked out (Launcher.prepare: this side's own scratch). Done
// once, when the adapter is made, before the first case of any side: a missing or non-executable
// program stops the run with a clear AdapterSetupError instead of failing every case, and nothing the
// command does to the filesystem later changes how its next process is started.
import { deadline } from "../deadline.js";
import type { Launcher } from "../sandbox/types.js";
import { spawnTarget } from "./argv.js";
import type { GroupSpawn } from "./process-group.js";
import { resolveProgram } from "./program.js";

/** The options every command adapter shares. */
export interface CommandOptions {
  /** The command line as the user gave it. */
  command: string;
  /** Run it through the platform shell instead of splitting it into argv. */
  shell: boolean;
  cwd: string;
  /** Per request: how long an answer may take before the command's process group is killed. */
  timeoutMs: number;
  /** Per answer: how many bytes of stdout are read before the answer fails. */
  maxOutputBytes: number;
  /** How every process is started: the run's sandbox (src/sandbox); absent, directly (still without
   * the harness's secrets in its environment). */
  launcher?: Launcher;
}

/** After the main process exits, how long its stdout may stay open (a child of it may hold it). */
export const EXIT_GRACE_MS = 500;

/**
 * Calls `then` once a process's exit grace (EXIT_GRACE_MS) is over; returns what cancels it. A
 * deadline (../deadline.ts), so that a harness busy past the grace still reads what waited in the pipes
 * first: `then` checks the stream's `readableEnded`, which that read sets, and a clean exit whose child
 * let go of stdout in time is not judged as one whose child holds it.
 */
export function afterExitGrace(then: () => void): () => void {
  return deadline(EXIT_GRACE_MS, then);
}

export function prepareSpawn(o: CommandOptions): GroupSpawn {
  const target = spawnTarget(o.command, o.shell);
  const spec = {
    program: resolveProgram(target.program, { cwd: o.cwd }),
    argv0: target.program,
    args: target.args,
    cwd: o.cwd,
    windowsVerbatimArguments: target.windowsVerbatimArguments,
  };
  return o.launcher ? { ...spec, launched: o.launcher.prepare(spec) } : spec;
}
