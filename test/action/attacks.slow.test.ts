// Issue 12's attacks through the bundled action (dist/index.js) under the simulated runner, both
// protocols, as root and as uid 65534: the hostile canonicalizer of test/sandbox (it reads the
// parent's /proc environ and cmdline and guessed key and record paths, writes the file commands and
// the parent's stdout, double-forks a setsid survivor, connects out), a canonicalizer whose every
// answer is workflow-command text, an HTTP implementation that answers the same, and a record whose
// members carry it into aggregate mode. The runner's reading of stdout (runner-commands.ts) must find
// only the harness's commands; the file-command files hold only the harness's writes; the key and the
// tokens, in any form, are nowhere; nothing survives; the record verifies.
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { buildRecord } from "../../src/record/build.js";
import { ephemeralKey, parseSuppliedKey, toHex } from "../../src/record/keys.js";
import { recordBytes, signRecord } from "../../src/record/sign.js";
import { verifyRecord } from "../../src/record/verify.js";
import { recordInput } from "../record/fixtures.js";
import {
  canRun,
  chownTree,
  FIXTURES,
  filesUnder,
  killTagged,
  leaksIn,
  leftovers,
  NOBODY,
  quote,
  SECRETS,
  tempRoot,
  USERS,
  type User,
} from "../sandbox/helpers.js";
import { assertExit, errors } from "./common.js";
import { type ActionRun, actionOutputs, parseOutputFile, REPO, runAction } from "./runner.js";
import { foreignCommands } from "./runner-commands.js";

const SUITES = { once: "canon-or-reject", lines: "jcs" } as const;
const PROTOCOLS = ["once", "lines"] as const;
const INJECTED = ["INJECTED", "pwn", "hostile-wrote-here"];

/** The runner's tokens, planted as the runner passes them. */
const TOKENS = {
  GITHUB_TOKEN: SECRETS.githubToken,
  ACTIONS_RUNTIME_TOKEN: SECRETS.runtimeToken,
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: SECRETS.idToken,
  ACTIONS_ID_TOKEN_REQUEST_URL: `https://token.example/${SECRETS.idToken}`,
  ACTIONS_RESULTS_URL: "https://results.example/",
};

interface Scene {
  home: string;
  report: string;
  tag: string;
  recordGuess: string;
}

function scene(label: string, user: User): Scene {
  const root = tempRoot(`action-${label}`);
  const home = join(root, "home");
  const report = join(root, "report");
  mkdirSync(home);
  mkdirSync(report);
  if (user === "nobody") chownTree(root, NOBODY);
  return {
    home,
    report,
    tag: `hostile-action-${label}-${Date.now()}`,
    recordGuess: join(home, "runner-temp", "canon-conformance", "canon-conformance", "record.json"),
  };
}

/** A guessed path, in hex: the command knows it without naming it on its command line (named there,
 * a secret is refused at setup, before the command runs: test/sandbox/named-paths.test.ts). */
const guess = (path: string) => `--guess-hex=${Buffer.from(path).toString("hex")}`;

function hostile(s: Scene, protocol: "once" | "lines"): string {
  const fileCommands = ["github-output", "step-summary.md", "github_env", "github_path", "github_state"];
  return [
    process.execPath,
    join(FIXTURES, "hostile.mjs"),
    ...(protocol === "lines" ? ["--lines"] : []),
    `--report=${s.report}`,
    `--tag=${s.tag}`,
    guess(s.recordGuess),
    ...fileCommands.map((f) => guess(join(s.home, f))),
  ]
    .map(quote)
    .join(" ");
}

function runHostile(s: Scene, user: User, protocol: "once" | "lines", sandbox: string): Promise<ActionRun> {
  return runAction({
    home: s.home,
    user,
    fifo: true,
    argv: [`--tag=${s.tag}`],
    env: { ...TOKENS, CI: process.env.CI },
    inputs: {
      command: hostile(s, protocol),
      protocol,
      suites: SUITES[protocol],
      numbers: "0",
      sandbox,
      "writable-paths": s.report,
      "signing-key": SECRETS.key,
      upload: "false",
    },
  });
}

/** Where the key or a token shows in what the run left: log, outputs, summary, every file. */
function leaks(run: ActionRun, s: Scene): string[] {
  const log = run.stdout.replace(/^::add-mask::.*$/gm, "");
  const problems = [...leaksIn("stdout", log), ...leaksIn("stderr", run.stderr)];
  for (const [name, text] of Object.entries(run.fileCommands)) problems.push(...leaksIn(name, text));
  for (const dir of [run.runnerTemp, s.report]) {
    for (const [path, text] of filesUnder(dir)) problems.push(...leaksIn(path, text));
  }
  return problems;
}

/** The file commands hold what the harness wrote: outputs it declares, nothing else anywhere. */
function assertFileCommandsClean(run: ActionRun): void {
  for (const name of ["GITHUB_ENV", "GITHUB_PATH", "GITHUB_STATE"])
    assert.equal(run.fileCommands[name], "", name);
  const outputs = Object.keys(parseOutputFile(run.fileCommands.GITHUB_OUTPUT ?? ""));
  const declared = new Set(actionOutputs());
  for (const name of outputs)
    assert.ok(declared.has(name), `GITHUB_OUTPUT holds an undeclared output ${name}`);
  for (const [name, text] of Object.entries(run.fileCommands)) {
    // The summary quotes failed answers (as data): only a write of the command's own would show there.
    if (name === "GITHUB_STEP_SUMMARY" && text.includes("INJECTED")) {
      assert.ok(!text.includes("✅ Conformant (") && !text.includes("BASH_ENV=/tmp/pwned"), name);
      continue;
    }
    // What the hostile command writes into a file command it reaches (the harness's summary does name
    // the command line, so its path alone is no sign of a write).
    for (const marker of ["BASH_ENV=/tmp/pwned", "INJECTED", "✅ Conformant ("]) {
      assert.ok(!text.includes(marker), `${name} holds ${marker}`);
    }
  }
}

function findingsOf(s: Scene) {
  return JSON.parse(readFileSync(join(s.report, "findings.json"), "utf8")) as {
    uid: number;
    visiblePids: number;
    envWithheld: string[];
    loot: string[];
    lootFrom: string[];
    wroteFileCommands: string[];
    wroteFds: string[];
  };
}

describe("the hostile canonicalizer through the action, sandboxed: every attack fails", {
  concurrency: 2,
}, () => {
  for (const user of USERS) {
    for (const protocol of PROTOCOLS) {
      test(`${protocol}, as ${user}`, async (t) => {
        if (!canRun(t, { user })) return;
        const s = scene(`${protocol}-${user}`, user);
        t.after(() => killTagged(s.tag));
        const run = await runHostile(s, user, protocol, "auto");
        assertExit(run, 0);
        assert.match(run.stdout, /the command runs sandboxed with \S*bwrap/);
        const findings = findingsOf(s);
        assert.equal(findings.uid, user === "root" ? 0 : NOBODY);
        assert.deepEqual(findings.loot, [], `it stole ${findings.lootFrom.join(", ")}`);
        assert.deepEqual(findings.envWithheld, []);
        assert.deepEqual(findings.wroteFileCommands, []);
        assert.deepEqual(findings.wroteFds, []);
        assert.ok(findings.visiblePids <= 4, `it saw ${findings.visiblePids} processes`);
        assertFileCommandsClean(run);
        assert.deepEqual(foreignCommands(run.stdout, [...INJECTED, s.tag]), []);
        assert.deepEqual(leaks(run, s), []);
        assert.deepEqual(await leftovers(s.tag), [], "no process of the command is left");
        await new Promise((r) => setTimeout(r, 500));
        const verdict = verifyRecord(readFileSync(run.outputs["record-path"]!));
        assert.equal(verdict.outcome, "accept");
        if (verdict.outcome === "accept") {
          assert.equal(verdict.record.key, "supplied");
          assert.equal(verdict.record.signer_pubkey, toHex(parseSuppliedKey(SECRETS.key).publicKey));
        }
      });
    }
  }
});

describe("unsandboxed (sandbox: none), the action's own /proc environ holds neither key nor tokens", {
  concurrency: 2,
}, () => {
  for (const user of USERS) {
    test(`once, as ${user}: the command reads /proc/<action>/environ and finds nothing; what it writes to the action's stdout is no command`, async (t) => {
      if (!canRun(t, { bwrap: false, user })) return;
      const s = scene(`none-${user}`, user);
      t.after(() => killTagged(s.tag));
      const run = await runHostile(s, user, "once", "none");
      const findings = findingsOf(s);
      // It could read its parent's environment, and took every INPUT_* it found there (the action's
      // inputs, which it may know): the signing key and the tokens were no longer among them.
      assert.ok(
        findings.lootFrom.some((f) => f.startsWith("/proc/")),
        "the control: it read the action's environ",
      );
      assert.deepEqual(
        findings.lootFrom.filter((f) => /SIGNING-KEY|TOKEN|RESULTS_URL|CANON_CONFORMANCE_KEY/.test(f)),
        [],
      );
      assert.deepEqual(leaksIn("what it took", findings.loot.join("\n")), []);
      assert.deepEqual(findings.envWithheld, [], "its own environment held no withheld variable");
      // Unsandboxed, it can write into the action's stdout: command processing was stopped meanwhile.
      assert.ok(findings.wroteFds.length > 0, "the control: it did reach the action's stdout");
      assert.match(run.stdout, /hostile-wrote-here/);
      assert.deepEqual(foreignCommands(run.stdout, [...INJECTED, s.tag]), []);
      assert.match(run.stdout, /ran the command unsandboxed because the sandbox was turned off/);
      assert.match(run.summary ?? "", /\*\*Unsandboxed:\*\*/);
      const log = run.stdout.replace(/^::add-mask::.*$/gm, "");
      assert.deepEqual([...leaksIn("stdout", log), ...leaksIn("stderr", run.stderr)], []);
    });
  }
});

describe("answers that are workflow commands reach no command", { concurrency: 2 }, () => {
  for (const user of USERS) {
    for (const protocol of PROTOCOLS) {
      test(`${protocol}, as ${user}`, async (t) => {
        if (!canRun(t, { user })) return;
        const s = scene(`inject-${protocol}-${user}`, user);
        const run = await runAction({
          home: s.home,
          user,
          inputs: {
            command: `${quote(process.execPath)} ${quote(join(REPO, "test/action/fixtures/injector.mjs"))}${protocol === "lines" ? " --lines" : ""}`,
            protocol,
            // Every case there wants an answer, so a rejection fails it. A few of them: once mode asks
            // each rejected input in a process of its own (232 node starts for all of jcs, per user),
            // and what is tested, the hostile text reaching no command, is the same in every answer.
            suites: "jcs",
            cases: "jcs/sort-*",
            numbers: "0",
            upload: "false",
          },
        });
        assertExit(run, 1);
        assert.match(run.stdout, /INJECTED/, "the control: the hostile text is in the log");
        assert.deepEqual(foreignCommands(run.stdout, INJECTED), []);
        assert.ok(errors(run).length > 0, "the harness's own annotations still reach the runner");
        assert.equal(run.outputs.conformant, "false");
        assertFileCommandsClean(run);
      });
    }
  }
});

describe("an HTTP implementation and a record's members", () => {
  let server: Server;
  let url = "";
  before(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        res.writeHead(200, { "content-type": "text/plain" });
        res.end("::warning::INJECTED-http\n##[stop-commands]pwn\n::set-output name=conformant::true");
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  });
  after(() => server.close());

  test("HTTP answers that are workflow commands reach no command", async () => {
    const run = await runAction({ inputs: { url, suites: "jcs", numbers: "0", upload: "false" } });
    assertExit(run, 1);
    assert.match(run.stdout, /INJECTED-http/);
    assert.deepEqual(foreignCommands(run.stdout, INJECTED), []);
    assertFileCommandsClean(run);
  });

  test("aggregate mode: a record whose name and impl are workflow commands", async () => {
    const dir = tempRoot("aggregate-inject");
    const evil = "::warning::INJECTED-name ##[stop-commands]pwn";
    const input = recordInput({ key: "ephemeral" });
    input.implementation = {
      ...input.implementation,
      name: evil,
      impl: `##[set-env name=X;]INJECTED-impl ${evil}`,
    };
    writeFileSync(join(dir, "record.json"), recordBytes(signRecord(buildRecord(input), ephemeralKey())));
    const run = await runAction({ inputs: { mode: "aggregate", records: dir, upload: "false" } });
    assert.match(
      run.stdout,
      /INJECTED-(name|impl)/,
      `the control: the record's text is in the log\n${run.stdout}`,
    );
    assert.deepEqual(foreignCommands(run.stdout, INJECTED), []);
    assertFileCommandsClean(run);
  });
});
