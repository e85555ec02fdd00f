// The corpus digest of seed 003 §2.1: one line per file read, `<sha256 hex>  <path>\n`, the lines
// sorted in ascending byte order with duplicates taken once, and SHA-256 over their concatenation.
import { sha256Hex } from "../jcs/index.js";

export interface CorpusFile {
  /** Relative to the folder that holds vectors/, `/`-separated: `vectors/jcs/manifest.json`. */
  path: string;
  /** SHA-256 of the file's bytes, lowercase hex. */
  sha256: string;
}

/** `sha256:` + hex, over exactly the files given (seed 003 §2.1). */
export function corpusDigest(files: CorpusFile[]): string {
  const encoder = new TextEncoder();
  const lines = [...new Set(files.map((f) => `${f.sha256}  ${f.path}\n`))].map((line) =>
    encoder.encode(line),
  );
  // Byte order, not UTF-16 order: they differ once a path holds a character past U+FFFF.
  lines.sort(compareBytes);
  return `sha256:${sha256Hex(Buffer.concat(lines))}`;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}
