// The starter: the one program a sandbox worker runs inside bubblewrap (src/adapters/sandbox-worker.ts),
// which starts a fresh process of the command under test for each request, so that a once run pays
// bubblewrap's start (its namespaces and mounts) once per worker instead of once per request.
//
// It is Node running this function's text (`node -e`): nothing is read from a file the command could
// have changed, and it is loaded, as every other piece of the harness, before the first process of
// the command starts. It holds no secret and sees no more than the command does: it is inside the same
// sandbox. Between requests it kills every process the last one left in the sandbox's PID namespace and
// removes what it wrote to the sandbox's own /tmp, so that each request starts as it would in a
// sandbox of its own (the scratch, HOME and TMPDIR, is the side's for the whole run, as there)
// (docs/sandbox.md "One sandbox per worker").
//
// Frames, both ways: one type byte, the payload's length (4 bytes, big-endian), the payload.
//   harness → starter: C config (JSON: program, argv0, args, cwd, env, tmp), S start a process,
//                      I input bytes, J end of input, K kill the process and clean up
//   starter → harness: R ready for a request, O stdout bytes, E stderr bytes, o stdout closed,
//                      e stderr closed, X exited (JSON: code, signal), F could not start (message)

import type { WorkerLaunch } from "./types.js";

/** The starter's code, as `node -e` runs it. The function must use nothing but its parameters; a
 * transpiler that keeps function names (tsx, under the tests) wraps them in a `__name` helper, which
 * is given here as the identity. */
export function starterSource(): string {
  return `const __name = (f) => f; (${starter.toString()})(require, process);`;
}

/** What the harness sends first: the command as the starter starts it (types.ts). */
type StarterConfig = WorkerLaunch["command"];

function starter(req: NodeJS.Require, proc: NodeJS.Process): void {
  const { spawn } = req("node:child_process") as typeof import("node:child_process");
  const fs = req("node:fs") as typeof import("node:fs");
  const path = req("node:path") as typeof import("node:path");
  let config: StarterConfig | undefined;
  let child: import("node:child_process").ChildProcessWithoutNullStreams | undefined;
  let pending: Buffer = Buffer.alloc(0);
  // What /tmp holds before any request: the mount points bubblewrap made there (the scratch, a path
  // the command's arguments name), never removed.
  let mounted = new Set<string>();

  const send = (type: string, payload: Uint8Array = Buffer.alloc(0)): boolean => {
    const head = Buffer.alloc(5);
    head[0] = type.charCodeAt(0);
    head.writeUInt32BE(payload.length, 1);
    return proc.stdout.write(Buffer.concat([head, payload]));
  };
  const kill = (pid: number) => {
    try {
      proc.kill(pid, "SIGKILL");
    } catch {
      // Gone already, or nothing left to kill.
    }
  };
  // Every process of the sandbox but its init and this one: what the last request left behind,
  // including what left its process group. Only ever run inside the sandbox's PID namespace.
  const sweep = () => {
    if (child?.pid !== undefined) kill(-child.pid);
    kill(-1);
    if (config?.tmp) {
      try {
        for (const entry of fs.readdirSync(config.tmp))
          if (!mounted.has(entry)) fs.rmSync(path.join(config.tmp, entry), { recursive: true, force: true });
      } catch {
        // A file the last request made impossible to remove stays; the next request may see it.
      }
    }
  };
  const start = () => {
    if (config === undefined) return;
    const c = config;
    let current: typeof child;
    try {
      current = spawn(c.program, c.args, {
        argv0: c.argv0,
        cwd: c.cwd,
        env: c.env,
        stdio: ["pipe", "pipe", "pipe"],
        detached: true,
      });
    } catch (e) {
      send("F", Buffer.from((e as Error).message));
      return;
    }
    child = current;
    const mine = () => child === current;
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
    current.on("error", (e) => mine() && send("F", Buffer.from(e.message)));
    // A command may exit without reading its input: its right, not the starter's error.
    current.stdin.on("error", () => {});
  };
  const handle = (type: string, payload: Buffer) => {
    if (type === "C") {
      config = JSON.parse(payload.toString("utf8")) as StarterConfig;
      try {
        if (config.tmp) mounted = new Set(fs.readdirSync(config.tmp));
      } catch {
        // No /tmp to keep clean.
      }
      send("R");
    } else if (type === "S") start();
    else if (type === "I") child?.stdin.write(payload);
    else if (type === "J") child?.stdin.end();
    else if (type === "K") {
      sweep();
      child = undefined;
      send("R");
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
    sweep();
    proc.exit(0);
  });
}
