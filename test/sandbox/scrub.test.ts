// Issue 12 item 3: once read, the key leaves the kernel's copy of this process's environment and
// command line, not only process.env. A child holds the key in its environment (CANON_CONFORMANCE_KEY
// and INPUT_SIGNING-KEY) and a key-file path in its argv; another process (as root, and as uid
// 65534 reading a child of uid 65534) reads its /proc/<pid>/environ and cmdline before and after it
// scrubs: before, both show the secrets (the test can fail); after, neither does, and the rest stays.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { test } from "node:test";
import { readableScript } from "../helpers/nobody.js";
import { asUser, canRun, FIXTURES, run, SECRETS, USERS, type User } from "./helpers.js";

const KEY_FILE = "/run/secrets/signing-key-file.hex";

/** What another process (as `user`) reads of /proc/<pid>/<what>. */
async function readProc(user: User, pid: number, what: "environ" | "cmdline"): Promise<string> {
  const [cmd, args] = asUser(user, "cat", [`/proc/${pid}/${what}`]);
  const r = await run(cmd, args);
  assert.equal(r.code, 0, `cat /proc/${pid}/${what} as ${user}: ${r.stderr}`);
  return r.stdout;
}

for (const user of USERS) {
  test(`as ${user}: /proc/<pid>/environ and cmdline no longer show the key once scrubbed`, async (t) => {
    if (process.platform !== "linux") {
      t.skip("Linux only: elsewhere scrubProcessSecrets is a documented no-op");
      return;
    }
    if (!canRun(t, { bwrap: false, user })) return;
    // Bundled where uid 65534 can read it, whoever runs it (test/helpers/nobody.ts).
    const script = await readableScript(readFileSync(`${FIXTURES}/scrub-child.ts`, "utf8"), FIXTURES);
    t.after(() => script.remove());
    const [cmd, args] = asUser(user, process.execPath, [script.script, "--key-file", KEY_FILE]);
    const child = spawn(cmd, args, {
      cwd: script.dir,
      env: {
        PATH: process.env.PATH,
        HOME: "/tmp",
        CANON_CONFORMANCE_KEY: SECRETS.key,
        "INPUT_SIGNING-KEY": SECRETS.key.toUpperCase(),
        OTHER: "keep",
      },
      stdio: ["pipe", "pipe", "inherit"],
    });
    t.after(() => child.kill("SIGKILL"));
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const next = async () => String((await lines.next()).value);
    const ready = await next();
    const pid = Number(/^ready (\d+)$/.exec(ready)?.[1]);
    assert.ok(pid > 0, ready);

    const before = await readProc(user, pid, "environ");
    assert.ok(before.includes(`CANON_CONFORMANCE_KEY=${SECRETS.key}`), "the key is there before");
    assert.ok(before.includes(`INPUT_SIGNING-KEY=${SECRETS.key.toUpperCase()}`));
    assert.ok((await readProc(user, pid, "cmdline")).split("\0").includes(KEY_FILE));

    child.stdin.write("scrub\n");
    const { report, seen } = JSON.parse(await next());
    assert.equal(report.supported, true, report.note);
    assert.deepEqual([...report.environ].sort(), ["CANON_CONFORMANCE_KEY", "INPUT_SIGNING-KEY"]);
    assert.equal(report.argv, 1);
    assert.deepEqual(seen, { key: null, input: null, other: "keep" });

    const after = await readProc(user, pid, "environ");
    assert.ok(!after.toLowerCase().includes(SECRETS.key.slice(0, 16)), "no part of the key is left");
    assert.ok(!after.includes("CANON_CONFORMANCE_KEY") && !after.includes("INPUT_SIGNING-KEY"));
    assert.ok(after.includes("OTHER=keep") && after.includes("PATH="), "the rest of the block is intact");
    const cmdline = (await readProc(user, pid, "cmdline")).split("\0");
    assert.ok(!cmdline.some((w) => w.includes("signing-key-file")), cmdline.join(" "));
    assert.ok(cmdline.includes("--key-file"), "only the path is gone");
    child.stdin.end("exit\n");
  });
}
