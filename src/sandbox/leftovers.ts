// Without a sandbox, the best the harness can do against processes that outlive a run: every process
// it starts carries the run's token in its environment, and so does everything those start (unless
// they clear it). When the run ends, every process whose environment holds the token is killed. Linux
// only (it reads /proc/<pid>/environ); what it cannot see, docs/sandbox.md lists.
import { readdirSync, readFileSync } from "node:fs";
import { RUN_TOKEN_VARIABLE } from "./environment.js";

/** Pids (other than this process) whose environment carries `token`. */
export function processesCarrying(token: string): number[] {
  if (process.platform !== "linux") return [];
  const needle = Buffer.from(`${RUN_TOKEN_VARIABLE}=${token}\0`);
  const found: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    let environ: Buffer;
    try {
      environ = readFileSync(`/proc/${entry}/environ`);
    } catch {
      continue; // gone, or another user's: not ours to kill anyway
    }
    // The block ends without a final NUL after its last entry; add one so the last entry matches too.
    if (Buffer.concat([environ, Buffer.from([0])]).includes(needle)) found.push(pid);
  }
  return found;
}

/** Kills (SIGKILL) every process carrying `token`, in rounds, until a round finds none (at most a few:
 * a process may fork between the scan and the kill). Returns how many it killed. Synchronous, so that
 * it can run inside an `exit` handler. */
export function killProcessesCarrying(token: string, rounds = 5): number {
  let killed = 0;
  for (let round = 0; round < rounds; round++) {
    const pids = processesCarrying(token);
    if (pids.length === 0) break;
    for (const pid of pids) {
      try {
        process.kill(pid, "SIGKILL");
        killed++;
      } catch {
        // Already gone.
      }
    }
  }
  return killed;
}
