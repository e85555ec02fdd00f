// The output folder, made and opened once before the first process of the command under test starts,
// and written only through that handle (docs/sandbox.md "What the harness promises"). A command that
// can write near the folder could otherwise rename a parent and plant `out -> elsewhere` or
// `out/results.json -> a file outside`, and the harness (maybe root) would write there.
//
// Node has no openat(2). On Linux the folder's descriptor stands in for it: `/proc/self/fd/<fd>` is the
// opened folder itself, wherever its path leads later, so `/proc/self/fd/<fd>/<name>` names an entry of
// that very folder. Each file is written privately (a fresh name, O_CREAT|O_EXCL|O_NOFOLLOW: never an
// existing file, never through a link), then renamed over its name: rename(2) replaces a planted link
// itself and never follows it. Elsewhere (or without /proc) the folder's path is used, with the same
// private write and rename, after checking that the path still leads to the folder that was opened:
// that narrows the window, it does not close it.
import { randomBytes } from "node:crypto";
import { closeSync, constants, fstatSync, openSync, realpathSync, type Stats, statSync } from "node:fs";
import { mkdir, open, realpath, rename, rm, stat, unlink } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { deadline } from "./deadline.js";
import { SetupError } from "./errors.js";

/** How long making and opening the folder may take before it is given up (a hung network mount). */
export const OUT_OPEN_TIMEOUT_MS = 5_000;

/** Kernel filesystems: their files are not files, and writes there can block. /dev/shm is a tmpfs. */
const KERNEL_ROOTS = ["/proc", "/sys", "/dev"];
const KERNEL_EXCEPTIONS = ["/dev/shm"];

const under = (path: string, root: string) => path === root || path.startsWith(`${root}/`);

/** The folder cannot take the run's files; the message says why (paths only). */
export class OutFolderError extends SetupError {
  override name = "OutFolderError";
}

export interface OutFolder {
  /** The folder's path as given, made absolute: for messages, outputs and the sandbox's mask. */
  readonly path: string;
  /** The path the harness itself reads a written file through (the upload): the handle's on Linux. */
  internalPath(name: string): string;
  /** Writes `name` (a plain file name) in the opened folder; returns its path (`path`/name). */
  write(name: string, content: string | Uint8Array): Promise<string>;
  close(): void;
}

function refused(dir: string, why: string): OutFolderError {
  return new OutFolderError(`cannot write the output folder '${dir}': ${why}`);
}

const O_DIRECTORY = constants.O_DIRECTORY ?? 0;
const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;

/** Same file, by device and inode. */
const same = (a: Stats, b: Stats) => a.dev === b.dev && a.ino === b.ino;

/** The folder's handle, where the platform has one: on Linux through /proc/self/fd, checked. */
function handleOf(path: string): { fd: number; base: string } | undefined {
  if (process.platform === "win32") return undefined;
  const fd = openSync(path, constants.O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
  const base = `/proc/self/fd/${fd}`;
  try {
    if (process.platform === "linux" && same(statSync(base), fstatSync(fd))) return { fd, base };
  } catch {
    // No /proc here: fall back to the path, checked against the descriptor before each write.
  }
  return { fd, base: "" };
}

/**
 * Makes `dir` (its missing parents one at a time: Node's recursive mkdir spins for ever under /proc),
 * refuses kernel filesystems, opens it, and writes and removes a probe file through the handle. Throws
 * OutFolderError saying why the folder cannot take the run's files; gives up after `timeoutMs`.
 */
export async function openOutFolder(dir: string, timeoutMs = OUT_OPEN_TIMEOUT_MS): Promise<OutFolder> {
  // "Did not answer" is each operation's limit, restarted as each one answers: a harness whose event
  // loop was held up (a loaded machine) is not taken for a filesystem that hangs.
  let cancel = (): void => {};
  let expired: (error: OutFolderError) => void = () => {};
  const timeout = new Promise<never>((_, reject) => {
    expired = reject;
  });
  const arm = (): void => {
    cancel();
    cancel = deadline(timeoutMs, () =>
      expired(refused(dir, `the filesystem did not answer within ${timeoutMs / 1000} s`)),
    );
  };
  const answered = <T>(operation: Promise<T>): Promise<T> => operation.finally(arm);
  arm();
  try {
    return await Promise.race([make(dir, resolve(dir), answered), timeout]);
  } finally {
    cancel();
  }
}

async function make(
  dir: string,
  target: string,
  answered: <T>(operation: Promise<T>) => Promise<T>,
): Promise<OutFolder> {
  // The nearest folder that exists; everything below it is made here.
  const missing: string[] = [];
  let existing = target;
  for (;;) {
    try {
      if (!(await answered(stat(existing))).isDirectory())
        throw refused(dir, `${existing} is a file, not a folder`);
      break;
    } catch (error) {
      if (error instanceof OutFolderError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTDIR") throw refused(dir, `${existing}: ${code ?? error}`);
      const parent = dirname(existing);
      if (parent === existing) throw refused(dir, `no part of ${target} exists`);
      missing.unshift(existing);
      existing = parent;
    }
  }
  if (sep === "/") {
    // Through symbolic links: a link into /proc is /proc.
    const real = join(await answered(realpath(existing)), relative(existing, target));
    const root = KERNEL_ROOTS.find((r) => under(real, r));
    if (root && !KERNEL_EXCEPTIONS.some((e) => under(real, e))) {
      throw refused(dir, `${real} is under ${root}, a kernel filesystem, not a place for files`);
    }
  }
  for (const folder of missing) {
    try {
      await answered(mkdir(folder));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "EEXIST") throw refused(dir, `cannot make ${folder} (${code ?? error})`);
    }
  }
  let real: string;
  let handle: { fd: number; base: string } | undefined;
  try {
    real = realpathSync(target);
    handle = handleOf(real);
  } catch (error) {
    throw refused(dir, `cannot open it (${(error as NodeJS.ErrnoException).code ?? error})`);
  }
  const folder = outFolder(target, real, handle);
  try {
    const probe = `.canon-conformance-probe-${process.pid}-${randomBytes(4).toString("hex")}`;
    const written = await answered(folder.write(probe, "canon-conformance checks it can write here\n"));
    await answered(rm(written, { force: true }));
  } catch (error) {
    folder.close();
    throw refused(dir, `cannot create a file in it (${(error as NodeJS.ErrnoException).code ?? error})`);
  }
  return folder;
}

function outFolder(path: string, real: string, handle: { fd: number; base: string } | undefined): OutFolder {
  const opened = handle ? fstatSync(handle.fd) : statSync(real);
  let closed = false;
  /** Where to write: the handle's magic link, or the path once it is checked to be the same folder. */
  const base = (): string => {
    if (closed) throw new OutFolderError(`the output folder ${path} is closed`);
    if (handle?.base) return handle.base;
    let now: Stats | undefined;
    try {
      now = statSync(real);
    } catch {
      // Gone: refused below.
    }
    if (!now || !same(now, opened)) {
      throw new OutFolderError(`the output folder ${path} was moved or replaced after the run opened it`);
    }
    return real;
  };
  return {
    path,
    internalPath: (name) => join(handle?.base || real, name),
    async write(name, content) {
      if (name === "" || name.includes("/") || name.includes("\\") || name === "." || name === "..") {
        throw new OutFolderError(`'${name}' is not a file name`);
      }
      const dir = base();
      const temporary = join(dir, `.${name}.${randomBytes(6).toString("hex")}.tmp`);
      const file = await open(
        temporary,
        constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW,
        0o644,
      );
      try {
        try {
          await file.writeFile(content);
        } finally {
          await file.close();
        }
        await rename(temporary, join(dir, name));
      } catch (error) {
        await unlink(temporary).catch(() => {});
        throw error;
      }
      return join(path, name);
    },
    close() {
      if (closed) return;
      closed = true;
      if (handle) closeSync(handle.fd);
    },
  };
}
