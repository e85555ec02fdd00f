// A row's install runs code nobody here wrote, in the job whose action and results the sign job then
// signs (issue 38, item 2). Here an install does what such code could: it overwrites the action's
// bundle and a row's results, appends to the runner's GITHUB_ENV file, plants a file in /tmp (where
// tsx keeps the table scripts' compiled files) and leaves a process behind to write later. In the
// install sandbox (src/table/install-sandbox.ts) every one of these fails and the install still builds
// in its own folder and home, as root and as uid 65534 (a hosted runner's installs run unprivileged);
// run as it is, the same install does all of it (the attack is real, so the test can fail).
//
// The folders are made under /var/tmp, not /tmp: the sandbox's /tmp is a tmpfs of its own, and a
// "checkout" under /tmp would be out of the install's sight for that reason alone.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { loadRows } from "../../src/table/manifest.js";
import { readableScript } from "../helpers/nobody.js";
import { asUser, canRun, USERS, type User } from "../sandbox/helpers.js";
import { REPO } from "./fixtures.js";

/** Runs buildRow in a process of its own (so that it can run as uid 65534): the row from argv[2]. */
const ENTRY = `
import { buildRow } from "./src/table/build.ts";
import { chooseInstallSandbox } from "./src/table/install-sandbox.ts";
const { row, work, out, sandbox } = JSON.parse(process.argv[2]);
const built = await buildRow(row, work, out, { sandbox: chooseInstallSandbox(sandbox), timeoutMs: 60_000 });
process.stdout.write(JSON.stringify(built));
`;

let script: Awaited<ReturnType<typeof readableScript>>;
before(async () => {
  script = await readableScript(ENTRY, REPO);
});
after(() => script?.remove());

interface Planted {
  base: string;
  dist: string;
  result: string;
  githubEnv: string;
  tmpMark: string;
}

/** A checkout's bundle, a row's results and a runner's file command, each a file the install targets. */
function plant(user: User, sandbox: string): Planted {
  const base = mkdtempSync(join("/var/tmp", `cc-install-${user}-${sandbox}-`));
  chmodSync(base, 0o777);
  const file = (path: string, text: string) => {
    mkdirSync(join(path, ".."), { recursive: true, mode: 0o777 });
    writeFileSync(path, text, { mode: 0o666 });
    chmodSync(path, 0o666);
    return path;
  };
  const planted = {
    base,
    dist: file(join(base, "checkout", "dist", "index.js"), "the action\n"),
    result: file(join(base, "checkout", "results", "rows", "other", "record.json"), "{}\n"),
    githubEnv: file(join(base, "runner", "_temp", "_runner_file_commands", "set_env_1"), ""),
    tmpMark: `/tmp/${base.split("/").pop()}-planted`,
  };
  for (const dir of ["checkout", "checkout/dist", "checkout/results", "runner"])
    chmodSync(join(base, dir), 0o777);
  return planted;
}

/** The install commands of an attacking row: each write outside its folder is allowed to fail. */
function attack(p: Planted): string[] {
  return [
    `echo replaced > ${p.dist} || true`,
    `echo '{"verdict":"CONFORMANT"}' > ${p.result} || true`,
    `echo NODE_OPTIONS=--require=/x >> ${p.githubEnv} || true`,
    `echo planted > ${p.tmpMark} || true`,
    // Left behind: writes into the row's folder once the install has ended, unless it is killed.
    "(sleep 0.5; echo late > late.txt) >/dev/null 2>&1 &",
    'echo built > built-here.txt && echo cached > "$HOME/cache.txt" && echo "$HOME" > home.txt',
  ];
}

function build(user: User, sandbox: "bwrap" | "none", p: Planted) {
  const real = loadRows(join(REPO, "table")).rows.find((r) => r.id === "javascript-canonicalize")!;
  const rowDir = join(p.base, "table-row");
  mkdirSync(rowDir, { mode: 0o777 });
  writeFileSync(join(rowDir, "wrapper.js"), "// a row's files\n");
  chmodSync(join(rowDir, "wrapper.js"), 0o644);
  const row = { ...real, dir: rowDir, manifest: { ...real.manifest, install: attack(p) } };
  const work = join(p.base, "checkout", "work");
  const out = join(p.base, "checkout", "results", "rows", row.id);
  mkdirSync(work, { recursive: true, mode: 0o777 });
  mkdirSync(out, { recursive: true, mode: 0o777 });
  chmodSync(work, 0o777);
  chmodSync(out, 0o777);
  const [command, args] = asUser(user, process.execPath, [
    script.script,
    JSON.stringify({ row, work, out, sandbox }),
  ]);
  const ran = spawnSync(command, args, { cwd: script.dir, encoding: "utf8", timeout: 90_000 });
  assert.equal(ran.status, 0, `${ran.stdout}\n${ran.stderr}`);
  return { built: JSON.parse(ran.stdout) as { status: string; dir: string; log: string }, work };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

for (const user of USERS) {
  test(`in the install sandbox, as ${user}: the install builds in its folder and home, and reaches nothing else`, async (t) => {
    if (!canRun(t, { user })) return;
    const p = plant(user, "bwrap");
    t.after(() => rmSync(p.base, { recursive: true, force: true }));
    const { built, work } = build(user, "bwrap", p);
    assert.equal(built.status, "built", readFileSync(built.log, "utf8"));
    const log = readFileSync(built.log, "utf8");
    assert.match(log, /^# the install commands run in a sandbox/m);
    // What it may write: its folder, its home (work/.install-home/<id>), said in the log.
    const home = join(work, ".install-home", "javascript-canonicalize");
    assert.equal(readFileSync(join(built.dir, "built-here.txt"), "utf8"), "built\n");
    assert.equal(readFileSync(join(built.dir, "home.txt"), "utf8"), `${home}\n`);
    assert.equal(readFileSync(join(home, "cache.txt"), "utf8"), "cached\n");
    // What it may not.
    assert.equal(readFileSync(p.dist, "utf8"), "the action\n");
    assert.equal(readFileSync(p.result, "utf8"), "{}\n");
    assert.equal(readFileSync(p.githubEnv, "utf8"), "");
    assert.equal(existsSync(p.tmpMark), false, "the install's /tmp is its own");
    assert.match(log, /Read-only file system/);
    // Nothing it started outlives it.
    await sleep(1500);
    assert.equal(
      existsSync(join(built.dir, "late.txt")),
      false,
      "a process the install left behind still ran",
    );
  });
}

test("run as it is (--install-sandbox none), the same install reaches all of it: the attack is real", async (t) => {
  if (!canRun(t, { user: "root", bwrap: false })) return;
  const p = plant("root", "none");
  t.after(() => rmSync(p.tmpMark, { force: true }));
  t.after(() => rmSync(p.base, { recursive: true, force: true }));
  const { built } = build("root", "none", p);
  assert.equal(built.status, "built");
  assert.match(
    readFileSync(built.log, "utf8"),
    /^# the install commands run unsandboxed: --install-sandbox none/m,
  );
  assert.equal(readFileSync(p.dist, "utf8"), "replaced\n");
  assert.match(readFileSync(p.result, "utf8"), /CONFORMANT/);
  assert.match(readFileSync(p.githubEnv, "utf8"), /NODE_OPTIONS/);
  assert.equal(existsSync(p.tmpMark), true);
  for (let waited = 0; !existsSync(join(built.dir, "late.txt")) && waited < 10_000; waited += 100)
    await sleep(100);
  assert.equal(
    existsSync(join(built.dir, "late.txt")),
    true,
    "the process left behind wrote after the install",
  );
});
