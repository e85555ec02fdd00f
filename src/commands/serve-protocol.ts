// The implementation side of the command-adapter protocol (docs/protocol.md): what a canonicalizer command
// does with stdin and stdout. The reference (`canonicalize`) and the known-bad commands share it.
// Bytes stay bytes throughout: input is never decoded here, so invalid UTF-8 reaches `transform`.
import type { Readable, Writable } from "node:stream";
import { rejectionReason } from "../jcs/canonicalizer.js";
import { JcsError } from "../jcs/index.js";
import { Crash, Hang } from "../process-faults.js";

/** Turns one request into its answer; throws to reject it. */
export type Transform = (input: Uint8Array) => Uint8Array;

/** The streams a server talks over (the CLI's io). */
export interface ServeIo {
  input: Readable | AsyncIterable<Uint8Array>;
  output: Writable;
  errors: Writable;
}

/** The reason for a rejection, on one line (a JcsError names its code and byte offset). */
export function reasonOf(error: unknown): string {
  const text =
    error instanceof JcsError
      ? rejectionReason(error)
      : error instanceof Error
        ? error.message
        : String(error);
  return text.replace(/[\r\n]+/g, " ");
}

/** A Hang (src/known-bad/process-faults.ts): never answers again, and keeps the process alive. */
function hangForever(): Promise<never> {
  return new Promise(() => setInterval(() => {}, 60_000));
}

/** Writes `chunk` and resolves once the stream has taken it (waits for 'drain' under backpressure). */
function write(stream: Writable, chunk: Uint8Array | string): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(chunk, (error) => (error ? reject(error) : resolve()));
  });
}

/**
 * once mode: all of stdin is one request. Writes the answer bytes as they are (no LF added) and
 * returns 0, or writes the reason to stderr and returns 1.
 */
export async function serveOnce(transform: Transform, io: ServeIo): Promise<number> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of io.input) chunks.push(chunk as Uint8Array);
  let output: Uint8Array;
  try {
    output = transform(Buffer.concat(chunks));
  } catch (error) {
    if (error instanceof Hang) return hangForever();
    if (error instanceof Crash) {
      await write(io.errors, error.stderr);
      return error.exitCode;
    }
    await write(io.errors, `${reasonOf(error)}\n`);
    return 1;
  }
  await write(io.output, output);
  return 0;
}

const LF = 0x0a;
const BANG = Buffer.from("!");
const NEWLINE = Buffer.from("\n");

/**
 * lines mode: each LF-terminated line of stdin is one request (a last line without LF counts too);
 * each gets exactly one answer line, in order: the answer, or `!` and the reason. Returns 0 at EOF.
 */
export async function serveLines(transform: Transform, io: ServeIo): Promise<number> {
  /** A Hang or a Crash that stopped the server at a line, after the answers before it. */
  let fault: Hang | Crash | undefined;
  const answer = (line: Uint8Array, out: Uint8Array[]): void => {
    if (fault !== undefined) return;
    try {
      out.push(transform(line), NEWLINE);
    } catch (error) {
      if (error instanceof Hang || error instanceof Crash) fault = error;
      else out.push(BANG, Buffer.from(reasonOf(error)), NEWLINE);
    }
  };
  /** Writes the answers, then acts out a fault if one stopped the server: the exit code, or never. */
  const flush = async (out: Uint8Array[]): Promise<number | undefined> => {
    await write(io.output, Buffer.concat(out));
    if (fault instanceof Hang) return hangForever();
    if (fault instanceof Crash) {
      await write(io.errors, fault.stderr);
      return fault.exitCode;
    }
    return undefined;
  };
  // The parts of a line whose LF has not arrived yet, joined once it does (a 100 MB line arriving
  // in 64 KB chunks is copied once, not once per chunk).
  let pieces: Buffer[] = [];
  for await (const chunk of io.input) {
    const data = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    let lf = data.indexOf(LF);
    if (lf < 0) {
      pieces.push(data);
      continue;
    }
    const out: Uint8Array[] = [];
    answer(
      pieces.length === 0 ? data.subarray(0, lf) : Buffer.concat([...pieces, data.subarray(0, lf)]),
      out,
    );
    pieces = [];
    let start = lf + 1;
    while ((lf = data.indexOf(LF, start)) >= 0) {
      answer(data.subarray(start, lf), out);
      start = lf + 1;
    }
    if (start < data.length) pieces.push(data.subarray(start));
    // One write per input chunk, awaited: no more input is read while stdout is full.
    const ended = await flush(out);
    if (ended !== undefined) return ended;
  }
  if (pieces.length > 0) {
    const out: Uint8Array[] = [];
    answer(Buffer.concat(pieces), out);
    const ended = await flush(out);
    if (ended !== undefined) return ended;
  }
  return 0;
}
