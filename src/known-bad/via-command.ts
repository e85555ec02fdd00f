// The known-bads and the reference as commands, through the real adapters: the same proof as the
// in-process self-test, but every answer crosses a process boundary and the command-adapter protocol.
// The command is this very CLI (`known-bad NAME`, `canonicalize`), started the way this process was
// (node, its loader flags such as tsx's --import, and the script), so it works from src/ and dist/.
import { createCanonicalizer } from "../adapters/index.js";
import { DEFAULT_MAX_OUTPUT_BYTES } from "../options/defaults.js";
import { shellQuote } from "../text.js";
import type { Canonicalizer } from "../types.js";
import type { KnownBad } from "./types.js";

export type Protocol = "once" | "lines";

/** How to start the CLI: node, its flags (e.g. tsx's `--import tsx`), and the CLI script. */
export interface Launcher {
  node: string;
  execArgv: string[];
  script: string;
}

/** This very process's CLI, started as this process was. */
export function thisCli(): Launcher {
  const script = process.argv[1];
  if (script === undefined) throw new Error("cannot tell how this CLI was started (no script in argv)");
  return { node: process.execPath, execArgv: process.execArgv, script };
}

/** The command line that runs the CLI with `args`. */
function cliCommand(launcher: Launcher, args: string[]): string {
  return [launcher.node, ...launcher.execArgv, launcher.script, ...args].map(shellQuote).join(" ");
}

export interface ViaCommand {
  protocol: Protocol;
  /** Processes at once in once mode. */
  jobs: number;
  launcher: Launcher;
  /** Per request; 30 s when absent. */
  timeoutMs?: number;
  /** Each process waits this long before it reads its input (`--start-ms`): it starts as dearly as
   * a JVM, so a cost test counts processes times their start, not processes only. */
  startMs?: number;
}

function commandCanonicalizer(args: string[], via: ViaCommand): Canonicalizer {
  const { protocol, jobs, launcher, timeoutMs = 30_000, startMs } = via;
  const start = startMs === undefined ? [] : ["--start-ms", String(startMs)];
  return createCanonicalizer({
    command: cliCommand(launcher, [...args, ...start, ...(protocol === "lines" ? ["--lines"] : [])]),
    protocol,
    shell: false,
    cwd: process.cwd(),
    jobs,
    // By default longer than a run's: the self-test starts hundreds of these on a loaded CI machine.
    timeoutMs,
    maxOutputBytes: DEFAULT_MAX_OUTPUT_BYTES,
  });
}

/** A known-bad's write side (and read side, if it has one) as commands. */
export function knownBadCommands(bad: KnownBad, via: ViaCommand) {
  const write = commandCanonicalizer(["known-bad", bad.name], via);
  if (!bad.read) return { write };
  return { write, read: commandCanonicalizer(["known-bad", bad.name, "--read-side"], via) };
}

/** The RFC 8785 reference as a command (`canonicalize`). */
export function referenceCommand(via: ViaCommand): Canonicalizer {
  return commandCanonicalizer(["canonicalize"], via);
}
