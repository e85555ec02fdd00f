// `canon-conformance` in this process (main(argv, io) with the test's own streams: how most tests run
// it), or as a process, the bundled CLI built from src/ (./dist.ts: the end-to-end tests); one way to
// read what it did either way, and one way to write it as a command line for an adapter.
import { spawn, spawnSync } from "node:child_process";
import { relative } from "node:path";
import { Readable, Writable } from "node:stream";
import type { CliIo } from "../../src/commands/io.js";
import { main } from "../../src/commands/main.js";
import { cliScript, implScript, REPO } from "./dist.js";

export interface CliOptions {
  /** Bytes on stdin; stdin is closed at once without it. */
  input?: string | Uint8Array;
  /** Variables added or replaced; `undefined` removes one from this process's environment. */
  env?: Record<string, string | undefined>;
  /** The repository root unless given. */
  cwd?: string;
  /** Milliseconds before the process is killed (none unless given). */
  timeout?: number;
}

export interface CliRun {
  /** The exit status, null when a signal ended it. */
  status: number | null;
  stdout: string;
  stderr: string;
  /** stdout's bytes, for answers that are not text. */
  raw: Buffer;
}

function environment(changes: CliOptions["env"]): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const [name, value] of Object.entries(changes ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/** A stream that keeps what is written to it. */
function collector(isTTY: boolean): Writable & { isTTY: boolean; bytes(): Buffer } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      done();
    },
  });
  return Object.assign(stream, { isTTY, bytes: () => Buffer.concat(chunks) });
}

/** A run in this process always ends with an exit code. */
export type HereRun = CliRun & { status: number };

export interface HereOptions extends Omit<CliOptions, "cwd" | "timeout"> {
  /** stdout (and stderr) claim to be a terminal. */
  tty?: { stdout?: boolean; stderr?: boolean };
}

/**
 * Runs the CLI with `args` in this process: main(argv, io) (src/commands/main.ts) with its own streams
 * and the test's environment changed by `env`, read back as runCli reads a process.
 */
export function cli(args: readonly string[], options: HereOptions = {}): Promise<HereRun> {
  return withIo((io) => main([...args], io), options);
}

/** Runs `face` (main, or one command) with an io of its own; what the process's entry point does with
 * an error it throws (src/cli.ts) is done here too. */
export async function withIo(
  face: (io: CliIo) => Promise<number>,
  options: HereOptions = {},
): Promise<HereRun> {
  const stdout = collector(options.tty?.stdout === true);
  const stderr = collector(options.tty?.stderr === true);
  const io: CliIo = {
    // A closed pipe with nothing written yields no chunk at all, not an empty one.
    stdin: Readable.from(options.input?.length ? [Buffer.from(options.input)] : []),
    stdout,
    stderr,
    env: environment(options.env),
  };
  let status: number;
  try {
    status = await face(io);
  } catch (error) {
    stderr.write(`canon-conformance: ${error instanceof Error ? error.message : String(error)}\n`);
    status = 2;
  }
  const raw = stdout.bytes();
  return { status, stdout: raw.toString("utf8"), stderr: stderr.bytes().toString("utf8"), raw };
}

/** Runs the CLI with `args` and waits for it (blocks this process: use runCliAsync beside a server). */
export function runCli(args: readonly string[], options: CliOptions = {}): CliRun {
  const r = spawnSync(process.execPath, [cliScript(), ...args], {
    cwd: options.cwd ?? REPO,
    env: environment(options.env),
    input: options.input ?? "",
    ...(options.timeout ? { timeout: options.timeout } : {}),
    maxBuffer: 256 * 1024 * 1024,
  });
  if (r.error) throw r.error;
  return {
    status: r.status,
    stdout: r.stdout.toString("utf8"),
    stderr: r.stderr.toString("utf8"),
    raw: r.stdout,
  };
}

/** Runs the CLI with `args` without blocking this process's event loop. */
export function runCliAsync(args: readonly string[], options: CliOptions = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliScript(), ...args], {
      cwd: options.cwd ?? REPO,
      env: environment(options.env),
      stdio: "pipe",
      ...(options.timeout ? { timeout: options.timeout } : {}),
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => out.push(c));
    child.stderr.on("data", (c: Buffer) => err.push(c));
    // A command that exits before reading its input closes the pipe; that is its answer, not an error.
    child.stdin.on("error", () => {});
    child.on("error", reject);
    child.on("close", (status) => {
      const raw = Buffer.concat(out);
      resolve({ status, stdout: raw.toString("utf8"), stderr: Buffer.concat(err).toString("utf8"), raw });
    });
    child.stdin.end(options.input ?? "");
  });
}

/** A POSIX-shell word, as the command adapter splits its command lines. */
export function quote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The command line that starts the CLI with `args` (e.g. "canonicalize --lines"), for the command
 * adapter or the action's `command` input. With `from`, the script is spelled relative to that folder
 * (the run's working directory), as a user in the repository would spell it.
 */
export function cliCommand(args: string, from?: string): string {
  const script = from === undefined ? cliScript() : relative(from, cliScript());
  return `${quote(process.execPath)} ${quote(script)} ${args}`;
}

/**
 * The command line of one of the tests' canonicalizers (./impl.ts) with `args`: `canonicalize --lines`
 * is the reference, `known-bad NAME --lines` a known-bad, as the CLI's commands of those names answer.
 */
export function implCommand(args: string, from?: string): string {
  const script = from === undefined ? implScript() : relative(from, implScript());
  return `${quote(process.execPath)} ${quote(script)} ${args}`;
}
