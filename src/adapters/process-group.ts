// Spawning the command under test in a process group of its own, and killing that whole group, so that
// nothing it starts outlives its case or the run. On POSIX the child is detached (setsid), making its
// pid the group id, and the group dies by `kill(-pid, SIGKILL)`; on Windows `taskkill /T /F` ends the
// tree. Every live group is remembered so that the harness's own exit, SIGINT or SIGTERM ends them too.
// What is spawned comes from the run's launcher (src/sandbox: bubblewrap, or unsandboxed with a run
// token); without one, the command still gets the environment minus every secret of the harness.
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from "node:child_process";
import { closeInheritedDescriptors } from "../sandbox/descriptors.js";
import { inheritedEnvironment } from "../sandbox/environment.js";
import type { Launched, Launcher } from "../sandbox/types.js";

const live = new Set<number>();
const cleanups = new Set<() => void>();
let hooked = false;
/** The signal that interrupted the run: from then on nothing new is started. */
let interruptedBy: NodeJS.Signals | undefined;
/** After an interrupt, how long other listeners of the signal get to end the process themselves. */
const INTERRUPT_GRACE_MS = 2000;

/** Options for one spawn; `program` is already resolved to a path. */
export interface GroupSpawn {
  program: string;
  /** The program as the user wrote it, shown to the child as its argv[0]. */
  argv0: string;
  args: string[];
  cwd: string;
  windowsVerbatimArguments?: boolean;
  /** What to spawn, worked out by the run's launcher when the adapter was made (Launcher.prepare). */
  launched?: Launched;
  /** How the run starts its processes (a sandbox, or unsandboxed with a token), asked at each spawn
   * when nothing was prepared; neither: directly. */
  launcher?: Launcher;
}

/** Starts `program` in a new process group with all three standard streams piped. Throws once the
 * run was interrupted. */
export function spawnGroup(s: GroupSpawn): ChildProcessWithoutNullStreams {
  if (interruptedBy !== undefined) throw new Error(`the run was interrupted by ${interruptedBy}`);
  // Before the first process of a command under test: no descriptor the harness inherited (a key
  // passed as /dev/fd/200, a runner's pipe) crosses into it (src/sandbox/descriptors.ts).
  closeInheritedDescriptors();
  const launched = s.launched ??
    s.launcher?.launch(s) ?? {
      program: s.program,
      argv0: s.argv0,
      args: s.args,
      env: inheritedEnvironment(process.env),
    };
  hookExit();
  const child = spawn(launched.program, launched.args, {
    cwd: s.cwd,
    argv0: launched.argv0,
    env: launched.env,
    stdio: ["pipe", "pipe", "pipe"],
    detached: process.platform !== "win32",
    windowsHide: true,
    windowsVerbatimArguments: s.windowsVerbatimArguments ?? false,
  });
  const pid = child.pid;
  if (pid !== undefined) live.add(pid);
  return child;
}

/** Kills the whole group that `child` leads, even after the leader itself has exited. */
export function killGroup(child: ChildProcessWithoutNullStreams): void {
  const pid = child.pid;
  if (pid === undefined) return;
  live.delete(pid);
  if (process.platform !== "win32") {
    killPosixGroup(pid);
  } else if (child.exitCode === null && child.signalCode === null) {
    // taskkill walks the tree from a live parent only; without waiting, so a run is not slowed by it.
    spawn("taskkill", ["/pid", String(pid), "/T", "/F"], { stdio: "ignore", windowsHide: true }).on(
      "error",
      () => {},
    );
  }
}

function killPosixGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // ESRCH: the group is already gone, which is what we wanted.
  }
}

/** Kills every group still alive. Synchronous, so it also works inside an `exit` handler. */
export function killAllGroups(): void {
  for (const pid of live) {
    if (process.platform === "win32") {
      spawnSync("taskkill", ["/pid", String(pid), "/T", "/F"], { stdio: "ignore", windowsHide: true });
    } else {
      killPosixGroup(pid);
    }
  }
  live.clear();
}

/** How many groups this process has started and not yet killed (for tests). */
export function liveGroupCount(): number {
  return live.size;
}

/**
 * Runs `fn` (synchronously) when the process exits or is interrupted, after every group is killed:
 * how a run's sandbox kills its leftovers and removes its scratch directory even then. Returns the
 * function that unregisters it.
 */
export function atExitOrInterrupt(fn: () => void): () => void {
  hookExit();
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}

function runCleanups(): void {
  killAllGroups();
  for (const fn of [...cleanups]) {
    cleanups.delete(fn);
    try {
      fn();
    } catch {
      // One failed cleanup must not keep the others from running, nor the process from exiting.
    }
  }
}

/** Signal numbers for the exit status a shell reports (128 + n) when another listener keeps us alive. */
const SIGNAL_NUMBERS: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 2, SIGTERM: 15 };

function onSignal(signal: NodeJS.Signals): void {
  interruptedBy ??= signal;
  runCleanups();
  process.removeListener("SIGINT", onSignal);
  process.removeListener("SIGTERM", onSignal);
  // Alone on this signal, our listener replaced Node's default (exit): restore it by re-raising.
  if (process.listenerCount(signal) === 0) {
    process.kill(process.pid, signal);
    return;
  }
  // Someone else listens too: let them end the process, but not keep an interrupted run going.
  setTimeout(() => process.exit(128 + (SIGNAL_NUMBERS[signal] ?? 0)), INTERRUPT_GRACE_MS).unref();
}

function hookExit(): void {
  if (hooked) return;
  hooked = true;
  process.on("exit", runCleanups);
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}
