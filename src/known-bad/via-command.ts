// The known-bads and the reference as commands, through the real adapters: the same proof as the
// in-process self-test, but every answer crosses a process boundary and the command-adapter protocol.
// The command is this very CLI (`known-bad NAME`, `canonicalize`), started the way this process was
// (node, its loader flags such as tsx's --import, and the script), so it works from src/ and dist/.
import { createCanonicalizer } from "../adapters/index.js";
import type { Canonicalizer } from "../types.js";
import type { KnownBad } from "./types.js";

export type Protocol = "once" | "lines";

/** A POSIX-shell single-quoted word: the adapters split command lines as a shell would. */
function quote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The command line that runs this CLI with `args`. */
export function selfCommand(args: string[]): string {
  const script = process.argv[1];
  if (script === undefined) throw new Error("cannot tell how this CLI was started (no script in argv)");
  return [process.execPath, ...process.execArgv, script, ...args].map(quote).join(" ");
}

function commandCanonicalizer(args: string[], protocol: Protocol, jobs: number): Canonicalizer {
  return createCanonicalizer({
    command: selfCommand(protocol === "lines" ? [...args, "--lines"] : args),
    protocol,
    shell: false,
    cwd: process.cwd(),
    jobs,
    timeoutMs: 30_000,
    maxOutputBytes: 16 * 1024 * 1024,
  });
}

/** A known-bad's write side (and read side, if it has one) as commands. */
export function knownBadCommands(bad: KnownBad, protocol: Protocol, jobs: number) {
  const write = commandCanonicalizer(["known-bad", bad.name], protocol, jobs);
  if (!bad.read) return { write };
  return { write, read: commandCanonicalizer(["known-bad", bad.name, "--read-side"], protocol, jobs) };
}

/** The RFC 8785 reference as a command (`canonicalize`). */
export function referenceCommand(protocol: Protocol, jobs: number): Canonicalizer {
  return commandCanonicalizer(["canonicalize"], protocol, jobs);
}
