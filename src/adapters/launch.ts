// From a command line to what the adapters spawn: split (or handed to the shell), program resolved.
// Done once, before the first case, so that a missing or non-executable program stops the run with a
// clear AdapterSetupError instead of failing every case.
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

export function prepareSpawn(o: CommandOptions): GroupSpawn {
  const target = spawnTarget(o.command, o.shell);
  return {
    program: resolveProgram(target.program, { cwd: o.cwd }),
    argv0: target.program,
    args: target.args,
    cwd: o.cwd,
    windowsVerbatimArguments: target.windowsVerbatimArguments,
    ...(o.launcher ? { launcher: o.launcher } : {}),
  };
}
