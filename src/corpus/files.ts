// The corpus's files as a process reads them: each file once for as long as it stays the same file,
// with its digests. A process that loads the corpus again (the self-test under both profiles, the
// tests, a library caller) would otherwise read some 800 files and hash them all again, Keccak-256 in
// JavaScript most of it. A file is read anew whenever its identity (device, inode, size, times)
// changed, so an edited vector is always read, and refused if its pinned digests no longer match.
import { open } from "node:fs/promises";
import { keccak256Hex, sha256Hex } from "../jcs/index.js";

export interface CorpusFileBytes {
  bytes: Uint8Array;
  sha256(): string;
  keccak256(): string;
}

interface Held extends CorpusFileBytes {
  identity: string;
}

const held = new Map<string, Held>();

/** The file at `path` (read now, or as read before if it is still the same file). Throws as readFile does. */
export async function readCorpusFile(path: string): Promise<CorpusFileBytes> {
  const handle = await open(path, "r");
  try {
    const s = await handle.stat({ bigint: true });
    const identity = `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
    const known = held.get(path);
    if (known?.identity === identity) return known;
    const bytes = new Uint8Array(await handle.readFile());
    let sha256: string | undefined;
    let keccak256: string | undefined;
    const file: Held = {
      identity,
      bytes,
      sha256: () => (sha256 ??= sha256Hex(bytes)),
      keccak256: () => (keccak256 ??= keccak256Hex(bytes)),
    };
    held.set(path, file);
    return file;
  } finally {
    await handle.close();
  }
}
