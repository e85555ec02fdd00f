// Which files an aggregate reads: each RECORD argument is a record file, or a folder in which every
// file named record.json below it is taken (a folder of downloaded artifacts, one per job). Folders
// are walked in name order so the same tree always gives the same order; symbolic links to folders
// are not followed, so a link cannot make the walk loop.
import { open, readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { MAX_RECORD_BYTES } from "../record/index.js";

/** The name of the record file inside an artifact (what `run --out` and the action write). */
export const RECORD_FILE = "record.json";

/** A RECORD argument that names nothing, or a folder holding no record. */
export class InputError extends Error {
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
    else if (entry.name === RECORD_FILE && (entry.isFile() || entry.isSymbolicLink())) out.push(path);
  }
  return out;
}

/**
 * A record file's bytes, at most MAX_RECORD_BYTES + 1 of them: enough for the verifier to refuse an
 * oversized record without reading all of it.
 */
export async function readRecordFile(path: string): Promise<Uint8Array> {
  const handle = await open(path, "r");
  try {
    const buffer = Buffer.alloc(Math.min(MAX_RECORD_BYTES + 1, (await handle.stat()).size + 1));
    let total = 0;
    while (total < buffer.length) {
      const { bytesRead } = await handle.read(buffer, total, buffer.length - total, null);
      if (bytesRead === 0) break;
      total += bytesRead;
    }
    return buffer.subarray(0, total);
  } finally {
    await handle.close();
  }
}
