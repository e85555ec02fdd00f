// The two paths a run depends on, checked before anything runs: the folder the command runs in must
// be a directory, and the output folder must take a file. The output check is bounded: it never
// creates folders recursively (Node's recursive mkdir spins forever under /proc), refuses kernel
// filesystems, and gives up after a timeout, so a bad --out costs seconds, not the whole run.
import { statSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { OUT_OPEN_TIMEOUT_MS, OutFolderError, openOutFolder } from "../out-folder.js";
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
export const OUT_CHECK_TIMEOUT_MS = OUT_OPEN_TIMEOUT_MS;

/**
 * Makes `dir` (and its missing parents, one at a time) and writes and removes a probe file in it
 * (src/out-folder.ts, which the run itself opens the folder with). Throws OptionError saying
 * why the folder cannot take the run's files.
 */
export async function checkOutDir(dir: string, timeoutMs = OUT_CHECK_TIMEOUT_MS): Promise<void> {
  try {
    (await openOutFolder(dir, timeoutMs)).close();
  } catch (error) {
    if (error instanceof OutFolderError) throw new OptionError(error.message, "out");
    throw error;
  }
}
