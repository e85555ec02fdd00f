// Issue 14 item 4: a run that cannot speak to the implementation is a setup failure (exit 2 in the
// faces: RunSetupError), decided from the probe before any case runs or a record is signed.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { INPUT_LIMIT, showBytes } from "../../src/checks/show.js";
import { SetupError } from "../../src/errors.js";
import { RunSetupError, runConformance } from "../../src/run/index.js";
import type { RunOptions } from "../../src/run/types.js";
import { runOptions } from "../helpers/fixtures.js";
import { canRun } from "../sandbox/helpers.js";

const out = mkdtempSync(join(tmpdir(), "cc-probe-"));
after(() => rmSync(out, { recursive: true, force: true }));

function options(command: string, protocol: "once" | "lines", dir: string): RunOptions {
  return runOptions({
    command,
    protocol,
    suites: ["jcs"],
    timeoutMs: 1000,
    maxOutputBytes: 1024 * 1024,
    workingDirectory: process.cwd(),
    outDir: join(out, dir),
    implementationName: null,
    sandbox: { mode: "none" },
  });
}

test("a once-style command run with protocol lines: answered once its input ended, so its lines flag or protocol once", async () => {
  const started = Date.now();
  await assert.rejects(
    runConformance(options("python3 examples/python/canon.py", "lines", "wrong-protocol")),
    (error: unknown) =>
      error instanceof RunSetupError &&
      /gave no answer to a plain object/.test(error.message) &&
      /answered only once its input had ended, as a once-mode command does/.test(error.message) &&
      /Does your command need its lines flag/.test(error.message) &&
      /use protocol once/.test(error.message),
  );
  assert.ok(!existsSync(join(out, "wrong-protocol", "record.json")), "no record is signed");
  assert.ok(Date.now() - started < 30_000, "decided from the first answer, not after every case");
});

test("a lines program that keeps its answers in a buffer: told to flush after every line, within a few time limits", async () => {
  const started = Date.now();
  await assert.rejects(
    // -E: this machine sets PYTHONUNBUFFERED, which a new user's machine does not.
    runConformance(options("python3 -E test/run/fixtures/buffered-lines.py", "lines", "buffered")),
    (error: unknown) =>
      error instanceof RunSetupError &&
      /only once its input had ended, after the time limit: it keeps its answer lines in a buffer/.test(
        error.message,
      ) &&
      /Flush stdout after every answer line \(Python: print\(\.\.\., flush=True\)/.test(error.message),
  );
  assert.ok(!existsSync(join(out, "buffered", "record.json")), "no record is signed");
  // The probe's time limit (2 s) in the pipeline and once alone: not a time limit per case.
  assert.ok(Date.now() - started < 30_000, "diagnosed at the probe, not waited on");
});

/** The setup error a run of `command` stops with (the probe's, or a stage's: a program not found). */
async function setupError(command: string, protocol: "once" | "lines", dir: string): Promise<string> {
  try {
    await runConformance(options(command, protocol, dir));
  } catch (error) {
    if (error instanceof SetupError) return error.message;
    throw error;
  }
  throw new Error(`${command} ran`);
}

for (const protocol of ["lines", "once"] as const) {
  test(`a missing script (${protocol}): the command's own words are the reason, and no protocol is blamed`, async () => {
    const message = await setupError(
      `python3 canno.py${protocol === "lines" ? " --lines" : ""}`,
      protocol,
      `missing-${protocol}`,
    );
    assert.match(
      message,
      /could not open a file: python3: can't open file .*canno\.py.*No such file or directory/,
    );
    assert.match(message, /Check the paths in the command line/);
    assert.doesNotMatch(message, /protocol (once|lines)/);
  });
}

test("a lines program run in once mode: its `!` answer with exit 0 gives it away", async () => {
  const message = await setupError("python3 examples/python/canon.py --lines", "once", "lines-in-once");
  assert.match(message, /answered \[1,2 with “!.*” and exit code 0/);
  assert.match(message, /This command speaks the lines protocol: run it with protocol lines/);
});

test("a command that answers nothing even once its input ends: no protocol is suggested", async () => {
  const message = await setupError("sleep 30", "lines", "silent");
  assert.match(message, /Asked once mode's way \(the input, then end of input\), it gave no answer either/);
  assert.doesNotMatch(message, /protocol once|lines flag/);
});

test("a Windows path in the command line: the note says how backslashes were read, and what to write", async () => {
  const message = await setupError("C:\\Python311\\python.exe canon.py", "once", "backslash");
  assert.match(message, /command not found on PATH: C:Python311python\.exe/);
  assert.match(message, /C:\\Python311\\python\.exe was read as C:Python311python\.exe/);
  assert.match(message, /forward slashes \(C:\/Python311\/python\.exe;/);
  // A script path mangled the same way: the command's "can't open file" and the same note.
  const script = await setupError("python3 C:\\src\\canon.py", "once", "backslash-script");
  assert.match(script, /can't open file .*C:srccanon\.py.* C:\\src\\canon\.py was read as C:srccanon\.py/);
});

test("a once program whose answers end in CR LF (print() on Windows) is judged on its answers", async () => {
  const outcome = await runConformance({
    ...options("python3 test/run/fixtures/crlf-canon.py examples/python/canon.py", "once", "crlf"),
    // A process per case: U+0000 to U+000F (CR and LF among them) are enough to read.
    cases: ["jcs/control-u000*"],
  });
  assert.ok(outcome.results.length > 10);
  assert.deepEqual(
    outcome.results.filter((r) => !r.pass).map((r) => r.name),
    [],
    "every answer is read without its CR LF",
  );
});

test("a command that refuses the plain object is a setup error: check the command", async () => {
  await assert.rejects(
    runConformance(options("node -e process.exit(3)", "once", "refuses")),
    (error: unknown) =>
      error instanceof RunSetupError && /refused a plain object .*Check the command/s.test(error.message),
  );
});

test("the right protocol passes the probe and runs the cases", async () => {
  const outcome = await runConformance(options("python3 examples/python/canon.py --lines", "lines", "right"));
  assert.equal(outcome.record.summary.cases, outcome.results.length);
  assert.ok(outcome.results.length > 50);
  // The outcome states the protocol, and the stored case of jcs lines mode sent in its lines form,
  // with the bytes sent as a report shows bytes.
  const sent = showBytes(readFileSync("vectors/jcs/inputs/ws-everywhere.lines.json"), INPUT_LIMIT);
  assert.deepEqual(outcome.protocol, {
    name: "lines",
    linesForms: ["jcs/ws-everywhere"],
    linesFormsSent: [{ case: "jcs/ws-everywhere", sent }],
  });
});

test("an implementation that answers wrongly is judged, not refused: the probe asks only for an answer", async () => {
  // `cat` echoes its input: the probe's answer is wrong, but it is an answer.
  // The control-character cases are enough to be judged on: once mode starts cat once per case.
  const outcome = await runConformance({ ...options("cat", "once", "echo"), cases: ["jcs/control-*"] });
  assert.equal(outcome.record.conformant, false);
  assert.ok(outcome.results.some((r) => !r.pass));
});

test("a file the command needs under a folder the sandbox hides: named, with the rule and the fix", async (t) => {
  if (!canRun(t, { bwrap: true })) return;
  const hiddenDir = mkdtempSync(join(tmpdir(), "cc-probe-hidden-"));
  try {
    writeFileSync(join(hiddenDir, "helper.py"), "x = 1\n");
    const command = `python3 -S -c 'exec(open("${hiddenDir}/helper.py").read())'`;
    const message = await (async () => {
      try {
        await runConformance({
          ...options(command, "once", "hidden"),
          sandbox: { mode: "bwrap", allowNetwork: false, passEnv: [], writablePaths: [] },
        });
      } catch (error) {
        if (error instanceof SetupError) return error.message;
        throw error;
      }
      throw new Error("it ran");
    })();
    assert.match(message, /could not open a file/);
    assert.match(message, /The sandbox hides the host's \/tmp \(\/tmp\) from the command/);
    assert.match(
      message,
      /Put the files the command needs in the working directory, or run with sandbox none/,
    );
  } finally {
    rmSync(hiddenDir, { recursive: true, force: true });
  }
});
