// Reading a record file within the verifier's bound (seed 003 §8 "Bounded reading"): at most
// MAX_RECORD_BYTES + 1 bytes, enough for §4 step 1 to refuse an oversized record without reading all of
// it. A record handed to verify, sign or aggregate is untrusted, and so is where its path leads: it is
// opened without following a symbolic link and without blocking (a FIFO would otherwise hang the
// open), and read only if the opened file is a regular one. A refusal names the kind of file, never
// its bytes. `verify -` reads standard input through readRecordStream instead.
import { constants, type Stats } from "node:fs";
import { open } from "node:fs/promises";
import { CanonError } from "../errors.js";
import { MAX_RECORD_BYTES } from "./format.js";

/** The file is not one a record is read from; `code` says what it is (callers print it). */
export class RecordReadError extends CanonError {
  override name = "RecordReadError";
  constructor(
    readonly path: string,
    readonly code: string,
  ) {
    super(`cannot read ${path} (${code})`);
  }
}

const FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

function kindOf(s: Stats): string {
  if (s.isDirectory()) return "a folder";
  if (s.isFIFO()) return "a FIFO";
  if (s.isSocket()) return "a socket";
  if (s.isCharacterDevice() || s.isBlockDevice()) return "a device";
  return "not a file";
}

export async function readRecordBytes(path: string): Promise<Uint8Array> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // O_NOFOLLOW's answer for a link (ELOOP; EMLINK on some BSDs); a socket cannot be opened (ENXIO).
    if (code === "ELOOP" || code === "EMLINK") {
      throw new RecordReadError(path, "a symbolic link: a record is read only from a regular file");
    }
    throw error;
  }
  try {
    const kind = await handle.stat();
    if (!kind.isFile()) {
      throw new RecordReadError(path, `${kindOf(kind)}: a record is read only from a regular file`);
    }
    const chunks: Buffer[] = [];
    let total = 0;
    while (total <= MAX_RECORD_BYTES) {
      const chunk = Buffer.alloc(Math.min(1 << 20, MAX_RECORD_BYTES + 1 - total));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      total += bytesRead;
    }
    return Buffer.concat(chunks, total);
  } finally {
    await handle.close();
  }
}

/** The same bound over a stream (`verify -`: standard input). */
export async function readRecordStream(stream: AsyncIterable<Buffer>): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    chunks.push(chunk);
    total += chunk.length;
    if (total > MAX_RECORD_BYTES) break;
  }
  return Buffer.concat(chunks).subarray(0, MAX_RECORD_BYTES + 1);
}
