// Which files an aggregate reads: each RECORD argument is a record file, or a folder in which every
// file named record.json below it is taken (a folder of downloaded artifacts, one per job). Folders
// are walked in name order so the same tree always gives the same order; symbolic links to folders
// are not followed, so a link cannot make the walk loop. Every entry named record.json that is not a
// folder is taken, whatever it is: a link, a FIFO or a device is then refused by the reading (it is
// never followed nor waited on: src/record/read.ts), and shows as refused rather than missing.
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { CanonError } from "../errors.js";
import { readRecordBytes } from "../record/read.js";

/** The name of the record file inside an artifact (what `run --out` and the action write). */
export const RECORD_FILE = "record.json";

/** A RECORD argument that names nothing, or a folder holding no record. */
export class InputError extends CanonError {
  override name = "InputError";
}

/** The record files the arguments name, in order, each once. */
export async function recordFiles(paths: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(path);
    } catch (error) {
      throw new InputError(`cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? error})`);
    }
    if (!info.isDirectory()) {
      found.push(path);
      continue;
    }
    const below = await recordsBelow(path);
    if (below.length === 0) throw new InputError(`no ${RECORD_FILE} below the folder ${path}`);
    found.push(...below);
  }
  return [...new Set(found)];
}

async function recordsBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const out: string[] = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await recordsBelow(path)));
    else if (entry.name === RECORD_FILE) out.push(path);
  }
  return out;
}

/** A record file's bytes, within the verifier's bound; only a regular file, never through a link
 * (src/record/read.ts). */
export const readRecordFile = readRecordBytes;
