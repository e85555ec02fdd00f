// The starter: the one program a sandbox worker runs inside bubblewrap (src/adapters/sandbox-worker.ts),
// which starts a fresh process of the command under test for each request, so that a once run pays
// bubblewrap's start (its namespaces and mounts) once per worker instead of once per request.
//
// It is Node running this function's text (`node -e`): nothing is read from a file the command could
// have changed, and it is loaded, as every other piece of the harness, before the first process of
// the command starts. It holds no secret and sees no more than the command does: it is inside the same
// sandbox, where the command can signal it, trace it or write to its pipes. So the harness trusts
// nothing it says (every frame is parsed as hostile, every wait on it has a deadline), and what it
// promises is only what a well-behaved starter does: between requests it kills every process of the
// sandbox but bubblewrap's init and itself, empties what the request wrote to the sandbox's private
// folders (/tmp, /dev/shm), and says "ready" only once it has *checked* that both hold nothing but
// what they held before the first request; otherwise it says "dirty" and the harness drops the worker
// (docs/sandbox.md "One sandbox per worker").
//
// Frames, both ways: one type byte, the payload's length (4 bytes, big-endian), the payload.
//   harness → starter: C config (JSON: program, argv0, args, cwd, env, tmp), S start a process,
//                      I input bytes, J end of input, K kill the process and clean up
//   starter → harness: R ready for a request, D could not clean up (why), H still alive (while a
//                      request's process runs), O stdout bytes, E stderr bytes, o stdout closed,
//                      e stderr closed, X exited (JSON: code, signal), F could not start (message)
// No frame the starter writes holds more than STARTER_MAX_PAYLOAD bytes.

import type { WorkerLaunch } from "./types.js";

/** The most a frame from the starter carries: it cuts what it relays into pieces of at most this. */
export const STARTER_MAX_PAYLOAD = 64 * 1024;
/** How often the starter says it is alive while a request's process runs. */
export const STARTER_HEARTBEAT_MS = 200;
/** How long the starter itself tries to make its sandbox clean before it says it cannot. */
export const STARTER_CLEAN_MS = 2000;

/** The starter's code, as `node -e` runs it. The function must use nothing but its parameters; a
 * transpiler that keeps function names (tsx, under the tests) wraps them in a `__name` helper, which
 * is given here as the identity. */
export function starterSource(): string {
  const limits = {
    maxPayload: STARTER_MAX_PAYLOAD,
    heartbeatMs: STARTER_HEARTBEAT_MS,
    cleanMs: STARTER_CLEAN_MS,
  };
  return `const __name = (f) => f; (${starter.toString()})(require, process, ${JSON.stringify(limits)});`;
}

/** What the harness sends first: the command as the starter starts it (types.ts). */
type StarterConfig = WorkerLaunch["command"];

function starter(
  req: NodeJS.Require,
  proc: NodeJS.Process,
  limits: { maxPayload: number; heartbeatMs: number; cleanMs: number },
): void {
  const { spawn } = req("node:child_process") as typeof import("node:child_process");
  const fs = req("node:fs") as typeof import("node:fs");
  const path = req("node:path") as typeof import("node:path");
  let config: StarterConfig | undefined;
  type Child = import("node:child_process").ChildProcessWithoutNullStreams;
  let child: Child | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let pending: Buffer = Buffer.alloc(0);
  // The folders a request may write that are the sandbox's own, not the side's: each one's entries as
  // they were before the first request (bubblewrap's mount points and the folders that lead to them),
  // with their modes. Anything else found there after a request is the request's, and goes.
  const privateDirs: { root: string; before: Map<string, number> }[] = [];

  const send = (type: string, payload: Uint8Array = Buffer.alloc(0)): boolean => {
    let ok = true;
    for (let at = 0; at === 0 || at < payload.length; at += limits.maxPayload) {
      const piece = payload.subarray(at, at + limits.maxPayload);
      const head = Buffer.alloc(5);
      head[0] = type.charCodeAt(0);
      head.writeUInt32BE(piece.length, 1);
      ok = proc.stdout.write(Buffer.concat([head, piece])) && ok;
      if (payload.length === 0) break;
    }
    return ok;
  };
  const say = (type: string, text: string) => send(type, Buffer.from(text.slice(0, 1000)));
  const kill = (pid: number) => {
    try {
      proc.kill(pid, "SIGKILL");
    } catch {
      // Gone already, or nothing left to kill.
    }
  };

  // The processes of the sandbox's PID namespace but its init (1) and this one, zombies included.
  const others = (): string[] =>
    fs.readdirSync("/proc").filter((e) => /^[0-9]+$/.test(e) && e !== "1" && e !== String(proc.pid));

  // A folder's tree as paths relative to it (same device only: a mount point is kept, not entered).
  const snapshot = (root: string): Map<string, number> => {
    const top = fs.lstatSync(root);
    const seen = new Map<string, number>([["", top.mode]]);
    const device = top.dev;
    const walk = (rel: string) => {
      for (const name of fs.readdirSync(path.join(root, rel))) {
        const r = path.join(rel, name);
        const s = fs.lstatSync(path.join(root, r));
        seen.set(r, s.mode);
        if (s.isDirectory() && s.dev === device) walk(r);
      }
    };
    walk("");
    return seen;
  };

  // Removes what a request added under `root`, gives back what it took (a folder's mode), and says
  // what is still wrong (empty when the folder is as it was). Never follows a link: lstat, unlink.
  const restore = (root: string, before: Map<string, number>): string[] => {
    const wrong: string[] = [];
    const device = fs.lstatSync(root).dev;
    const removeTree = (p: string) => {
      const s = fs.lstatSync(p);
      if (s.isDirectory() && !s.isSymbolicLink()) {
        // A folder made unwritable (mode 0500) cannot be emptied until it is writable again.
        if ((s.mode & 0o700) !== 0o700) fs.chmodSync(p, 0o700);
        for (const name of fs.readdirSync(p)) removeTree(path.join(p, name));
        fs.rmdirSync(p);
      } else fs.unlinkSync(p);
    };
    const walk = (rel: string) => {
      const dir = path.join(root, rel);
      let names: string[];
      try {
        const s = fs.lstatSync(dir);
        if ((s.mode & 0o700) !== 0o700) fs.chmodSync(dir, 0o700);
        names = fs.readdirSync(dir);
      } catch (e) {
        wrong.push(`${dir}: ${(e as Error).message}`);
        return;
      }
      for (const name of names) {
        const r = path.join(rel, name);
        const p = path.join(root, r);
        try {
          const mode = before.get(r);
          const s = fs.lstatSync(p);
          if (mode === undefined || s.isDirectory() !== ((mode & 0o170000) === 0o040000)) removeTree(p);
          else if (s.isDirectory() && s.dev === device) walk(r);
        } catch (e) {
          wrong.push(`${p}: ${(e as Error).message}`);
        }
      }
      // Its own mode last: it was made writable above to be emptied.
      const mode = rel === "" ? undefined : before.get(rel);
      try {
        if (mode !== undefined) fs.chmodSync(dir, mode & 0o7777);
      } catch (e) {
        wrong.push(`${dir}: ${(e as Error).message}`);
      }
    };
    walk("");
    return wrong;
  };

  // Kills what the last request left, then checks, until the deadline, that nothing is left: no
  // process (a fork storm is killed again each round; a killed process counts until its parent or
  // init has reaped it) and nothing new in the private folders. Then "R", or "D" with what is left.
  const clean = () => {
    if (child?.pid !== undefined) kill(-child.pid);
    child = undefined;
    const until = Date.now() + limits.cleanMs;
    const round = () => {
      kill(-1);
      let left: string[] = [];
      try {
        left = others();
      } catch (e) {
        left = [`/proc: ${(e as Error).message}`];
      }
      const wrong: string[] = [];
      if (left.length === 0) {
        for (const d of privateDirs) {
          try {
            wrong.push(...restore(d.root, d.before));
          } catch (e) {
            wrong.push(`${d.root}: ${(e as Error).message}`);
          }
        }
      }
      if (left.length === 0 && wrong.length === 0) {
        send("R");
        return;
      }
      if (Date.now() >= until) {
        const what =
          left.length > 0 ? `processes still there: ${left.slice(0, 10).join(", ")}` : wrong.join("; ");
        say("D", what);
        return;
      }
      // Asynchronously, so that this process reaps its own child (Node does it on SIGCHLD).
      setTimeout(round, left.length > 0 ? 2 : 20);
    };
    round();
  };

  const start = () => {
    if (config === undefined || child !== undefined) return;
    const c = config;
    let current: Child;
    try {
      current = spawn(c.program, c.args, {
        argv0: c.argv0,
        cwd: c.cwd,
        env: c.env,
        stdio: ["pipe", "pipe", "pipe"],
        detached: true,
      });
    } catch (e) {
      say("F", (e as Error).message);
      return;
    }
    child = current;
    const mine = () => child === current;
    heartbeat = setInterval(() => mine() && send("H"), limits.heartbeatMs);
    // What the harness cannot take in yet waits in the command's pipe, not in this process.
    const relay = (type: string) => (chunk: Buffer) => {
      if (!mine()) return;
      if (!send(type, chunk)) {
        current.stdout.pause();
        current.stderr.pause();
        proc.stdout.once("drain", () => {
          current.stdout.resume();
          current.stderr.resume();
        });
      }
    };
    current.stdout.on("data", relay("O"));
    current.stderr.on("data", relay("E"));
    current.stdout.on("close", () => mine() && send("o"));
    current.stderr.on("close", () => mine() && send("e"));
    current.on("exit", (code, signal) => mine() && send("X", Buffer.from(JSON.stringify({ code, signal }))));
    current.on("error", (e) => mine() && say("F", e.message));
    // A command may exit without reading its input: its right, not the starter's error.
    current.stdin.on("error", () => {});
  };
  const handle = (type: string, payload: Buffer) => {
    if (type === "C") {
      config = JSON.parse(payload.toString("utf8")) as StarterConfig;
      for (const root of [config.tmp, "/dev/shm"]) {
        try {
          if (root) privateDirs.push({ root, before: snapshot(root) });
        } catch {
          // Not there, or not readable: nothing of it to keep clean.
        }
      }
      send("R");
    } else if (type === "S") start();
    else if (type === "I") child?.stdin.write(payload);
    else if (type === "J") child?.stdin.end();
    else if (type === "K") {
      clearInterval(heartbeat);
      clean();
    }
  };
  proc.stdin.on("data", (chunk: Buffer) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    while (pending.length >= 5) {
      const length = pending.readUInt32BE(1);
      if (pending.length < 5 + length) break;
      const type = String.fromCharCode(pending[0]!);
      const payload = pending.subarray(5, 5 + length);
      pending = pending.subarray(5 + length);
      handle(type, payload);
    }
  });
  // The harness closed its end: the run is over, or the harness is gone.
  proc.stdin.on("end", () => {
    if (child?.pid !== undefined) kill(-child.pid);
    kill(-1);
    proc.exit(0);
  });
  // Its stdout gone (the harness dropped this worker): nothing it does can reach anyone any more.
  proc.stdout.on("error", () => proc.exit(0));
}
