// createCanonicalizer picks the adapter; no process of the command outlives the harness, even when the
// harness itself is interrupted.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { test } from "node:test";
import { AdapterSetupError, createCanonicalizer, defaultJobs } from "../../src/adapters/index.js";
import { DEFAULT_MAX_OUTPUT_BYTES, DEFAULT_TIMEOUT_MS } from "../../src/options/defaults.js";
import {
  bytes,
  CWD,
  FIXTURES,
  finishes,
  fixture,
  leftovers,
  newTag,
  processesWith,
  show,
} from "./helpers.js";

const base = { shell: false, cwd: CWD, jobs: 2, timeoutMs: 5000, maxOutputBytes: 1 << 20 };

test("defaults are the issue's: 10 s, 16 MiB, one job per CPU", () => {
  assert.equal(DEFAULT_TIMEOUT_MS, 10_000);
  assert.equal(DEFAULT_MAX_OUTPUT_BYTES, 16 * 1024 * 1024);
  assert.ok(defaultJobs() >= 1);
});

test("command + once, command + lines, and --shell all reach the same fixture", async () => {
  const tag = newTag();
  const cmd = fixture("echo.py", tag);
  for (const c of [
    createCanonicalizer({ ...base, command: cmd, protocol: "once" }),
    createCanonicalizer({ ...base, command: `${cmd} --lines`, protocol: "lines" }),
    createCanonicalizer({ ...base, command: `${cmd} | cat`, shell: true, protocol: "once" }),
  ]) {
    assert.equal(show(await c.canonicalize(bytes("[ 1 ]"))), "canonical [1]");
    assert.match(c.label, /echo\.py/);
    await c.close();
    await c.close(); // safe twice
  }
  assert.deepEqual(await leftovers(tag), []);
});

test("exactly one of command or URL; setup errors are AdapterSetupError", () => {
  assert.throws(() => createCanonicalizer({ ...base, protocol: "once" }), AdapterSetupError);
  assert.throws(
    () => createCanonicalizer({ ...base, command: "x", url: "http://127.0.0.1/", protocol: "once" }),
    AdapterSetupError,
  );
  assert.throws(
    () => createCanonicalizer({ ...base, command: "'open", protocol: "lines" }),
    /unterminated single quote/,
  );
  assert.throws(
    () => createCanonicalizer({ ...base, command: "nope-xyz", protocol: "once" }),
    /command not found on PATH/,
  );
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  test(`${signal} to the harness kills every command it started`, {
    skip: process.platform === "win32",
  }, async () => {
    const tag = newTag();
    const harness = spawn(
      process.execPath,
      ["--import", "tsx", `${FIXTURES}harness.ts`, fixture("hang.py", tag), CWD],
      { cwd: CWD, stdio: ["ignore", "pipe", "inherit"] },
    );
    const exited = new Promise<NodeJS.Signals | null>((r) => harness.on("exit", (_code, sig) => r(sig)));
    try {
      await finishes(
        new Promise<void>((resolve) =>
          harness.stdout.on("data", (d: Buffer) => d.includes("ready") && resolve()),
        ),
        20_000,
        "harness start",
      );
      const commands = () => processesWith(tag).filter((p) => !p.includes("harness.ts"));
      assert.equal(commands().length, 3, "two once processes and one lines process were running");
      harness.kill(signal);
      assert.equal(
        await finishes(exited, 10_000, "harness exit"),
        signal,
        "the harness still dies by the signal",
      );
      assert.deepEqual(await leftovers(tag), []);
    } finally {
      harness.kill("SIGKILL");
    }
  });
}
