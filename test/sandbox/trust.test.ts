// The mechanisms behind docs/sandbox.md "What the harness promises", each alone and cheap (the whole
// attacks run through the bundles in test/action/trust.slow.test.ts): inherited descriptors closed
// before the first command, only a root-owned bwrap trusted, each side its own scratch.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { findBwrap, openSandbox, untrustedBecause } from "../../src/sandbox/index.js";
import { canRun, NOBODY, REPO, tempRoot } from "./helpers.js";

test("descriptors a harness inherited without close-on-exec are closed before its first command: the command sees none, and no key through them", (t) => {
  if (process.platform !== "linux") return t.skip("/proc/self/fdinfo is Linux's");
  const root = tempRoot("fds");
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const key = join(root, "key.hex");
  writeFileSync(key, "secret-key-material\n");
  // A harness started as `... 200<key.hex`; its first command lists its own descriptors and reads 200.
  const harness = `
    import { inheritableDescriptors } from "./src/sandbox/descriptors.ts";
    import { spawnGroup } from "./src/adapters/process-group.ts";
    const before = inheritableDescriptors();
    const child = spawnGroup({ program: "/bin/sh", argv0: "sh", args: ["-c", "ls /proc/$$/fd | tr '\\\\n' ' '; cat <&200"], cwd: process.cwd() });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stdin.end();
    child.on("close", () => console.log(JSON.stringify({ before, after: inheritableDescriptors(), out })));`;
  const r = spawnSync(
    "bash",
    [
      "-c",
      'exec "$@" 200<"$0"',
      key,
      process.execPath,
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      harness,
    ],
    { cwd: REPO, encoding: "utf8" },
  );
  assert.equal(r.status, 0, r.stderr);
  const { before, after, out } = JSON.parse(r.stdout) as { before: number[]; after: number[]; out: string };
  assert.ok(before.includes(200), `the control: 200 was inherited (${before})`);
  assert.deepEqual(after, [], "closed");
  assert.deepEqual(out.trim().split(/\s+/), ["0", "1", "2"], `the command's descriptors: ${out}`);
  assert.doesNotMatch(out, /secret-key-material/);
});

test("the sandbox program: a bwrap anyone but root could have written is never chosen; /usr/bin/bwrap first", (t) => {
  if (process.platform !== "linux" || process.getuid?.() !== 0)
    return t.skip("needs root to stage ownership");
  const root = tempRoot("bwrap-owner");
  t.after(() => rmSync(root, { recursive: true, force: true }));
  chmodSync(root, 0o755);
  const started = join(root, "started");
  const fake = (dir: string) => {
    mkdirSync(dir, { recursive: true });
    const path = join(dir, "bwrap");
    writeFileSync(path, `#!/bin/sh\necho x > '${started}'\n`, { mode: 0o755 });
    return path;
  };
  // A workspace's bin/bwrap: the runner's user (here uid 65534) owns it.
  const planted = fake(join(root, "workspace", "bin"));
  chownSync(join(root, "workspace", "bin"), NOBODY, NOBODY);
  assert.match(
    untrustedBecause(planted) ?? "",
    /the folder .*workspace\/bin is owned by uid 65534, not root/,
  );
  // Root's file in a folder others may write.
  const open = fake(join(root, "open"));
  chmodSync(join(root, "open"), 0o777);
  assert.match(untrustedBecause(open) ?? "", /the folder .*open is writable by group or others/);
  // A root-owned one in root-only folders (up to /) passes; the tests' tree is root's here.
  const owned = fake(join(root, "owned"));
  const ownedWhy = untrustedBecause(owned);
  const PATH = [join(root, "workspace", "bin"), join(root, "open"), join(root, "owned")].join(":");
  const withoutPackaged = findBwrap({ PATH }, join(root, "nonexistent"));
  if (ownedWhy === undefined) assert.equal(withoutPackaged.path, owned);
  else assert.equal(withoutPackaged.path, undefined, ownedWhy);
  // The root-owned one is ignored too where an ancestor of the tests' tree is open to others (/tmp).
  assert.equal(withoutPackaged.ignored.length, ownedWhy === undefined ? 2 : 3);
  assert.match(withoutPackaged.ignored.join("\n"), /workspace\/bin\/bwrap \(the folder/);
  // Only the planted ones on PATH: refused, said.
  const refused = findBwrap(
    { PATH: [join(root, "workspace", "bin"), join(root, "open")].join(":") },
    "/nonexistent",
  );
  assert.equal(refused.path, undefined);
  if (existsSync("/usr/bin/bwrap") && untrustedBecause("/usr/bin/bwrap") === undefined) {
    const preferred = findBwrap({ PATH });
    assert.equal(preferred.path, "/usr/bin/bwrap", "the package's bwrap wins over anything on PATH");
    assert.match(preferred.ignored.join("\n"), /workspace\/bin\/bwrap/, "the one first on PATH is said");
  }
  assert.equal(existsSync(started), false, "no candidate was started to find out");
});

test("each side has its own scratch: HOME and TMPDIR differ between the command, read-command and compare-command", (t) => {
  if (!canRun(t)) return;
  const session = openSandbox({ mode: "bwrap", cwd: REPO, env: { PATH: process.env.PATH } });
  t.after(() => session.close());
  const spec = { program: "/bin/true", argv0: "true", args: [], cwd: REPO };
  const sides = [session.prepare(spec), session.prepare(spec), session.prepare(spec)];
  const homes = sides.map((s) => s.env.HOME!);
  assert.equal(new Set(homes).size, 3, homes.join(", "));
  for (const s of sides) assert.equal(s.env.TMPDIR, s.env.HOME);
  for (const home of homes) {
    assert.ok(existsSync(home));
    const bound = sides.find((s) => s.env.HOME === home)!.args;
    // Each side's line binds its own scratch writable, and no other side's.
    assert.ok(bound.join(" ").includes(`--bind ${home} ${home}`));
    for (const other of homes.filter((h) => h !== home)) assert.ok(!bound.includes(other));
  }
  session.close();
  for (const home of homes) assert.equal(existsSync(home), false, "removed on close");
});
