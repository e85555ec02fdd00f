// docs/sandbox.md "What the harness promises": named paths are confined. A path the command line names
// (the program, an argument, a `--name=value` value, a classpath entry, a word of a --shell script) is
// bound back into the sandbox read-only; so, at setup, one whose real path lies where the sandbox hides
// (a secret always; RUNNER_TEMP, the output folder, the host's /tmp and /run when reached through a
// link) is refused, before any process of the command starts. Laid out as a hosted runner's tree:
// RUNNER_TEMP in _work/_temp, the workspace in _work/repo/repo (issue 27, item 4).
import assert from "node:assert/strict";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { type TestContext, test } from "node:test";
import { runConformance } from "../../src/run/index.js";
import {
  type OpenSandbox,
  openSandbox,
  type SandboxSession,
  SandboxSetupError,
} from "../../src/sandbox/index.js";
import { runOptions } from "../helpers/fixtures.js";
import { canRun, quote, REPO, tempRoot } from "./helpers.js";

/** A path as a pattern that matches it alone. */
const esc = (path: string) => path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** What another step left in RUNNER_TEMP: its text must appear in no message. */
const CREDS = "secret-of-another-step";

interface Tree {
  root: string;
  runnerTemp: string;
  workspace: string;
  setEnv: string;
  env: NodeJS.ProcessEnv;
}

/** A hosted runner's folders under a fresh root (`where`: inside the checkout, or under /tmp). */
function hostedTree(t: TestContext, label: string, where: "repo" | "tmp" = "repo"): Tree {
  const root = realpathSync(tempRoot(`named-${label}`, where));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const runnerTemp = join(root, "_work", "_temp");
  const commands = join(runnerTemp, "_runner_file_commands");
  const workspace = join(root, "_work", "repo", "repo");
  for (const d of [commands, workspace]) mkdirSync(d, { recursive: true });
  writeFileSync(join(runnerTemp, "creds.json"), `{"token": "${CREDS}"}\n`);
  writeFileSync(join(runnerTemp, "tool.sh"), "#!/bin/sh\necho hi\n", { mode: 0o755 });
  const setEnv = join(commands, "set_env_1");
  writeFileSync(setEnv, "");
  writeFileSync(join(workspace, "real.py"), "print('the program')\n");
  return {
    root,
    runnerTemp,
    workspace,
    setEnv,
    env: { PATH: process.env.PATH, RUNNER_TEMP: runnerTemp, GITHUB_ENV: setEnv },
  };
}

/** A folder of the host's /tmp (the real one, which the sandbox covers), removed after the test. */
function hostTmp(t: TestContext): string {
  const dir = mkdtempSync(join(realpathSync("/tmp"), "cc-named-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function open(t: TestContext, tree: Tree, o: Partial<OpenSandbox> = {}): SandboxSession {
  const session = openSandbox({ mode: "bwrap", cwd: tree.workspace, env: tree.env, ...o } as OpenSandbox);
  t.after(() => session.close());
  return session;
}

const spec = (cwd: string, args: string[], program = "/bin/sh", argv0 = "sh") => ({
  program,
  argv0,
  args,
  cwd,
});

/** `prepare` refuses it with a SandboxSetupError matching every pattern, and never quotes a file. */
function refuses(session: SandboxSession, s: ReturnType<typeof spec>, ...patterns: RegExp[]): void {
  assert.throws(
    () => session.prepare(s),
    (e: unknown) => {
      assert.ok(e instanceof SandboxSetupError, String(e));
      for (const p of patterns) assert.match(e.message, p);
      assert.doesNotMatch(e.message, new RegExp(CREDS));
      return true;
    },
    JSON.stringify(s.args),
  );
}

test("named paths are confined: a committed link into RUNNER_TEMP, as the program's argument or a folder, is refused at setup, in every form the command line names a path", (t) => {
  if (!canRun(t)) return;
  const tree = hostedTree(t, "temp");
  const ws = tree.workspace;
  const creds = join(tree.runnerTemp, "creds.json");
  // The attacks: `python3 canon.py` with canon.py -> ../../_temp/creds.json; `data -> ../../_temp`.
  symlinkSync("../../_temp/creds.json", join(ws, "canon.py"));
  symlinkSync("../../_temp", join(ws, "data"));
  // A chain of links, and a link met on the way to a file.
  symlinkSync("chain2", join(ws, "chain1"));
  symlinkSync("../../_temp/creds.json", join(ws, "chain2"));
  mkdirSync(join(ws, "sub"));
  const session = open(t, tree);
  refuses(
    session,
    spec(ws, ["canon.py"]),
    new RegExp(
      `^the path canon\\.py on the command line leads through a link to ${esc(creds)} \\(inside RUNNER_TEMP\\), which the command must not see \\(a named path may lie there only when named there directly, not through a link\\): name a path inside the working directory instead \\(copy the file there\\)$`,
    ),
  );
  refuses(
    session,
    spec(ws, ["data"]),
    new RegExp(
      `^the path data on the command line leads through a link to ${esc(tree.runnerTemp)} \\(RUNNER_TEMP\\)`,
    ),
    /copy the folder there/,
  );
  refuses(session, spec(ws, ["data/creds.json"]), /the path data\/creds\.json .* \(inside RUNNER_TEMP\)/);
  refuses(
    session,
    spec(ws, ["chain1"]),
    /the path chain1 on the command line leads through a link to .*creds\.json/,
  );
  refuses(session, spec(ws, ["sub/../canon.py"]), /the path sub\/\.\.\/canon\.py on the command line/);
  refuses(session, spec(ws, [join(ws, "canon.py")]), /inside RUNNER_TEMP/);
  // --name=value, a classpath entry, a word of a --shell script.
  refuses(session, spec(ws, ["--input=canon.py"]), /the path canon\.py on the command line/);
  refuses(session, spec(ws, ["-cp", "real.py:data"]), /the path data on the command line/);
  refuses(session, spec(ws, ["-c", "python3 canon.py --lines"], "/bin/sh", "sh"), /the path canon\.py/);
  // launch (a process asked for at spawn time) refuses the same way.
  assert.throws(
    () => session.launch(spec(ws, ["canon.py"])),
    /leads through a link to .* \(inside RUNNER_TEMP\)/,
  );
  // The program itself: a committed link into RUNNER_TEMP.
  symlinkSync("../../_temp/tool.sh", join(ws, "run.sh"));
  refuses(
    session,
    spec(ws, ["--lines"], join(ws, "run.sh"), "./run.sh"),
    /^the program \.\/run\.sh leads through a link to .*tool\.sh \(inside RUNNER_TEMP\)/,
  );
  // Kept: a real file of the workspace; a path named in RUNNER_TEMP directly (no link); a path that
  // does not exist, or a link that leads nowhere (as before: not a named path).
  symlinkSync("../../_temp/nothing", join(ws, "gone"));
  for (const args of [["real.py"], [creds], ["../../_temp/creds.json"], ["missing.py"], ["gone"]]) {
    assert.doesNotThrow(() => session.prepare(spec(ws, args)), JSON.stringify(args));
  }
  // Unsandboxed nothing is hidden, so nothing is refused: the command can read RUNNER_TEMP anyway.
  const none = open(t, tree, { mode: "none" });
  assert.doesNotThrow(() => none.prepare(spec(ws, ["canon.py"])));
});

test("named paths are confined: a link into the host's /tmp or /run (where sockets are) is refused; a path named under /tmp directly is kept, and so is a program that is a link", (t) => {
  if (!canRun(t)) return;
  const tree = hostedTree(t, "cover");
  const ws = tree.workspace;
  const tmp = hostTmp(t);
  writeFileSync(join(tmp, "canon.py"), "print('in /tmp')\n");
  mkdirSync(join(tmp, "agent"));
  symlinkSync(join(tmp, "agent"), join(ws, "sockets"));
  symlinkSync(join(tmp, "canon.py"), join(ws, "tmp-canon.py"));
  symlinkSync("/run", join(ws, "run"));
  symlinkSync("/var/run", join(ws, "varrun"));
  const session = open(t, tree);
  const realTmp = realpathSync("/tmp");
  refuses(
    session,
    spec(ws, ["sockets"]),
    new RegExp(
      `^the path sockets on the command line leads through a link to ${esc(tmp)}/agent \\(inside the host's ${esc(realTmp)}\\)`,
    ),
  );
  refuses(session, spec(ws, ["tmp-canon.py"]), /inside the host's \/tmp/);
  const run = realpathSync("/run");
  refuses(
    session,
    spec(ws, ["run"]),
    new RegExp(
      `the path run on the command line leads through a link to ${esc(run)} \\(the host's ${esc(run)}\\)`,
    ),
  );
  refuses(session, spec(ws, ["varrun"]), new RegExp(`the path varrun .* \\(the host's ${esc(run)}\\)`));
  // Kept, as before: a path named under /tmp directly (its folder is bound back), /run named directly,
  // a program that is a link (/bin/sh, /usr/bin/python3 -> python3.x), and a committed link to one.
  const direct = session.prepare(spec(ws, [join(tmp, "canon.py")]));
  assert.ok(direct.args.join(" ").includes(`--ro-bind ${tmp} ${tmp}`), direct.args.join(" "));
  assert.doesNotThrow(() => session.prepare(spec(ws, ["/run"])));
  assert.doesNotThrow(() => session.prepare(spec(ws, ["-c", "true"], "/bin/sh", "sh")));
  if (existsSync("/usr/bin/python3")) {
    assert.doesNotThrow(() => session.prepare(spec(ws, ["real.py"], "/usr/bin/python3", "python3")));
  }
  symlinkSync("/bin/sh", join(ws, "shell"));
  assert.doesNotThrow(() => session.prepare(spec(ws, ["-c", "true"], join(ws, "shell"), "./shell")));
});

test("named paths are confined: a working directory inside RUNNER_TEMP or /tmp opens no more of it; the output folder; the secrets, even named directly", (t) => {
  if (!canRun(t)) return;
  const tree = hostedTree(t, "inside");
  // A checkout inside RUNNER_TEMP: its own files stay named; a link out of it into the rest is refused.
  const checkout = join(tree.runnerTemp, "checkout");
  mkdirSync(checkout);
  writeFileSync(join(checkout, "canon.py"), "print('the program')\n");
  symlinkSync("../creds.json", join(checkout, "other.py"));
  const inTemp = open(t, tree, { cwd: checkout });
  assert.doesNotThrow(() => inTemp.prepare(spec(checkout, ["canon.py"])));
  refuses(
    inTemp,
    spec(checkout, ["other.py"]),
    /^the path other\.py on the command line leads through a link to .*_temp\/creds\.json \(inside RUNNER_TEMP\), which the command must not see \(a link inside the working directory may not lead out of it into RUNNER_TEMP\)/,
  );
  // A workspace under /tmp (tests do this): links inside it are kept, one out of it into /tmp is not.
  const tmp = hostTmp(t);
  const ws = join(tmp, "ws");
  mkdirSync(join(ws, "node_modules", "tool"), { recursive: true });
  mkdirSync(join(ws, "node_modules", ".bin"));
  mkdirSync(join(tmp, "elsewhere"));
  writeFileSync(join(ws, "node_modules", "tool", "cli.js"), "");
  symlinkSync("../tool/cli.js", join(ws, "node_modules", ".bin", "tool"));
  symlinkSync("../elsewhere", join(ws, "lib"));
  const inTmp = open(t, tree, { cwd: ws });
  assert.doesNotThrow(() => inTmp.prepare(spec(ws, ["node_modules/.bin/tool", "../elsewhere"])));
  refuses(inTmp, spec(ws, ["lib"]), /may not lead out of it into the host's \/tmp/);
  // The same workspace given through a link of the harness's (the working directory is taken real):
  // the same answers, for the arguments and a relative program.
  const viaLink = join(tree.root, "ws-link");
  symlinkSync(ws, viaLink);
  const linkedCwd = open(t, tree, { cwd: viaLink });
  const tool = join(viaLink, "node_modules", ".bin", "tool");
  assert.doesNotThrow(() =>
    linkedCwd.prepare(spec(viaLink, ["node_modules/.bin/tool"], tool, "./node_modules/.bin/tool")),
  );
  refuses(linkedCwd, spec(viaLink, ["lib"]), /may not lead out of it into the host's \/tmp/);
  refuses(
    linkedCwd,
    spec(viaLink, [], join(viaLink, "lib"), "./lib"),
    /^the program \.\/lib leads through a link/,
  );
  // The output folder: named directly, kept (as before); through a link, refused.
  const out = join(tree.workspace, "out");
  mkdirSync(out);
  writeFileSync(join(out, "record.json"), "{}");
  symlinkSync("out", join(tree.workspace, "reports"));
  const withOut = open(t, tree, { outDir: out });
  assert.doesNotThrow(() => withOut.prepare(spec(tree.workspace, ["out/record.json"])));
  refuses(
    withOut,
    spec(tree.workspace, ["reports"]),
    /leads through a link to .*\/out \(the output directory\)/,
  );
  // A secret is refused however it is named: the key file, a file command, their links.
  const key = join(tree.workspace, "key.hex");
  writeFileSync(key, "secret-key-material\n");
  chmodSync(key, 0o600);
  symlinkSync("key.hex", join(tree.workspace, "k"));
  const secret = open(t, tree, { hiddenPaths: [key] });
  refuses(
    secret,
    spec(tree.workspace, ["key.hex"]),
    /^the path key\.hex on the command line is the hidden path .*key\.hex, which the command must never see: take it off the command line$/,
  );
  refuses(
    secret,
    spec(tree.workspace, ["k"]),
    /the path k on the command line leads through a link to .*key\.hex \(the hidden path /,
  );
  refuses(
    secret,
    spec(tree.workspace, [`--env=${tree.setEnv}`]),
    /is GITHUB_ENV, which the command must never see/,
  );
  refuses(
    secret,
    spec(tree.workspace, [join(tree.runnerTemp, "_runner_file_commands")]),
    /is the directory of GITHUB_ENV/,
  );
});

test("named paths are confined: a run through the sandbox stops at setup, before any process of the command starts", async (t) => {
  if (!canRun(t)) return;
  const tree = hostedTree(t, "run");
  const ws = tree.workspace;
  mkdirSync(join(ws, "w"));
  symlinkSync("../../_temp/creds.json", join(ws, "canon.py"));
  // The command leaves a mark in a writable folder, then checks it can read the file it names, then
  // canonicalizes (the Node example, copied into the workspace: a checkout under the host's /tmp is
  // hidden from the sandbox, and the shell's words are no named path).
  cpSync(join(REPO, "examples/node/canon.mjs"), join(ws, "canon.mjs"));
  const command = (file: string) =>
    `touch w/started && test -r ${file} && exec ${quote(process.execPath)} canon.mjs --lines`;
  const options = (file: string) => ({
    ...runOptions({
      command: command(file),
      shell: true,
      suites: ["canon-or-reject"],
      timeoutMs: 10_000,
      workingDirectory: ws,
      implementationName: null,
      sandbox: { mode: "bwrap", writablePaths: [join(ws, "w")] },
    }),
    startedFrom: { env: tree.env, cwd: ws },
  });
  await assert.rejects(runConformance(options("canon.py")), (e: unknown) => {
    assert.ok(e instanceof SandboxSetupError, String(e));
    assert.match(
      e.message,
      /^the path canon\.py on the command line leads through a link to .* \(inside RUNNER_TEMP\)/,
    );
    assert.doesNotMatch(e.message, new RegExp(CREDS));
    return true;
  });
  assert.equal(existsSync(join(ws, "w", "started")), false, "no process of the command started");
  // The control: the same command naming a real file of the workspace runs, sandboxed, and marks.
  const outcome = await runConformance(options("real.py"));
  assert.equal(outcome.sandbox.sandboxed, true);
  assert.equal(existsSync(join(ws, "w", "started")), true, "the command ran and left its mark");
  assert.equal(outcome.record.conformant, true);
});
