// Taking a secret out of what other processes can read of this one. `delete process.env.X` only
// unlinks X from libc's table: the kernel's copy, the environment block the process was started with
// (what /proc/<pid>/environ shows), still holds it, and /proc/<pid>/cmdline still shows a --key-file
// path. Both blocks are in this process's own memory, their bounds in /proc/self/stat (env_start,
// env_end, arg_start, arg_end: proc(5) fields 50, 51, 48, 49), and a process may write its own memory
// through /proc/self/mem. So the entries are overwritten in place with NUL bytes. Linux only; elsewhere
// a no-op that says so.
import { closeSync, openSync, readFileSync, readSync, writeSync } from "node:fs";

export interface ScrubReport {
  /** False where the kernel's copy cannot be changed (not Linux, or /proc/self/mem refused). */
  supported: boolean;
  /** Variables whose entry in the environment block was overwritten. */
  environ: string[];
  /** Command-line arguments overwritten. */
  argv: number;
  /** Why it is not supported, or what failed. */
  note?: string;
}

interface Bounds {
  argStart: number;
  argEnd: number;
  envStart: number;
  envEnd: number;
}

/** The argument and environment blocks' addresses, from /proc/self/stat. */
function blockBounds(): Bounds {
  const stat = readFileSync("/proc/self/stat", "latin1");
  // Field 2 (the command name, in parentheses) may hold spaces or parentheses: fields 3.. follow the last ')'.
  const rest = stat
    .slice(stat.lastIndexOf(")") + 2)
    .trim()
    .split(" ");
  const field = (n: number) => Number(rest[n - 3]);
  const bounds = { argStart: field(48), argEnd: field(49), envStart: field(50), envEnd: field(51) };
  for (const v of Object.values(bounds)) {
    if (!Number.isSafeInteger(v) || v <= 0) throw new Error("/proc/self/stat has no block addresses");
  }
  return bounds;
}

/** Each NUL-terminated entry of `block`: where it starts and its bytes. */
function entries(block: Buffer): { offset: number; bytes: Buffer }[] {
  const out: { offset: number; bytes: Buffer }[] = [];
  let start = 0;
  while (start < block.length) {
    let end = block.indexOf(0, start);
    if (end < 0) end = block.length;
    out.push({ offset: start, bytes: block.subarray(start, end) });
    start = end + 1;
  }
  return out;
}

/**
 * Removes `names` from this process's environment, both from `process.env` and from the kernel's copy
 * (/proc/self/environ), and overwrites each command-line argument equal to one of `argValues` (or
 * ending in `=value`, as in `--key-file=PATH`) in /proc/self/cmdline. Call it right after the secret
 * is read. Never throws: a failure is in the report (and the secret is still gone from process.env).
 */
export function scrubProcessSecrets(
  names: readonly string[],
  o: { argValues?: readonly string[] } = {},
): ScrubReport {
  for (const name of names) delete process.env[name];
  const report: ScrubReport = { supported: false, environ: [], argv: 0 };
  if (process.platform !== "linux") {
    report.note = `the kernel's copy of the environment cannot be overwritten on ${process.platform}`;
    return report;
  }
  let fd: number | undefined;
  try {
    const b = blockBounds();
    fd = openSync("/proc/self/mem", "r+");
    const memory = fd;
    const overwrite = (start: number, end: number, keep: (entry: Buffer) => number | undefined) => {
      const block = Buffer.alloc(end - start);
      readSync(memory, block, 0, block.length, start);
      let count = 0;
      for (const e of entries(block)) {
        const from = keep(e.bytes);
        if (from === undefined) continue;
        writeSync(
          memory,
          Buffer.alloc(e.bytes.length - from),
          0,
          e.bytes.length - from,
          start + e.offset + from,
        );
        count++;
      }
      return count;
    };
    const wanted = new Set(names);
    overwrite(b.envStart, b.envEnd, (entry) => {
      const eq = entry.indexOf(0x3d); // '='
      if (eq <= 0) return undefined;
      const name = entry.subarray(0, eq).toString("utf8");
      if (!wanted.has(name)) return undefined;
      report.environ.push(name);
      return 0; // the whole entry, its name too: nothing says a key was there
    });
    const values = (o.argValues ?? []).filter((v) => v !== "").map((v) => Buffer.from(v));
    report.argv = overwrite(b.argStart, b.argEnd, (entry) => {
      for (const v of values) {
        if (entry.equals(v)) return 0;
        const tail = Buffer.concat([Buffer.from("="), v]);
        if (entry.length > tail.length && entry.subarray(entry.length - tail.length).equals(tail)) {
          return entry.length - v.length;
        }
      }
      return undefined;
    });
    report.supported = true;
  } catch (error) {
    report.note = `could not overwrite the kernel's copy: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  return report;
}
