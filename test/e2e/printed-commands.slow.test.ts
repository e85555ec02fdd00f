// Every command the CLI prints runs where it was printed (issue 30 item 1): started from a clone as
// `node …/cli.js`, the verify and re-run lines start the same way, and pasted into a shell they run.
// The packed form (`npx canon-conformance` from an offline tarball install) is held by
// test/pack/install.slow.test.ts; the action's git form by test/e2e/action.slow.test.ts.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { after, test } from "node:test";
import { implCommand, runCli } from "../helpers/cli.js";
import { cliScript, REPO } from "../helpers/dist.js";

const work = mkdtempSync(join(tmpdir(), "cc-e2e-printed-"));
after(() => rmSync(work, { recursive: true, force: true }));

/** The line under `heading` in the console's verdict, as a person copies it. */
function printed(stdout: string, heading: RegExp): string {
  const lines = stdout.split("\n");
  const at = lines.findIndex((l) => heading.test(l));
  assert.ok(at >= 0, `no ${heading} in:\n${stdout}`);
  return lines[at + 1]!.trim();
}

function shell(line: string, cwd: string) {
  const env = { ...process.env, GITHUB_ACTION_REPOSITORY: "", GITHUB_ACTION_REF: "" };
  return spawnSync("sh", ["-c", line], { cwd, env, encoding: "utf8", timeout: 120_000 });
}

test("from a clone: `node dist/cli.js` prints verify and re-run commands that start so, and run", () => {
  const out = join(work, "clone");
  const run = runCli(
    [
      "run",
      "--protocol",
      "lines",
      "--command",
      implCommand("known-bad accepts_nan --lines"),
      "--suites",
      "reject",
      "--out",
      out,
    ],
    { cwd: REPO, env: { GITHUB_ACTION_REPOSITORY: undefined, GITHUB_ACTION_REF: undefined } },
  );
  assert.equal(run.status, 1, run.stderr);
  const script = relative(REPO, cliScript());
  const verify = printed(run.stdout, /^Verify the record:$/);
  assert.equal(verify, `node ${script} verify ${join(out, "record.json")}`);
  const checked = shell(verify, REPO);
  assert.equal(checked.status, 0, checked.stderr);
  assert.equal(checked.stdout, "accept conformant=false\n");

  const rerun = printed(run.stdout, /^Re-run the \d+ failed cases? locally:$/);
  assert.ok(rerun.startsWith(`node ${script} run `), rerun);
  const again = shell(`${rerun} --quiet`, REPO);
  assert.equal(again.status, 1, again.stderr);
  const failed = /^Re-run the (\d+) failed/m.exec(run.stdout)![1];
  assert.match(again.stdout, new RegExp(`^NOT CONFORMANT: 0 of ${failed} cases passed`));

  // Started from another folder, the script is named by its whole path.
  const elsewhere = runCli(
    [
      "run",
      "--protocol",
      "lines",
      "--command",
      implCommand("known-bad accepts_nan --lines"),
      "--suites",
      "reject",
    ],
    {
      cwd: work,
      env: { GITHUB_ACTION_REPOSITORY: undefined, GITHUB_ACTION_REF: undefined },
    },
  );
  assert.ok(printed(elsewhere.stdout, /^Re-run the/).startsWith(`node ${cliScript()} run `));
});
