// Spawning the command under test in a process group of its own, and killing that whole group, so that
// nothing it starts outlives its case or the run. On POSIX the child is detached (setsid), making its
// pid the group id, and the group dies by `kill(-pid, SIGKILL)`; on Windows `taskkill /T /F` ends the
// tree. Every live group is remembered so that the harness's own exit, SIGINT or SIGTERM ends them too.
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from "node:child_process";

const live = new Set<number>();
let hooked = false;

/** Options for one spawn; `program` is already resolved to a path. */
export interface GroupSpawn {
  program: string;
  /** The program as the user wrote it, shown to the child as its argv[0]. */
  argv0: string;
  args: string[];
  cwd: string;
  windowsVerbatimArguments?: boolean;
}

/** Starts `program` in a new process group with all three standard streams piped. */
export function spawnGroup(s: GroupSpawn): ChildProcessWithoutNullStreams {
  const child = spawn(s.program, s.args, {
    cwd: s.cwd,
    argv0: s.argv0,
    stdio: ["pipe", "pipe", "pipe"],
    detached: process.platform !== "win32",
    windowsHide: true,
    windowsVerbatimArguments: s.windowsVerbatimArguments ?? false,
  });
  const pid = child.pid;
  if (pid !== undefined) {
    live.add(pid);
    hookExit();
  }
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

function onSignal(signal: NodeJS.Signals): void {
  killAllGroups();
  // Alone on this signal, our listener replaced Node's default (exit); restore it by re-raising.
  if (process.listenerCount(signal) === 1) {
    process.removeListener(signal, onSignal);
    process.kill(process.pid, signal);
  }
}

function hookExit(): void {
  if (hooked) return;
  hooked = true;
  process.on("exit", killAllGroups);
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}
