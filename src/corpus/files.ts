// The corpus's files as a process reads them: each file once for as long as it stays the same file,
// with its digests. A process that loads the corpus again (the self-test under both profiles, the
// tests, a library caller) would otherwise read some 800 files and hash them all again, Keccak-256 in
// JavaScript most of it. A file is read anew whenever its identity (device, inode, size, times)
// changed, so an edited vector is always read, and refused if its pinned digests no longer match.
// Read with the synchronous calls: a corpus is some 800 small files read before any process under test
// starts (src/run/plan.ts), and the promise calls cost a thread-pool round trip each, four a file,
// which took four times the CPU of the reading itself (0.4 s a load against 0.1 s).
import { closeSync, fstatSync, openSync, readFileSync } from "node:fs";
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
  const fd = openSync(path, "r");
  try {
    const s = fstatSync(fd, { bigint: true });
    const identity = `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
    const known = held.get(path);
    if (known?.identity === identity) return known;
    const bytes = new Uint8Array(readFileSync(fd));
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
    closeSync(fd);
  }
}
