// Does bubblewrap work here? Found on PATH (or where told), then started once with the namespaces a
// run uses, around `true`. The answer is cached per process and per bwrap path: the run's three
// adapters, and every run a test makes, ask once.
import { spawnSync } from "node:child_process";
import { accessSync, constants, readFileSync, statSync } from "node:fs";
import { delimiter, join } from "node:path";

export type BwrapProbe =
  | {
      works: true;
      path: string;
      /** `--disable-userns` works (bwrap 0.8+, a kernel that has user.max_user_namespaces): no user
       * namespace can be made inside, which shuts a large part of the kernel's attack surface. */
      disableUserns: boolean;
      /** `--argv0` exists (bwrap 0.9+): the command sees its argv[0] as the user wrote it. */
      argv0: boolean;
    }
  | { works: false; reason: string };

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

/** `bwrap` on PATH, else the Debian/Ubuntu package's path; undefined when neither is there. */
export function findBwrap(env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (dir === "" || !dir.startsWith("/")) continue; // a relative PATH entry could be planted
    const candidate = join(dir, "bwrap");
    if (isExecutableFile(candidate)) return candidate;
  }
  return isExecutableFile("/usr/bin/bwrap") ? "/usr/bin/bwrap" : undefined;
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

function probe(path: string | undefined, platform: NodeJS.Platform): BwrapProbe {
  if (platform !== "linux") {
    return { works: false, reason: `bubblewrap is Linux only, and this is ${platform}` };
  }
  if (path === undefined) {
    return {
      works: false,
      reason: "bwrap was not found on PATH or at /usr/bin/bwrap (install the package bubblewrap)",
    };
  }
  if (!isExecutableFile(path)) return { works: false, reason: `${path} is not an executable file` };
  const strict = tryBwrap(path, NO_NESTED_USERNS);
  const works = strict.ok ? strict : tryBwrap(path, []);
  if (!works.ok) {
    return { works: false, reason: `${path} could not start a sandbox: ${works.why}${usernsHint()}` };
  }
  const help = spawnSync(path, ["--help"], { env: {}, encoding: "utf8", timeout: PROBE_TIMEOUT_MS });
  return { works: true, path, disableUserns: strict.ok, argv0: /--argv0\b/.test(help.stdout ?? "") };
}

/** Whether bwrap works here, cached per process. `bwrapPath` overrides the lookup (tests, odd installs);
 * `fresh` asks again (after the runner setup installed bwrap or loaded a profile). */
export function probeBwrap(
  o: { bwrapPath?: string; platform?: NodeJS.Platform; env?: NodeJS.ProcessEnv; fresh?: boolean } = {},
): BwrapProbe {
  const platform = o.platform ?? process.platform;
  const path = o.bwrapPath ?? (platform === "linux" ? findBwrap(o.env) : undefined);
  const key = `${platform}\0${path ?? ""}`;
  let found = o.fresh ? undefined : cache.get(key);
  if (found === undefined) {
    found = probe(path, platform);
    cache.set(key, found);
  }
  return found;
}
