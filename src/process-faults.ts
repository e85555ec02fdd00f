// Faults of a process, not of a canonical form: what a canonicalizer function run as a command (the
// known-bads, src/known-bad/process-faults.ts) throws to act as a real implementation's process would
// beyond refusing. The command side of the protocol (src/commands/serve-protocol.ts) acts them out: a
// Hang stays alive and never answers again; a Crash writes its stderr and exits with its code (in
// lines mode, on that line, after the answers before it).

/** The process stops answering and stays alive: a parser or formatter stuck in a loop. */
export class Hang extends Error {
  override name = "Hang";
}

/** The process writes `stderr` and exits with `exitCode`, without answering. */
export class Crash extends Error {
  override name = "Crash";
  constructor(
    readonly stderr: string,
    readonly exitCode = 1,
  ) {
    super(stderr);
  }
}
