// The `once` protocol (docs/protocol.md): one process per request, at most `jobs` at once.
// The input goes to stdin, which is then closed; exit 0 and stdout is the answer (one trailing LF,
// or CR LF, removed); a non-zero exit is a rejection whose reason is the first KiB of stderr. Whatever else the
// command does (hang, flood, die by a signal, exit without reading, leave a child holding stdout)
// ends this one request with a `failed` answer that says so, and its whole process group is killed.
import type { Readable, Writable } from "node:stream";
import { writeNotUtf8Reason } from "../text-forms/index.js";
import type { Answer, Canonicalizer } from "../types.js";
import { endedWithoutAnswer, timedOut } from "./exit-rule.js";
import { afterExitGrace, type CommandOptions, EXIT_GRACE_MS, prepareSpawn } from "./launch.js";
import { Limiter } from "./limiter.js";
import { briefTimeoutMs, checkLimits } from "./limits.js";
import { type GroupSpawn, killGroup, spawnGroup } from "./process-group.js";
import { SandboxWorkers } from "./sandbox-worker.js";
import { crlfAsLf, HeadBuffer, utf8Problem } from "./text.js";
import { workDeadline } from "./work-clock.js";

export interface OnceOptions extends CommandOptions {
  /** How many processes may run at once. */
  jobs: number;
  /** Sandboxed: start each request's process in a sandbox made once per job (default), or false for
   * a sandbox per process. The verdicts are the same either way (test/adapters/sandbox-worker.test.ts). */
  workers?: boolean;
}

/** The least time a sandbox worker gets to start before its requests go to sandboxes of their own. */
const WORKER_STARTUP_MS = 10_000;

const LF = 0x0a;

/** The answer of a process that exited by itself, from its exit status and what it wrote. */
function judgeExit(
  code: number | null,
  signal: NodeJS.Signals | null,
  stdout: Buffer,
  stderr: Uint8Array,
): Answer {
  const output = stdout.length > 0 && stdout[stdout.length - 1] === LF ? stdout.subarray(0, -1) : stdout;
  if (signal !== null || code !== 0 || output.length === 0) return endedWithoutAnswer(code, signal, stderr);
  // Canonical JSON escapes every control character and has no whitespace (RFC 8785 §3.2.1), so a
  // raw LF inside the answer means the command printed more than one answer.
  const lf = output.indexOf(LF);
  if (lf >= 0)
    return { status: "failed", reason: `answered more than one line (a line feed at offset ${lf})` };
  const problem = utf8Problem(output);
  if (problem !== undefined) return { status: "failed", reason: writeNotUtf8Reason(problem) };
  return { status: "canonical", output };
}

/** One request's process, started directly (in a sandbox of its own, if any) or by a sandbox worker:
 * its streams, its `exit` and `error` events, and how to end it with everything it left. */
interface RequestProcess {
  /** The process whose tree the time limit watches (a worker's sandbox, for a relayed request). */
  readonly pid?: number | undefined;
  stdin: Writable;
  stdout: Readable;
  stderr: Readable;
  on(event: "exit", listener: (code: number | null, signal: NodeJS.Signals | null) => void): unknown;
  on(event: "error", listener: (e: Error) => void): unknown;
  on(event: "lost", listener: () => void): unknown;
  end(): void;
}

function spawnDirect(spec: GroupSpawn): RequestProcess {
  const child = spawnGroup(spec);
  return Object.assign(child, { end: () => killGroup(child) });
}

/** The worker died under the request: it is asked again in a sandbox of its own. */
const LOST = Symbol("lost");

/** Runs the command once over `input`. `abort` lets close() end it early. */
function runOnce(
  start: () => RequestProcess,
  argv0: string,
  input: Uint8Array,
  o: OnceOptions,
  register: (abort: () => void) => () => void,
): Promise<Answer | typeof LOST> {
  return new Promise((resolve) => {
    let child: RequestProcess;
    try {
      child = start();
    } catch (e) {
      resolve({ status: "failed", reason: `could not start ${argv0}: ${(e as Error).message}` });
      return;
    }
    const out: Buffer[] = [];
    let outSize = 0;
    const err = new HeadBuffer();
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    let stdoutClosed = false;
    let stderrClosed = false;
    let cancelGrace = (): void => {};
    let settled = false;

    const finish = (answer: Answer | typeof LOST): void => {
      if (settled) return;
      settled = true;
      cancelDeadline();
      cancelGrace();
      unregister();
      // Also after a clean exit: anything the command left running in its group dies with the case.
      child.end();
      child.stdin.destroy();
      child.stdout.destroy();
      child.stderr.destroy();
      resolve(answer);
    };
    const unregister = register(() =>
      finish({ status: "failed", reason: "the run was closed before the command answered" }),
    );
    const cancelDeadline = workDeadline(
      o.timeoutMs,
      () => child.pid,
      () => finish(timedOut(o.timeoutMs, err.bytes())),
    );
    const settleIfDone = (): void => {
      if (exit !== undefined && stdoutClosed && stderrClosed) {
        finish(judgeExit(exit.code, exit.signal, crlfAsLf(Buffer.concat(out)), err.bytes()));
      }
    };
    const armGrace = (): void => {
      cancelGrace();
      cancelGrace = afterExitGrace(() => {
        // Ended but not yet closed: everything it wrote has been read (closing is the loop's last phase).
        if (!stdoutClosed && !child.stdout.readableEnded) {
          finish({
            status: "failed",
            reason: `exited (code ${exit?.code ?? exit?.signal}) but its stdout stayed open ${EXIT_GRACE_MS} ms after: a child process still holds it`,
          });
        } else if (exit !== undefined) {
          // Only stderr is held open by a child: the answer itself is complete.
          finish(judgeExit(exit.code, exit.signal, crlfAsLf(Buffer.concat(out)), err.bytes()));
        }
      });
    };

    child.on("error", (e) => finish({ status: "failed", reason: `could not start ${argv0}: ${e.message}` }));
    child.on("lost", () => finish(LOST));
    child.stdout.on("data", (chunk: Buffer) => {
      outSize += chunk.length;
      if (outSize > o.maxOutputBytes) {
        finish({
          status: "failed",
          reason: `output passed the cap of ${o.maxOutputBytes} bytes; process group killed`,
        });
        return;
      }
      out.push(chunk);
      if (exit !== undefined) armGrace();
    });
    child.stdout.on("close", () => {
      stdoutClosed = true;
      settleIfDone();
    });
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.stderr.on("close", () => {
      stderrClosed = true;
      settleIfDone();
    });
    child.on("exit", (code, signal) => {
      exit = { code, signal };
      armGrace();
      settleIfDone();
    });
    // A command may exit without reading its input (EPIPE): that is its right, not a harness error.
    child.stdin.on("error", () => {});
    child.stdin.end(input);
  });
}

/** A Canonicalizer over the once protocol. Throws AdapterSetupError when the program cannot be found. */
export function createOnceCanonicalizer(o: OnceOptions): Canonicalizer {
  checkLimits(o);
  const spec = prepareSpawn(o);
  const direct = () => spawnDirect(spec);
  const workerLaunch = spec.launched?.worker;
  // Sandboxed, once mode's processes start inside sandboxes made once per job (./sandbox-worker.ts).
  const workers =
    workerLaunch && o.workers !== false
      ? new SandboxWorkers(workerLaunch, o.cwd, o.jobs, Math.max(o.timeoutMs, WORKER_STARTUP_MS))
      : undefined;
  const brief = { ...o, timeoutMs: briefTimeoutMs(o.timeoutMs) };
  const ask = async (input: Uint8Array, limits: OnceOptions = o): Promise<Answer> => {
    const relayed = await workers?.start();
    if (relayed !== undefined) {
      const answer = await runOnce(() => relayed, spec.argv0, input, limits, register);
      if (answer !== LOST) return answer;
    }
    const alone = await runOnce(direct, spec.argv0, input, limits, register);
    // A process of its own has no worker to lose.
    return alone === LOST ? { status: "failed", reason: "the process was lost" } : alone;
  };
  const limiter = new Limiter(o.jobs);
  const active = new Set<() => void>();
  const inFlight = new Set<Promise<Answer>>();
  let closed = false;
  const register = (abort: () => void): (() => void) => {
    active.add(abort);
    return () => active.delete(abort);
  };
  const asked = (input: Uint8Array, limits: OnceOptions): Promise<Answer> => {
    if (closed) return Promise.resolve({ status: "failed", reason: "the adapter is closed" });
    const p = limiter.run(() =>
      closed
        ? Promise.resolve<Answer>({ status: "failed", reason: "the adapter is closed" })
        : ask(input, limits),
    );
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
    return p;
  };
  return {
    label: o.command,
    canonicalize: (input) => asked(input, o),
    canonicalizeBriefly: (input) => asked(input, brief),
    async close(): Promise<void> {
      closed = true;
      for (const abort of [...active]) abort();
      await Promise.all(inFlight);
      workers?.close();
    },
  };
}
