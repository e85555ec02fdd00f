// The exit grace on a busy harness. A once command that exits while a child of it holds stdout for a
// moment (well within the grace) answered rightly; when the harness's own event loop was busy past the
// grace, the grace's timer fired before the loop read the stdout that had long since ended, and the
// answer was judged "exited but its stdout stayed open": a verdict that came from the harness's load,
// not the command (seen on a loaded CI machine). The grace now ends only after one more read of what
// waits in the pipes (src/adapters/launch.ts afterExitGrace).
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { createOnceCanonicalizer } from "../../src/adapters/command-once.js";
import { EXIT_GRACE_MS } from "../../src/adapters/launch.js";
import { liveGroupCount } from "../../src/adapters/process-group.js";
import { bytes, CWD, show } from "./helpers.js";

const dir = mkdtempSync(join(tmpdir(), "exit-grace-"));
after(() => {
  rmSync(dir, { recursive: true, force: true });
  assert.equal(liveGroupCount(), 0, "every process group was killed");
});

/** Blocks this process's event loop for `ms`, as a long synchronous step of the harness would. */
function busy(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // spin
  }
}

test("a clean exit is judged by its answer even when the harness was busy past the exit grace", async () => {
  const marker = join(dir, "exited");
  // Answers, leaves a child holding stdout for 200 ms, says it is exiting, and exits.
  const script = `printf '{"a":1}'; (sleep 0.2) & touch '${marker}'; exit 0`;
  const c = createOnceCanonicalizer({
    command: `sh -c "${script.replaceAll('"', '\\"')}"`,
    shell: true,
    cwd: CWD,
    jobs: 1,
    timeoutMs: 20_000,
    maxOutputBytes: 1024,
  });
  try {
    const answer = c.canonicalize(bytes('{"a":1}'));
    // Once it has exited (and the loop has seen the exit: the grace runs), the harness is busy for
    // longer than the grace; meanwhile the child lets go of stdout.
    while (!existsSync(marker)) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 50));
    // From the loop's check phase (not a timer's callback, after which Node looks at due timers again
    // only on the next turn of the loop, past its poll): the next turn runs due timers first.
    await new Promise((r) => setImmediate(r));
    busy(EXIT_GRACE_MS + 400);
    const got = await answer;
    assert.equal(got.status, "canonical", show(got));
    assert.equal(got.status === "canonical" && Buffer.from(got.output).toString(), '{"a":1}');
  } finally {
    await c.close();
  }
});
