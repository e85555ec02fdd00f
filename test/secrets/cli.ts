// The real CLI, bundled into a private folder inside the repository (so it finds vectors/), run as a
// user runs it; and every file a run leaves behind, read back as text to search for the key.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { leaksIn } from "./material.js";

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
/** One bundle per test process: the tests run in parallel and must not rebuild each other's. */
export const BUNDLE_DIR = join(REPO, "tmp", `secrets-dist-${process.pid}`);

/** Bundles the CLI and the action into BUNDLE_DIR (never into dist/). */
export function buildBundle(): void {
  if (existsSync(join(BUNDLE_DIR, "cli.js"))) return;
  const built = spawnSync(process.execPath, ["scripts/build.mjs", "--outdir", BUNDLE_DIR], {
    cwd: REPO,
    encoding: "utf8",
  });
  if (built.status !== 0) throw new Error(`build failed: ${built.stderr}`);
}

/** `run` arguments for a conformant example in each protocol, narrowed for speed: the once protocol
 * starts a process per case, so it takes the smallest suite. */
export const RUN_ARGS = {
  once: ["--command", "python3 examples/python/canon.py", "--suite", "canon-or-reject", "--numbers", "0"],
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

/** Runs `node <bundle>/cli.js ...args`; `env` entries replace or (undefined) remove variables. */
export function runCli(args: string[], env: Record<string, string | undefined> = {}): Promise<CliRun> {
  const fullEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && k !== "CANON_CONFORMANCE_KEY") fullEnv[k] = v;
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete fullEnv[k];
    else fullEnv[k] = v;
  }
  const child = spawn(process.execPath, [join(BUNDLE_DIR, "cli.js"), ...args], {
    cwd: REPO,
    env: fullEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (c: string) => (stdout += c));
  child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
  return new Promise((done) => child.on("close", (code) => done({ code, stdout, stderr })));
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
