// Turning what a command wrote into reasons a report can print on one line, and checking that an
// answer is UTF-8 at all (canonical JSON is UTF-8 text, RFC 8785 §3.2.4).
import { isUtf8 } from "node:buffer";

/** How much of stderr or a rejection body goes into a reason. */
export const REASON_BYTES = 1024;

const lenient = new TextDecoder("utf-8", { fatal: false });

/** The bytes as one printable line: decoded leniently, control characters folded to spaces, trimmed. */
export function oneLine(bytes: Uint8Array, limit = REASON_BYTES): string {
  const text = lenient.decode(bytes.subarray(0, limit));
  const line = text
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .replace(/ {2,}/g, " ")
    .trim();
  return bytes.length > limit ? `${line} ...` : line;
}

/** Undefined when `bytes` is well-formed UTF-8, else where it first is not. */
export function utf8Problem(bytes: Uint8Array): string | undefined {
  if (isUtf8(bytes)) return undefined;
  // Only on the failure path: feed one streaming decoder byte by byte to find where it breaks.
  const probe = new TextDecoder("utf-8", { fatal: true });
  for (let i = 0; i < bytes.length; i++) {
    try {
      probe.decode(bytes.subarray(i, i + 1), { stream: true });
    } catch {
      return `not UTF-8: invalid byte 0x${bytes[i]!.toString(16).padStart(2, "0")} at offset ${i}`;
    }
  }
  return "not UTF-8: truncated sequence at the end";
}

/** Keeps the first `limit` bytes written to a stream (for once mode's rejection reason). */
export class HeadBuffer {
  private chunks: Uint8Array[] = [];
  private size = 0;
  constructor(private readonly limit = REASON_BYTES) {}
  push(chunk: Uint8Array): void {
    if (this.size >= this.limit) return;
    const part = chunk.subarray(0, this.limit - this.size);
    this.chunks.push(part);
    this.size += part.length;
  }
  bytes(): Uint8Array {
    return Buffer.concat(this.chunks);
  }
}

/** How much of the first line of a crashed process's stderr a report keeps. */
export const STDERR_LINE_BYTES = 200;

/** The first line of `stderr` that says anything (blank lines skipped), as oneLine shows it, cut at
 * `limit` bytes; "" when it said nothing. */
export function firstLine(stderr: Uint8Array, limit = STDERR_LINE_BYTES): string {
  for (let start = 0; start < stderr.length; ) {
    let end = start;
    while (end < stderr.length && stderr[end] !== 0x0a && stderr[end] !== 0x0d) end++;
    const line = oneLine(stderr.subarray(start, end), limit);
    if (line !== "") return line;
    start = end + 1;
  }
  return "";
}

/** ` (stderr: ...)` when stderr said anything, else nothing: appended to failure reasons. */
export function stderrSuffix(stderr: Uint8Array): string {
  const line = oneLine(stderr);
  return line === "" ? "" : ` (stderr: ${line})`;
}

/**
 * `bytes` with a CR LF at its end read as LF: the one line end an answer may carry (docs/protocol.md)
 * is LF or CR LF, as Windows runtimes write it (Python's print() there). Canonical JSON ends in
 * neither, so this never changes a canonical answer; a lone CR is left, and fails as the content it is.
 */
export function crlfAsLf(bytes: Buffer): Buffer {
  const n = bytes.length;
  return n >= 2 && bytes[n - 2] === 0x0d && bytes[n - 1] === 0x0a
    ? Buffer.concat([bytes.subarray(0, n - 2), bytes.subarray(n - 1)])
    : bytes;
}
