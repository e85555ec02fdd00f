// Reading a record file within the verifier's bound (seed 003 §8 "Bounded reading"): at most
// MAX_RECORD_BYTES + 1 bytes, enough for §4 step 1 to refuse an oversized record without reading all of
// it. Reads until end of file rather than trusting the file's size, so a pipe works too.
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
