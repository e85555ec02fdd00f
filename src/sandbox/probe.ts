// Does bubblewrap work here? Found (or where told), then started once with the namespaces a run uses,
// around `true`. The answer is cached per process and per bwrap path: the run's three adapters, and
// every run a test makes, ask once.
//
// Only a bwrap nobody but root can have put there is the sandbox: a root-owned file in root-owned
// folders that neither group nor others can write, all the way up (docs/sandbox.md "What the harness
// promises"). /usr/bin/bwrap (the package's) is preferred; else the first such bwrap on PATH. Any other
// bwrap found on the way (a workspace's bin/bwrap that runs its command unsandboxed) is never started:
// it is named as ignored, so `auto` says why it ran unsandboxed, or with which bwrap instead.
import { spawnSync } from "node:child_process";
import { accessSync, constants, readFileSync, realpathSync, statSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";

export type BwrapProbe =
  | {
      works: true;
      path: string;
      /** `--disable-userns` works (bwrap 0.8+, a kernel that has user.max_user_namespaces): no user
       * namespace can be made inside, which shuts a large part of the kernel's attack surface. */
      disableUserns: boolean;
      /** `--argv0` exists (bwrap 0.9+): the command sees its argv[0] as the user wrote it. */
      argv0: boolean;
      /** Other bwraps found and never started, each with why (not root's alone). */
      ignored?: string[];
    }
  | { works: false; reason: string };

/** What the lookup found: the bwrap to use (its real path), and each bwrap it would not use, and why. */
export interface BwrapLookup {
  path?: string;
  ignored: string[];
}

/** The package's bwrap, preferred over anything on PATH. */
export const PACKAGED_BWRAP = "/usr/bin/bwrap";

/** Namespaces and process hygiene every sandboxed process gets (and the probe tries). */
export const BASE_FLAGS = ["--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL"];
const PROBE_MOUNTS = ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"];
const NO_NESTED_USERNS = ["--unshare-user", "--disable-userns"];
const PROBE_TIMEOUT_MS = 10_000;

const cache = new Map<string, BwrapProbe>();

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Why `path` (and the folders that hold it, and those of its real path) could have been written by
 * someone other than root; undefined when nobody else could have. */
export function untrustedBecause(path: string): string | undefined {
  let real: string;
  try {
    real = realpathSync(path);
  } catch (error) {
    return `${path} cannot be resolved (${(error as NodeJS.ErrnoException).code ?? error})`;
  }
  const owned = (p: string, what: string): string | undefined => {
    const s = statSync(p);
    if (s.uid !== 0) return `${what} ${p} is owned by uid ${s.uid}, not root`;
    if ((s.mode & 0o022) !== 0) return `${what} ${p} is writable by group or others`;
    return undefined;
  };
  try {
    const file = owned(real, "the file");
    if (file) return file;
    for (const start of new Set([dirname(path), dirname(real)])) {
      for (let dir = start; ; dir = dirname(dir)) {
        const folder = owned(dir, "the folder");
        if (folder) return folder;
        if (dirname(dir) === dir) break;
      }
    }
  } catch (error) {
    return `${path} cannot be checked (${(error as NodeJS.ErrnoException).code ?? error})`;
  }
  return undefined;
}

/** The bwrap to use: /usr/bin/bwrap, else the first on PATH (absolute entries only), either only if
 * root's alone (untrustedBecause); every other bwrap met on the way is ignored, with why. `packaged`
 * is for tests. */
export function findBwrap(env: NodeJS.ProcessEnv = process.env, packaged = PACKAGED_BWRAP): BwrapLookup {
  const ignored: string[] = [];
  const realOf = (path: string) => {
    try {
      return realpathSync(path);
    } catch {
      return path;
    }
  };
  const onPath = (env.PATH ?? "")
    .split(delimiter)
    // A relative PATH entry names a folder of whatever the working directory is: never looked in.
    .filter((dir) => dir.startsWith("/"))
    .map((dir) => join(dir, "bwrap"))
    .filter(isExecutableFile);
  const first = onPath[0];
  if (isExecutableFile(packaged) && untrustedBecause(packaged) === undefined) {
    // The package's bwrap wins; one found first on PATH instead is said, if it is not root's alone.
    const why = first && realOf(first) !== realOf(packaged) ? untrustedBecause(first) : undefined;
    return { path: realOf(packaged), ignored: why ? [`${first} (${why})`] : [] };
  }
  if (isExecutableFile(packaged)) ignored.push(`${packaged} (${untrustedBecause(packaged)})`);
  for (const candidate of onPath) {
    const why = untrustedBecause(candidate);
    if (why === undefined) return { path: realOf(candidate), ignored };
    ignored.push(`${candidate} (${why})`);
  }
  return { ignored };
}

function tryBwrap(path: string, extra: string[]): { ok: boolean; why: string } {
  const r = spawnSync(path, [...BASE_FLAGS, ...extra, ...PROBE_MOUNTS, "--", "true"], {
    env: { PATH: "/usr/local/bin:/usr/bin:/bin" },
    stdio: ["ignore", "ignore", "pipe"],
    timeout: PROBE_TIMEOUT_MS,
    encoding: "utf8",
  });
  if (r.error) return { ok: false, why: r.error.message };
  if (r.status === 0) return { ok: true, why: "" };
  const said = (r.stderr ?? "").trim().split("\n")[0]?.slice(0, 300) ?? "";
  const status = r.signal ? `was killed by ${r.signal}` : `exited with code ${r.status}`;
  return { ok: false, why: said === "" ? status : said };
}

/** What the kernel says about unprivileged user namespaces, when that is the likely cause. */
function usernsHint(): string {
  try {
    if (readFileSync("/proc/sys/kernel/apparmor_restrict_unprivileged_userns", "utf8").trim() === "1") {
      return " (AppArmor restricts unprivileged user namespaces here: kernel.apparmor_restrict_unprivileged_userns=1; a profile for bwrap that allows userns lifts it, see prepareRunnerSandbox)";
    }
  } catch {
    // Not an AppArmor kernel: no hint.
  }
  try {
    if (readFileSync("/proc/sys/user/max_user_namespaces", "utf8").trim() === "0") {
      return " (user namespaces are disabled: user.max_user_namespaces=0)";
    }
  } catch {
    // Not Linux, or no such sysctl.
  }
  return "";
}

function probe(path: string | undefined, platform: NodeJS.Platform, ignored: readonly string[]): BwrapProbe {
  if (platform !== "linux") {
    return { works: false, reason: `bubblewrap is Linux only, and this is ${platform}` };
  }
  if (path === undefined) {
    if (ignored.length === 0) {
      return {
        works: false,
        reason: `bwrap was not found on PATH or at ${PACKAGED_BWRAP} (install the package bubblewrap)`,
      };
    }
    return {
      works: false,
      reason: `no bwrap that only root could have put there was found at ${PACKAGED_BWRAP} or on PATH (install the package bubblewrap); refused, as not root's alone: ${ignored.join("; ")}`,
    };
  }
  if (!isExecutableFile(path)) return { works: false, reason: `${path} is not an executable file` };
  const strict = tryBwrap(path, NO_NESTED_USERNS);
  const works = strict.ok ? strict : tryBwrap(path, []);
  if (!works.ok) {
    return { works: false, reason: `${path} could not start a sandbox: ${works.why}${usernsHint()}` };
  }
  const help = spawnSync(path, ["--help"], { env: {}, encoding: "utf8", timeout: PROBE_TIMEOUT_MS });
  return {
    works: true,
    path,
    disableUserns: strict.ok,
    argv0: /--argv0\b/.test(help.stdout ?? ""),
    ...(ignored.length > 0 ? { ignored: [...ignored] } : {}),
  };
}

/** Whether bwrap works here, cached per process. `bwrapPath` overrides the lookup and its ownership
 * check (a library caller's explicit choice; tests point it at something broken); `fresh` asks again
 * (after the runner setup installed bwrap or loaded a profile). */
export function probeBwrap(
  o: { bwrapPath?: string; platform?: NodeJS.Platform; env?: NodeJS.ProcessEnv; fresh?: boolean } = {},
): BwrapProbe {
  const platform = o.platform ?? process.platform;
  const lookup: BwrapLookup =
    o.bwrapPath !== undefined
      ? { path: o.bwrapPath, ignored: [] }
      : platform === "linux"
        ? findBwrap(o.env)
        : { ignored: [] };
  const key = `${platform}\0${lookup.path ?? ""}\0${lookup.ignored.join("\0")}`;
  let found = o.fresh ? undefined : cache.get(key);
  if (found === undefined) {
    found = probe(lookup.path, platform, lookup.ignored);
    cache.set(key, found);
  }
  return found;
}
