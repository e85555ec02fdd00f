// The CLI's one port to the world outside the process: the streams it reads and writes and the
// environment it reads (the signing key's variable, NO_COLOR, and through the run the PATH its
// command is found on). main(argv, io) takes it; src/cli.ts hands it the process's own, and a test
// its own streams, so every command runs in the test's process as it runs for a user. Relative
// paths are the process's working directory's, as for any command-line tool.
import type { Readable, Writable } from "node:stream";
import { cliToolCommand } from "../report/install-form.js";

/** A stream the CLI writes to; `isTTY` when it is a terminal (progress and colour follow it). */
export type Output = Writable & { isTTY?: boolean };

export interface CliIo {
  stdin: Readable | AsyncIterable<Uint8Array>;
  stdout: Output;
  stderr: Output;
  env: NodeJS.ProcessEnv;
  /** How the commands it prints start this tool again, in the form it was started with
   * (install-form.ts cliToolCommand); absent, the git form every library caller gets. */
  tool?: string;
}

/** The process's own streams and environment, and the form it was started with. */
export function processIo(): CliIo {
  return {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    tool: cliToolCommand(process.argv[1], process.cwd(), process.env),
  };
}
