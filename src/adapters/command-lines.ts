// The `lines` protocol (DESIGN.md, docs/protocol.md): one long-lived process; each request is one line
// on its stdin, each answer one line on its stdout, in order: the canonical text, or `!reason`.
//
// Requests are pipelined: each is written as soon as it is asked for (respecting stdin backpressure),
// and stdout is read continuously, so no answer size can deadlock the two pipes. Framing is checked
// with sync requests (./line-sync.ts): the process is sent one when it starts and one after every
// SEGMENT_REQUESTS requests, and a request's answer counts only once the sync request after it has
// been echoed with exactly one line per request in between. So:
//   - framing lost in a segment (a line too many, as a raw LF inside an answer makes, or one too few):
//     its requests are asked again, each between two sync requests of its own, where its lines can
//     be counted exactly; only the one that answers with other than one line fails, saying how many.
//     The session then goes on pipelining; after MAX_FRAMING_LOSSES every request is sent that way;
//   - lines before the first sync echo (a banner) answer nothing and are skipped;
//   - the oldest request still owed a line times out, or the command exits, or a line passes the
//     output cap: the process group is killed, the command restarts and what is pending is sent
//     again. The request owed the line fails; if lines before it were not yet confirmed, those are
//     asked again first, and its failure stands only if each of them answers with exactly one line;
//   - more than MAX_RESTARTS restarts in a row without one answer: everything pending and everything
//     asked later fails with the last reason, instead of restarting forever.
// A command that does not echo the sync request is run without it, as before sync requests existed:
// answers count as they arrive, a line that arrives with nothing pending is framing lost, and the
// requests whose answers arrived with it are asked again alone, each with a quiet period.
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import type { Answer, Canonicalizer } from "../types.js";
import { type CommandOptions, EXIT_GRACE_MS, prepareSpawn } from "./launch.js";
import { checkLimits } from "./limits.js";
import { encodeRequestLine } from "./line-framing.js";
import { syncNumberIn, syncRequestLine } from "./line-sync.js";
import { type GroupSpawn, killGroup, spawnGroup } from "./process-group.js";
import { oneLine, stderrSuffix, TailBuffer, utf8Problem } from "./text.js";

/** Restarts in a row, with no answer in between, before the session gives up. */
export const MAX_RESTARTS = 5;
/** Requests between two sync requests while pipelining: what one framing loss asks again. */
export const SEGMENT_REQUESTS = 64;
/** Framing losses after which every further request is sent between sync requests of its own. */
export const MAX_FRAMING_LOSSES = 8;
/** Once every request before a sync request has a line, how long its echo may take before the
 * command is taken not to echo sync requests at all. */
export const SYNC_ECHO_WAIT_MS = 1000;
/** Without sync requests, how long the output must stay quiet before a request sent alone counts. */
export const LOCKSTEP_QUIET_MS = 50;

const LF = 0x0a;
const CR = 0x0d;
const BANG = 0x21;

interface Request {
  line: Buffer;
  resolve: (answer: Answer) => void;
  /** Send it where nothing else can interfere: between two sync requests, or alone with a quiet period. */
  alone: boolean;
  /** A failure given by count; it stands only if the requests asked again before it each answer one line. */
  provisional?: Answer;
}

/** What the current process has been sent and owes lines for: a request or a sync request. */
type Item = { request: Request; sync?: undefined } | { request?: undefined; sync: number };

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

/** A request that answered with `lines.length` lines, counted between two sync echoes, not one. */
function wrongLineCount(lines: Buffer[]): Answer {
  if (lines.length === 0) {
    return {
      status: "failed",
      reason: "answered no line: the command went on to the next request without answering this one",
    };
  }
  const shown = lines.slice(0, 2).map((l) => JSON.stringify(oneLine(l, 60)));
  return {
    status: "failed",
    reason:
      `answered with ${lines.length} lines instead of one (a raw line feed inside the answer, or a ` +
      `print to stdout that belongs on stderr?): ${shown.join(" then ")}${lines.length > 2 ? " ..." : ""}`,
  };
}

class LinesSession {
  /** Asked for and not yet written to the current process, oldest first. */
  private readonly queue: Request[] = [];
  /** Written to the current process and not yet settled, in order. */
  private inFlight: Item[] = [];
  /** With sync requests: the lines read since the last sync echo, not yet attributed. */
  private lines: Buffer[] = [];
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
  private timedHead: Item | undefined;
  private echoTimer: NodeJS.Timeout | undefined;
  private restartsWithoutAnswer = 0;
  /** Sync requests are in use: until the command shows it does not echo them. */
  private syncing = true;
  private nextSync = 0;
  /** The sync request the current process was sent first, and whether it is still to be written. */
  private startSync = -1;
  private startSyncDue = false;
  private framingLosses = 0;
  /** Every request from now on is sent alone (after MAX_FRAMING_LOSSES). */
  private aloneForever = false;
  /** Since the last provisional failure, every request asked again answered with exactly one line. */
  private cleanSinceFault = true;
  /** Without sync requests: the answer of a request sent alone, waiting out the quiet period. */
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
      this.queue.push({ line: encodeRequestLine(input), resolve, alone: false });
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
    this.waitingDrain = false;
    this.childExited = false;
    this.partial = [];
    this.partialSize = 0;
    this.stderr.clear();
    this.startSyncDue = this.syncing;
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
   * one segment release many callers at once) go out in one write instead of one syscall each. */
  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  /** Writes what can be written now, in one write, unless stdin is pushing back (then on 'drain'). */
  private pump(): void {
    const child = this.child;
    if (child === undefined || this.waitingDrain || this.childExited) return;
    const items: Item[] = [];
    const bufs: Buffer[] = [];
    const send = (item: Item): void => {
      items.push(item);
      bufs.push(item.request?.line ?? syncRequestLine(item.sync!));
    };
    const sync = (): void => send({ sync: this.nextSync++ });
    if (this.startSyncDue) {
      this.startSyncDue = false;
      this.startSync = this.nextSync;
      sync();
    }
    // Without sync requests, nothing goes out behind a request sent alone until its answer counts.
    if (!this.syncing && (this.held !== undefined || this.inFlight.some((i) => i.request?.alone))) return;
    const busy = (): boolean =>
      this.held !== undefined || items.some((i) => i.request) || this.inFlight.some((i) => i.request);
    while (this.queue.length > 0) {
      const head = this.queue[0]!;
      if (head.provisional !== undefined) {
        // Decided once the requests asked again before it are settled.
        if (busy()) break;
        this.queue.shift();
        if (this.cleanSinceFault) {
          head.resolve(head.provisional);
          continue;
        }
        head.provisional = undefined;
        head.alone = true;
        this.queue.unshift(head);
      }
      const alone = head.alone || this.aloneForever;
      if (!this.syncing) {
        // Without sync requests a request sent alone goes out with nothing else in flight.
        if (alone && busy()) break;
        send({ request: this.queue.shift()! });
        if (alone) break;
        continue;
      }
      send({ request: this.queue.shift()! });
      if (!alone) {
        for (let n = 1; n < SEGMENT_REQUESTS; n++) {
          const next = this.queue[0];
          if (next === undefined || next.alone || next.provisional !== undefined) break;
          send({ request: this.queue.shift()! });
        }
      }
      sync();
    }
    if (bufs.length === 0) return;
    this.inFlight.push(...items);
    if (!child.stdin.write(bufs.length === 1 ? bufs[0]! : Buffer.concat(bufs))) this.waitingDrain = true;
    this.armEchoWait();
    this.armHeadTimer();
  }

  private onData(chunk: Buffer): void {
    const lines: Buffer[] = [];
    let overflow = false;
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
        overflow = true;
        break;
      }
      lines.push(line);
    }
    if (!overflow && start < chunk.length) {
      this.partial.push(chunk.subarray(start));
      this.partialSize += chunk.length - start;
      overflow = this.partialSize > this.o.maxOutputBytes;
    }
    const generation = this.generation;
    if (this.syncing) {
      for (const line of lines) {
        this.onSyncedLine(line);
        if (generation !== this.generation) return;
      }
    } else {
      this.onPlainLines(lines);
      if (generation !== this.generation) return;
    }
    if (overflow) {
      const reason = `answer line passed the cap of ${this.o.maxOutputBytes} bytes`;
      this.fault(`${reason}; command restarted`, reason);
    }
  }

  /** With sync requests: a sync echo settles everything written before it; other lines wait for one. */
  private onSyncedLine(line: Buffer): void {
    const n = syncNumberIn(line);
    if (n !== undefined) {
      const at = this.inFlight.findIndex((item) => item.sync === n);
      // Otherwise it echoes a sync request already settled once more: no answer to anything.
      if (at >= 0) this.settleThrough(at);
      return;
    }
    this.lines.push(line);
    this.restartsWithoutAnswer = 0;
    if (this.lines.length > this.inFlight.length + SEGMENT_REQUESTS) {
      // Far more lines than it was asked for: nothing it says can be attributed any more.
      this.fault(undefined, "the command printed far more lines than it was sent requests");
      return;
    }
    this.armEchoWait();
    this.armHeadTimer();
  }

  /** The sync request at `inFlight[at]` was echoed: the lines since the last echo answer the requests
   * written before it, if there is exactly one per request. */
  private settleThrough(at: number): void {
    const items = this.inFlight.splice(0, at + 1);
    const lines = this.lines.splice(0);
    clearTimeout(this.echoTimer);
    const requests = items.flatMap((i) => (i.request ? [i.request] : []));
    // Sync requests before this one whose echo never came: the count cannot be trusted either.
    const unechoed = items.length - 1 - requests.length;
    if (requests.length === 0) {
      // Lines before the first echo (a banner) answer no request.
    } else if (unechoed === 0 && lines.length === requests.length) {
      for (const [k, r] of requests.entries()) r.resolve(judgeLine(lines[k]!));
    } else if (unechoed === 0 && requests.length === 1) {
      // Between two echoes of its own: its lines are counted exactly.
      this.cleanSinceFault = false;
      if (!requests[0]!.alone) this.countFramingLoss();
      requests[0]!.resolve(wrongLineCount(lines));
    } else {
      this.cleanSinceFault = false;
      this.countFramingLoss();
      for (const r of requests) r.alone = true;
      this.queue.unshift(...requests);
    }
    this.armHeadTimer();
    this.pump();
  }

  private countFramingLoss(): void {
    if (++this.framingLosses >= MAX_FRAMING_LOSSES) this.aloneForever = true;
  }

  /** Every item written has a line, but the sync echo has not come: wait a while for it. */
  private armEchoWait(): void {
    clearTimeout(this.echoTimer);
    if (!this.syncing || this.inFlight.length === 0 || this.lines.length < this.inFlight.length) return;
    this.echoTimer = setTimeout(() => {
      if (this.inFlight.length === 0 || this.lines.length < this.inFlight.length) return;
      if (this.lines.length > this.inFlight.length) {
        // More lines than it was sent, and no echo to tell them apart: ask each again alone.
        this.syncing = false;
        this.cleanSinceFault = false;
        this.countFramingLoss();
        for (const item of this.inFlight) if (item.request) item.request.alone = true;
        this.restart("framing lost: the command printed more lines than it was sent requests");
        return;
      }
      this.stopSyncing();
      this.pump();
      this.armHeadTimer();
    }, SYNC_ECHO_WAIT_MS);
  }

  /** The command does not echo sync requests: settle what has lines by count, and go on without them. */
  private stopSyncing(): void {
    this.syncing = false;
    clearTimeout(this.echoTimer);
    const settled = Math.min(this.lines.length, this.inFlight.length);
    const items = this.inFlight.splice(0, settled);
    const lines = this.lines.splice(0, settled);
    for (const [k, item] of items.entries()) item.request?.resolve(judgeLine(lines[k]!));
    this.lines = [];
    // Lines that come for sync requests still in flight are recognized and skipped, if echoed at all.
    this.inFlight = this.inFlight.filter((i) => i.request);
  }

  /** Without sync requests: each line answers the oldest request in flight, as it arrives. */
  private onPlainLines(lines: Buffer[]): void {
    const answered: { request: Request; answer: Answer }[] = [];
    let stray = false;
    for (const line of lines) {
      // A late echo of a sync request sent before they were given up: no answer to anything.
      if (syncNumberIn(line) !== undefined) continue;
      if (this.held !== undefined || this.inFlight.length === 0) {
        stray = true;
        break;
      }
      answered.push({ request: this.inFlight.shift()!.request!, answer: judgeLine(line) });
    }
    if (stray) {
      const reason = "framing lost: the command printed a line with no request waiting for it";
      // A request sent alone is the only one in flight: the extra line is its own.
      let owner: Request | undefined;
      if (this.held !== undefined) {
        clearTimeout(this.held.timer);
        owner = this.held.request;
        this.held = undefined;
      } else if (answered.length === 1 && (answered[0]!.request.alone || this.aloneForever)) {
        owner = answered.pop()!.request;
      }
      if (owner !== undefined) {
        this.cleanSinceFault = false;
        owner.resolve({
          status: "failed",
          reason:
            "answered with more than one line (a raw line feed inside the answer, or a print to stdout " +
            "that belongs on stderr?); command restarted",
        });
      }
      // Any of the answers read with it may be a neighbour's: ask each again alone.
      const suspects = answered.map((a) => a.request);
      if (suspects.length > 0) {
        this.cleanSinceFault = false;
        this.countFramingLoss();
        for (const r of suspects) r.alone = true;
        this.queue.unshift(...suspects);
      }
      this.restart(reason);
      return;
    }
    if (answered.length === 0) return;
    this.restartsWithoutAnswer = 0;
    const last = answered[answered.length - 1]!;
    if (last.request.alone || this.aloneForever) {
      // Sent alone, so the only one in flight: its answer counts once the output stays quiet.
      const timer = setTimeout(() => {
        this.held = undefined;
        last.request.resolve(last.answer);
        this.pump();
        this.armHeadTimer();
      }, LOCKSTEP_QUIET_MS);
      this.held = { ...last, timer };
      this.armHeadTimer();
      return;
    }
    for (const a of answered) a.request.resolve(a.answer);
    this.armHeadTimer();
    this.pump();
  }

  /** The item the command owes the next line: with sync requests by count since the last echo. */
  private owed(): Item | undefined {
    if (this.syncing) return this.inFlight[this.lines.length];
    return this.held === undefined ? this.inFlight[0] : undefined;
  }

  /** The owed item's time limit runs from when it became the one owed. */
  private armHeadTimer(): void {
    const head = this.owed();
    if (head === this.timedHead) return;
    clearTimeout(this.headTimer);
    this.timedHead = head;
    if (head === undefined) return;
    this.headTimer = setTimeout(() => {
      if (this.owed() !== head) return;
      const reason = `no answer within ${this.o.timeoutMs} ms`;
      this.fault(
        `${reason}; process group killed and command restarted${stderrSuffix(this.stderr.bytes())}`,
        reason,
      );
    }, this.o.timeoutMs);
  }

  /**
   * The owed line did not come (time limit, exit) or was too long: settles whom that fails, then
   * restarts the command for the rest. `failure` is the reason the request owed the line gets;
   * undefined when no request can be blamed, and everything in flight is asked again alone.
   */
  private fault(failure: string | undefined, restartReason: string): void {
    const failed = (reason: string): Answer => ({ status: "failed", reason });
    this.cleanSinceFault = false;
    if (!this.syncing) {
      if (this.held !== undefined) {
        // Its answer arrived before the fault: it stands.
        clearTimeout(this.held.timer);
        this.held.request.resolve(this.held.answer);
        this.held = undefined;
      }
      const head = failure === undefined ? undefined : this.inFlight.shift();
      head?.request?.resolve(failed(failure!));
      this.restart(restartReason);
      return;
    }
    const at = this.lines.length;
    const head = failure === undefined ? undefined : this.inFlight[at];
    if (head === undefined) {
      for (const item of this.inFlight) if (item.request) item.request.alone = true;
    } else if (head.sync === this.startSync) {
      // Nothing at all since the command started: the first request it was sent fails.
      const first = this.inFlight.findIndex((i) => i.request);
      const request = first >= 0 ? this.inFlight.splice(first, 1)[0]!.request! : this.queue.shift();
      request?.resolve(failed(failure!));
    } else if (head.sync !== undefined) {
      // It answered every request before a sync request, but not that: go on without them.
      this.stopSyncing();
    } else if (at === 0) {
      // Nothing since the last echo: it is certainly the one owed the line.
      this.inFlight.shift();
      head.request.resolve(failed(failure!));
    } else {
      // The lines before it are unconfirmed, so is the count: those are asked again alone first.
      for (const item of this.inFlight.slice(0, at)) if (item.request) item.request.alone = true;
      head.request.provisional = failed(failure!);
      this.cleanSinceFault = true;
    }
    this.restart(restartReason);
  }

  /** The process died by itself (or never started). */
  private onDeath(status: string): void {
    const why = `the command ${status}${stderrSuffix(this.stderr.bytes())}`;
    const owesLine = this.syncing ? this.lines.length < this.inFlight.length : this.inFlight.length > 0;
    if (owesLine) {
      this.fault(`${why} while this request was pending; command restarted`, why);
      return;
    }
    if (this.syncing && this.inFlight.length > 0) this.stopSyncing();
    if (this.held !== undefined) {
      // Its answer arrived before the exit: it stands.
      clearTimeout(this.held.timer);
      this.held.request.resolve(this.held.answer);
      this.held = undefined;
    }
    // Exited with nothing outstanding: allowed. Requests that came meanwhile go to a new process.
    this.stop();
    if (this.queue.length > 0) this.restart(why);
    else this.armHeadTimer();
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
    if (this.queue.length > 0) this.start();
    this.armHeadTimer();
  }

  /** Kills the current process; the requests it was sent go back to the front of the queue. */
  private stop(): void {
    this.generation++;
    const child = this.child;
    this.child = undefined;
    this.queue.unshift(...this.inFlight.flatMap((i) => (i.request ? [i.request] : [])));
    this.inFlight = [];
    this.lines = [];
    clearTimeout(this.echoTimer);
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
    for (const item of this.inFlight.splice(0)) item.request?.resolve({ status: "failed", reason });
    for (const r of this.queue.splice(0)) r.resolve({ status: "failed", reason });
    this.lines = [];
    clearTimeout(this.echoTimer);
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
