// A time limit that a busy machine cannot spend: a request times out when the command has had its
// time limit to answer, not when the wall clock says so. On a loaded machine (another job, four busy
// loops, a CI neighbour) a command can wait seconds on the run queue for every second it runs: a
// 1 MB case took an Elixir library 9.6 to 12.1 s of wall time for 2.0 s of CPU at load 11, and timed
// out only there. So, where Linux tells (/proc/<pid>/task/<tid>/schedstat: the time each thread spent
// waiting on a run queue), the time the command's process tree was kept off the CPU is taken out of
// the clock: a request times out once `wall - starved` reaches its limit, or once the wall clock
// reaches WALL_CEILING times the limit, whatever happens. A command that hangs in a loop, or waits on
// nothing, is starved of nothing: its time limit is its wall-clock limit, as before. Elsewhere (no
// /proc), the plain wall clock.
import { readdirSync, readFileSync } from "node:fs";
import { deadline } from "../deadline.js";

/** However starved, a request has at most this many times its limit of wall time. */
export const WALL_CEILING = 4;

/** A tree read this recently is not read again (a lines process arms its limit at every answer). */
const FRESH_MS = 200;
const recent = new Map<number, { at: number; ms: number }>();

/** The longest any thread of the tree under `pid` has waited on a run queue since it started, in ms,
 * or 0 where that cannot be read. Threads of processes already gone are not counted. */
export function starvedMs(pid: number | undefined): number {
  if (pid === undefined || process.platform !== "linux") return 0;
  const now = Date.now();
  const known = recent.get(pid);
  if (known && now - known.at < FRESH_MS) return known.ms;
  const ms = readStarved(pid);
  if (recent.size > 256) recent.clear();
  recent.set(pid, { at: now, ms });
  return ms;
}

function readStarved(pid: number): number {
  let most = 0;
  const seen = new Set<number>();
  const walk = (p: number, depth: number): void => {
    if (seen.has(p) || depth > 64 || seen.size > 4096) return;
    seen.add(p);
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${p}/task`);
    } catch {
      return;
    }
    for (const tid of tids) {
      try {
        const [, waited] = readFileSync(`/proc/${p}/task/${tid}/schedstat`, "latin1").split(" ");
        most = Math.max(most, Number(waited) / 1e6 || 0);
      } catch {
        // Gone meanwhile.
      }
      try {
        for (const child of readFileSync(`/proc/${p}/task/${tid}/children`, "latin1").split(" ")) {
          if (child.trim() !== "") walk(Number(child), depth + 1);
        }
      } catch {
        // Gone meanwhile, or no children file on this kernel.
      }
    }
  };
  walk(pid, 0);
  return most;
}

/**
 * Calls `expire` once the tree under `pid()` has had `ms` of time it was not kept waiting for the CPU
 * (the file's comment), or `ms * WALL_CEILING` of wall time, whichever comes first; returns the
 * cancel function. `pid` is asked when the limit is armed and when it runs out (a process may be
 * replaced meanwhile).
 */
export function workDeadline(ms: number, pid: () => number | undefined, expire: () => void): () => void {
  const started = Date.now();
  const base = starvedMs(pid());
  let cancel = () => {};
  const arm = (wait: number) => {
    cancel = deadline(wait, () => {
      const wall = Date.now() - started;
      const starved = Math.max(0, starvedMs(pid()) - base);
      const worked = wall - starved;
      if (worked >= ms || wall >= ms * WALL_CEILING) expire();
      else arm(Math.min(ms - worked, ms * WALL_CEILING - wall));
    });
  };
  arm(ms);
  return () => cancel();
}
