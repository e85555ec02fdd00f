// The `lines` protocol (DESIGN.md, docs/protocol.md): one long-lived process; each request is one line
// on its stdin, each answer one line on its stdout, in order: the canonical text, or `!reason`.
//
// Requests are pipelined: each is written as soon as it is asked for (respecting stdin backpressure),
// and stdout is read continuously, so no answer size can deadlock the two pipes. The head of the queue
// (the oldest unanswered request) carries the time limit. What can go wrong, and what happens:
//   - the head times out: it fails, the process group is killed, the command restarts, and the
//     requests still pending are sent again;
//   - the command exits (crash, signal, or exit without being asked): stdout is drained, the head fails
//     with the exit status and the tail of stderr, and the command restarts for the rest;
//   - an answer line passes the output cap: the head fails, the command restarts;
//   - framing is lost: a line arrives with no request written to answer it (an extra line, a banner).
//     Every answer taken from the same read is failed as suspect, the command restarts, and from then
//     on the session runs in lockstep: one request at a time, its answer accepted only after a quiet
//     period, so each further extra line is caught at the request it belongs to;
//   - more than MAX_RESTARTS restarts in a row without one answer: everything pending and everything
//     asked later fails with the last reason, instead of restarting forever.
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import type { Answer, Canonicalizer } from "../types.js";
import { type CommandOptions, EXIT_GRACE_MS, prepareSpawn } from "./launch.js";
import { checkLimits } from "./limits.js";
import { encodeRequestLine } from "./line-framing.js";
import { type GroupSpawn, killGroup, spawnGroup } from "./process-group.js";
import { oneLine, stderrSuffix, TailBuffer, utf8Problem } from "./text.js";

/** Restarts in a row, with no answer in between, before the session gives up. */
export const MAX_RESTARTS = 5;
/** In lockstep (after framing was lost), how long the output must stay quiet before an answer counts. */
export const LOCKSTEP_QUIET_MS = 50;

const LF = 0x0a;
const CR = 0x0d;
const BANG = 0x21;

interface Request {
  line: Buffer;
  resolve: (answer: Answer) => void;
}

/** One line of stdout as an answer. */
function judgeLine(line: Buffer): Answer {
  if (line.length > 0 && line[0] === BANG) {
    const reason = oneLine(line.subarray(1));
    return { status: "rejected", reason: reason === "" ? "rejected (no reason given)" : reason };
  }
  if (line.length === 0) return { status: "failed", reason: "answered an empty line" };
  const problem = utf8Problem(line);
  if (problem !== undefined) return { status: "failed", reason: `answer is ${problem}` };
  return { status: "canonical", output: line };
}

class LinesSession {
  /** Every request not yet answered, oldest first. */
  private readonly pending: Request[] = [];
  /** How many of `pending`, from the head, the current process has been sent. */
  private written = 0;
  private child: ChildProcessWithoutNullStreams | undefined;
  /** Bumped at every (re)start, so that events of a killed process are ignored. */
  private generation = 0;
  private waitingDrain = false;
  private pumpScheduled = false;
  /** The current process has exited (its output may still be draining): send it nothing more. */
  private childExited = false;
  private partial: Buffer[] = [];
  private partialSize = 0;
  private readonly stderr = new TailBuffer();
  private headTimer: NodeJS.Timeout | undefined;
  private timedHead: Request | undefined;
  private restartsWithoutAnswer = 0;
  private lockstep = false;
  /** In lockstep: the answer read, waiting out the quiet period. */
  private held: { request: Request; answer: Answer; timer: NodeJS.Timeout } | undefined;
  private gaveUp: string | undefined;
  private closed = false;
  private exitWaiters: (() => void)[] = [];

  constructor(
    private readonly spec: GroupSpawn,
    private readonly o: CommandOptions,
  ) {}

  canonicalize(input: Uint8Array): Promise<Answer> {
    if (this.closed) return Promise.resolve({ status: "failed", reason: "the adapter is closed" });
    if (this.gaveUp !== undefined) return Promise.resolve({ status: "failed", reason: this.gaveUp });
    return new Promise((resolve) => {
      this.pending.push({ line: encodeRequestLine(input), resolve });
      if (this.child === undefined) this.start();
      else this.schedulePump();
      this.armHeadTimer();
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.failAll("the run was closed before the command answered");
    const child = this.child;
    if (child === undefined) return;
    // Let a well-behaved command exit on end of input, then kill whatever is left of its group.
    const exited = new Promise<void>((resolve) => this.exitWaiters.push(resolve));
    child.stdin.end();
    await Promise.race([exited, new Promise((r) => setTimeout(r, EXIT_GRACE_MS))]);
    this.stop();
  }

  private start(): void {
    const generation = ++this.generation;
    this.written = 0;
    this.waitingDrain = false;
    this.childExited = false;
    this.partial = [];
    this.partialSize = 0;
    this.stderr.clear();
    let child: ChildProcessWithoutNullStreams;
    try {
      child = spawnGroup(this.spec);
    } catch (e) {
      this.child = undefined;
      this.onDeath(`could not start ${this.spec.argv0}: ${(e as Error).message}`);
      return;
    }
    this.child = child;
    const current = () => generation === this.generation;
    let exitStatus: string | undefined;
    let stdoutClosed = false;
    let grace: NodeJS.Timeout | undefined;
    const died = (): void => {
      clearTimeout(grace);
      for (const w of this.exitWaiters.splice(0)) w();
      if (current()) this.onDeath(exitStatus ?? "exited");
    };
    const armGrace = (): void => {
      clearTimeout(grace);
      grace = setTimeout(died, EXIT_GRACE_MS);
    };
    child.on("error", (e) => {
      if (exitStatus !== undefined) return;
      exitStatus = `could not start ${this.spec.argv0}: ${e.message}`;
      died();
    });
    child.stdout.on("data", (chunk: Buffer) => {
      if (!current()) return;
      this.onData(chunk);
      if (exitStatus !== undefined && current()) armGrace();
    });
    child.stdout.on("close", () => {
      stdoutClosed = true;
      if (exitStatus !== undefined) died();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (current()) this.stderr.push(chunk);
    });
    child.stdin.on("error", () => {
      // EPIPE: the command stopped reading. Its exit, or the head's time limit, says what happened.
    });
    child.stdin.on("drain", () => {
      if (!current()) return;
      this.waitingDrain = false;
      this.pump();
    });
    child.on("exit", (code, signal) => {
      exitStatus = signal !== null ? `was killed by signal ${signal}` : `exited with code ${code}`;
      if (current()) this.childExited = true;
      // Answers it wrote before exiting may still be in the pipe: drain stdout first, within a bound
      // (a child of the command may hold stdout open forever).
      if (stdoutClosed) died();
      else armGrace();
    });
    this.pump();
  }

  /** Pumps once the current burst of requests is queued: requests asked for together (the answers of
   * one read release many callers at once) go out in one write instead of one syscall each. */
  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  /** Writes every pending request not yet sent, in one write, unless stdin is pushing back (then on
   * 'drain'). In lockstep only the head is sent, and only when no answer is being held. */
  private pump(): void {
    const child = this.child;
    if (child === undefined || this.waitingDrain || this.childExited) return;
    if (this.lockstep && this.held !== undefined) return;
    const limit = this.lockstep ? Math.min(1, this.pending.length) : this.pending.length;
    if (this.written >= limit) return;
    const lines = this.pending.slice(this.written, limit).map((r) => r.line);
    this.written = limit;
    if (!child.stdin.write(lines.length === 1 ? lines[0]! : Buffer.concat(lines))) this.waitingDrain = true;
  }

  private onData(chunk: Buffer): void {
    const answered: { request: Request; answer: Answer }[] = [];
    let framingLost: string | undefined;
    let start = 0;
    for (;;) {
      const lf = chunk.indexOf(LF, start);
      if (lf < 0) break;
      let line = chunk.subarray(start, lf);
      if (this.partialSize > 0) {
        line = Buffer.concat([...this.partial, line]);
        this.partial = [];
        this.partialSize = 0;
      }
      start = lf + 1;
      if (line.length > 0 && line[line.length - 1] === CR) line = line.subarray(0, -1);
      if (line.length > this.o.maxOutputBytes) {
        this.overflow(answered);
        return;
      }
      if (this.held !== undefined || this.written === 0) {
        framingLost = "framing lost: the command printed a line with no request waiting for it";
        break;
      }
      const request = this.pending.shift()!;
      this.written--;
      answered.push({ request, answer: judgeLine(line) });
    }
    if (framingLost === undefined && start < chunk.length) {
      this.partial.push(chunk.subarray(start));
      this.partialSize += chunk.length - start;
      if (this.partialSize > this.o.maxOutputBytes) {
        this.overflow(answered);
        return;
      }
    }
    if (framingLost !== undefined) {
      this.lockstep = true;
      const suspect = {
        status: "failed",
        reason: `${framingLost}; answers read with it are not trusted`,
      } as const;
      if (this.held !== undefined) {
        clearTimeout(this.held.timer);
        this.held.request.resolve(suspect);
        this.held = undefined;
      }
      for (const a of answered) a.request.resolve(suspect);
      this.restart(framingLost);
      return;
    }
    if (answered.length === 0) return;
    this.restartsWithoutAnswer = 0;
    if (this.lockstep) {
      // At most one, since lockstep sends one request at a time.
      const { request, answer } = answered[0]!;
      const timer = setTimeout(() => {
        this.held = undefined;
        request.resolve(answer);
        this.pump();
        this.armHeadTimer();
      }, LOCKSTEP_QUIET_MS);
      this.held = { request, answer, timer };
      this.armHeadTimer();
      return;
    }
    for (const a of answered) a.request.resolve(a.answer);
    this.armHeadTimer();
  }

  /** An answer line passed the cap: the head fails, the rest of the line is discarded by a restart. */
  private overflow(answered: { request: Request; answer: Answer }[]): void {
    for (const a of answered) a.request.resolve(a.answer);
    const reason = `answer line passed the cap of ${this.o.maxOutputBytes} bytes`;
    const head = this.written > 0 ? this.pending.shift() : undefined;
    if (head !== undefined) {
      this.written--;
      head.resolve({ status: "failed", reason: `${reason}; command restarted` });
    }
    this.restart(reason);
  }

  /** The head's time limit runs from when it became the head. */
  private armHeadTimer(): void {
    const head = this.held === undefined ? this.pending[0] : undefined;
    if (head === this.timedHead) return;
    clearTimeout(this.headTimer);
    this.timedHead = head;
    if (head === undefined) return;
    this.headTimer = setTimeout(() => {
      if (this.pending[0] !== head) return;
      this.pending.shift();
      this.written = Math.max(0, this.written - 1);
      const reason = `no answer within ${this.o.timeoutMs} ms`;
      head.resolve({
        status: "failed",
        reason: `${reason}; process group killed and command restarted${stderrSuffix(this.stderr.bytes())}`,
      });
      this.restart(reason);
    }, this.o.timeoutMs);
  }

  /** The process died by itself (or never started): the head fails with why, the rest go on. */
  private onDeath(status: string): void {
    const tail = this.stderr.bytes();
    const sent = this.written;
    this.stop();
    const why = `the command ${status}${stderrSuffix(tail)}`;
    if (this.held !== undefined) {
      // Its answer arrived before the exit: it stands.
      clearTimeout(this.held.timer);
      this.held.request.resolve(this.held.answer);
      this.held = undefined;
    }
    if (sent === 0) {
      // Exited with nothing outstanding: allowed. Requests that came meanwhile go to a new process.
      if (this.pending.length > 0) this.restart(why);
      else this.armHeadTimer();
      return;
    }
    const head = this.pending.shift()!;
    head.resolve({ status: "failed", reason: `${why} while this request was pending; command restarted` });
    this.restart(why);
  }

  /** Kills the current process and, unless given up or closed, starts a new one for what is pending. */
  private restart(reason: string): void {
    this.stop();
    if (this.closed) return;
    this.restartsWithoutAnswer++;
    if (this.restartsWithoutAnswer > MAX_RESTARTS) {
      this.gaveUp = `gave up: the command was restarted ${MAX_RESTARTS} times in a row without answering once (last: ${reason})`;
      this.failAll(this.gaveUp);
      return;
    }
    if (this.pending.length > 0) this.start();
    this.armHeadTimer();
  }

  private stop(): void {
    this.generation++;
    const child = this.child;
    this.child = undefined;
    this.written = 0;
    this.waitingDrain = false;
    this.partial = [];
    this.partialSize = 0;
    if (child === undefined) return;
    killGroup(child);
    child.stdin.destroy();
    child.stdout.destroy();
    child.stderr.destroy();
  }

  private failAll(reason: string): void {
    if (this.held !== undefined) {
      clearTimeout(this.held.timer);
      this.held.request.resolve({ status: "failed", reason });
      this.held = undefined;
    }
    for (const r of this.pending.splice(0)) r.resolve({ status: "failed", reason });
    this.written = 0;
    this.armHeadTimer();
  }
}

/** A Canonicalizer over the lines protocol. Throws AdapterSetupError when the program cannot be found. */
export function createLinesCanonicalizer(o: CommandOptions): Canonicalizer {
  checkLimits(o);
  const session = new LinesSession(prepareSpawn(o), o);
  return {
    label: o.command,
    canonicalize: (input) => session.canonicalize(input),
    close: () => session.close(),
  };
}
