// Nothing the harness inherited crosses into the command under test. A descriptor passed down to the
// harness without close-on-exec (`run --key-file /dev/fd/200 200<key.hex`, a runner's pipe) stays open
// in every child libuv spawns, and bwrap hands the command whatever it was given: the command could
// read the key from fd 200. Node opens its own descriptors close-on-exec, so the ones without it are
// exactly the inherited ones: once the harness has read its inputs, they are closed, before the first
// process of the command starts. Linux only (the flags are in /proc/self/fdinfo); elsewhere nothing is
// done, and docs/sandbox.md says so.
import { closeSync, readdirSync, readFileSync } from "node:fs";

/** O_CLOEXEC as /proc/<pid>/fdinfo's `flags:` line shows it (octal). */
const O_CLOEXEC = 0o2000000;

/** Descriptors above 2 that a child would inherit, by /proc/self/fdinfo; empty where that is not known. */
export function inheritableDescriptors(): number[] {
  if (process.platform !== "linux") return [];
  let entries: string[];
  try {
    entries = readdirSync("/proc/self/fd");
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const entry of entries) {
    const fd = Number(entry);
    if (!Number.isInteger(fd) || fd <= 2) continue;
    let info: string;
    try {
      info = readFileSync(`/proc/self/fdinfo/${fd}`, "latin1");
    } catch {
      continue; // the listing's own descriptor, closed by now
    }
    const flags = /^flags:\s*([0-7]+)$/m.exec(info)?.[1];
    if (flags !== undefined && (Number.parseInt(flags, 8) & O_CLOEXEC) === 0) found.push(fd);
  }
  return found;
}

let done = false;

/** Closes every inherited descriptor above 2 (once per process; nothing new is inherited later).
 * Returns the descriptors it closed. */
export function closeInheritedDescriptors(): number[] {
  if (done) return [];
  done = true;
  const closed: number[] = [];
  for (const fd of inheritableDescriptors()) {
    try {
      closeSync(fd);
      closed.push(fd);
    } catch {
      // Gone already.
    }
  }
  return closed;
}
