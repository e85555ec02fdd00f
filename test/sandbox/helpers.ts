// Plumbing for the sandbox tests, kept local (the shared spawn helpers are being changed elsewhere):
// whether the sandbox can run here (and failing in CI when it cannot), running a command as root or
// as uid 65534, the secrets a test plants and every form a leak of them could take.
import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chownSync,
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from "node:fs";
import { Socket } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { TestContext } from "node:test";
import { fileURLToPath } from "node:url";
import { probeBwrap } from "../../src/sandbox/index.js";

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const FIXTURES = join(REPO, "test/sandbox/fixtures");
export const NOBODY = 65534;

/** The users a test runs its harness as: root (this process, when it is root) and uid 65534. */
export const USERS = ["root", "nobody"] as const;
export type User = (typeof USERS)[number];

/**
 * Whether this test can run for real: bwrap works here, and (for `user`) this process can be that
 * user. If not, says why; in CI (process.env.CI) that fails the test, elsewhere it is skipped. Never
 * a silent pass.
 */
export function canRun(t: TestContext, needs: { bwrap?: boolean; user?: User } = {}): boolean {
  const problems: string[] = [];
  if (needs.bwrap !== false) {
    const probe = probeBwrap();
    if (!probe.works) problems.push(`the sandbox cannot run here: ${probe.reason}`);
  }
  if (needs.user !== undefined && process.getuid?.() !== 0) {
    problems.push(
      `running as ${needs.user} needs this test to run as root (it is uid ${process.getuid?.()})`,
    );
  }
  if (problems.length === 0) return true;
  const why = problems.join("; ");
  if (process.env.CI) throw new Error(`${why} (CI is set: a sandbox test must run, not pass vacuously)`);
  t.skip(why);
  return false;
}

/** `command args` as `user`: directly for root, through setpriv for uid 65534. */
export function asUser(user: User, command: string, args: string[]): [string, string[]] {
  if (user === "root") return [command, args];
  return ["setpriv", [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, "--clear-groups", "--", command, ...args]];
}

/** A fresh directory inside the repository (the working directory of the runs), not under /tmp: what
 * a run must hide there is visible unless masked, so the masks themselves are tested (under /tmp the
 * sandbox's own /tmp would hide it anyway). `where: "tmp"` makes it under the system's temp instead. */
export function tempRoot(label: string, where: "repo" | "tmp" = "repo"): string {
  const base = where === "repo" ? join(REPO, "tmp", "sandbox-tests") : tmpdir();
  mkdirSync(base, { recursive: true });
  return mkdtempSync(join(base, `cc-sandbox-${label}-`));
}

export function chownTree(path: string, uid: number): void {
  chownSync(path, uid, uid);
  if (statSync(path).isDirectory()) for (const e of readdirSync(path)) chownTree(join(path, e), uid);
}

export interface Spawned {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command to its end (killed after `timeoutMs`), stdout and stderr collected. With `pipe`, its
 * stdout is a real pipe (a FIFO), as on a runner: Node's own child stdio are sockets, which
 * /proc/<pid>/fd/1 cannot open, so the attack on the harness's stdout would fail for the wrong reason.
 */
export function run(
  command: string,
  args: string[],
  o: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number; input?: string; pipe?: boolean } = {},
): Promise<Spawned> {
  let fifo: { dir: string; read: number; write: number } | undefined;
  if (o.pipe) {
    const dir = mkdtempSync(join(tmpdir(), "cc-sandbox-fifo-"));
    execFileSync("mkfifo", [join(dir, "stdout")]);
    const read = openSync(join(dir, "stdout"), constants.O_RDONLY | constants.O_NONBLOCK);
    fifo = { dir, read, write: openSync(join(dir, "stdout"), constants.O_WRONLY) };
  }
  return new Promise((done, fail) => {
    const child = spawn(command, args, {
      cwd: o.cwd ?? REPO,
      env: o.env ?? process.env,
      stdio: ["pipe", fifo ? fifo.write : "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    const out = fifo ? new Socket({ fd: fifo.read, readable: true, writable: false }) : child.stdout!;
    if (fifo) closeSync(fifo.write);
    out.setEncoding("utf8").on("data", (c: string) => (stdout += c));
    child.stderr!.setEncoding("utf8").on("data", (c: string) => (stderr += c));
    const timer = setTimeout(() => child.kill("SIGKILL"), o.timeoutMs ?? 180_000);
    child.on("error", fail);
    child.stdin!.on("error", () => {}); // a child that exits without reading its input
    let status: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    let outClosed = false;
    const settle = () => {
      if (!status || !outClosed) return;
      clearTimeout(timer);
      if (fifo) rmSync(fifo.dir, { recursive: true, force: true });
      done({ ...status, stdout, stderr });
    };
    out.on("close", () => {
      outClosed = true;
      settle();
    });
    child.on("close", (code, signal) => {
      status = { code, signal };
      if (!fifo) outClosed = true;
      settle();
    });
    child.stdin!.end(o.input ?? "");
  });
}

/** A secret no output could hold by chance: a hash of a sentence. */
export function distinctive(label: string): string {
  return createHash("sha256").update(`canon-conformance sandbox test: ${label}`).digest("hex");
}

/** The signing key's seed, and the runner's tokens, as the tests plant them. */
export const SECRETS = {
  key: distinctive("the signing key"),
  githubToken: `ghs_${distinctive("GITHUB_TOKEN").slice(0, 36)}`,
  runtimeToken: distinctive("ACTIONS_RUNTIME_TOKEN"),
  idToken: distinctive("ACTIONS_ID_TOKEN_REQUEST_TOKEN"),
};

/** Every form a leak of `secret` could take: as is, either case, reversed, base64 (of the text and,
 * for hex, of its bytes), hex of the text, and any 16-character stretch of it. */
export function leakForms(secret: string): string[] {
  const forms = new Set<string>();
  const add = (s: string) => {
    if (s.length >= 12) forms.add(s);
  };
  add(secret);
  add(secret.toLowerCase());
  add(secret.toUpperCase());
  add([...secret].reverse().join(""));
  add(Buffer.from(secret).toString("base64").replace(/=+$/, ""));
  add(Buffer.from(secret).toString("hex"));
  add(
    Buffer.from([...secret].reverse().join(""))
      .toString("base64")
      .replace(/=+$/, ""),
  );
  if (/^[0-9a-f]+$/i.test(secret) && secret.length % 2 === 0) {
    const bytes = Buffer.from(secret, "hex");
    add(bytes.toString("base64").replace(/=+$/, ""));
    add(bytes.toString("base64url"));
  }
  for (let i = 0; i + 16 <= secret.length; i += 4) add(secret.slice(i, i + 16));
  return [...forms];
}

/** Where in `text` any planted secret shows, in any form. */
export function leaksIn(
  where: string,
  text: string,
  secrets: readonly string[] = Object.values(SECRETS),
): string[] {
  const found: string[] = [];
  for (const secret of secrets) {
    for (const form of leakForms(secret)) if (text.includes(form)) found.push(`${where} holds ${form}`);
  }
  return found;
}

/** Every file under `dir`, path -> text (utf8 and latin1, so a leak is found either way). */
export function filesUnder(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  if (!existsSync(dir)) return files;
  const walk = (path: string) => {
    const st = statSync(path);
    if (st.isDirectory()) for (const e of readdirSync(path)) walk(join(path, e));
    else if (st.isFile()) {
      const bytes = readFileSync(path);
      files.set(path, `${bytes.toString("utf8")}\n${bytes.toString("latin1")}`);
    }
  };
  walk(dir);
  return files;
}

/** Live (not zombie) processes whose command line carries `tag`. */
export async function processesWith(tag: string): Promise<string[]> {
  const r = await run("ps", ["-eo", "pid=,stat=,args="]);
  return r.stdout.split("\n").filter((l) => l.includes(tag) && !/^\s*\d+\s+Z/.test(l));
}

/** Waits up to `ms` for every process tagged `tag` to be gone; returns those still there. */
export async function leftovers(tag: string, ms = 5000): Promise<string[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const left = await processesWith(tag);
    if (left.length === 0 || Date.now() > deadline) return left;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Kills every process tagged `tag` (after a test that expects survivors). */
export async function killTagged(tag: string): Promise<void> {
  for (const line of await processesWith(tag)) {
    const pid = Number(line.trim().split(/\s+/)[0]);
    try {
      process.kill(pid, "SIGKILL");
    } catch {}
  }
}

export const quote = (s: string): string => `'${s.replaceAll("'", "'\\''")}'`;
