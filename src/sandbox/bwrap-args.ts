// The bwrap command line for one process of the command under test. bwrap applies its mount options
// in order, each over what came before, so the order here is the policy:
//
//   1. the whole filesystem read-only, a fresh /dev, and a /proc of the sandbox's own PID namespace
//      (the harness, the runner and every other process are invisible);
//   2. /tmp, /run (and /var/run when it is a directory of its own) replaced by empty tmpfs: they hold
//      other programs' files and sockets (the Docker socket, an ssh-agent, D-Bus), and a socket can be
//      connected to through a read-only mount. /tmp stays writable, and is this process's own: programs
//      name files there by pid (the JVM's hsperfdata); a once-mode worker empties it between requests;
//   3. the writable paths the user named;
//   4. the hidden directories (the output directory, RUNNER_TEMP, the file-command directory), each
//      an empty tmpfs over everything before;
//   5. the run's scratch directory (HOME and TMPDIR), writable;
//   6. what the command needs to see, where steps 2 and 4 hid it: its working directory, its program's
//      directory and the directories of the files its arguments name, bound back read-only (never from
//      inside a secret directory; session.ts's confineNamed has refused, at setup, a named path that
//      leads where the command must not see), with the writable and hidden paths below them applied
//      again;
//   7. each hidden file (the key file, the file-command files) still visible: /dev/null over it;
//   8. every tmpfs of steps 2 and 4 made read-only, so that only the scratch and the writable paths are.
import { dirname } from "node:path";
import { BASE_FLAGS } from "./probe.js";

export interface BwrapPlan {
  /** What the probe found this bwrap can do. */
  disableUserns: boolean;
  argv0Flag: boolean;
  /** The program as resolved on the harness's PATH (absolute), what the user wrote, and its arguments. */
  program: string;
  argv0: string;
  args: readonly string[];
  /** Absolute, symlinks resolved. */
  cwd: string;
  scratch: string;
  writable: readonly string[];
  /** /tmp's real path, given an empty writable tmpfs of its own (step 2); absent, /tmp stays. */
  tmp?: string;
  /** Existing directories replaced by an empty tmpfs in step 2 (absolute, real). */
  cover: readonly string[];
  /** Paths the command must still see (step 3), absolute and real: directories or files. */
  expose: readonly string[];
  /** Existing directories hidden in step 5; `secret` ones are never bound back, whatever they hold. */
  hiddenDirs: readonly { path: string; secret: boolean }[];
  /** Existing files hidden in step 6. */
  hiddenFiles: readonly string[];
  allowNetwork: boolean;
  /** With the network allowed: the resolver configuration to keep visible if step 2 hid it. */
  resolvConf?: string;
}

/** `inner` is `outer` or below it. */
export function isWithin(inner: string, outer: string): boolean {
  if (outer === "/") return inner.startsWith("/");
  return inner === outer || inner.startsWith(`${outer}/`);
}

type Op = { kind: "hide" | "ro" | "rw"; path: string };

/** Visible after `ops`? The last op that covers `path` decides. */
function visible(ops: readonly Op[], path: string): boolean {
  for (let i = ops.length - 1; i >= 0; i--) if (isWithin(path, ops[i]!.path)) return ops[i]!.kind !== "hide";
  return true;
}

export function bwrapArgs(plan: BwrapPlan): string[] {
  const args: string[] = [...BASE_FLAGS];
  if (plan.disableUserns) args.push("--unshare-user", "--disable-userns");
  if (plan.allowNetwork) args.push("--share-net");
  args.push("--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc");
  const ops: Op[] = [];
  const apply = (op: Op) => {
    // A tmpfs over what is already hidden would hide nothing more (and bury the mount it covers).
    if (op.kind === "hide" && !visible(ops, op.path)) return;
    if (op.kind === "hide") args.push("--tmpfs", op.path);
    else args.push(op.kind === "ro" ? "--ro-bind" : "--bind", op.path, op.path);
    ops.push(op);
  };
  const underSecret = (path: string) => plan.hiddenDirs.some((d) => d.secret && isWithin(path, d.path));

  if (plan.tmp) apply({ kind: "hide", path: plan.tmp });
  // Every tmpfs from here on is made read-only at the end (step 8); /tmp's is not.
  const tmpfsFrom = ops.length;
  for (const path of plan.cover) apply({ kind: "hide", path });
  // Outer directories first, so that an inner one is not mounted only to be buried by an outer one.
  const hiddenDirs = [...plan.hiddenDirs].sort((a, b) => a.path.length - b.path.length);
  const layered: Op[] = [
    ...plan.writable.map((path): Op => ({ kind: "rw", path })),
    ...hiddenDirs.map((d): Op => ({ kind: "hide", path: d.path })),
    { kind: "rw", path: plan.scratch },
  ];
  for (const op of layered) apply(op);
  const needed = [plan.cwd, ...plan.expose];
  if (plan.allowNetwork && plan.resolvConf) needed.push(plan.resolvConf);
  for (const path of needed) {
    if (visible(ops, path) || underSecret(path)) continue;
    apply({ kind: "ro", path });
    for (const op of layered) if (op.path !== path && isWithin(op.path, path)) apply(op);
  }
  for (const file of plan.hiddenFiles) {
    if (visible(ops, file)) args.push("--ro-bind", "/dev/null", file);
  }
  // Each tmpfs still on top of its path, read-only (after every mount point inside it was made).
  const remount = new Set<string>();
  ops.forEach((op, i) => {
    if (i < tmpfsFrom || op.kind !== "hide") return;
    if (!ops.slice(i + 1).some((later) => isWithin(op.path, later.path))) remount.add(op.path);
  });
  for (const path of remount) args.push("--remount-ro", path);
  args.push("--chdir", plan.cwd);
  if (plan.argv0Flag) args.push("--argv0", plan.argv0);
  args.push("--", plan.program, ...plan.args);
  return args;
}

/**
 * What step 6 keeps visible for a command: its program's directory, and for each path its arguments
 * name, a file's directory or the directory itself. Never a hidden-by-default directory (`cover`: /tmp,
 * /run) itself or one holding it: a file right in /tmp is kept visible alone, not all of /tmp.
 */
export function exposedFor(
  named: readonly { path: string; dir: boolean }[],
  cover: readonly string[],
): string[] {
  const out = new Set<string>();
  for (const n of named) {
    const wanted = n.dir ? n.path : dirname(n.path);
    if (!cover.some((c) => isWithin(c, wanted))) out.add(wanted);
    else if (!n.dir) out.add(n.path);
  }
  return [...out];
}
