// What one sandboxed process can and cannot do (issue 12 item 1), run for real through bwrap: a
// session from openSandbox, one launch, a shell script inside. Plus the modes (auto falls back with a
// reason, bwrap fails at setup, none) and the setup errors for options that cannot be honoured.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { test } from "node:test";
import {
  confineWritable,
  killProcessesCarrying,
  type OpenSandbox,
  openSandbox,
  ownFolders,
  RUN_TOKEN_VARIABLE,
  type SandboxSession,
  SandboxSetupError,
} from "../../src/sandbox/index.js";
import {
  asUser,
  canRun,
  chownTree,
  FIXTURES,
  leftovers,
  NOBODY,
  quote,
  REPO,
  run,
  type Spawned,
  tempRoot,
} from "./helpers.js";

const SLEEPER = join(FIXTURES, "sleeper.mjs");

/** Runs `script` with /bin/sh inside the session's sandbox (as `user`: the bwrap line through setpriv). */
function sh(
  session: SandboxSession,
  script: string,
  o: { user?: "root" | "nobody"; cwd?: string } = {},
): Promise<Spawned> {
  const l = session.launch({ program: "/bin/sh", argv0: "sh", args: ["-c", script], cwd: o.cwd ?? REPO });
  const [cmd, args] = asUser(o.user ?? "root", l.program, l.args);
  return run(cmd, args, { env: l.env, ...(o.cwd ? { cwd: o.cwd } : {}) });
}

function open(t: { after: (fn: () => void) => void }, o: Partial<OpenSandbox> = {}): SandboxSession {
  const session = openSandbox({ mode: "bwrap", cwd: REPO, env: {}, ...o } as OpenSandbox);
  t.after(() => session.close());
  return session;
}

test("an environment built from nothing: bwrap itself (PID 1) and the command hold only PATH, HOME, TMPDIR, the locale and what is passed", async (t) => {
  if (!canRun(t)) return;
  const env = {
    PATH: process.env.PATH,
    LANG: "C.UTF-8",
    LC_ALL: "C.UTF-8",
    TZ: "Europe/Paris",
    SECRET_ELSEWHERE: "x",
    CANON_CONFORMANCE_KEY: "k",
    GITHUB_TOKEN: "t",
  };
  const session = open(t, { env, passEnv: ["TZ", "GITHUB_TOKEN_NOT_SET"] });
  const r = await sh(session, "env | sort; echo ---; tr '\\0' '\\n' < /proc/1/environ | sort");
  const [own, init] = r.stdout.split("---\n").map((part) =>
    part
      .trim()
      .split("\n")
      .map((l) => l.split("=")[0])
      .filter((n) => n !== "PWD" && n !== "SHLVL" && n !== "_"),
  );
  const expected = ["HOME", "LANG", "LC_ALL", "PATH", "TMPDIR", "TZ"];
  assert.deepEqual(own, expected, r.stdout);
  assert.deepEqual(init, expected, "bwrap's own environment (PID 1 inside) is as scrubbed");
  assert.match(r.stdout, /^HOME=\/.*canon-conformance-sandbox-/m);
});

test("its own PID namespace and /proc: it sees only itself and bwrap, not the harness", async (t) => {
  if (!canRun(t)) return;
  const session = open(t);
  const r = await sh(
    session,
    `ls /proc | grep -E '^[0-9]+$' | wc -l; tr '\\0' ' ' < /proc/1/cmdline; echo; echo ppid=$PPID; test -e /proc/${process.pid}/environ && echo harness-visible`,
  );
  const [count, init, ppid] = r.stdout.trim().split("\n");
  // bwrap's init, the shell and the pipeline's three commands: not the machine's processes.
  assert.ok(Number(count) <= 6, `processes visible: ${count}`);
  assert.match(init!, /bwrap/);
  assert.equal(ppid, "ppid=1");
  // pid numbers are the namespace's own: even a guess at the harness's pid finds nothing of it.
  assert.doesNotMatch(r.stdout, /harness-2/);
});

test("no_new_privs and no capabilities: a setuid-root program gains nothing, root inside cannot unmount a mask", async (t) => {
  if (!canRun(t, { user: "nobody" })) return;
  // Under the system's temp, not the checkout: uid 65534 may not be able to enter the checkout's folder.
  const root = tempRoot("setuid", "tmp");
  t.after(() => rmSync(root, { recursive: true, force: true }));
  chmodSync(root, 0o755);
  const id = join(root, "id-setuid");
  copyFileSync("/usr/bin/id", id);
  chmodSync(id, 0o4755);
  // Outside the sandbox, as uid 65534, the setuid bit works: the check below can fail.
  const [cmd, args] = asUser("nobody", id, []);
  const outside = await run(cmd, args);
  assert.match(outside.stdout, /euid=0/, `setuid works outside: ${outside.stdout}`);
  const session = open(t, { cwd: root });
  // The session is root's (the harness and bwrap share a user in a run): give uid 65534 its scratch.
  chownTree(session.launch({ program: "/bin/true", argv0: "true", args: [], cwd: root }).env.HOME!, NOBODY);
  const inside = await sh(session, `${quote(id)}; grep -E '^(NoNewPrivs|CapEff|CapBnd)' /proc/self/status`, {
    user: "nobody",
    cwd: root,
  });
  assert.match(inside.stdout, new RegExp(`uid=${NOBODY}`));
  assert.doesNotMatch(inside.stdout, /euid=0/, "no privilege gained inside");
  assert.match(inside.stdout, /NoNewPrivs:\s+1/);
  assert.match(inside.stdout, /CapEff:\s+0+\n/);
  // As root, inside: no capability, so the /dev/null over a hidden file stays.
  const keyFile = join(root, "key.hex");
  writeFileSync(keyFile, "secret-key-material\n");
  const masked = open(t, { cwd: root, hiddenPaths: [keyFile] });
  const asRoot = await sh(
    masked,
    `grep -E '^CapEff' /proc/self/status; umount ${quote(keyFile)}; cat ${quote(keyFile)}`,
    {
      cwd: root,
    },
  );
  assert.match(asRoot.stdout, /CapEff:\s+0+\n/);
  assert.doesNotMatch(asRoot.stdout, /secret-key-material/);
});

test("read-only but the scratch (HOME and TMPDIR), a private /tmp and named writable paths; the scratch is removed on close", async (t) => {
  if (!canRun(t)) return;
  const root = tempRoot("fs");
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const writable = join(root, "writable");
  mkdirSync(writable);
  const session = openSandbox({
    mode: "bwrap",
    cwd: root,
    env: { PATH: process.env.PATH },
    writablePaths: [writable],
  });
  const r = await sh(
    session,
    `touch here 2>/dev/null && echo cwd-writable; touch /etc/x 2>/dev/null && echo etc-writable;
     echo home > "$HOME/h" && echo home-ok; echo tmp > /tmp/t && cat /tmp/t; test -e "$TMPDIR/t" && echo tmp-is-scratch;
     echo w > ${quote(writable)}/w && echo writable-ok; echo "$HOME"`,
    { cwd: root },
  );
  const lines = r.stdout.trim().split("\n");
  assert.deepEqual(lines.slice(0, 3), ["home-ok", "tmp", "writable-ok"], r.stdout + r.stderr);
  const scratch = lines[3]!;
  assert.ok(existsSync(join(scratch, "h")), "the scratch is a real directory while the run lasts");
  assert.ok(existsSync(join(writable, "w")));
  assert.ok(!existsSync(join(root, "here")));
  session.close();
  assert.equal(existsSync(scratch), false, "the scratch is gone after close");
});

test("hidden: the key file, the output directory, RUNNER_TEMP and the file commands, even at guessed paths; the working directory stays readable", async (t) => {
  if (!canRun(t)) return;
  const root = tempRoot("hidden");
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const runnerTemp = join(root, "_temp");
  const commands = join(runnerTemp, "_runner_file_commands");
  const work = join(runnerTemp, "checkout"); // the working directory inside RUNNER_TEMP
  const out = join(root, "out");
  for (const d of [commands, work, out]) mkdirSync(d, { recursive: true });
  writeFileSync(join(commands, "set_env_1"), "");
  writeFileSync(join(runnerTemp, "other-action-credentials"), "secret-of-another-step\n");
  writeFileSync(join(out, "record.json"), "{}");
  writeFileSync(join(work, "canon.py"), "print('the program')\n");
  const keyFile = join(work, "key.hex");
  writeFileSync(keyFile, "secret-key-material\n");
  const env = { PATH: process.env.PATH, RUNNER_TEMP: runnerTemp, GITHUB_ENV: join(commands, "set_env_1") };
  const session = open(t, { cwd: work, env, outDir: out, hiddenPaths: [keyFile] });
  const r = await sh(
    session,
    `cat canon.py; cat key.hex; ls -A ${quote(out)}; ls -A ${quote(runnerTemp)}; ls -A ${quote(commands)};
     cat ${quote(join(runnerTemp, "other-action-credentials"))}; echo x >> ${quote(join(commands, "set_env_1"))}; echo end`,
    { cwd: work },
  );
  assert.match(r.stdout, /the program/, "the working directory is readable");
  assert.doesNotMatch(
    r.stdout,
    /secret-key-material|secret-of-another-step|record\.json|set_env_1/,
    r.stdout,
  );
  // Inside RUNNER_TEMP only the working directory itself shows.
  assert.match(r.stdout, /^checkout$/m);
  assert.match(r.stdout, /^end$/m);
});

test("no network by default; allowNetwork lets it connect", async (t) => {
  if (!canRun(t)) return;
  let connections = 0;
  const server = createServer((s) => {
    connections++;
    s.end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  t.after(() => server.close());
  const port = (server.address() as { port: number }).port;
  const probe = `${quote(process.execPath)} -e 'require("net").connect(${port}, "127.0.0.1").on("connect", () => { console.log("connected"); process.exit(0) }).on("error", (e) => { console.log(e.code); process.exit(0) })'`;
  const closed = await sh(open(t), probe);
  assert.match(closed.stdout, /ECONNREFUSED|ENETUNREACH/);
  assert.equal(connections, 0);
  const allowed = await sh(open(t, { allowNetwork: true, env: { PATH: process.env.PATH } }), probe);
  assert.match(allowed.stdout, /connected/);
  assert.equal(connections, 1);
});

test("nothing outlives it: a double-forked setsid grandchild dies with the sandbox, and with the harness killed by SIGKILL", async (t) => {
  if (!canRun(t)) return;
  const session = open(t);
  for (const how of ["sandbox killed", "harness killed"] as const) {
    const tag = `outlive-${how.replace(" ", "-")}-${Date.now()}`;
    const script = `${quote(process.execPath)} ${quote(SLEEPER)} --fork --tag=${tag}`;
    const l = session.launch({ program: "/bin/sh", argv0: "sh", args: ["-c", script], cwd: REPO });
    // "harness killed": a harness process of its own starts bwrap, then dies by SIGKILL.
    const harness =
      how === "sandbox killed"
        ? spawn(l.program, l.args, { env: l.env, detached: true, stdio: "ignore" })
        : spawn(
            process.execPath,
            [
              "-e",
              `require("child_process").spawn(${JSON.stringify(l.program)}, ${JSON.stringify(l.args)}, { env: ${JSON.stringify(l.env)}, detached: true, stdio: "ignore" }); setInterval(() => {}, 1000)`,
            ],
            { stdio: "ignore" },
          );
    for (let i = 0; i < 50 && (await leftovers(tag, 0)).length < 3; i++)
      await new Promise((r) => setTimeout(r, 100));
    assert.ok((await leftovers(tag, 0)).length >= 3, "the command and its grandchildren run");
    if (how === "sandbox killed")
      process.kill(-harness.pid!, "SIGKILL"); // as killGroup does
    else harness.kill("SIGKILL");
    assert.deepEqual(await leftovers(tag), [], `nothing left after: ${how}`);
  }
});

test("modes: auto falls back with the reason, bwrap fails at setup, none says it was turned off", (t) => {
  const broken = "/bin/false";
  const auto = openSandbox({ mode: "auto", cwd: REPO, bwrapPath: broken, env: {} });
  t.after(() => auto.close());
  assert.equal(auto.status.sandboxed, false);
  assert.match(auto.status.sandboxed ? "" : auto.status.reason, /\/bin\/false could not start a sandbox/);
  assert.throws(
    () => openSandbox({ mode: "bwrap", cwd: REPO, bwrapPath: broken, env: {} }),
    (e: Error) =>
      e instanceof SandboxSetupError && /sandbox bwrap was asked for, but \/bin\/false/.test(e.message),
  );
  const none = openSandbox({ mode: "none", cwd: REPO, env: {} });
  assert.equal(none.status.sandboxed, false);
  assert.match(none.status.sandboxed ? "" : none.status.reason, /turned off/);
  const mac = openSandbox({ mode: "auto", cwd: REPO, platform: "darwin", env: {} });
  assert.match(mac.status.sandboxed ? "" : mac.status.reason, /Linux only, and this is darwin/);
  assert.throws(() => openSandbox({ mode: "bwrap", cwd: REPO, platform: "win32", env: {} }), /Linux only/);
  assert.throws(
    () => openSandbox({ mode: "sometimes" as "auto", cwd: REPO }),
    /sandbox must be one of auto, bwrap, none/,
  );
});

test("setup errors for options it cannot honour", (t) => {
  if (!canRun(t)) return;
  const root = tempRoot("setup");
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const runnerTemp = join(root, "_temp");
  mkdirSync(join(runnerTemp, "_runner_file_commands"), { recursive: true });
  mkdirSync(join(root, "w"));
  const env = { RUNNER_TEMP: runnerTemp, GITHUB_ENV: join(runnerTemp, "_runner_file_commands", "set_env_1") };
  const cases: [Partial<OpenSandbox>, RegExp][] = [
    [{ writablePaths: [join(root, "missing")] }, /writable path .*missing does not exist/],
    [{ writablePaths: [runnerTemp] }, /writable path .*_temp is inside RUNNER_TEMP/],
    [
      { writablePaths: [join(root, "w")], outDir: join(root, "w", "out") },
      /holds the output directory, which does not exist yet/,
    ],
    [{ passEnv: ["GITHUB_TOKEN"] }, /pass-env: GITHUB_TOKEN is never passed/],
    [
      { cwd: join(runnerTemp, "_runner_file_commands") },
      /working directory is inside the directory of GITHUB_ENV/,
    ],
  ];
  for (const [o, message] of cases) {
    assert.throws(() => openSandbox({ mode: "bwrap", cwd: REPO, env, ...o } as OpenSandbox), message);
  }
});

// docs/sandbox.md "What the harness promises": writable paths are confined, at setup, in every mode.
test("writable paths are resolved at setup and confined: inside the working directory, away from the harness's own folders, RUNNER_TEMP, the output folder and hidden paths", (t) => {
  const root = tempRoot("confine");
  t.after(() => rmSync(root, { recursive: true, force: true }));
  // A hosted runner's layout: the action under _actions, the workspace beside it, RUNNER_TEMP apart.
  const work = join(root, "work");
  const action = join(work, "_actions", "octo", "canon-conformance", "v1");
  const workspace = join(work, "repo", "repo");
  const runnerTemp = join(root, "_temp");
  for (const d of [action, join(workspace, "build", "inner"), join(runnerTemp, "_runner_file_commands")])
    mkdirSync(d, { recursive: true });
  writeFileSync(join(workspace, "key.hex"), "k\n");
  symlinkSync("../../_actions/octo/canon-conformance/v1", join(workspace, "target"));
  const env = { RUNNER_TEMP: runnerTemp, GITHUB_ENV: join(runnerTemp, "_runner_file_commands", "set_env_1") };
  const own = [{ path: action, what: "the action's own folder" }];
  const open = (o: Partial<OpenSandbox>) =>
    openSandbox({ mode: "none", cwd: workspace, env, ownFolders: own, ...o } as OpenSandbox);
  const refused: [Partial<OpenSandbox>, RegExp][] = [
    // attack 1: a committed link into the action's folder, and a path that climbs to it
    [
      { writablePaths: ["target"] },
      /writable path target \(.*_actions\/octo\/canon-conformance\/v1\) is outside the working directory/,
    ],
    [{ writablePaths: ["../.."] }, /is outside the working directory/],
    // `uses: ./`: the action's folder is the workspace itself
    [
      { writablePaths: ["."], ownFolders: [{ path: workspace, what: "the action's own folder" }] },
      /writable path \. is the action's own folder/,
    ],
    [{ writablePaths: ["."], cwd: work }, /holds the action's own folder/],
    // attack 2: a writable path that holds the output folder, made or not
    [
      { writablePaths: ["."], outDir: join(workspace, "reports", "out") },
      /holds the output directory, which does not exist yet/,
    ],
    [
      { writablePaths: ["build"], outDir: join(workspace, "build", "inner") },
      /holds the output directory, which the command must not see/,
    ],
    [{ writablePaths: ["build/inner"], outDir: join(workspace, "build") }, /is inside the output directory/],
    // RUNNER_TEMP or an ancestor of it, and a hidden path (the key file)
    [
      { writablePaths: ["."], cwd: root, ownFolders: [] },
      /holds (RUNNER_TEMP|GITHUB_ENV|the directory of GITHUB_ENV)/,
    ],
    [
      { writablePaths: ["."], hiddenPaths: [join(workspace, "key.hex")] },
      /holds the hidden path .*key\.hex, which the command must not see/,
    ],
  ];
  for (const [o, message] of refused) {
    assert.throws(
      () => open(o),
      (e: unknown) => e instanceof SandboxSetupError && message.test(e.message),
      JSON.stringify(o),
    );
  }
  // Allowed: a folder inside the workspace; one inside another is kept once, as the outer one.
  assert.deepEqual(
    confineWritable([join(workspace, "build", "inner"), "build", "build/"], workspace, [], own),
    [join(workspace, "build")],
  );
  // The defaults name the running harness's folder and Node's.
  const defaults = ownFolders().map((f) => f.path);
  assert.ok(defaults.includes(REPO), `the package root is protected: ${defaults.join(", ")}`);
  assert.ok(
    defaults.some((d) => process.execPath.startsWith(`${d}/`)),
    "Node's prefix is protected",
  );
});

test("unsandboxed: the environment carries the run's token, and close kills whatever still carries it", async (t) => {
  const session = openSandbox({
    mode: "none",
    cwd: REPO,
    env: { PATH: process.env.PATH, GITHUB_TOKEN: "t" },
  });
  const l = session.launch({ program: "/bin/sh", argv0: "sh", args: ["-c", "sleep 300"], cwd: REPO });
  const token = l.env[RUN_TOKEN_VARIABLE]!;
  assert.match(token, /^[0-9a-f]{32}$/);
  assert.equal(l.env.GITHUB_TOKEN, undefined);
  const tag = `token-${token}`;
  const child = spawn(process.execPath, [SLEEPER, "--fork", `--tag=${tag}`], {
    env: l.env,
    detached: true,
    stdio: "ignore",
  });
  t.after(() => killProcessesCarrying(token));
  for (let i = 0; i < 50 && (await leftovers(tag, 0)).length < 3; i++)
    await new Promise((r) => setTimeout(r, 100));
  assert.equal((await leftovers(tag, 0)).length, 3);
  process.kill(-child.pid!, "SIGKILL"); // the group is gone; the setsid ones are not
  await new Promise((r) => setTimeout(r, 200));
  assert.equal((await leftovers(tag, 0)).length, 2, "setsid children escape the process-group kill");
  session.close();
  assert.deepEqual(await leftovers(tag), [], "the token sweep found it");
});
