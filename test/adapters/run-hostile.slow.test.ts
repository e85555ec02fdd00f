// Issue 8 item 3: every hostile canonicalizer through a whole run, on both protocols. Each run must
// finish within a generous bound, write a signed record that says not conformant, name a clear reason
// in the failed cases, and leave no process of the command behind. Uses one small suite to stay quick.
// Issue 14: a command that gives no answer even to the setup probe (src/checks/probe.ts) ends the run
// as a setup error before any record, and the error carries the same clear reason.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { liveGroupCount } from "../../src/adapters/process-group.js";
import { RunSetupError, runConformance } from "../../src/run/index.js";
import { runOptions } from "../helpers/fixtures.js";
import { CWD, finishes, fixture, leftovers, newTag } from "./helpers.js";

const out = mkdtempSync(join(tmpdir(), "cc-run-hostile-"));
after(() => rmSync(out, { recursive: true, force: true }));
after(() => assert.equal(liveGroupCount(), 0, "every process group was killed"));

/** Each hostile fixture, and what its failed cases must say (per protocol). */
const HOSTILE: { name: string; args?: string[]; timeoutMs?: number; once: RegExp; lines: RegExp }[] = [
  {
    name: "hang.py",
    timeoutMs: 500,
    once: /timed out after 500 ms/,
    lines: /timed out after 500 ms/,
  },
  {
    name: "exit-early.py",
    once: /\{"early":true\}/,
    lines: /exited 0 without answering the request/,
  },
  // (A loaded machine may take 500 ms to start Python at all: then once mode says it timed out.)
  {
    name: "silent.py",
    timeoutMs: 500,
    once: /printed nothing|timed out after 500 ms/,
    lines: /exited 0 without answering the request|timed out after 500 ms/,
  },
  { name: "garbage.py", once: /not UTF-8/, lines: /not UTF-8/ },
  {
    // Long enough for the command to start and say something on stderr.
    name: "stderr-only.py",
    timeoutMs: 2000,
    once: /printed nothing on stdout \(stderr: oops/,
    lines: /exited 0 without answering the request \(stderr: oops/,
  },
  {
    name: "orphan.py",
    once: /a child process still holds it/,
    lines: /exited 0 without answering the request/,
  },
  { name: "two-lines.py", once: /more than one line/, lines: /answered with 2 lines instead of one/ },
  {
    name: "flood.py",
    once: /passed the cap of 1048576 bytes/,
    lines: /passed the cap of 1048576 bytes/,
  },
];

// Concurrent: most of these runs wait on time limits, not on the CPU.
describe("hostile commands through a whole run", { concurrency: 4 }, () => {
  for (const protocol of ["once", "lines"] as const) {
    for (const h of HOSTILE) {
      test(`${protocol}: ${h.name} -> a finished run, a written record, clear reasons, nothing left`, async () => {
        const tag = newTag();
        const dir = join(out, `${protocol}-${h.name}`);
        const args = [...(protocol === "lines" ? ["--lines"] : []), ...(h.args ?? [])];
        const running = finishes(
          runConformance(
            runOptions({
              command: fixture(h.name, tag, ...args),
              protocol,
              suites: ["canon-or-reject"],
              timeoutMs: h.timeoutMs ?? 10_000,
              maxOutputBytes: 1024 * 1024,
              workingDirectory: CWD,
              outDir: dir,
              implementationName: null,
              // The adapters' own handling of each hostile transport, unsandboxed: in the sandbox a
              // command's leftover children die when it exits (test/sandbox covers that).
              sandbox: { mode: "none" },
            }),
          ),
          120_000,
          `${protocol} run of ${h.name}`,
        );
        const reason = h[protocol];
        const outcome = await running.catch((error: unknown) => {
          if (!(error instanceof RunSetupError)) throw error;
          return error;
        });
        if (outcome instanceof RunSetupError) {
          assert.match(outcome.message, /gave no answer to a plain object/);
          assert.match(outcome.message, reason);
          assert.ok(!existsSync(join(dir, "record.json")), "no record after a setup error");
          assert.deepEqual(await leftovers(tag), [], `processes of ${h.name} left behind`);
          return;
        }
        const record = JSON.parse(readFileSync(join(dir, "record.json"), "utf8"));
        assert.equal(record.conformant, false);
        assert.ok(record.summary.cases > 0);
        assert.equal(record.summary.cases, outcome.results.length);
        const failed = outcome.results.filter((r) => !r.pass);
        assert.ok(failed.length > 0, "some case failed");
        assert.ok(
          failed.some((r) => reason.test(r.got)),
          `a failed case says ${reason}; got:\n${failed
            .slice(0, 5)
            .map((r) => r.got)
            .join("\n")}`,
        );
        assert.deepEqual(await leftovers(tag), [], `processes of ${h.name} left behind`);
      });
    }
  }
});
