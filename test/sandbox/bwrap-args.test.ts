// The bwrap command line, as a list of mounts in order (src/sandbox/bwrap-args.ts): what each step
// does, and that later steps win where they must (a hidden directory over a writable path, the
// working directory bound back, a hidden file inside it masked again).
import assert from "node:assert/strict";
import { test } from "node:test";
import { type BwrapPlan, bwrapArgs, isWithin } from "../../src/sandbox/bwrap-args.js";

const BASE: BwrapPlan = {
  disableUserns: true,
  argv0Flag: false,
  program: "/usr/bin/python3",
  argv0: "python3",
  args: ["canon.py", "--lines"],
  cwd: "/work/repo",
  scratch: "/tmp/cc-scratch",
  writable: [],
  tmp: "/tmp",
  cover: ["/run"],
  expose: ["/usr/bin"],
  hiddenDirs: [],
  hiddenFiles: [],
  allowNetwork: false,
};

/** The mount options as [option, ...operands] groups, in order. */
function mounts(args: string[]): string[][] {
  const out: string[][] = [];
  const arity: Record<string, number> = {
    "--ro-bind": 2,
    "--bind": 2,
    "--tmpfs": 1,
    "--remount-ro": 1,
    "--dev": 1,
    "--proc": 1,
  };
  for (let i = 0; i < args.length && args[i] !== "--"; i++) {
    const n = arity[args[i]!];
    if (n !== undefined) {
      out.push(args.slice(i, i + 1 + n));
      i += n;
    }
  }
  return out;
}

const at = (list: string[][], ...group: string[]) =>
  list.findIndex((g) => g.length === group.length && g.every((x, i) => x === group[i]));

test("isWithin is about path components, not prefixes", () => {
  assert.ok(isWithin("/a/b", "/a"));
  assert.ok(isWithin("/a", "/a"));
  assert.ok(isWithin("/a", "/"));
  assert.equal(isWithin("/ab", "/a"), false);
  assert.equal(isWithin("/a", "/a/b"), false);
});

test("namespaces, no capabilities, the whole filesystem read-only, own /dev and /proc, then the command", () => {
  const args = bwrapArgs(BASE);
  for (const flag of ["--unshare-all", "--die-with-parent", "--new-session", "--disable-userns"]) {
    assert.ok(args.includes(flag), flag);
  }
  assert.deepEqual(args.slice(args.indexOf("--cap-drop"), args.indexOf("--cap-drop") + 2), [
    "--cap-drop",
    "ALL",
  ]);
  assert.equal(args.includes("--share-net"), false, "no network unless asked");
  const m = mounts(args);
  assert.deepEqual(m.slice(0, 3), [
    ["--ro-bind", "/", "/"],
    ["--dev", "/dev"],
    ["--proc", "/proc"],
  ]);
  assert.ok(at(m, "--tmpfs", "/tmp") > 0, "/tmp is a tmpfs of its own");
  assert.equal(at(m, "--remount-ro", "/tmp"), -1, "and stays writable");
  assert.ok(at(m, "--tmpfs", "/run") > 0);
  assert.ok(at(m, "--remount-ro", "/run") > at(m, "--tmpfs", "/run"), "the tmpfs is made read-only");
  assert.ok(at(m, "--bind", "/tmp/cc-scratch", "/tmp/cc-scratch") > 0, "the scratch at its own path too");
  assert.deepEqual(args.slice(args.indexOf("--chdir"), args.indexOf("--chdir") + 2), [
    "--chdir",
    "/work/repo",
  ]);
  assert.deepEqual(args.slice(args.indexOf("--") + 1), ["/usr/bin/python3", "canon.py", "--lines"]);
  assert.ok(bwrapArgs({ ...BASE, allowNetwork: true }).includes("--share-net"));
  assert.ok(
    bwrapArgs({ ...BASE, argv0Flag: true })
      .join(" ")
      .includes("--argv0 python3 --"),
  );
});

test("hidden directories go over writable paths; hidden files get /dev/null; outer before inner", () => {
  const args = bwrapArgs({
    ...BASE,
    writable: ["/home/runner/work/_temp"],
    hiddenDirs: [
      { path: "/home/runner/work/_temp/_runner_file_commands", secret: true },
      { path: "/home/runner/work/_temp", secret: false },
    ],
    hiddenFiles: ["/work/repo/key.hex", "/home/runner/work/_temp/_runner_file_commands/set_env_1"],
  });
  const m = mounts(args);
  const writable = at(m, "--bind", "/home/runner/work/_temp", "/home/runner/work/_temp");
  const outer = at(m, "--tmpfs", "/home/runner/work/_temp");
  assert.ok(writable > 0 && outer > writable, "the hidden directory is mounted over the writable path");
  // The inner hidden directory is already under the outer tmpfs: not mounted again (it would be buried).
  assert.equal(at(m, "--tmpfs", "/home/runner/work/_temp/_runner_file_commands"), -1);
  assert.ok(at(m, "--ro-bind", "/dev/null", "/work/repo/key.hex") > outer, "the visible key file is masked");
  // A hidden file under a tmpfs is already invisible.
  assert.equal(
    at(m, "--ro-bind", "/dev/null", "/home/runner/work/_temp/_runner_file_commands/set_env_1"),
    -1,
  );
  assert.ok(at(m, "--remount-ro", "/home/runner/work/_temp") > 0);
});

test("the working directory stays readable inside a hidden directory, which is hidden again below it", () => {
  const args = bwrapArgs({
    ...BASE,
    cwd: "/runner-temp/checkout",
    hiddenDirs: [
      { path: "/runner-temp", secret: false },
      { path: "/runner-temp/checkout/out", secret: false },
    ],
    hiddenFiles: ["/runner-temp/checkout/key.pem"],
  });
  const m = mounts(args);
  const hidden = at(m, "--tmpfs", "/runner-temp");
  const back = at(m, "--ro-bind", "/runner-temp/checkout", "/runner-temp/checkout");
  const again = at(m, "--tmpfs", "/runner-temp/checkout/out");
  const key = at(m, "--ro-bind", "/dev/null", "/runner-temp/checkout/key.pem");
  assert.ok(hidden > 0 && back > hidden && again > back && key > back, JSON.stringify(m));
});

test("a secret directory is never bound back, even for the working directory or the program", () => {
  const args = bwrapArgs({
    ...BASE,
    expose: ["/secret/bin"],
    hiddenDirs: [{ path: "/secret", secret: true }],
  });
  const m = mounts(args);
  assert.ok(at(m, "--tmpfs", "/secret") > 0);
  assert.equal(at(m, "--ro-bind", "/secret/bin", "/secret/bin"), -1);
});

test("under /tmp: the working directory and the program's directory are bound back over its tmpfs", () => {
  const args = bwrapArgs({ ...BASE, cwd: "/tmp/work", expose: ["/tmp/tools"] });
  const m = mounts(args);
  const scratch = at(m, "--tmpfs", "/tmp");
  assert.ok(at(m, "--ro-bind", "/tmp/work", "/tmp/work") > scratch);
  assert.ok(at(m, "--ro-bind", "/tmp/tools", "/tmp/tools") > scratch);
  // With the network allowed, the resolver configuration hidden under /run stays readable.
  const net = mounts(
    bwrapArgs({ ...BASE, allowNetwork: true, resolvConf: "/run/systemd/resolve/stub-resolv.conf" }),
  );
  assert.ok(
    at(net, "--ro-bind", "/run/systemd/resolve/stub-resolv.conf", "/run/systemd/resolve/stub-resolv.conf") >
      0,
  );
});
