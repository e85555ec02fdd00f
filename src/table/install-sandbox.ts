// A row's install commands run code nobody here wrote: a crate's build.rs, a setup.py, MSBuild
// targets, a Mix or Composer script. In the workflow they run in the same job as the action that then
// judges the row, before it, and the sign job signs what that job hands over. So an install runs in a
// bubblewrap sandbox of its own (issue 38, item 2; docs/sandbox.md "A table row's install"):
//
//   - the whole file system read-only: the checkout (the action's dist/, the table's scripts and their
//     node_modules), the results folder, the runner's file commands (GITHUB_ENV, GITHUB_PATH, ...) and
//     its _actions folder, the toolchains the setup actions installed;
//   - writable: the row's build folder, and a home of its own for the toolchains' caches (~/.m2,
//     ~/.cargo, ~/go, ~/.npm, ~/.cache, ...), made fresh for each build; /tmp is a private tmpfs (the
//     table's scripts keep compiled files under the real /tmp: tsx's cache);
//   - its own process namespace: nothing it starts outlives the command (a daemon left behind would
//     otherwise write into the results once the step has ended);
//   - the network stays: an install downloads from its registry. Narrowing it to that one registry
//     takes a proxy this sandbox does not have.
//
// Only variables that name a runner file or carry a token are dropped from the environment; the rest
// (PATH, JAVA_HOME, GOROOT, ...) is how the setup actions hand their toolchains over. The cache
// variables a toolchain reads instead of HOME are pointed into the row's home.
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { probeBwrap } from "../sandbox/index.js";

/** How a row's install commands run: in bwrap (the workflow always; `npm run table` where bwrap
 * works), or as they are, when the person building the table chose so. */
export type InstallSandbox =
  | { kind: "bwrap"; bwrap: string; disableUserns: boolean }
  | { kind: "none"; why: string };

/** Variables that must not reach an install: the runner's file commands and tokens. */
const DROPPED = /^(GITHUB_(ENV|PATH|OUTPUT|STATE|STEP_SUMMARY|TOKEN)|ACTIONS_.*|RUNNER_TEMP)$/;

/** Cache locations toolchains take from the environment before HOME: each pointed into the row's home,
 * so that none is a folder outside the sandbox's writable two (or one a setup action set). */
function cacheVariables(home: string): Record<string, string> {
  return {
    HOME: home,
    TMPDIR: "/tmp",
    XDG_CACHE_HOME: join(home, ".cache"),
    XDG_CONFIG_HOME: join(home, ".config"),
    XDG_DATA_HOME: join(home, ".local", "share"),
    XDG_STATE_HOME: join(home, ".local", "state"),
    CARGO_HOME: join(home, ".cargo"),
    GOPATH: join(home, "go"),
    GOMODCACHE: join(home, "go", "pkg", "mod"),
    GOCACHE: join(home, ".cache", "go-build"),
    npm_config_cache: join(home, ".npm"),
    PIP_CACHE_DIR: join(home, ".cache", "pip"),
    NUGET_PACKAGES: join(home, ".nuget", "packages"),
    DOTNET_CLI_HOME: home,
    MIX_HOME: join(home, ".mix"),
    HEX_HOME: join(home, ".hex"),
    CABAL_DIR: join(home, ".cabal"),
    COMPOSER_HOME: join(home, ".composer"),
    COMPOSER_CACHE_DIR: join(home, ".cache", "composer"),
    BUNDLE_USER_HOME: join(home, ".bundle"),
    PUB_CACHE: join(home, ".pub-cache"),
    GITLIBS: join(home, ".gitlibs"),
    CLJ_CONFIG: join(home, ".clojure"),
  };
}

/** The environment an install gets: this one without the runner's files and tokens, its caches in
 * `home`. A JVM takes its home (~/.m2) from the password file, not HOME: it is told (user.home). */
export function installEnvironment(env: NodeJS.ProcessEnv, home: string): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) if (!DROPPED.test(name)) out[name] = value;
  // rustup's toolchains stay where the setup action put them (read-only is enough to run them).
  if (out.RUSTUP_HOME === undefined && env.HOME !== undefined) out.RUSTUP_HOME = join(env.HOME, ".rustup");
  Object.assign(out, cacheVariables(home));
  const userHome = `-Duser.home=${home}`;
  out.JAVA_TOOL_OPTIONS = out.JAVA_TOOL_OPTIONS ? `${out.JAVA_TOOL_OPTIONS} ${userHome}` : userHome;
  return out;
}

/** bwrap's arguments before `sh -c COMMAND`: read-only everything, `rowDir` and `home` writable. */
export function installBwrapArgs(s: { disableUserns: boolean }, rowDir: string, home: string): string[] {
  return [
    ...(s.disableUserns ? ["--unshare-user", "--disable-userns"] : ["--unshare-user-try"]),
    "--unshare-ipc",
    "--unshare-pid",
    "--unshare-uts",
    "--unshare-cgroup-try",
    "--die-with-parent",
    "--new-session",
    "--cap-drop",
    "ALL",
    "--ro-bind",
    "/",
    "/",
    "--dev",
    "/dev",
    "--proc",
    "/proc",
    "--tmpfs",
    "/tmp",
    // After the tmpfs: a row built under /tmp stays reachable.
    "--bind",
    rowDir,
    rowDir,
    "--bind",
    home,
    home,
    "--chdir",
    rowDir,
  ];
}

/** The row's home for one build: `<work>/.install-home/<id>`, emptied first. */
export function freshInstallHome(work: string, id: string): string {
  const home = join(work, ".install-home", id);
  rmSync(home, { recursive: true, force: true });
  mkdirSync(home, { recursive: true });
  return home;
}

/** `bwrap` (the workflow: the sandbox or no build), `auto` (bwrap if it works here, else said and
 * run as is), `none` (as is, said). */
export type InstallSandboxChoice = "bwrap" | "auto" | "none";

/** The sandbox for `choice`, or why there is none; throws when `bwrap` was asked for and cannot run. */
export function chooseInstallSandbox(choice: InstallSandboxChoice): InstallSandbox {
  if (choice === "none") return { kind: "none", why: "--install-sandbox none was given" };
  const probe = probeBwrap();
  if (probe.works) return { kind: "bwrap", bwrap: probe.path, disableUserns: probe.disableUserns };
  if (choice === "bwrap") throw new Error(`the install sandbox cannot start: ${probe.reason}`);
  return { kind: "none", why: `bwrap does not work here: ${probe.reason}` };
}
