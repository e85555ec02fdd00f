// The CLI's one port to the world outside the process: the streams it reads and writes and the
// environment it reads (the signing key's variable, NO_COLOR, and through the run the PATH its
// command is found on). main(argv, io) takes it; src/cli.ts hands it the process's own, and a test
// its own streams, so every command runs in the test's process as it runs for a user. Relative
// paths are the process's working directory's, as for any command-line tool.
import type { Readable, Writable } from "node:stream";

/** A stream the CLI writes to; `isTTY` when it is a terminal (progress and colour follow it). */
export type Output = Writable & { isTTY?: boolean };

export interface CliIo {
  stdin: Readable | AsyncIterable<Uint8Array>;
  stdout: Output;
  stderr: Output;
  env: NodeJS.ProcessEnv;
}

/** The process's own streams and environment. */
export function processIo(): CliIo {
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env };
}
