// Reading a record file within the verifier's bound (seed 003 §8 "Bounded reading"): at most
// MAX_RECORD_BYTES + 1 bytes, enough for §4 step 1 to refuse an oversized record without reading all of
// it. Reads until end of file rather than trusting the file's size, so a pipe or a /proc file works too.
import { open } from "node:fs/promises";
import { MAX_RECORD_BYTES } from "./format.js";

export async function readRecordBytes(path: string): Promise<Uint8Array> {
  const handle = await open(path, "r");
  try {
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
