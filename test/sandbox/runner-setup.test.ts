// prepareRunnerSandbox's decisions (issue 12, the Ubuntu 24.04 runner), with a fake command runner
// and a fake probe: no real runner is reachable from here, so each machine state is staged, and what
// it ran, changed and said is checked.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { BwrapProbe } from "../../src/sandbox/probe.js";
import {
  APPARMOR_PROFILE_PATH,
  apparmorProfile,
  type CommandRunner,
  prepareRunnerSandbox,
} from "../../src/sandbox/runner-setup.js";

interface Machine {
  sudo: boolean;
  bwrapInstalled: boolean;
  aptWorks: "yes" | "after-update" | "no";
  restricted: boolean;
  /** The profile file's text, once written. */
  profile?: string;
  profileLoaded: boolean;
  parserWorks: boolean;
}

const RESTRICT = "/proc/sys/kernel/apparmor_restrict_unprivileged_userns";

/** A staged machine: a fake runner and probe that act on it, and the log of commands run. */
function stage(m: Machine) {
  const ran: string[] = [];
  let updated = false;
  const ok = { code: 0, stdout: "", stderr: "" };
  const no = (why: string) => ({ code: 1, stdout: "", stderr: `${why}\n` });
  const run: CommandRunner = (command, args, input) => {
    ran.push([command, ...args].join(" "));
    if (command !== "sudo") return no("unexpected");
    if (!m.sudo) return no("sudo: a password is required");
    const [, what, ...rest] = args;
    if (what === "true") return ok;
    if (what === "apt-get" && rest[0] === "update") {
      updated = true;
      return ok;
    }
    if (what === "apt-get" && rest[0] === "install") {
      if (m.aptWorks === "yes" || (m.aptWorks === "after-update" && updated)) {
        m.bwrapInstalled = true;
        return ok;
      }
      return no("E: Unable to locate package bubblewrap");
    }
    if (what === "tee" && rest[0] === APPARMOR_PROFILE_PATH) {
      m.profile = input;
      return { ...ok, stdout: input ?? "" };
    }
    if (what === "apparmor_parser") {
      if (!m.parserWorks) return no("apparmor_parser: Unable to replace profile");
      m.profileLoaded = m.profile !== undefined;
      return ok;
    }
    return no("unexpected");
  };
  const probe = (): BwrapProbe => {
    if (!m.bwrapInstalled) return { works: false, reason: "bwrap was not found" };
    if (m.restricted && !m.profileLoaded) {
      return {
        works: false,
        reason: "/usr/bin/bwrap could not start a sandbox: setting up uid map: Permission denied",
      };
    }
    return { works: true, path: "/usr/bin/bwrap", disableUserns: true, argv0: false };
  };
  const readFile = (path: string) =>
    path === RESTRICT
      ? m.restricted
        ? "1\n"
        : "0\n"
      : path === APPARMOR_PROFILE_PATH
        ? m.profile
        : undefined;
  const locate = () => (m.bwrapInstalled ? "/usr/bin/bwrap" : undefined);
  return {
    ran,
    options: { run, probe, readFile, locate, runnerEnvironment: "github-hosted", platform: "linux" as const },
  };
}

const UBUNTU_2404: Machine = {
  sudo: true,
  bwrapInstalled: false,
  aptWorks: "yes",
  restricted: true,
  profileLoaded: false,
  parserWorks: true,
};

test("bwrap already works: nothing run with sudo, nothing changed", () => {
  const { ran, options } = stage({ ...UBUNTU_2404, bwrapInstalled: true, restricted: false });
  const r = prepareRunnerSandbox(options);
  assert.equal(r.ready, true);
  assert.deepEqual(r.changed, []);
  assert.deepEqual(ran, []);
  assert.match(r.lines.join("\n"), /works; nothing changed/);
});

test("Ubuntu 24.04 runner: installs bubblewrap, writes and loads the narrow profile, says each change", () => {
  const m = { ...UBUNTU_2404 };
  const { ran, options } = stage(m);
  const r = prepareRunnerSandbox(options);
  assert.equal(r.ready, true, r.lines.join("\n"));
  assert.deepEqual(r.changed, [
    "sudo -n apt-get install -y bubblewrap",
    `wrote ${APPARMOR_PROFILE_PATH} (AppArmor profile: /usr/bin/bwrap may create user namespaces)`,
    `sudo -n apparmor_parser -r ${APPARMOR_PROFILE_PATH}`,
  ]);
  assert.ok(ran.includes("sudo -n true"), "sudo -n is checked first");
  assert.equal(m.profile, apparmorProfile("/usr/bin/bwrap"));
  assert.match(
    m.profile!,
    /profile canon-conformance-bwrap \/usr\/bin\/bwrap flags=\(unconfined\) \{\n {2}userns,/,
  );
  assert.doesNotMatch(ran.join("\n"), /sysctl/, "the restriction is never turned off for the machine");
  const said = r.lines.join("\n");
  assert.match(said, /installed the package bubblewrap/);
  assert.match(said, /wrote \/etc\/apparmor\.d\/canon-conformance-bwrap/);
  assert.match(said, /works now/);
});

test("stale package lists: apt-get update, then the install again; both are reported", () => {
  const { options } = stage({ ...UBUNTU_2404, aptWorks: "after-update", restricted: false });
  const r = prepareRunnerSandbox(options);
  assert.equal(r.ready, true);
  assert.deepEqual(r.changed, ["sudo -n apt-get update", "sudo -n apt-get install -y bubblewrap"]);
});

test("no sudo: nothing is tried, and it says why", () => {
  const { ran, options } = stage({ ...UBUNTU_2404, sudo: false });
  const r = prepareRunnerSandbox(options);
  assert.equal(r.ready, false);
  assert.deepEqual(r.changed, []);
  assert.deepEqual(ran, ["sudo -n true"]);
  assert.match(r.lines.join("\n"), /sudo -n true failed \(sudo: a password is required\).*nothing changed/);
});

test("the install fails: says so with apt's last line, and loads no profile", () => {
  const { ran, options } = stage({ ...UBUNTU_2404, aptWorks: "no" });
  const r = prepareRunnerSandbox(options);
  assert.equal(r.ready, false);
  assert.match(r.lines.join("\n"), /could not install bubblewrap: .*Unable to locate package bubblewrap/);
  assert.ok(!ran.some((c) => c.includes("apparmor_parser")));
  assert.deepEqual(r.changed, ["sudo -n apt-get update"]);
});

test("the profile is already written: only loaded again, not rewritten", () => {
  const m = { ...UBUNTU_2404, bwrapInstalled: true, profile: apparmorProfile("/usr/bin/bwrap") };
  const { ran, options } = stage(m);
  const r = prepareRunnerSandbox(options);
  assert.equal(r.ready, true);
  assert.ok(!ran.some((c) => c.includes("tee")));
  assert.deepEqual(r.changed, [`sudo -n apparmor_parser -r ${APPARMOR_PROFILE_PATH}`]);
});

test("the profile does not load: says so, not ready", () => {
  const { options } = stage({ ...UBUNTU_2404, bwrapInstalled: true, parserWorks: false });
  const r = prepareRunnerSandbox(options);
  assert.equal(r.ready, false);
  assert.match(r.lines.join("\n"), /could not load the profile: .*Unable to replace profile/);
});

test("bwrap fails for another reason than AppArmor: no profile is loaded", () => {
  const m = { ...UBUNTU_2404, bwrapInstalled: true, restricted: false };
  const { ran, options } = stage(m);
  const probe = () => ({ works: false as const, reason: "No permissions to create a new namespace" });
  const r = prepareRunnerSandbox({ ...options, probe });
  assert.equal(r.ready, false);
  assert.ok(!ran.some((c) => c.includes("apparmor") || c.includes("tee")));
  assert.match(r.lines.join("\n"), /not because of AppArmor/);
});

test("not Linux: nothing to do, and it says so", () => {
  const { ran, options } = stage(UBUNTU_2404);
  const r = prepareRunnerSandbox({ ...options, platform: "darwin" });
  assert.equal(r.ready, false);
  assert.deepEqual(ran, []);
  assert.match(r.lines[0]!, /not Linux \(darwin\)/);
});

test("a self-hosted runner (or RUNNER_ENVIRONMENT unset): nothing is run with sudo, nothing changed, and it says what to install", () => {
  for (const runnerEnvironment of ["self-hosted", undefined]) {
    const m = { ...UBUNTU_2404 };
    const { ran, options } = stage(m);
    const r = prepareRunnerSandbox({ ...options, runnerEnvironment });
    assert.equal(r.ready, false);
    assert.deepEqual(r.changed, []);
    assert.deepEqual(ran, [], "not even sudo -n true");
    assert.equal(m.bwrapInstalled, false);
    const said = r.lines.join("\n");
    assert.match(
      said,
      /not GitHub-hosted \(RUNNER_ENVIRONMENT is ('self-hosted'|not set)\), so nothing is installed or loaded on it; nothing changed/,
    );
    assert.match(said, /install the package bubblewrap \(sudo apt-get install bubblewrap\)/);
  }
});
