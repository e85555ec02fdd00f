// Sandbox workers for once mode: each a bubblewrap sandbox, made once, whose starter
// (src/sandbox/starter.ts) starts a fresh process of the command for every request it is handed. A
// request gets what a process of its own sandbox would give it: its own process (and process group),
// the same filesystem and environment, an empty /tmp, nothing left running from the request before.
// What changes is the cost: bubblewrap's namespaces and mounts once per worker, not once per process
// (docs/sandbox.md "One sandbox per worker").
//
// The starter lives in the sandbox beside the command, which can stop it, trace it or write to its
// pipes: everything it says is read as hostile, and every wait on it has a deadline. A frame that is
// malformed, too long, of a type the starter never writes, or out of its order (output after the
// stream closed, a second exit, anything while the worker is idle), a starter silent too long while a
// request runs (it says it is alive every STARTER_HEARTBEAT_MS), or one that does not say it is
// clean in time after a request (or says it could not clean up) loses the worker: the request it was
// running, if any, is asked again in a sandbox of its own (command-once.ts), and the next request
// gets a fresh worker. Nothing from inside can throw in the harness. Workers that cannot start at all
// (Node not visible in the sandbox, say) send every request to a sandbox of its own.
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { EventEmitter } from "node:events";
import { PassThrough, Writable } from "node:stream";
import { deadline } from "../deadline.js";
import { STARTER_CLEAN_MS, STARTER_MAX_PAYLOAD } from "../sandbox/starter.js";
import type { WorkerLaunch } from "../sandbox/types.js";
import { killGroup, spawnGroup } from "./process-group.js";

/** One request's process as the once adapter sees it: the surface of a ChildProcess it uses. Emits
 * `exit` (code, signal), `error` (Error), and `lost` when its worker was lost before it exited. */
export interface RelayedProcess extends EventEmitter {
  /** The worker's process (its whole sandbox, where the request's process runs). */
  readonly pid: number | undefined;
  readonly stdin: Writable;
  readonly stdout: PassThrough;
  readonly stderr: PassThrough;
  /** Ends the request: its process group and everything it left are killed, then the worker is free. */
  end(): void;
}

const HEAD = 5;
/** While a request runs, the longest the starter may stay silent (it says "H" every
 * STARTER_HEARTBEAT_MS): past it, the starter was stopped, traced or is stuck in a frame it never
 * finished, and the request is asked again in a sandbox of its own. Generous, so that a loaded
 * machine costs at most a request asked again, never a verdict. */
export const WORKER_SILENCE_MS = 5000;
/** After a request, how long the starter has to say its sandbox is clean (it gives up itself after
 * STARTER_CLEAN_MS and says so). */
export const WORKER_CLEAN_MS = STARTER_CLEAN_MS + 3000;

/** The frames a starter writes, and what each may carry at most. */
const FRAME_TYPES = new Set(["R", "D", "H", "O", "E", "o", "e", "X", "F"]);

function frame(type: string, payload: Uint8Array = new Uint8Array(0)): Buffer {
  const head = Buffer.alloc(HEAD);
  head[0] = type.charCodeAt(0);
  head.writeUInt32BE(payload.length, 1);
  return Buffer.concat([head, payload]);
}

/** An exit frame's status, or undefined when it is not one the starter writes. */
function exitOf(payload: Buffer): { code: number | null; signal: NodeJS.Signals | null } | undefined {
  try {
    const { code, signal } = JSON.parse(payload.toString("utf8")) as { code: unknown; signal: unknown };
    const codeOk =
      code === null || (Number.isInteger(code) && (code as number) >= 0 && (code as number) < 256);
    const signalOk = signal === null || (typeof signal === "string" && /^SIG[A-Z0-9]{1,12}$/.test(signal));
    if (!codeOk || !signalOk || (code === null) === (signal === null)) return undefined;
    return { code: code as number | null, signal: signal as NodeJS.Signals | null };
  } catch {
    return undefined;
  }
}

type State = "starting" | "idle" | "busy" | "cleaning" | "dead";

/** The request a busy worker runs, and what its starter has said of it so far. */
interface Request extends RelayedProcess {
  finished: boolean;
  said: { stdoutClosed: boolean; stderrClosed: boolean; exited: boolean };
}

/** Why a worker was lost, for the tests and the next reader of a log. */
export type LossReason =
  | "could not start"
  | "ended"
  | "malformed frame"
  | "frame out of order"
  | "silent while busy"
  | "not clean in time"
  | "said it could not clean up"
  | "closed";

/** How long a worker may stay silent while a request runs, and take to clean up after it. */
export interface WorkerDeadlines {
  silenceMs: number;
  cleanMs: number;
}

const DEADLINES: WorkerDeadlines = { silenceMs: WORKER_SILENCE_MS, cleanMs: WORKER_CLEAN_MS };

class Worker {
  state: State = "starting";
  lostBecause: LossReason | undefined;
  private current: Request | undefined;
  private pending: Buffer = Buffer.alloc(0);
  private readonly child: ChildProcessWithoutNullStreams;
  readonly ready: Promise<boolean>;
  private onReady: (ok: boolean) => void = () => {};
  /** The wait the worker is in now (starting, busy, cleaning), which loses it when it runs out. */
  private cancelWait: () => void = () => {};

  constructor(
    launch: WorkerLaunch,
    cwd: string,
    startupMs: number,
    private readonly deadlines: WorkerDeadlines,
    private readonly freed: (w: Worker) => void,
  ) {
    this.ready = new Promise((resolve) => {
      this.onReady = resolve;
    });
    const { program, argv0, args, env } = launch.launched;
    this.child = spawnGroup({ program, argv0, args, cwd, launched: { program, argv0, args, env } });
    this.wait(startupMs, "could not start");
    this.child.on("error", () => this.die("could not start"));
    this.child.on("exit", () => this.die("ended"));
    this.child.stdout.on("close", () => this.die("ended"));
    this.child.stdout.on("data", (chunk: Buffer) => this.read(chunk));
    // The starter's own complaints (Node could not run it) are not the command's stderr.
    this.child.stderr.resume();
    this.child.stdin.on("error", () => this.die("ended"));
    this.send("C", Buffer.from(JSON.stringify(launch.command)));
  }

  /** Waits at most `ms` for the starter's next word (any frame while busy, "R" otherwise). */
  private wait(ms: number, why: LossReason): void {
    this.cancelWait();
    this.cancelWait = deadline(ms, () => this.die(why));
  }

  private send(type: string, payload?: Uint8Array): void {
    if (this.state !== "dead") this.child.stdin.write(frame(type, payload));
  }

  private read(chunk: Buffer): void {
    if (this.state === "dead") return;
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    try {
      while (this.pending.length >= HEAD && this.isAlive()) {
        const type = String.fromCharCode(this.pending[0]!);
        const length = this.pending.readUInt32BE(1);
        // Known by its head already: a frame the starter never writes is not waited for.
        if (!FRAME_TYPES.has(type) || length > STARTER_MAX_PAYLOAD) {
          this.die("malformed frame");
          return;
        }
        if (this.pending.length < HEAD + length) return;
        const payload = this.pending.subarray(HEAD, HEAD + length);
        this.pending = this.pending.subarray(HEAD + length);
        this.handle(type, payload);
      }
    } catch {
      // Whatever a frame made go wrong here is the frame's doing, and costs the worker only.
      this.die("malformed frame");
    }
  }

  private handle(type: string, payload: Buffer): void {
    const out = (why: LossReason = "frame out of order") => this.die(why);
    if (this.state === "starting" || this.state === "idle") {
      // Before its first request, only "ready"; between requests, nothing at all.
      if (this.state === "idle" || type !== "R") {
        out();
        return;
      }
      this.cancelWait();
      this.state = "idle";
      this.onReady(true);
      return;
    }
    if (this.state === "cleaning") {
      if (type === "R") {
        this.cancelWait();
        this.state = "idle";
        this.freed(this);
      } else if (type === "D") out("said it could not clean up");
      else if (type === "X" && exitOf(payload) === undefined) out("malformed frame");
      // What a request's process said after the request ended is nobody's answer.
      return;
    }
    // Busy: every frame shows the starter alive; each must fit what was said before it.
    const p = this.current!;
    this.wait(this.deadlines.silenceMs, "silent while busy");
    const said = p.said;
    if (type === "H") return;
    if (type === "O" && !said.stdoutClosed) p.stdout.write(payload);
    else if (type === "E" && !said.stderrClosed) p.stderr.write(payload);
    else if (type === "o" && !said.stdoutClosed) {
      said.stdoutClosed = true;
      p.stdout.end();
    } else if (type === "e" && !said.stderrClosed) {
      said.stderrClosed = true;
      p.stderr.end();
    } else if (type === "X" && !said.exited) {
      const exit = exitOf(payload);
      if (exit === undefined) {
        out("malformed frame");
        return;
      }
      said.exited = true;
      p.emit("exit", exit.code, exit.signal);
    } else if (type === "F" && !said.exited) {
      said.exited = true;
      p.emit("error", new Error(payload.toString("utf8").slice(0, 1000)));
    } else out();
  }

  private isAlive(): boolean {
    return this.state !== "dead";
  }

  /** Hands the idle worker one request. */
  start(): RelayedProcess {
    this.state = "busy";
    this.wait(this.deadlines.silenceMs, "silent while busy");
    const send = (type: string, payload?: Uint8Array) => this.send(type, payload);
    const p: Request = Object.assign(new EventEmitter(), {
      pid: this.child.pid,
      finished: false,
      said: { stdoutClosed: false, stderrClosed: false, exited: false },
      stdout: new PassThrough(),
      stderr: new PassThrough(),
      stdin: new Writable({
        write(chunk: Buffer, _encoding, done) {
          send("I", chunk);
          done();
        },
        final(done) {
          send("J");
          done();
        },
      }),
      end: () => {
        if (p.finished) return;
        p.finished = true;
        if (this.state !== "busy") return;
        this.state = "cleaning";
        this.wait(this.deadlines.cleanMs, "not clean in time");
        this.send("K");
      },
    });
    this.current = p;
    this.send("S");
    return p;
  }

  die(why: LossReason): void {
    if (this.state === "dead") return;
    const was = this.state;
    this.state = "dead";
    this.lostBecause = why;
    this.cancelWait();
    killGroup(this.child);
    this.child.stdin.destroy();
    if (was === "starting") this.onReady(false);
    const p = this.current;
    if (was === "busy" && p && !p.finished) p.emit("lost");
    this.freed(this);
  }
}

/** The workers of one side of a run: at most `max` at once, started when first needed. */
export class SandboxWorkers {
  private readonly workers = new Set<Worker>();
  private readonly idle: Worker[] = [];
  private readonly waiting: ((w: Worker | undefined) => void)[] = [];
  /** Set once a worker could not start: every later request goes to a sandbox of its own. */
  private broken = false;
  private closed = false;
  /** Why each worker lost so far was lost, in order (a closed run's workers are not counted). */
  readonly losses: LossReason[] = [];

  constructor(
    private readonly launch: WorkerLaunch,
    private readonly cwd: string,
    private readonly max: number,
    private readonly startupMs: number,
    private readonly deadlines: WorkerDeadlines = DEADLINES,
  ) {}

  /** A process for one request, or undefined when workers cannot be had (start it some other way). */
  async start(): Promise<RelayedProcess | undefined> {
    const worker = await this.acquire();
    return worker?.start();
  }

  private async acquire(): Promise<Worker | undefined> {
    for (;;) {
      if (this.broken || this.closed) return undefined;
      const idle = this.idle.pop();
      if (idle) {
        if (idle.state === "idle") return idle;
        continue;
      }
      if (this.workers.size < this.max) {
        const w = new Worker(this.launch, this.cwd, this.startupMs, this.deadlines, (freed) =>
          this.freed(freed),
        );
        this.workers.add(w);
        if (await w.ready) return w;
        this.broken = true;
        return undefined;
      }
      const handed = await new Promise<Worker | undefined>((resolve) => this.waiting.push(resolve));
      if (handed) return handed;
    }
  }

  private freed(w: Worker): void {
    if (w.state === "dead") {
      this.workers.delete(w);
      if (w.lostBecause !== undefined && w.lostBecause !== "closed") this.losses.push(w.lostBecause);
      // A waiter may start a worker in its place.
      this.waiting.shift()?.(undefined);
      return;
    }
    const waiter = this.waiting.shift();
    if (waiter) waiter(w);
    else this.idle.push(w);
  }

  /** Kills every worker (and so everything in their sandboxes). */
  close(): void {
    this.closed = true;
    for (const w of this.workers) w.die("closed");
    for (const waiter of this.waiting.splice(0)) waiter(undefined);
  }
}
