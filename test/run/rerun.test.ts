// The re-run command a failed run prints works as printed: pasted into a shell, it is an npx of the
// tool from its home (the install from git: test/pack/install.slow.test.ts) whose arguments, as the
// shell reads them, run the failed cases again, and they fail again, with the options of the first run
// (the CLI face, in this process, for both runs).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { cli, implCommand } from "../helpers/cli.js";
import { REPO } from "../helpers/dist.js";

const env = { GITHUB_ACTION_REPOSITORY: undefined, GITHUB_ACTION_REF: undefined };
const home = "github:canon-conformance/canon-conformance#v1";

interface Results {
  results: { suite: string; name: string; pass: boolean }[];
  rerun?: { command: string; failed: number; note?: string };
}

const failedNames = (r: Results) => r.results.filter((c) => !c.pass).map((c) => `${c.suite}/${c.name}`);

async function firstRun(knownBad: string, out: string): Promise<Results> {
  const run = await cli(
    [
      "run",
      "--protocol",
      "lines",
      "--command",
      implCommand(`known-bad ${knownBad} --lines`),
      "--suites",
      "jcs,reject",
      "--quiet",
      "--out",
      out,
    ],
    { env },
  );
  assert.equal(run.status, 1, run.stderr);
  const results = JSON.parse(readFileSync(join(out, "results.json"), "utf8")) as Results;
  assert.ok(results.rerun, "results.json has no rerun");
  assert.ok(run.stdout.includes(`  ${results.rerun.command}\n`), "the console prints the same command");
  return results;
}

/** The printed command as pasted into a shell: the shell reads it into words, which must be an npx of
 * this tool from its home; the CLI then runs with the rest (in this process). */
async function rerun(command: string, out: string) {
  const shell = spawnSync("sh", ["-c", `set -- ${command} --out ${out}; printf '%s\\0' "$@"`], {
    cwd: REPO,
    encoding: "utf8",
  });
  assert.equal(shell.status, 0, `the shell could not read the command: ${shell.stderr}`);
  const words = shell.stdout.split("\0").slice(0, -1);
  assert.deepEqual(words.slice(0, 3), ["npx", "--yes", home], "an npx of the tool from its home");
  const r = await cli(words.slice(3), { env: { GITHUB_ACTION_REPOSITORY: "", GITHUB_ACTION_REF: "" } });
  assert.equal(r.status === 0 || r.status === 1, true, `the re-run failed to run: ${r.stderr}`);
  return { ...r, results: JSON.parse(readFileSync(join(out, "results.json"), "utf8")) as Results };
}

test("a run with a few failures re-runs exactly its failed cases, which fail again", async () => {
  const dir = mkdtempSync(join(tmpdir(), "rerun-"));
  try {
    const first = await firstRun("keeps_last_duplicate", join(dir, "first"));
    const failed = failedNames(first);
    assert.ok(failed.length > 1 && failed.length <= 20, `${failed.length} failed`);
    assert.equal(first.rerun!.note, undefined);
    const again = await rerun(first.rerun!.command, join(dir, "again"));
    assert.equal(again.status, 1, again.stderr);
    assert.deepEqual(
      again.results.results.map((c) => `${c.suite}/${c.name}`),
      failed,
      "exactly the failed cases ran",
    );
    assert.deepEqual(failedNames(again.results), failed, "and each failed again");
    assert.match(
      again.stdout,
      /NOT CONFORMANT: 0 of \d+ cases passed, \d+ failed \(a partial run: only the chosen cases/,
    );
    const record = JSON.parse(readFileSync(join(dir, "again", "record.json"), "utf8")) as { suite: string };
    assert.match(record.suite, / cases=/, "the record's suite says the run was of some cases only");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a run with many failures re-runs them by glob, every one of them, and says what else it runs", async () => {
  const dir = mkdtempSync(join(tmpdir(), "rerun-"));
  try {
    const first = await firstRun("escapes_non_ascii", join(dir, "first"));
    const failed = failedNames(first);
    assert.ok(failed.length > 20, `${failed.length} failed`);
    assert.match(first.rerun!.note!, /too many to name one by one/);
    const again = await rerun(first.rerun!.command, join(dir, "again"));
    assert.equal(again.status, 1, again.stderr);
    const ran = again.results.results.map((c) => `${c.suite}/${c.name}`);
    for (const name of failed) assert.ok(ran.includes(name), `${name} was not re-run`);
    assert.deepEqual(failedNames(again.results), failed, "the same cases fail");
    // The note counted, from the first run, the passing cases the globs choose: the re-run ran them.
    const passedToo = ran.length - failed.length;
    if (passedToo > 0)
      assert.match(first.rerun!.note!, new RegExp(`re-runs? ${passedToo} cases? that passed`));
    else assert.doesNotMatch(first.rerun!.note!, /that passed/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a --case that matches no case stops the run (exit 2) and names the nearest cases", async () => {
  const run = await cli(
    [
      "run",
      "--protocol",
      "lines",
      "--command",
      implCommand("canonicalize --lines"),
      "--case",
      "jcs/litral-nul",
      "--quiet",
    ],
    { env },
  );
  assert.equal(run.status, 2, run.stderr);
  assert.match(
    run.stderr,
    /case 'jcs\/litral-nul' matches no case of the suites run .*the nearest names: jcs\/literal-null/,
  );
  assert.equal(run.stdout, "", "no verdict for a run that did not start");
});

test("--case and --cases, repeated and comma-separated, choose together; blanks are refused", async () => {
  const run = await cli(
    [
      "run",
      "--protocol",
      "lines",
      "--command",
      implCommand("canonicalize --lines"),
      "--case",
      "jcs/literal-null",
      "--cases",
      "jcs/literal-true,reject/dup-top-level",
      "--quiet",
    ],
    { env },
  );
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /CONFORMANT: 3 of 3 cases passed \(a partial run/);
  const blank = await cli(["run", "--command", "x", "--case", "jcs/a b"], { env });
  assert.equal(blank.status, 2);
  assert.match(blank.stderr, /--cases 'jcs\/a b': a case name holds no blank/);
});
