// The sandbox as a run sees it: `bwrap` that cannot work stops the run at setup, before any case;
// `auto` falls back and says why, before the first case and in the outcome, unless the caller refused
// the fallback (then it stops at setup too); a sandboxed run says so.
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { SetupError } from "../../src/errors.js";
import { runConformance } from "../../src/run/index.js";
import type { RunOptions } from "../../src/run/types.js";
import type { SandboxOptions, SandboxStatus } from "../../src/sandbox/index.js";
import { runOptions } from "../helpers/fixtures.js";
import { canRun, quote, REPO } from "./helpers.js";

function options({ bwrapPath, fallbackRefused, ...sandbox }: SandboxOptions, events: string[]): RunOptions {
  return runOptions({
    command: [process.execPath, join(REPO, "examples/node/canon.mjs"), "--lines"].map(quote).join(" "),
    suites: ["canon-or-reject"],
    timeoutMs: 10_000,
    workingDirectory: REPO,
    implementationName: null,
    sandbox,
    sandboxPaths: {
      ...(bwrapPath ? { bwrapPath } : {}),
      ...(fallbackRefused !== undefined ? { fallbackRefused } : {}),
    },
    onSandbox: (s: SandboxStatus) => events.push(`sandbox ${s.sandboxed}`),
    onProgress: (p) => events.push(`progress ${p.done}`),
  });
}

test("sandbox bwrap where bwrap does not work: a setup error, and no case runs", async () => {
  const events: string[] = [];
  await assert.rejects(
    runConformance(options({ mode: "bwrap", bwrapPath: "/bin/false" }, events)),
    (e: Error) =>
      e instanceof SetupError &&
      /sandbox bwrap was asked for, but \/bin\/false could not start/.test(e.message),
  );
  assert.deepEqual(events, []);
});

test("sandbox auto where bwrap does not work: the run goes on unsandboxed and says why, first", async () => {
  const events: string[] = [];
  const outcome = await runConformance(options({ mode: "auto", bwrapPath: "/bin/false" }, events));
  assert.equal(events[0], "sandbox false");
  assert.equal(outcome.sandbox.sandboxed, false);
  assert.match(
    outcome.sandbox.sandboxed ? "" : outcome.sandbox.reason,
    /\/bin\/false could not start a sandbox/,
  );
  assert.equal(outcome.record.conformant, true);
});

test("sandbox auto where bwrap does not work and the caller refuses the fallback (the action on a GitHub-hosted runner): a setup error with the probe's reason and the caller's words, and no case runs", async () => {
  const events: string[] = [];
  const fallbackRefused = "Set `sandbox: none` to run it unsandboxed deliberately";
  await assert.rejects(
    runConformance(options({ mode: "auto", bwrapPath: "/bin/false", fallbackRefused }, events)),
    (e: Error) =>
      e instanceof SetupError &&
      /^sandbox auto found no working bwrap: \/bin\/false could not start a sandbox: .*\. Set `sandbox: none` to run it unsandboxed deliberately$/.test(
        e.message,
      ),
  );
  assert.deepEqual(events, []);
  // `none` is a deliberate choice: the refusal of a fallback does not touch it.
  const none = await runConformance(
    options({ mode: "none", bwrapPath: "/bin/false", fallbackRefused }, events),
  );
  assert.equal(none.sandbox.sandboxed, false);
});

test("a sandboxed run says so, and the verdict is the same", async (t) => {
  if (!canRun(t)) return;
  const events: string[] = [];
  const outcome = await runConformance(options({ mode: "bwrap" }, events));
  assert.equal(events[0], "sandbox true");
  assert.deepEqual(outcome.sandbox, {
    sandboxed: true,
    mode: "bwrap",
    bwrap: outcome.sandbox.sandboxed ? outcome.sandbox.bwrap : "",
    network: false,
  });
  assert.equal(outcome.record.conformant, true);
});
