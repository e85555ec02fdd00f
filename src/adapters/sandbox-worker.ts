// Sandbox workers for once mode: each a bubblewrap sandbox, made once, whose starter
// (src/sandbox/starter.ts) starts a fresh process of the command for every request it is handed. A
// request gets what a process of its own sandbox would give it: its own process (and process group),
// the same filesystem and environment, an empty /tmp, nothing left running from the request before
// (the starter kills it all between requests). What changes is the cost: bubblewrap's namespaces and
// mounts once per worker, not once per process (docs/sandbox.md "One sandbox per worker").
//
// A request whose worker dies under it (the command killed its starter, say) is not judged from what
// got through: the adapter asks it again in a sandbox of its own (command-once.ts). What the starter
// says is read as untrusted, as the command's own output is: a process in the sandbox can write to the
// starter's pipes, so a frame too long or an exit status the starter never writes ends the worker. Workers that cannot
// start at all (Node not visible in the sandbox, say) send every request to a sandbox of its own.
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { EventEmitter } from "node:events";
import { PassThrough, Writable } from "node:stream";
import type { WorkerLaunch } from "../sandbox/types.js";
import { killGroup, spawnGroup } from "./process-group.js";

/** One request's process as the once adapter sees it: the surface of a ChildProcess it uses. Emits
 * `exit` (code, signal), `error` (Error), and `lost` when its worker died before it exited. */
export interface RelayedProcess extends EventEmitter {
  readonly stdin: Writable;
  readonly stdout: PassThrough;
  readonly stderr: PassThrough;
  /** Ends the request: its process group and everything it left are killed, then the worker is free. */
  end(): void;
}

const HEAD = 5;
/** The starter relays what it reads from a pipe (64 KiB at a time): a longer frame is not its, but
 * the command's (a process in the sandbox can write to the starter's stdout), and ends the worker. */
const MAX_FRAME = 1024 * 1024;

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

class Worker {
  state: State = "starting";
  private current: (RelayedProcess & { finished: boolean }) | undefined;
  private pending: Buffer = Buffer.alloc(0);
  private readonly child: ChildProcessWithoutNullStreams;
  readonly ready: Promise<boolean>;
  private onReady: (ok: boolean) => void = () => {};

  constructor(
    launch: WorkerLaunch,
    cwd: string,
    startupMs: number,
    private readonly freed: (w: Worker) => void,
  ) {
    this.ready = new Promise((resolve) => {
      this.onReady = resolve;
    });
    const { program, argv0, args, env } = launch.launched;
    this.child = spawnGroup({ program, argv0, args, cwd, launched: { program, argv0, args, env } });
    const startup = setTimeout(() => this.die(), startupMs);
    void this.ready.then(() => clearTimeout(startup));
    this.child.on("error", () => this.die());
    this.child.on("exit", () => this.die());
    this.child.stdout.on("close", () => this.die());
    this.child.stdout.on("data", (chunk: Buffer) => this.read(chunk));
    // The starter's own complaints (Node could not run it) are not the command's stderr.
    this.child.stderr.resume();
    this.child.stdin.on("error", () => this.die());
    this.send("C", Buffer.from(JSON.stringify(launch.command)));
  }

  private send(type: string, payload?: Uint8Array): void {
    if (this.state !== "dead") this.child.stdin.write(frame(type, payload));
  }

  private read(chunk: Buffer): void {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    while (this.pending.length >= HEAD) {
      const length = this.pending.readUInt32BE(1);
      if (length > MAX_FRAME) {
        this.die();
        return;
      }
      if (this.pending.length < HEAD + length) return;
      const type = String.fromCharCode(this.pending[0]!);
      const payload = this.pending.subarray(HEAD, HEAD + length);
      this.pending = this.pending.subarray(HEAD + length);
      this.handle(type, payload);
    }
  }

  private handle(type: string, payload: Buffer): void {
    if (type === "R") {
      if (this.state === "starting") {
        this.state = "idle";
        this.onReady(true);
      } else if (this.state === "cleaning") {
        this.state = "idle";
        this.freed(this);
      }
      return;
    }
    // What a request's process said after the request ended is nobody's answer.
    const p = this.current;
    if (this.state !== "busy" || p === undefined || p.finished) return;
    if (type === "O") p.stdout.write(payload);
    else if (type === "E") p.stderr.write(payload);
    else if (type === "o") p.stdout.end();
    else if (type === "e") p.stderr.end();
    else if (type === "X") {
      const exit = exitOf(payload);
      if (exit === undefined) this.die();
      else p.emit("exit", exit.code, exit.signal);
    } else if (type === "F") p.emit("error", new Error(payload.toString("utf8").slice(0, 1000)));
  }

  /** Hands the idle worker one request. */
  start(): RelayedProcess {
    this.state = "busy";
    const send = (type: string, payload?: Uint8Array) => this.send(type, payload);
    const p = Object.assign(new EventEmitter(), {
      finished: false,
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
        this.send("K");
      },
    });
    this.current = p;
    this.send("S");
    return p;
  }

  die(): void {
    if (this.state === "dead") return;
    const was = this.state;
    this.state = "dead";
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

  constructor(
    private readonly launch: WorkerLaunch,
    private readonly cwd: string,
    private readonly max: number,
    private readonly startupMs: number,
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
        const w = new Worker(this.launch, this.cwd, this.startupMs, (freed) => this.freed(freed));
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
    for (const w of this.workers) w.die();
    for (const waiter of this.waiting.splice(0)) waiter(undefined);
  }
}
