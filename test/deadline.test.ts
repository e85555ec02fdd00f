// A time limit must not call an answer late that arrived in time while the harness was busy.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { deadline } from "../src/deadline.js";

/** Holds the event loop, as a long synchronous step (or a loaded machine) does, until at least `ms`
 * have passed and `until()` holds. */
function busy(ms: number, until: () => boolean): void {
  const end = Date.now() + ms;
  while (Date.now() < end || !until()) {
    // spinning
  }
}

const tmp = mkdtempSync(join(tmpdir(), "deadline-"));
after(() => rmSync(tmp, { recursive: true, force: true }));
let races = 0;

/** Which comes first: a child's answer, ready while the loop is held, or a limit that expired meanwhile.
 * The loop is held from a callback of the check phase, so the next turn starts with its timers; the
 * child answers only once the loop is held (it waits for a file made then) and the hold lasts until it
 * has answered (it marks a file after), so the order depends on the limit alone, not on load. */
async function race(arm: (ms: number, expire: () => void) => void): Promise<string[]> {
  const order: string[] = [];
  const go = join(tmp, `go-${++races}`);
  const answered = join(tmp, `answered-${races}`);
  const child = spawn(
    "/bin/sh",
    ["-c", `while [ ! -e '${go}' ]; do sleep 0.01; done; echo answer && : > '${answered}'`],
    { stdio: ["ignore", "pipe", "ignore"] },
  );
  await once(child, "spawn");
  child.stdout.on("data", () => order.push("answer"));
  await new Promise<void>((held) =>
    setImmediate(() => {
      arm(20, () => order.push("expired"));
      writeFileSync(go, "");
      busy(100, () => existsSync(answered)); // the answer arrives (and the limit passes) while the loop is held
      held();
    }),
  );
  await once(child, "close");
  await new Promise((r) => setTimeout(r, 50));
  return order;
}

test("an answer that arrived before the limit, while the loop was held, is taken before the limit expires", async () => {
  // The control: a plain timer runs before the loop reads what is ready, so it calls the answer late.
  const plain = await race((ms, expire) => setTimeout(expire, ms));
  assert.deepEqual(plain, ["expired", "answer"]);
  // With deadline() the answer is read first (a caller's answer cancels the limit; here nothing does).
  assert.deepEqual(await race(deadline), ["answer", "expired"]);
});

test("a limit with nothing to read expires, and a cancelled one never does", async () => {
  let expired = 0;
  deadline(5, () => expired++);
  const cancel = deadline(5, () => expired++);
  cancel();
  await new Promise((r) => setTimeout(r, 60));
  await new Promise((r) => setImmediate(r)); // the expiry's own turn, should the loop have been held
  assert.equal(expired, 1);
});
