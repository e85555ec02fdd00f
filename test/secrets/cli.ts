// The CLI face in this process (test/helpers/cli.ts), run as a user runs it; and every file a run
// leaves behind, read back as text to search for the key.
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cli } from "../helpers/cli.js";
import { leaksIn } from "./material.js";

/** `run` arguments for a conformant example in each protocol, narrowed for speed: the once protocol
 * starts a process per case, so it takes part of the smallest suite (9 cases; the whole suite's 43
 * started 58 processes a run, and the key's hygiene does not depend on how many cases ran). */
export const RUN_ARGS = {
  once: [
    "--command",
    "python3 examples/python/canon.py",
    "--suite",
    "canon-or-reject",
    "--case",
    "canon-or-reject/big-int-*",
    "--numbers",
    "0",
  ],
  lines: [
    "--command",
    "python3 examples/python/canon.py --lines",
    "--protocol",
    "lines",
    "--suite",
    "jcs",
    "--numbers",
    "0",
  ],
} as const;

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `canon-conformance ...args` with stdin closed and no CANON_CONFORMANCE_KEY unless `env` sets
 * it; `env` entries replace or (undefined) remove variables. */
export async function runCli(args: string[], env: Record<string, string | undefined> = {}): Promise<CliRun> {
  const run = await cli(args, { env: { CANON_CONFORMANCE_KEY: undefined, ...env } });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

export function tempDir(label: string): string {
  return mkdtempSync(join(tmpdir(), `cc-secrets-${label}-`));
}

/** Every file under `dir`, path -> text (bytes read as latin1, so any byte sequence is searchable). */
export function filesUnder(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  if (!existsSync(dir)) return files;
  const walk = (path: string) => {
    if (statSync(path).isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry));
    else {
      const bytes = readFileSync(path);
      // latin1 for raw bytes, utf8 too: a leak written as UTF-8 text or as bytes is found either way.
      files.set(path, `${bytes.toString("utf8")}\n${bytes.toString("latin1")}`);
    }
  };
  walk(dir);
  return files;
}

/** All leaks of `supplied` in a run's output and the files it left in `dirs`. */
export function leaksOfRun(run: CliRun, dirs: string[], supplied?: Buffer): string[] {
  const problems = [...leaksIn("stdout", run.stdout, supplied), ...leaksIn("stderr", run.stderr, supplied)];
  for (const dir of dirs)
    for (const [path, text] of filesUnder(dir)) problems.push(...leaksIn(path, text, supplied));
  return problems;
}
