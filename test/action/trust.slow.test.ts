// Issue 18's attacks, each through the bundled action (or the bundled CLI where the attack is the
// CLI's), under a hosted runner's layout: the file commands in RUNNER_TEMP/_runner_file_commands/, the
// workspace in _work/<repo>/<repo>, the action in _work/_actions/<owner>/<repo>/<ref> (a copy of the
// test bundle, its package.json and vectors/), and `uses: ./`, where the action is the workspace; as
// root and as uid 65534 (which then owns the runner's folders, as the runner's user does), sandboxed
// and with `sandbox: none`. Each test is named after the promise of docs/sandbox.md it holds. The
// implementation is test/action/fixtures/trust-impl.mjs: broken (it echoes), and hostile.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { parseSuppliedKey, toHex } from "../../src/record/keys.js";
import { recordBytes } from "../../src/record/sign.js";
import { verifyRecord } from "../../src/record/verify.js";
import { testDist } from "../helpers/dist.js";
import { signedRecord } from "../record/fixtures.js";
import {
  asUser,
  canRun,
  chownTree,
  filesUnder,
  leaksIn,
  NOBODY,
  quote,
  REPO,
  run,
  SECRETS,
  tempRoot,
  USERS,
  type User,
} from "../sandbox/helpers.js";
import { assertExit } from "./common.js";
import { type ResultsService, startResultsService } from "./results-service.js";
import { type ActionRun, type HostedLayout, runAction } from "./runner.js";
import { foreignCommands } from "./runner-commands.js";
import { readZip } from "./zip.js";

const FIXTURE = join(REPO, "test/action/fixtures/trust-impl.mjs");
const NODE = process.execPath;
const TOKENS = {
  GITHUB_TOKEN: SECRETS.githubToken,
  ACTIONS_RUNTIME_TOKEN: SECRETS.runtimeToken,
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: SECRETS.idToken,
};

interface Hosted extends HostedLayout {
  root: string;
  action: string;
  cli: string;
  /** Where code of the command's writes if the harness ever runs it. */
  marker: string;
  /** A file outside every writable path. */
  outside: string;
  user: User;
}

/** A hosted runner's folders, with the action (or, `usesDot`, the workspace) holding the bundle. */
function hosted(label: string, user: User, usesDot = false): Hosted {
  const root = tempRoot(`trust-${label}`);
  chmodSync(root, 0o755);
  const work = join(root, "runner", "_work");
  const runnerTemp = join(work, "_temp");
  const fileCommands = join(runnerTemp, "_runner_file_commands");
  const workspace = join(work, "repo", "repo");
  const action = usesDot ? workspace : join(work, "_actions", "octo", "canon-conformance", "v1");
  for (const dir of [fileCommands, workspace, join(action, "dist")]) mkdirSync(dir, { recursive: true });
  cpSync(testDist(), join(action, "dist"), { recursive: true });
  for (const name of ["package.json", "action.yml"]) cpSync(join(REPO, name), join(action, name));
  cpSync(join(REPO, "vectors"), join(action, "vectors"), { recursive: true });
  // The pull request's code: the implementation, and a Python canonicalizer to compare with.
  cpSync(FIXTURE, join(workspace, "impl.mjs"));
  cpSync(join(REPO, "examples/python/canon.py"), join(workspace, "canon.py"));
  mkdirSync(join(workspace, "report"));
  const outside = join(root, "outside.txt");
  writeFileSync(outside, "untouched\n");
  if (user === "nobody") chownTree(root, NOBODY);
  return {
    root,
    user,
    action,
    workspace,
    runnerTemp,
    fileCommands,
    bundle: join(action, "dist", "index.js"),
    cli: join(action, "dist", "cli.js"),
    marker: join(root, "PWNED"),
    outside,
  };
}

function runIn(
  h: Hosted,
  inputs: Record<string, string>,
  env: Record<string, string | undefined> = {},
  service?: ResultsService,
) {
  return runAction({
    home: h.root,
    user: h.user,
    layout: h,
    ...(service ? { service } : {}),
    // With a results service, its own runtime token (a JWT the upload client reads) stands.
    env: {
      ...TOKENS,
      ...(service ? { ACTIONS_RUNTIME_TOKEN: service.token } : {}),
      CI: process.env.CI,
      ...env,
    },
    inputs: { protocol: "lines", suites: "jcs", numbers: "0", upload: "false", ...inputs },
  });
}

/** The answers the implementation gave, as results.json keeps them. */
function answers(outDir: string): string[] {
  const results = JSON.parse(readFileSync(join(outDir, "results.json"), "utf8")) as {
    results: { got: string }[];
  };
  return results.results.map((r) => r.got);
}

const outDirOf = (h: Hosted) => join(h.runnerTemp, "canon-conformance", "canon-conformance");

/** The key and the tokens, in any form, anywhere the run left text. */
function leaks(run: ActionRun, h: Hosted): string[] {
  const log = run.stdout.replace(/^::add-mask::.*$/gm, "");
  const found = [...leaksIn("stdout", log), ...leaksIn("stderr", run.stderr)];
  for (const [name, text] of Object.entries(run.fileCommands)) found.push(...leaksIn(name, text));
  for (const [path, text] of filesUnder(h.runnerTemp)) found.push(...leaksIn(path, text));
  return found;
}

describe("everything the harness runs is loaded before the command starts: code the command writes never runs in the harness", {
  concurrency: 2,
}, () => {
  for (const user of USERS) {
    for (const usesDot of [false, true]) {
      for (const sandbox of ["auto", "none"] as const) {
        const where = usesDot ? "uses: ./" : "_actions/octo/canon-conformance/v1";
        test(`${where}, sandbox ${sandbox}, as ${user}: the command replaces every file of the action it can reach, the step still fails for the broken implementation, and the key is nowhere`, async (t) => {
          if (!canRun(t, { user, bwrap: sandbox !== "none" })) return;
          const h = hosted(`load-${sandbox}-${usesDot ? "dot" : "actions"}-${user}`, user, usesDot);
          const command = `${quote(NODE)} impl.mjs ${quote(`--replace=${h.action}`)} ${quote(`--marker=${h.marker}`)}`;
          // The upload runs after the command: its client was once a chunk loaded from disk then.
          const service = await startResultsService("ok");
          t.after(() => service.close());
          const r = await runIn(
            h,
            { command, sandbox, "signing-key": SECRETS.key, upload: "true" },
            {},
            service,
          );
          assertExit(r, 1);
          assert.equal(r.outputs.conformant, "false");
          assert.equal(existsSync(h.marker), false, "no code of the command's ran in the harness");
          assert.equal(service.artifacts.length, 1, "the upload ran");
          const uploaded = readZip(service.artifacts[0]!.blob).get("record.json")!;
          assert.deepEqual(uploaded, readFileSync(r.outputs["record-path"]!));
          assert.deepEqual(
            leaksIn("the log", r.stdout.replace(/^::add-mask::.*$/gm, ""), [service.token]),
            [],
          );
          const replaced = Math.max(
            ...answers(outDirOf(h))
              .map((a) => Number(/replaced=(\d+)/.exec(a)?.[1]))
              .filter(Number.isFinite),
          );
          if (sandbox === "none") {
            // The control: unsandboxed, as the runner's user, it did replace the action's files.
            assert.ok(replaced > 0, "the command reached the action's folder");
            assert.match(readFileSync(h.bundle, "utf8"), /the command's code ran in the harness/);
          } else {
            assert.match(r.stdout, /the command runs sandboxed with \/usr\/bin\/bwrap/);
            assert.equal(replaced, 0, "sandboxed, the action's folder is read-only");
          }
          assert.deepEqual(leaks(r, h), []);
          assert.deepEqual(foreignCommands(r.stdout, ["pwned"]), []);
          const verdict = verifyRecord(readFileSync(r.outputs["record-path"]!));
          assert.equal(verdict.outcome, "accept");
          if (verdict.outcome === "accept") {
            assert.equal(verdict.conformant, false);
            assert.equal(verdict.record.signer_pubkey, toHex(parseSuppliedKey(SECRETS.key).publicKey));
          }
        });
      }
    }
  }
});

describe("writable paths are confined: one that reaches the action's own folder is refused at setup", {
  concurrency: 2,
}, () => {
  const cases = [
    { label: "a committed link into _actions", usesDot: false, paths: "target" },
    { label: "a path that climbs to _work", usesDot: false, paths: "../.." },
    { label: "uses: ./ and the workspace itself", usesDot: true, paths: "." },
  ];
  for (const user of USERS) {
    for (const c of cases) {
      test(`${c.label} (writable-paths: ${c.paths}), as ${user}`, async (t) => {
        if (!canRun(t, { user })) return;
        const h = hosted(`confine-${c.usesDot ? "dot" : "actions"}-${user}`, user, c.usesDot);
        symlinkSync("../../_actions/octo/canon-conformance/v1", join(h.workspace, "target"));
        const command = `${quote(NODE)} impl.mjs ${quote(`--replace=${h.action}`)} ${quote(`--marker=${h.marker}`)}`;
        const before = readFileSync(h.bundle);
        const r = await runIn(h, { command, "writable-paths": c.paths, "signing-key": SECRETS.key });
        assertExit(r, 1);
        assert.match(
          r.stdout,
          /canon-conformance could not run: writable path .* (is outside the working directory|holds the folder of the running harness)/,
        );
        assert.deepEqual(readFileSync(h.bundle), before, "the command never ran: the bundle is as it was");
        assert.equal(existsSync(join(outDirOf(h), "results.json")), false);
        assert.deepEqual(leaks(r, h), []);
      });
    }
  }
});

describe("the harness never writes through a path the command could have changed (the CLI's --out, issue 18 attack 2)", {
  concurrency: 2,
}, () => {
  for (const user of USERS) {
    test(`sandbox none, as ${user}: the command moves reports/ and plants reports/out -> evil/ and evil/*.json -> a file outside; the reports land in the folder opened at setup, and the outside file is untouched`, async (t) => {
      if (!canRun(t, { user, bwrap: false })) return;
      const h = hosted(`swap-${user}`, user);
      const command = `${quote(NODE)} impl.mjs ${quote(`--swap=${h.workspace}`)} ${quote(`--outside=${h.outside}`)}`;
      mkdirSync(join(h.workspace, "reports"));
      if (user === "nobody") chownSync(join(h.workspace, "reports"), NOBODY, NOBODY);
      const [cmd, args] = asUser(user, NODE, [
        h.cli,
        ...["run", "--command", command, "--protocol", "lines", "--suites", "jcs", "--numbers", "0"],
        ...["--out", "reports/out", "--sandbox", "none", "--quiet"],
      ]);
      const r = await run(cmd, args, { cwd: h.workspace, env: { PATH: process.env.PATH, HOME: h.root } });
      assert.equal(r.code, 1, `not conformant (exit 1)\n${r.stdout}\n${r.stderr}`);
      assert.equal(
        readFileSync(h.outside, "utf8"),
        "untouched\n",
        "nothing outside the output folder changed",
      );
      assert.ok(
        lstatSync(join(h.workspace, "reports", "out")).isSymbolicLink(),
        "the control: the swap happened",
      );
      for (const name of readdirSync(join(h.workspace, "evil")))
        assert.ok(
          lstatSync(join(h.workspace, "evil", name)).isSymbolicLink(),
          `evil/${name} is still only a link`,
        );
      const landed = join(h.workspace, "reports.moved", "out");
      assert.deepEqual(readdirSync(landed).sort(), [
        "junit.xml",
        "record.json",
        "report.html",
        "results.json",
      ]);
      assert.equal(verifyRecord(readFileSync(join(landed, "record.json"))).outcome, "accept");
    });

    test(`sandboxed, as ${user}: --writable-paths . with --out reports/out is refused at setup (it holds the output folder)`, async (t) => {
      if (!canRun(t, { user })) return;
      const h = hosted(`swap-refused-${user}`, user);
      const command = `${quote(NODE)} impl.mjs ${quote(`--swap=${h.workspace}`)} ${quote(`--outside=${h.outside}`)}`;
      const [cmd, args] = asUser(user, NODE, [
        h.cli,
        ...["run", "--command", command, "--protocol", "lines", "--suites", "jcs", "--numbers", "0"],
        ...["--out", "reports/out", "--writable-paths", ".", "--quiet"],
      ]);
      const r = await run(cmd, args, { cwd: h.workspace, env: { PATH: process.env.PATH, HOME: h.root } });
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, /writable path \S+ holds the output directory, which the command must not see/);
      assert.equal(existsSync(join(h.workspace, "evil")), false, "the command never ran");
      assert.equal(readFileSync(h.outside, "utf8"), "untouched\n");
    });
  }
});

describe("nothing inherited crosses into the command: run --key-file /dev/fd/200 200<key.hex (issue 18 attack 3)", {
  concurrency: 2,
}, () => {
  test("the control: a process started with descriptor 200 sees it, and reads the key through it", async () => {
    const h = hosted("fd-control", "root");
    writeFileSync(join(h.root, "key.hex"), `${SECRETS.key}\n`);
    const r = await run("bash", ["-c", 'exec "$@" 200<"$0"', join(h.root, "key.hex"), NODE, FIXTURE], {
      input: "{}\n",
    });
    assert.match(r.stdout, /inherited=\[[0-9,]*\b200\b[0-9,]*\] fd200=read:/);
    assert.ok(r.stdout.includes(SECRETS.key));
  });

  for (const user of USERS) {
    for (const sandbox of ["auto", "none"] as const) {
      test(`sandbox ${sandbox}, as ${user}: no descriptor above 2 reaches the command, and the key is nowhere`, async (t) => {
        if (!canRun(t, { user, bwrap: sandbox !== "none" })) return;
        const h = hosted(`fd-${sandbox}-${user}`, user);
        const keyFile = join(h.root, "key.hex");
        writeFileSync(keyFile, `${SECRETS.key}\n`, { mode: 0o600 });
        if (user === "nobody") chownSync(keyFile, NOBODY, NOBODY);
        // bash: a POSIX sh need not take a descriptor number above 9.
        const [cmd, args] = asUser(user, "bash", [
          "-c",
          'exec "$@" 200<"$0"',
          keyFile,
          NODE,
          h.cli,
          ...["run", "--key-file", "/dev/fd/200", "--command", `${quote(NODE)} impl.mjs`],
          ...[
            "--protocol",
            "lines",
            "--suites",
            "jcs",
            "--numbers",
            "0",
            "--out",
            "out",
            "--sandbox",
            sandbox,
          ],
        ]);
        const r = await run(cmd, args, { cwd: h.workspace, env: { PATH: process.env.PATH, HOME: h.root } });
        assert.equal(r.code, 1, `${r.stdout}\n${r.stderr}`);
        const all = answers(join(h.workspace, "out"));
        for (const answer of all) assert.doesNotMatch(answer, /inherited=\[\d/, "nothing inherited");
        // (A long answer is kept cut, without its end: only whole ones say what fd 200 gave.)
        const whole = all.filter((a) => /fd200=\S+$/.test(a));
        assert.ok(whole.length > 100, `answers that say what the command found: ${whole.length}`);
        for (const answer of whole)
          assert.match(answer, /inherited=\[\] fd200=EBADF\/ENOENT$/, "no descriptor 200");
        const found = [...leaksIn("stdout", r.stdout), ...leaksIn("stderr", r.stderr)];
        for (const [path, text] of filesUnder(join(h.workspace, "out"))) found.push(...leaksIn(path, text));
        assert.deepEqual(found, []);
        const verdict = verifyRecord(readFileSync(join(h.workspace, "out", "record.json")));
        assert.equal(verdict.outcome === "accept" && verdict.record.key, "supplied");
      });
    }
  }
});

describe("the sandbox program is only a root-owned bwrap (issue 18 attack 4)", { concurrency: 2 }, () => {
  for (const user of USERS) {
    test(`a workspace bin/bwrap first on PATH is never started, sandbox bwrap, as ${user}`, async (t) => {
      if (!canRun(t, { user })) return;
      const h = hosted(`bwrap-${user}`, user);
      const bin = join(h.workspace, "bin");
      mkdirSync(bin);
      const started = join(h.root, "fake-bwrap-started");
      // What the attack planted: a bwrap that runs its command unsandboxed.
      writeFileSync(
        join(bin, "bwrap"),
        `#!/bin/sh\necho started > ${quote(started)}\nwhile [ "$1" != "--" ]; do shift; done\nshift\nexec "$@"\n`,
        { mode: 0o755 },
      );
      // The workspace belongs to the runner's user, not root (here uid 65534, as for the other user).
      chownTree(bin, NOBODY);
      const r = await runIn(
        h,
        { command: `${quote(NODE)} impl.mjs`, sandbox: "bwrap" },
        { PATH: `${bin}:${process.env.PATH}` },
      );
      assertExit(r, 1);
      assert.match(
        r.stdout,
        /the command runs sandboxed with \/usr\/bin\/bwrap .*ignored, as not root's alone: .*bin\/bwrap \(the (file|folder) .*bin(\/bwrap)? is owned by uid 65534, not root\)/,
      );
      assert.equal(existsSync(started), false, "the planted bwrap never ran");
    });
  }
});

describe("each side has its own scratch: a .pth planted in the command's HOME does not reach compare-command (issue 18 attack 7)", {
  concurrency: 2,
}, () => {
  for (const user of USERS) {
    test(`sandboxed, as ${user}`, async (t) => {
      if (!canRun(t, { user })) return;
      const h = hosted(`home-${user}`, user);
      const report = join(h.workspace, "report");
      const r = await runIn(h, {
        command: `${quote(NODE)} impl.mjs ${quote(`--pth=${report}`)}`,
        "compare-command": `/usr/bin/python3 ${quote(join(h.workspace, "canon.py"))} --lines`,
        "compare-runs": "20",
        "writable-paths": "report",
      });
      assertExit(r, 1);
      assert.ok(
        existsSync(join(report, "poisoned-self")),
        "the control: the .pth works for a Python of the same side",
      );
      assert.equal(existsSync(join(report, "poisoned-compare")), false, "the compare side was not poisoned");
      assert.ok(
        Number(r.outputs["compare-disagreements"]) > 0,
        "the broken command disagrees with the Python one",
      );
    });
  }
});

describe("untrusted patterns match in linear time (issue 18 attack 6)", () => {
  test("an expected-failures entry of 24 stars: the run finishes and gates as the list says", {
    timeout: 120_000,
  }, async (t) => {
    if (!canRun(t, { bwrap: false })) return;
    const h = hosted("stars", "root");
    writeFileSync(
      join(h.workspace, "expected.txt"),
      `jcs/${"*".repeat(24)}  every jcs case, as a hostile list could say\n`,
    );
    const r = await runIn(h, {
      command: `${quote(NODE)} impl.mjs`,
      "expected-failures": "expected.txt",
      sandbox: "none",
    });
    assertExit(r, 0);
    assert.equal(r.outputs.gate, "pass");
    assert.equal(r.outputs["unexpected-failures"], "0");
  });
});

describe("records are read only from regular files: aggregate refuses a FIFO and a link at once (issue 18 attack 8)", {
  concurrency: 2,
}, () => {
  for (const user of USERS) {
    test(`aggregate mode, as ${user}`, { timeout: 120_000 }, async (t) => {
      if (!canRun(t, { user, bwrap: false })) return;
      const h = hosted(`aggregate-${user}`, user);
      const records = join(h.workspace, "records");
      for (const d of ["good", "fifo", "environ"]) mkdirSync(join(records, d), { recursive: true });
      writeFileSync(join(records, "good", "record.json"), recordBytes(signedRecord()));
      execFileSync("mkfifo", [join(records, "fifo", "record.json")]);
      symlinkSync("/proc/self/environ", join(records, "environ", "record.json"));
      if (user === "nobody") chownTree(records, NOBODY);
      const r = await runIn(h, { mode: "aggregate", records: "records" });
      assertExit(r, 1);
      assert.equal(r.outputs.refused, "2");
      assert.match(r.stdout, /a FIFO: a record is read only from a regular file/);
      assert.match(r.stdout, /a symbolic link: a record is read only from a regular file/);
      assert.deepEqual(leaks(r, h), []);
    });
  }
});

describe("a long-lived key belongs in a job that runs no code under test (issue 18 attack 5)", () => {
  test("signing-key given to mode: run on a pull_request event: the step warns, and the summary says why", async (t) => {
    if (!canRun(t, { bwrap: false })) return;
    const h = hosted("pr-key", "root");
    const r = await runIn(
      h,
      { command: `${quote(NODE)} impl.mjs`, "signing-key": SECRETS.key, sandbox: "none" },
      { GITHUB_EVENT_NAME: "pull_request" },
    );
    assertExit(r, 1);
    const warning = r.annotations.find(
      (a) => a.properties.title === "canon-conformance: signing key in a pull request's job",
    );
    assert.ok(warning, r.stdout);
    assert.match(warning.message, /code of the pull request ran in this job before this step/);
    assert.match(
      r.summary ?? "",
      /\*\*Signing key:\*\* signing-key was given to a run on a pull\\_request event/,
    );
    // And on a push, nothing of the kind.
    const push = await runIn(hosted("push-key", "root"), {
      command: `${quote(NODE)} impl.mjs`,
      "signing-key": SECRETS.key,
      sandbox: "none",
    });
    assert.equal(
      push.annotations.some((a) => /pull request's job/.test(a.properties.title ?? "")),
      false,
    );
  });
});
