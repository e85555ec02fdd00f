// Making bwrap work on a GitHub runner before the run. Ubuntu 24.04 restricts unprivileged user
// namespaces through AppArmor (kernel.apparmor_restrict_unprivileged_userns=1), which stops bwrap at
// "setting up uid map: Permission denied". On GitHub's hosted runners (RUNNER_ENVIRONMENT is
// `github-hosted`, and `sudo -n` works), this installs bubblewrap if it is missing and loads a narrow
// AppArmor profile that lets /usr/bin/bwrap, and only it, make user namespaces. It says exactly what
// it changed, or why it could not; it never turns the restriction off for the whole machine. On any
// other runner (a self-hosted one is someone's machine) it changes nothing and says what to install.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { type BwrapProbe, findBwrap, PACKAGED_BWRAP, probeBwrap } from "./probe.js";

/** Runs one command, waiting for it; `input` goes to its stdin. Tests give a fake. */
export type CommandRunner = (
  command: string,
  args: readonly string[],
  input?: string,
) => { code: number | null; stdout: string; stderr: string };

/** Where the profile goes, and the name it loads under. */
export const APPARMOR_PROFILE_PATH = "/etc/apparmor.d/canon-conformance-bwrap";
const RESTRICT_SYSCTL = "/proc/sys/kernel/apparmor_restrict_unprivileged_userns";

/** The profile for `bwrap`: the shape Ubuntu documents for a program that needs user namespaces
 * (unconfined, plus the `userns` permission), attached to that one path. */
export function apparmorProfile(bwrapPath: string): string {
  return `# Written by canon-conformance: lets ${bwrapPath}, and only it, create user namespaces on a
# system that restricts them (kernel.apparmor_restrict_unprivileged_userns=1). Delete this file and
# run 'apparmor_parser -R ${APPARMOR_PROFILE_PATH}' to undo.
abi <abi/4.0>,
include <tunables/global>

profile canon-conformance-bwrap ${bwrapPath} flags=(unconfined) {
  userns,
  include if exists <local/canon-conformance-bwrap>
}
`;
}

export interface RunnerSetup {
  /** bwrap works now (it may have before). */
  ready: boolean;
  /** Each change made to the machine, as the command that made it. Empty when nothing changed. */
  changed: string[];
  /** Every line to print: what was found, what was changed, and why something could not be. */
  lines: string[];
}

export interface RunnerSetupOptions {
  run?: CommandRunner;
  platform?: NodeJS.Platform;
  /** Whether bwrap works; `fresh` asks again instead of using the cached answer. */
  probe?: (fresh: boolean) => BwrapProbe;
  /** Reads a file (the sysctl, the current profile); undefined when it cannot be read. */
  readFile?: (path: string) => string | undefined;
  /** The bwrap a run would use (root's alone: probe.ts findBwrap), or undefined when there is none. */
  locate?: () => string | undefined;
  /** RUNNER_ENVIRONMENT: only `github-hosted` lets this change the machine. */
  runnerEnvironment?: string;
}

/** What to install by hand where nothing is installed for the user. */
const WHAT_TO_INSTALL = `install the package bubblewrap (sudo apt-get install bubblewrap), and where AppArmor restricts user namespaces (kernel.apparmor_restrict_unprivileged_userns=1) load a profile that lets ${PACKAGED_BWRAP} create them (the one this action writes on GitHub-hosted runners: ${APPARMOR_PROFILE_PATH}, docs/sandbox.md)`;

const APT_TIMEOUT_MS = 300_000;

const realRunner: CommandRunner = (command, args, input) => {
  const r = spawnSync(command, args, {
    encoding: "utf8",
    input: input ?? "",
    timeout: APT_TIMEOUT_MS,
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  return {
    code: r.error ? null : r.status,
    stdout: r.stdout ?? "",
    stderr: r.error ? r.error.message : (r.stderr ?? ""),
  };
};

function readIfThere(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

function lastLine(text: string): string {
  const lines = text.trim().split("\n");
  return (lines[lines.length - 1] ?? "").trim().slice(0, 300);
}

/**
 * Called by the action before the run when the sandbox mode is `auto` or `bwrap`. Never throws: what
 * it could not do is in `lines`, and the run's sandbox mode then decides (auto: run unsandboxed and
 * say so; bwrap: fail at setup).
 */
export function prepareRunnerSandbox(o: RunnerSetupOptions = {}): RunnerSetup {
  const run = o.run ?? realRunner;
  const platform = o.platform ?? process.platform;
  const probe = o.probe ?? ((fresh: boolean) => probeBwrap({ fresh }));
  const read = o.readFile ?? readIfThere;
  const locate = o.locate ?? (() => findBwrap().path);
  const runnerEnvironment = "runnerEnvironment" in o ? o.runnerEnvironment : process.env.RUNNER_ENVIRONMENT;
  const lines: string[] = [];
  const changed: string[] = [];
  const done = (ready: boolean): RunnerSetup => ({ ready, changed, lines });
  const sudo = (args: string[], input?: string) => run("sudo", ["-n", ...args], input);

  if (platform !== "linux") {
    lines.push(`sandbox: not Linux (${platform}): bubblewrap is not available; nothing changed`);
    return done(false);
  }
  let found = probe(false);
  if (found.works) {
    lines.push(`sandbox: ${found.path} works; nothing changed`);
    return done(true);
  }
  lines.push(`sandbox: bwrap does not work yet: ${found.reason}`);
  if (runnerEnvironment !== "github-hosted") {
    lines.push(
      `sandbox: this runner is not GitHub-hosted (RUNNER_ENVIRONMENT is ${runnerEnvironment ? `'${runnerEnvironment}'` : "not set"}), so nothing is installed or loaded on it; nothing changed. To sandbox the command here, ${WHAT_TO_INSTALL}`,
    );
    return done(false);
  }
  const sudoCheck = sudo(["true"]);
  if (sudoCheck.code !== 0) {
    lines.push(
      `sandbox: could not prepare bwrap: sudo -n true failed (${lastLine(sudoCheck.stderr) || `exit ${sudoCheck.code}`}), so nothing can be installed or loaded; nothing changed`,
    );
    return done(false);
  }

  if (locate() === undefined) {
    let install = sudo(["apt-get", "install", "-y", "bubblewrap"]);
    if (install.code !== 0) {
      // A runner's package lists can be stale: fetch them once, then try again.
      const update = sudo(["apt-get", "update"]);
      if (update.code === 0) changed.push("sudo -n apt-get update");
      install = sudo(["apt-get", "install", "-y", "bubblewrap"]);
    }
    if (install.code !== 0) {
      lines.push(
        `sandbox: could not install bubblewrap: sudo -n apt-get install -y bubblewrap failed (${lastLine(install.stderr) || `exit ${install.code}`})`,
      );
      for (const c of changed) lines.push(`sandbox: changed: ${c}`);
      return done(false);
    }
    changed.push("sudo -n apt-get install -y bubblewrap");
    lines.push("sandbox: installed the package bubblewrap (sudo -n apt-get install -y bubblewrap)");
    found = probe(true);
    if (found.works) {
      lines.push(`sandbox: ${found.path} works now`);
      return done(true);
    }
  }

  // The profile is for the bwrap a run would start, never for one found first on PATH.
  const bwrapPath = locate() ?? PACKAGED_BWRAP;
  const restricted = read(RESTRICT_SYSCTL)?.trim() === "1";
  if (!restricted) {
    lines.push(
      `sandbox: bwrap still does not work, and not because of AppArmor (kernel.apparmor_restrict_unprivileged_userns is not 1): ${found.works ? "" : found.reason}; no profile loaded`,
    );
    return done(false);
  }
  const profile = apparmorProfile(bwrapPath);
  if (read(APPARMOR_PROFILE_PATH) !== profile) {
    const write = sudo(["tee", APPARMOR_PROFILE_PATH], profile);
    if (write.code !== 0) {
      lines.push(
        `sandbox: could not write ${APPARMOR_PROFILE_PATH}: ${lastLine(write.stderr) || `exit ${write.code}`}`,
      );
      return done(false);
    }
    changed.push(
      `wrote ${APPARMOR_PROFILE_PATH} (AppArmor profile: ${bwrapPath} may create user namespaces)`,
    );
    lines.push(
      `sandbox: wrote ${APPARMOR_PROFILE_PATH}, a profile that lets ${bwrapPath} create user namespaces`,
    );
  }
  const load = sudo(["apparmor_parser", "-r", APPARMOR_PROFILE_PATH]);
  if (load.code !== 0) {
    lines.push(
      `sandbox: could not load the profile: sudo -n apparmor_parser -r ${APPARMOR_PROFILE_PATH} failed (${lastLine(load.stderr) || `exit ${load.code}`})`,
    );
    return done(false);
  }
  changed.push(`sudo -n apparmor_parser -r ${APPARMOR_PROFILE_PATH}`);
  lines.push(`sandbox: loaded it (sudo -n apparmor_parser -r ${APPARMOR_PROFILE_PATH})`);
  found = probe(true);
  if (found.works) {
    lines.push(`sandbox: ${found.path} works now`);
    return done(true);
  }
  lines.push(`sandbox: bwrap still does not work after loading the profile: ${found.reason}`);
  return done(false);
}
