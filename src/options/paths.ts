// The two paths a run depends on, checked before anything runs: the folder the command runs in must
// be a directory, and the output folder must take a file. The output check is bounded: it never
// creates folders recursively (Node's recursive mkdir spins forever under /proc), refuses kernel
// filesystems, and gives up after a timeout, so a bad --out costs seconds, not the whole run.
import { randomBytes } from "node:crypto";
import { statSync } from "node:fs";
import { mkdir, open, realpath, rm, stat } from "node:fs/promises";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { OptionError } from "./errors.js";

/** The folder `text` names from `base`; refused unless it is a directory. */
export function checkDirectory(text: string, base: string, subject: string, relativeTo?: string): string {
  const directory = resolve(base, text || ".");
  let isDirectory = false;
  try {
    isDirectory = statSync(directory).isDirectory();
  } catch {
    // Missing or unreadable: reported below, with the path it was looked for at.
  }
  if (!isDirectory) {
    const note = relativeTo && !isAbsolute(text) ? `; it is relative to ${relativeTo}` : "";
    throw new OptionError(
      `${subject} '${text}' is not a directory (looked for ${directory})${note}`,
      "working-directory",
    );
  }
  return directory;
}

/** How long the output check may take before it is given up. */
export const OUT_CHECK_TIMEOUT_MS = 5_000;

/** Kernel filesystems: their files are not files, and writes there can block. /dev/shm is a tmpfs. */
const KERNEL_ROOTS = ["/proc", "/sys", "/dev"];
const KERNEL_EXCEPTIONS = ["/dev/shm"];

const under = (path: string, root: string) => path === root || path.startsWith(`${root}/`);

/**
 * Makes `dir` (and its missing parents, one at a time) and writes and removes a probe file in it.
 * Throws OptionError saying why the folder cannot take the run's files.
 */
export async function checkOutDir(dir: string, timeoutMs = OUT_CHECK_TIMEOUT_MS): Promise<void> {
  const target = resolve(dir);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(refused(dir, `the filesystem did not answer within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
  });
  try {
    await Promise.race([probe(dir, target), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function refused(dir: string, why: string): OptionError {
  return new OptionError(`cannot write the output folder '${dir}': ${why}`, "out");
}

async function probe(dir: string, target: string): Promise<void> {
  // The nearest folder that exists; everything below it is made here.
  const missing: string[] = [];
  let existing = target;
  for (;;) {
    try {
      if (!(await stat(existing)).isDirectory()) throw refused(dir, `${existing} is a file, not a folder`);
      break;
    } catch (error) {
      if (error instanceof OptionError) throw error;
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
    const real = join(await realpath(existing), relative(existing, target));
    const root = KERNEL_ROOTS.find((r) => under(real, r));
    if (root && !KERNEL_EXCEPTIONS.some((e) => under(real, e))) {
      throw refused(dir, `${real} is under ${root}, a kernel filesystem, not a place for files`);
    }
  }
  for (const folder of missing) {
    try {
      await mkdir(folder);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "EEXIST") throw refused(dir, `cannot make ${folder} (${code ?? error})`);
    }
  }
  const file = join(target, `.canon-conformance-probe-${process.pid}-${randomBytes(4).toString("hex")}`);
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, "wx");
  } catch (error) {
    throw refused(dir, `cannot create a file in it (${(error as NodeJS.ErrnoException).code ?? error})`);
  }
  try {
    await handle.writeFile("canon-conformance checks it can write here\n");
  } catch (error) {
    throw refused(dir, `cannot write a file in it (${(error as NodeJS.ErrnoException).code ?? error})`);
  } finally {
    await handle.close();
    await rm(file, { force: true });
  }
}
