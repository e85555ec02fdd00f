// The re-run command a failed run prints works as printed: pasted into a shell, it is an npx of the
// tool from its home (the install from git: test/pack/install.slow.test.ts) whose arguments, as the
// shell reads them, run the failed cases again, and they fail again, with the options of the first run
// (the CLI face, in this process, for both runs).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
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

test("a run with many failures re-runs exactly them, read back from its results.json (--cases-from)", async () => {
  const dir = mkdtempSync(join(tmpdir(), "rerun-"));
  try {
    const first = await firstRun("escapes_non_ascii", join(dir, "first"));
    const failed = failedNames(first);
    assert.ok(failed.length > 20, `${failed.length} failed`);
    assert.match(first.rerun!.note!, /too many to name one by one: --cases-from reads exactly them/);
    assert.ok(
      first.rerun!.command.endsWith(` --cases-from ${join(dir, "first", "results.json")}`),
      first.rerun!.command,
    );
    assert.doesNotMatch(first.rerun!.command, /--case /);
    const again = await rerun(first.rerun!.command, join(dir, "again"));
    assert.equal(again.status, 1, again.stderr);
    const ran = again.results.results.map((c) => `${c.suite}/${c.name}`);
    assert.deepEqual(ran, failed, "exactly the failed cases ran: no passing case again");
    assert.deepEqual(failedNames(again.results), failed, "and each failed again");
    const record = JSON.parse(readFileSync(join(dir, "again", "record.json"), "utf8")) as { suite: string };
    assert.ok(record.suite.endsWith(` cases=${failed.join(",")}`), "the record's suite names them");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("without results.json (no --out), many failures are re-run by glob, and the note says what else runs", async () => {
  const run = await cli(
    [
      "run",
      "--protocol",
      "lines",
      "--command",
      implCommand("known-bad escapes_non_ascii --lines"),
      "--suites",
      "jcs,reject",
      "--quiet",
    ],
    { env },
  );
  assert.equal(run.status, 1, run.stderr);
  assert.match(run.stdout, / --case '[a-z-]+\/[^' ]*\*'/);
  assert.doesNotMatch(run.stdout, /--cases-from/);
  assert.match(run.stdout, /too many to name one by one: .* by the start of their names/);
});

test("with a failing expected-failures list, the re-run names only the cases that fail the step", async () => {
  const dir = mkdtempSync(join(tmpdir(), "rerun-"));
  try {
    const first = await firstRun("keeps_last_duplicate", join(dir, "first"));
    const failed = failedNames(first);
    assert.ok(failed.length >= 2, `${failed.length} failed`);
    // Every failure listed but the last: that one alone fails the step.
    const list = join(dir, "expected.txt");
    writeFileSync(
      list,
      failed
        .slice(0, -1)
        .map((n) => `${n}  known: the last duplicate wins\n`)
        .join(""),
    );
    const gated = await cli(
      [
        "run",
        "--protocol",
        "lines",
        "--command",
        implCommand("known-bad keeps_last_duplicate --lines"),
        "--suites",
        "jcs,reject",
        "--expected-failures",
        list,
        "--quiet",
        "--out",
        join(dir, "gated"),
      ],
      { env },
    );
    assert.equal(gated.status, 1, gated.stderr);
    const results = JSON.parse(readFileSync(join(dir, "gated", "results.json"), "utf8")) as Results;
    const command = results.rerun!.command;
    assert.equal(results.rerun!.failed, 1);
    assert.ok(command.endsWith(` --case ${failed.at(-1)}`), command);
    for (const listed of failed.slice(0, -1)) assert.ok(!command.includes(listed), `${listed} re-run`);
    assert.match(
      results.rerun!.note!,
      new RegExp(
        `only the 1 that fail the step: the ${failed.length - 1} the expected-failures list names are left out`,
      ),
    );

    // --cases-from that results.json picks the same one case.
    const from = await cli(
      [
        "run",
        "--protocol",
        "lines",
        "--command",
        implCommand("known-bad keeps_last_duplicate --lines"),
        "--suites",
        "jcs,reject",
        "--cases-from",
        join(dir, "gated", "results.json"),
        "--quiet",
        "--out",
        join(dir, "from"),
      ],
      { env },
    );
    assert.equal(from.status, 1, from.stderr);
    const ran = JSON.parse(readFileSync(join(dir, "from", "results.json"), "utf8")) as Results;
    assert.deepEqual(
      ran.results.map((c) => `${c.suite}/${c.name}`),
      [failed.at(-1)],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("--cases-from refuses what is not a results.json of the suites run, before anything runs", async () => {
  const dir = mkdtempSync(join(tmpdir(), "rerun-"));
  try {
    const base = ["run", "--protocol", "lines", "--command", implCommand("canonicalize --lines"), "--quiet"];
    const refused = async (file: string, why: RegExp) => {
      const run = await cli([...base, "--cases-from", file], { env });
      assert.equal(run.status, 2, `${file}: ${run.stdout}${run.stderr}`);
      assert.match(run.stderr, why);
      assert.equal(run.stdout, "");
    };
    await refused(join(dir, "missing.json"), /--cases-from .*missing\.json: .*missing\.json does not exist/);
    await refused(dir, /is not a regular file/);
    writeFileSync(
      join(dir, "real.json"),
      JSON.stringify({ results: [{ suite: "jcs", name: "x", pass: false }] }),
    );
    symlinkSync(join(dir, "real.json"), join(dir, "link.json"));
    await refused(join(dir, "link.json"), /link\.json is a symbolic link/);
    writeFileSync(join(dir, "text.json"), "not json");
    await refused(join(dir, "text.json"), /it is not JSON/);
    writeFileSync(join(dir, "other.json"), "{}");
    await refused(join(dir, "other.json"), /it is not a results\.json: it has no results array/);
    writeFileSync(
      join(dir, "passed.json"),
      JSON.stringify({ results: [{ suite: "jcs", name: "x", pass: true }] }),
    );
    await refused(join(dir, "passed.json"), /no case failed in that run/);
    // A name from elsewhere (a hostile one too) is shown quoted, cut, and stops the run.
    writeFileSync(
      join(dir, "foreign.json"),
      JSON.stringify({ results: [{ suite: "jcs", name: `nope\u001b[31m${"x".repeat(500)}`, pass: false }] }),
    );
    await refused(join(dir, "foreign.json"), /: "jcs\/nope\\u001b\[31mx+…?" is no case of the suites run/);
    const big = join(dir, "big.json");
    writeFileSync(big, "");
    truncateSync(big, 64 * 1024 * 1024 + 1);
    await refused(big, /big\.json is over 67108864 bytes/);
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
