// The `lines` protocol (docs/protocol.md): one long-lived process; each request is one line
// on its stdin, each answer one line on its stdout, in order: the canonical text, or `!reason`.
//
// Requests are pipelined: written as soon as they are asked for, in segments of at most
// SEGMENT_REQUESTS, each followed by a sync request (./line-sync.ts); stdout is read continuously, so
// no answer size can deadlock the two pipes. A segment's answers count once the sync request after it
// is echoed with exactly one line per request in between: then each line is its request's answer.
//
// Anything else is doubt, and doubt is settled by isolation (docs/protocol.md, "Isolation on doubt"):
//   - a time-out with a request owed a line (the process echoed sync requests, so it answers in order):
//     that request is the only suspect. It waited the shorter stall limit, since its time-out decides
//     nothing; it is asked alone with the full one, and the rest goes on in a new process. A request
//     of the same bytes as a suspect is not sent into the pipeline again: it takes the suspect's answer
//     alone (a hang is paid once); and a process is started ahead, for the next stall's restart;
//   - the request doubt points at is asked again alone, and that answer is its verdict: the request
//     owed the line that did not come (time limit, the process's end) or that passed the output cap,
//     or the only request of a segment whose lines do not match;
//   - every other request the doubt touched (unconfirmed when the process was lost, or in a segment
//     of several that lost framing) is asked again in a segment of its own, where its lines are
//     counted exactly; doubt there sends it alone too. "Alone" is one request at a time in
// a process of a lane (./lines-series.ts): nothing else in flight, its lines counted exactly, a fresh
// process after any that could not be trusted, so a hang costs its time limit once there and a
// hundred requests in doubt cost a hundred round trips, not a hundred process starts. So every request
// is pipelined at most twice and then asked alone, but for hangs: each takes its suspect out of the
// pipeline, so there are at most as many as requests. The run never stops asking and never loops, and
// no request's verdict rests on another's. A lost process is replaced for the requests still to be sent,
// and every replacement is counted (IsolationCost.restarts). After MAX_FRAMING_LOSSES lost segments
// every segment holds one request. A command that does not echo sync requests (it answers each with
// something else) cannot be pipelined or kept between requests safely: from the time that shows,
// every request is asked in a fresh process of its own, without sync requests, as once mode would
// ask it (./lines-alone.ts).
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import type { Answer, Canonicalizer, ProcessEnd } from "../types.js";
import { afterExitGrace, type CommandOptions, EXIT_GRACE_MS, prepareSpawn } from "./launch.js";
import { Limiter } from "./limiter.js";
import { checkLimits, stallTimeoutMs } from "./limits.js";
import { encodeRequestLine } from "./line-framing.js";
import { LineReader } from "./line-reader.js";
import { syncNumberIn, syncRequestLine } from "./line-sync.js";
import { askAlone, judgeLine } from "./lines-alone.js";
import { SeriesLane } from "./lines-series.js";
import { type GroupSpawn, killGroup, spawnGroup } from "./process-group.js";
import { firstLine, HeadBuffer } from "./text.js";
import { workDeadline } from "./work-clock.js";

/** Requests between two sync requests while pipelining: what one framing loss asks again alone. */
export const SEGMENT_REQUESTS = 64;
/** Framing losses after which every segment holds one request. */
export const MAX_FRAMING_LOSSES = 8;
/** Suspects (requests that stalled the pipeline) asked alone at once, beside the `jobs` lanes of other
 * doubt: each is found a stall limit after the last, so waiting for a lane would chain their full
 * limits one after another; a process waiting out a hang that does not spin costs nothing, and one
 * that spins is timed by the CPU it gets (./work-clock.ts), so running them side by side costs no
 * more wall time than a lane each would. Bounded, for memory: a JVM each. */
export const SUSPECTS_AT_ONCE = 8;

export interface LinesOptions extends CommandOptions {
  /** Requests asked alone at once (each a process of its own); 1 when absent. */
  jobs?: number;
}

/** What the isolation rule has cost so far: requests asked again alone, and their time in all;
 * processes started in place of one that ended with requests still to answer, and how the first and
 * the last of those ended. */
export interface IsolationCost {
  askedAlone: number;
  aloneMs: number;
  restarts: number;
  firstEnd?: ProcessEnd;
  lastEnd?: ProcessEnd;
  /** Requests asked alone that were answered only once their input had ended (a buffered program). */
  answeredAtEnd: number;
  /** Processes started ahead after a stall that took the pipeline over at the next one (`spare`). */
  takenOver: number;
}

interface Request {
  line: Buffer;
  /** What the caller asked with (the same object), to name the request a crash owed an answer. */
  input: Uint8Array;
  resolve: (answer: Answer) => void;
  /** Asked again after its segment lost framing: it goes in a segment of its own, and further doubt
   * sends it alone. */
  single?: true;
  /** A request whose time-out decides no verdict (Canonicalizer.canonicalizeBriefly: a numbers block,
   * a part of one): owed a line, it waits the shorter limit, and when that passes it is answered
   * "no answer" at once, not asked alone, since what asked it narrows it instead. */
  shortcut?: true;
}

/** What a process of the pipeline has been sent and owes a line for: a request or a sync request. */
type Item = { request: Request; sync?: undefined } | { request?: undefined; sync: number };

/** One process of the pipeline and what it holds; dropped with it. */
interface Pipe {
  child: ChildProcessWithoutNullStreams;
  reader: LineReader;
  /** Written and not yet settled, in order. */
  inFlight: Item[];
  /** Lines since the last sync echo, not yet attributed. */
  lines: Buffer[];
  /** It has echoed a sync request. */
  echoed: boolean;
  waitingDrain: boolean;
  exited: boolean;
  /** How it exited, once it has. */
  exit?: { code: number | null; signal: NodeJS.Signals | null };
  /** The start of all it wrote on stderr (the rest is read and dropped). */
  stderr: HeadBuffer;
  /** Cancels the running time limit (src/deadline.ts). */
  cancelTimer?: () => void;
}

class LinesSession {
  /** Asked for and not yet written, oldest first. */
  private readonly queue: Request[] = [];
  private pipe: Pipe | undefined;
  /** A process started ahead once the pipeline has stalled on a suspect: the next restart takes it
   * with its start already paid (a JVM's half second), so a program that hangs on several requests
   * pays each stall its limit, not its limit and a start. One at most; dropped if it ends, floods or
   * stays silent past the time limit first, and killed with the rest at close. */
  private spare: Pipe | undefined;
  private nextSync = 0;
  private framingLosses = 0;
  /** Sync requests are echoed, so requests can be pipelined; false once the command shows otherwise. */
  private echoes = true;
  private pumpScheduled = false;
  private closed = false;
  private readonly alone: Limiter;
  private readonly suspectsAlone = new Limiter(SUSPECTS_AT_ONCE);
  /** Lanes of requests asked alone, one at a time each; idle ones wait here for the next. */
  private readonly idleLanes: SeriesLane[] = [];
  private readonly lanes: SeriesLane[] = [];
  private readonly aborts = new Set<() => void>();
  private readonly asking = new Set<Promise<void>>();
  private readonly exitWaiters: (() => void)[] = [];
  /** The answers alone of the requests that stalled the pipeline (suspects), by the length of their
   * line: a request of the same bytes takes that answer, neither pipelined nor asked alone again. */
  private readonly suspects = new Map<number, { line: Buffer; answer: Promise<Answer> }[]>();
  readonly cost: IsolationCost = { askedAlone: 0, aloneMs: 0, restarts: 0, answeredAtEnd: 0, takenOver: 0 };

  constructor(
    private readonly spec: GroupSpawn,
    private readonly o: LinesOptions,
  ) {
    this.alone = new Limiter(o.jobs ?? 1);
  }

  private lane(): SeriesLane {
    const idle = this.idleLanes.pop();
    if (idle) return idle;
    const lane = new SeriesLane(this.spec, {
      timeoutMs: this.o.timeoutMs,
      maxOutputBytes: this.o.maxOutputBytes,
      nextSync: () => this.nextSync++,
      register: (abort) => {
        this.aborts.add(abort);
        return () => this.aborts.delete(abort);
      },
      onRestart: (end) => this.restarted(end),
      onAnsweredAtEnd: () => {
        this.cost.answeredAtEnd++;
      },
    });
    this.lanes.push(lane);
    return lane;
  }

  /** A process started in place of one that ended by itself (`end`): counted, and the first and
   * the last such end kept. */
  private restarted(end: ProcessEnd): void {
    this.cost.restarts++;
    this.cost.firstEnd ??= end;
    this.cost.lastEnd = end;
  }

  canonicalize(input: Uint8Array, shortcut = false): Promise<Answer> {
    if (this.closed) return Promise.resolve({ status: "failed", reason: "the adapter is closed" });
    return new Promise((resolve) => {
      const request: Request = {
        line: encodeRequestLine(input),
        input,
        resolve,
        ...(shortcut ? { shortcut } : {}),
      };
      const known = this.suspectAnswer(request.line);
      if (known) {
        this.settleFrom(known, request);
        return;
      }
      if (!this.echoes) {
        this.isolate([request]);
        return;
      }
      this.queue.push(request);
      if (this.pipe === undefined) this.start();
      else this.schedulePump();
    });
  }

  /** Asks `input` alone, in a fresh process of its own, without pipelining it first. */
  canonicalizeAlone(input: Uint8Array): Promise<Answer> {
    if (this.closed) return Promise.resolve({ status: "failed", reason: "the adapter is closed" });
    return new Promise((resolve) => this.isolate([{ line: encodeRequestLine(input), input, resolve }]));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const reason = "the run was closed before the command answered";
    for (const r of this.queue.splice(0)) r.resolve({ status: "failed", reason });
    for (const abort of [...this.aborts]) abort();
    if (this.spare !== undefined) this.fault(this.spare);
    const pipe = this.pipe;
    if (pipe !== undefined) {
      for (const item of pipe.inFlight.splice(0)) item.request?.resolve({ status: "failed", reason });
      pipe.cancelTimer?.();
      // Let a well-behaved command exit on end of input, then kill whatever is left of its group.
      const exited = new Promise<void>((resolve) => this.exitWaiters.push(resolve));
      pipe.child.stdin.end();
      await Promise.race([exited, new Promise((r) => setTimeout(r, EXIT_GRACE_MS))]);
      this.stop(pipe);
    }
    await Promise.all(this.asking);
    for (const lane of this.lanes) lane.stop();
  }

  /** Asks each request again alone, at most `jobs` at once; each one's answer is its verdict. With
   * sync requests echoed: one at a time in a lane's process (./lines-series.ts); without: in a fresh
   * process each (./lines-alone.ts). */
  private isolate(requests: Request[], suspect?: Request): void {
    for (const request of requests) {
      const known = this.suspectAnswer(request.line);
      if (known) {
        this.settleFrom(known, request);
        continue;
      }
      const asked = (request === suspect ? this.suspectsAlone : this.alone).run(async () => {
        if (this.closed) return { status: "failed", reason: "the adapter is closed" } as Answer;
        const started = Date.now();
        let answer: Answer;
        if (this.echoes) {
          const lane = this.lane();
          answer = await lane.ask(request.line, request.input);
          this.idleLanes.push(lane);
        } else {
          answer = await askAlone(this.spec, request.line, {
            timeoutMs: this.o.timeoutMs,
            maxOutputBytes: this.o.maxOutputBytes,
            register: (abort) => {
              this.aborts.add(abort);
              return () => this.aborts.delete(abort);
            },
          });
        }
        this.cost.askedAlone++;
        this.cost.aloneMs += Date.now() - started;
        return answer;
      });
      if (request === suspect) {
        const same = this.suspects.get(request.line.length) ?? [];
        same.push({ line: request.line, answer: asked });
        this.suspects.set(request.line.length, same);
      }
      this.settleFrom(asked, request);
    }
  }

  /** The answer alone of a suspect whose line is `line`, byte for byte, if there is one. */
  private suspectAnswer(line: Buffer): Promise<Answer> | undefined {
    return this.suspects.get(line.length)?.find((s) => s.line.equals(line))?.answer;
  }

  /** Resolves `request` with `answer` once it comes; close() waits for it. */
  private settleFrom(answer: Promise<Answer>, request: Request): void {
    const done = answer.then(request.resolve);
    this.asking.add(done);
    void done.finally(() => this.asking.delete(done));
  }

  private start(): void {
    let spare = this.spare;
    this.spare = undefined;
    // One that has exited already (its end not yet read) is no process to take over.
    if (spare?.exited) {
      this.stop(spare);
      spare = undefined;
    }
    if (spare !== undefined) this.cost.takenOver++;
    const pipe = spare ?? this.spawn();
    if (pipe === undefined) {
      // It cannot be started now: each request asked alone says why, in its own answer.
      this.isolate(this.queue.splice(0));
      return;
    }
    this.pipe = pipe;
    this.pump();
  }

  /** Starts a process of the pipeline, its first sync request written; undefined when it cannot be. */
  private spawn(): Pipe | undefined {
    let child: ChildProcessWithoutNullStreams;
    try {
      child = spawnGroup(this.spec);
    } catch {
      return undefined;
    }
    const pipe: Pipe = {
      child,
      reader: new LineReader(this.o.maxOutputBytes),
      inFlight: [],
      lines: [],
      echoed: false,
      waitingDrain: false,
      exited: false,
      stderr: new HeadBuffer(),
    };
    const current = () => this.pipe === pipe;
    let exitSeen = false;
    let cancelGrace = (): void => {};
    const died = (): void => {
      cancelGrace();
      if (current()) for (const w of this.exitWaiters.splice(0)) w();
      if (current() || this.spare === pipe) this.fault(pipe);
    };
    child.on("error", () => {
      exitSeen = true;
      died();
    });
    child.stdout.on("data", (chunk: Buffer) => {
      if (current() || this.spare === pipe) this.onData(pipe, chunk);
    });
    child.stdout.on("close", () => {
      if (exitSeen) died();
    });
    // Only its start is kept, for the first line a report shows if it ends mid-run; an answer asked
    // alone reports its own stderr (./lines-alone.ts).
    child.stderr.on("data", (chunk: Buffer) => pipe.stderr.push(chunk));
    // EPIPE: the command stopped reading. Its end, or the time limit, says what happened.
    child.stdin.on("error", () => {});
    child.stdin.on("drain", () => {
      if (!current()) return;
      pipe.waitingDrain = false;
      this.pump();
    });
    child.on("exit", (code, signal) => {
      exitSeen = true;
      pipe.exited = true;
      pipe.exit = { code, signal };
      // Answers it wrote before exiting may still be in the pipe: drain stdout first, within a bound
      // (a child of the command may hold stdout open forever).
      if (child.stdout.readableEnded || child.stdout.destroyed) died();
      else cancelGrace = afterExitGrace(died);
    });
    // The first sync request: lines before its echo (a banner) answer nothing.
    this.write(pipe, [{ sync: this.nextSync++ }]);
    return pipe;
  }

  /** Pumps once the current burst of requests is queued: requests asked for together go out in one
   * write instead of one syscall each. */
  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  /** Writes every queued request, in segments each closed by a sync request, unless stdin pushes back. */
  private pump(): void {
    const pipe = this.pipe;
    if (pipe === undefined || pipe.waitingDrain || pipe.exited || this.queue.length === 0) return;
    const size = this.framingLosses >= MAX_FRAMING_LOSSES ? 1 : SEGMENT_REQUESTS;
    const items: Item[] = [];
    while (this.queue.length > 0) {
      let n = 0;
      while (n < size && this.queue.length > 0) {
        const next = this.queue[0]!;
        const known = this.suspectAnswer(next.line);
        if (known) {
          this.settleFrom(known, this.queue.shift()!);
          continue;
        }
        // A request asked again goes between two sync requests of its own.
        if (next.single && n > 0) break;
        items.push({ request: this.queue.shift()! });
        n++;
        if (next.single) break;
      }
      if (n > 0) items.push({ sync: this.nextSync++ });
    }
    if (items.length > 0) this.write(pipe, items);
  }

  private write(pipe: Pipe, items: Item[]): void {
    const idle = pipe.inFlight.length === 0;
    pipe.inFlight.push(...items);
    const bufs = items.map((item) => item.request?.line ?? syncRequestLine(item.sync!));
    if (!pipe.child.stdin.write(bufs.length === 1 ? bufs[0]! : Buffer.concat(bufs))) pipe.waitingDrain = true;
    if (idle) this.armTimer(pipe);
  }

  private onData(pipe: Pipe, chunk: Buffer): void {
    const { lines, overflow } = pipe.reader.push(chunk);
    for (const line of lines) {
      const n = syncNumberIn(line);
      if (n !== undefined) {
        const at = pipe.inFlight.findIndex((item) => item.sync === n);
        // Otherwise an echo of a sync request already settled: it answers nothing.
        if (at >= 0) this.settleThrough(pipe, at);
        continue;
      }
      pipe.lines.push(line);
      // Far more lines than it was sent: nothing it says can be attributed any more.
      if (pipe.lines.length > pipe.inFlight.length + SEGMENT_REQUESTS) {
        this.fault(pipe);
        return;
      }
    }
    if (overflow) this.fault(pipe);
    else this.armTimer(pipe);
  }

  /** The sync request at `inFlight[at]` was echoed: the lines since the last echo answer the requests
   * written before it if there is exactly one per request. Otherwise framing was lost: a request
   * alone in its segment is asked alone, the requests of a larger one each in a segment of its own
   * (the process itself is still answering: only the count of lines is in doubt). */
  private settleThrough(pipe: Pipe, at: number): void {
    pipe.echoed = true;
    const items = pipe.inFlight.splice(0, at + 1);
    const lines = pipe.lines.splice(0);
    const requests = items.flatMap((item) => (item.request ? [item.request] : []));
    // A sync request before this one whose echo never came: the count cannot be trusted either.
    const unechoed = items.length - 1 - requests.length;
    if (requests.length === 0) return; // Lines before the first echo (a banner) answer no request.
    if (unechoed === 0 && lines.length === requests.length) {
      for (const [k, request] of requests.entries()) request.resolve(judgeLine(lines[k]!));
      return;
    }
    this.framingLosses++;
    if (requests.length === 1) this.isolate(requests);
    else this.askSingly(requests);
    this.pump();
  }

  /** Asks `requests` again, each in a segment of its own, before anything still queued. */
  private askSingly(requests: Request[]): void {
    for (const r of requests) r.single = true;
    this.queue.unshift(...requests);
  }

  /** The item owed a line must get it within the time limit of becoming owed (or, once every item
   * has its line, the last echo must come within it): every line restarts the clock. */
  private armTimer(pipe: Pipe): void {
    pipe.cancelTimer?.();
    if (pipe.inFlight.length === 0) return;
    const owed = this.owed(pipe);
    pipe.cancelTimer = workDeadline(
      // Before its first echo a process may still be starting: that is no request's time. After it,
      // the request owed a line waits the shorter limit: a shortcut's time-out decides nothing, and
      // any other's only makes it the suspect, confirmed alone within the full limit (fault()).
      owed !== undefined && pipe.echoed ? stallTimeoutMs(this.o.timeoutMs) : this.o.timeoutMs,
      () => pipe.child.pid,
      () => {
        if (this.spare === pipe) this.fault(pipe);
        if (this.pipe !== pipe) return;
        // Every item has a line and no sync request was ever echoed: it answers them with something
        // else, so no count can be confirmed. Without sync requests, every request goes alone.
        if (!pipe.echoed && pipe.lines.length >= pipe.inFlight.length) this.echoes = false;
        this.fault(pipe, true);
      },
    );
  }

  /** The request owed the next line, if a request is. */
  private owed(pipe: Pipe): Request | undefined {
    // Not even the first sync request answered: the first request is the one it is stuck on.
    const silent = !pipe.echoed && pipe.lines.length === 0;
    return silent
      ? pipe.inFlight.find((item) => item.request)?.request
      : pipe.inFlight[pipe.lines.length]?.request;
  }

  /** The process can no longer be trusted (time limit, end, cap, flood). The request owed the line
   * that did not come, and any other already asked again, are asked alone; the rest of what it holds
   * unconfirmed is asked again singly by a new process, which also takes what is still to be sent
   * (a restart, counted, when the process ended by itself). */
  private fault(pipe: Pipe, timedOut = false): void {
    if (pipe === this.spare) {
      // It held no request: it is only not there to take over.
      this.spare = undefined;
      this.stop(pipe);
      return;
    }
    const owed = this.owed(pipe);
    const unconfirmed = pipe.inFlight.flatMap((item) => (item.request ? [item.request] : []));
    const endedByItself = pipe.exited;
    this.stop(pipe);
    if (!this.echoes) {
      this.isolate([...unconfirmed, ...this.queue.splice(0)]);
      return;
    }
    // A shortcut that got no line within its shorter limit: no answer, narrowed by what asked it.
    const dropped = timedOut && pipe.echoed && owed?.shortcut ? owed : undefined;
    dropped?.resolve({
      status: "failed",
      reason: `timed out after ${stallTimeoutMs(this.o.timeoutMs)} ms (a request of several inputs); process group killed`,
    });
    // A time-out with a request owed a line: a program that echoed the sync requests answers in order,
    // so that request is the suspect, and the only one. Every other it held goes on in the pipeline
    // (each in a segment of its own), even one asked again before: each such fault takes its suspect
    // out of the pipeline, so this ends. Any other doubt also sends alone what was asked again before.
    const suspectOnly = timedOut && pipe.echoed && owed !== undefined;
    this.isolate(
      unconfirmed.filter((r) => r !== dropped && (r === owed || (r.single && !suspectOnly))),
      suspectOnly ? owed : undefined,
    );
    this.askSingly(unconfirmed.filter((r) => r !== owed && (!r.single || suspectOnly)));
    if (!this.closed && this.queue.length > 0) {
      if (endedByItself) {
        const { code, signal } = pipe.exit ?? { code: null, signal: null };
        this.restarted({
          exit: signal !== null ? { signal } : { code },
          ...(owed ? { input: owed.input } : {}),
          stderr: firstLine(pipe.stderr.bytes()),
        });
      }
      this.start();
    }
    if (suspectOnly && !this.closed) this.spare ??= this.spawn();
  }

  /** Kills the process and forgets it. */
  private stop(pipe: Pipe): void {
    pipe.cancelTimer?.();
    if (this.pipe === pipe) this.pipe = undefined;
    pipe.inFlight = [];
    pipe.lines = [];
    killGroup(pipe.child);
    pipe.child.stdin.destroy();
    pipe.child.stdout.destroy();
    pipe.child.stderr.destroy();
  }
}

/** A Canonicalizer over the lines protocol. Throws AdapterSetupError when the program cannot be found. */
export function createLinesCanonicalizer(
  o: LinesOptions,
): Canonicalizer & { readonly isolation: IsolationCost } {
  checkLimits(o);
  const session = new LinesSession(prepareSpawn(o), o);
  return {
    label: o.command,
    canonicalize: (input) => session.canonicalize(input),
    canonicalizeBriefly: (input) => session.canonicalize(input, true),
    canonicalizeAlone: (input) => session.canonicalizeAlone(input),
    close: () => session.close(),
    isolation: session.cost,
  };
}
