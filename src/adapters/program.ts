// What ran, per seed 003 §2.2: the program as found on the runner's PATH, and every argument of the
// command line that names an existing file, each with the SHA-256 of its bytes when the run started.
//
// Paths: the program is stated as the absolute path it was found at (that is what "as found on PATH"
// names). Every other file is stated exactly as the command line spells it (relative to the working
// directory when relative), so that the same command in the same repository gives the same record on
// every machine and no runner's home directory leaks into it (seed 003 §8). Files are listed in argv
// order, program first, each file once (by its resolved path, first spelling kept).
import { createHash } from "node:crypto";
import { accessSync, type BigIntStats, constants, createReadStream, statSync } from "node:fs";
import { isAbsolute, resolve, win32 } from "node:path";
import { pipeline } from "node:stream/promises";
import { backslashNote, spawnTarget, splitCommandLine } from "./argv.js";
import { AdapterSetupError } from "./errors.js";
import { parseHttpUrl } from "./http.js";

export interface ProgramLookup {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function isExecutable(path: string, platform: NodeJS.Platform): boolean {
  if (platform === "win32") return true;
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function hasDirectory(name: string, platform: NodeJS.Platform): boolean {
  return name.includes("/") || (platform === "win32" && name.includes("\\"));
}

/** The candidates Windows tries for `name` in one directory: as written if it has a PATHEXT extension,
 * then with each PATHEXT extension appended (the order `cmd.exe` uses). */
function windowsCandidates(base: string, env: NodeJS.ProcessEnv): string[] {
  const exts = (env.PATHEXT || ".COM;.EXE;.BAT;.CMD").split(";").filter((e) => e !== "");
  const own = win32.extname(base).toUpperCase();
  const out = own !== "" && exts.some((e) => e.toUpperCase() === own) ? [base] : [];
  for (const e of exts) out.push(base + e);
  return out;
}

/**
 * The absolute path of the program a command line starts. A name with a directory separator is
 * resolved against `cwd`; a bare name is looked up on PATH (on Windows: the working directory first,
 * then PATH, honouring PATHEXT). Throws AdapterSetupError saying what to fix.
 */
export function resolveProgram(name: string, lookup: ProgramLookup): string {
  // `platform` picks the lookup rules; paths are always the host's, so Windows rules can be tested
  // on any machine.
  const platform = lookup.platform ?? process.platform;
  const env = lookup.env ?? process.env;
  const candidatesIn = (dir: string): string[] => {
    const base = resolve(lookup.cwd, dir, name);
    return platform === "win32" ? windowsCandidates(base, env) : [base];
  };
  if (hasDirectory(name, platform) || isAbsolute(name)) {
    const found = candidatesIn(".").find(isFile);
    if (found === undefined) throw new AdapterSetupError(`command not found: ${name} (no such file)`);
    if (!isExecutable(found, platform)) {
      throw new AdapterSetupError(`not executable: ${name} (chmod +x it, or name its interpreter first)`);
    }
    return found;
  }
  const pathVar = (platform === "win32" ? (env.Path ?? env.PATH) : env.PATH) ?? "";
  const sep = platform === "win32" ? ";" : ":";
  // POSIX reads an empty PATH entry as the working directory; Windows searches it first regardless.
  const dirs = pathVar.split(sep).map((d) => (d === "" ? "." : d));
  if (platform === "win32") dirs.unshift(".");
  let notExecutable: string | undefined;
  for (const dir of dirs) {
    for (const candidate of candidatesIn(dir)) {
      if (!isFile(candidate)) continue;
      if (isExecutable(candidate, platform)) return candidate;
      notExecutable ??= candidate;
    }
  }
  if (notExecutable !== undefined) throw new AdapterSetupError(`not executable: ${notExecutable}`);
  throw new AdapterSetupError(`command not found on PATH: ${name}`);
}

/** Digests already taken in this process, by the file's identity and its last change (see sha256File). */
const digests = new Map<string, Promise<string>>();
/** How long ago a file must have last changed for its digest to be remembered. */
const SETTLED_MS = 1000;

/**
 * The SHA-256 of a file's bytes in lowercase hex, read as a stream (never whole into memory). A file
 * hashed before in this process, with the same device, inode, size and modification and change times
 * (nanoseconds), is not read again: the program is often node itself (about 100 MB, a quarter of a
 * second to hash), and a process that runs many times (the test suites, a library caller) would hash
 * it every time. Any later write moves the file's change time, so the digest is the same either way;
 * only a file last changed over a second before it is read is remembered, as file times come from a
 * coarse clock (a few milliseconds a tick) and two writes within one tick leave the same times.
 */
export async function sha256File(path: string): Promise<string> {
  let s: BigIntStats;
  try {
    s = statSync(path, { bigint: true });
  } catch {
    return hashFile(path); // it fails as reading it fails, with the same message
  }
  const key = `${path}\0${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
  let digest = digests.get(key);
  if (digest === undefined) {
    digest = hashFile(path);
    if (s.ctimeMs < BigInt(Date.now() - SETTLED_MS)) digests.set(key, digest);
    // A read that failed is not remembered: the next run reads again, and says why it failed.
    digest.catch(() => digests.delete(key));
  }
  return digest;
}

async function hashFile(path: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(path), hash);
  return hash.digest("hex");
}

export interface ImplementationQuery {
  command?: string;
  url?: string;
  shell: boolean;
  cwd: string;
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
}

export interface ImplementationDescription {
  adapter: "command" | "http";
  /** The command line or the URL, exactly as given. */
  impl: string;
  files: { path: string; sha256: string }[];
}

/**
 * The record's `implementation` facts (seed 003 §2.2). With `shell`, the program is the shell; the
 * command line is still read with the POSIX quoting rules, best effort, to find the program it names
 * and the file arguments (a line that does not split, e.g. with an open quote, adds nothing more).
 */
export async function describeImplementation(q: ImplementationQuery): Promise<ImplementationDescription> {
  if (q.url !== undefined) {
    parseHttpUrl(q.url); // a bad URL stops the run here, before anything starts
    return { adapter: "http", impl: q.url, files: [] };
  }
  if (q.command === undefined) throw new AdapterSetupError("give a command line or a URL");
  const lookup: ProgramLookup = { cwd: q.cwd, env: q.env, platform: q.platform };
  const target = spawnTarget(q.command, q.shell, q.platform);
  const named: { path: string; absolute: string }[] = [];
  try {
    named.push({ path: resolveProgram(target.program, lookup), absolute: "" });
  } catch (error) {
    // A Windows path mangled by the POSIX reading is the likeliest "not found": say so.
    const note = q.shell ? undefined : backslashNote(q.command);
    if (error instanceof AdapterSetupError && note !== undefined)
      throw new AdapterSetupError(`${error.message}. ${note}`);
    throw error;
  }
  let words: string[];
  if (q.shell) {
    try {
      words = splitCommandLine(q.command);
    } catch {
      words = [];
    }
    const [first, ...rest] = words;
    if (first !== undefined) {
      try {
        named.push({ path: resolveProgram(first, lookup), absolute: "" });
      } catch {
        // A shell builtin or a name only the shell knows: nothing to hash.
      }
    }
    words = rest;
  } else {
    words = target.args;
  }
  for (const w of words) {
    if (w === "") continue;
    const absolute = resolve(q.cwd, w);
    if (isFile(absolute)) named.push({ path: w, absolute });
  }
  const seen = new Set<string>();
  const files: { path: string; sha256: string }[] = [];
  for (const n of named) {
    const absolute = n.absolute || n.path;
    if (seen.has(absolute)) continue;
    seen.add(absolute);
    files.push({ path: n.path, sha256: await sha256File(absolute) });
  }
  return { adapter: "command", impl: q.command, files };
}
