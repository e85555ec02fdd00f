// Lines-mode requests asked "alone", one at a time: what a request in doubt is asked again as
// (docs/protocol.md, "Isolation on doubt"). A fresh process asked one request at a time, each between
// two sync requests of its own and the next written only once the last is settled, gives every
// request the verdict a process of its own gives it: nothing else is in flight, and its lines are
// counted exactly. So a lane keeps its process from one request to the next, and replaces it only when
// it can no longer be trusted (a time limit, an end, a broken answer): a hang costs its time limit
// once, and a hundred requests in doubt cost a hundred round trips, not a hundred process starts
// (a JVM each).
//
// A request settles as ./lines-alone.ts settles one, by the same rules (its second sync echo, its
// process's end judged by the exit rule, its time limit), with one addition: a process that ends or
// stops answering before it echoes the sync request sent before the request never took the request
// as a line (a program that exits after N requests, `head -n 300 | ./canon`): the request is asked
// again in a fresh process, once, and that is counted as a restart.
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import type { Answer, ProcessEnd } from "../types.js";
import { endedWithoutAnswer, timedOut } from "./exit-rule.js";
import { afterExitGrace, EXIT_GRACE_MS } from "./launch.js";
import { LineReader } from "./line-reader.js";
import { syncNumberIn, syncRequestLine } from "./line-sync.js";
import { judgeLine, wrongLineCount } from "./lines-alone.js";
import { type GroupSpawn, killGroup, spawnGroup } from "./process-group.js";
import { firstLine, HeadBuffer, stderrSuffix } from "./text.js";
import { workDeadline } from "./work-clock.js";

const NO_LINE_EXIT = "exited 0 without answering the request";
const NO_SYNC_ANSWER =
  "answered not even the sync request sent before the request (does it read all of its input before it answers? that is once mode)";

export interface SeriesOptions {
  timeoutMs: number;
  maxOutputBytes: number;
  /** A fresh sync number for each sync request. */
  nextSync: () => number;
  /** Registers a way to end the request early (close()); returns its unregistration. */
  register: (abort: () => void) => () => void;
  /** Told each time a process is started in place of one that ended by itself, with how it ended. */
  onRestart?: (end: ProcessEnd) => void;
  /** Told when an answer came only after the end of its input, given at its time limit. */
  onAnsweredAtEnd?: () => void;
}

/** What one request in one process came to. `untaken`: the process never took it as a line (it ended
 * or stopped before the sync request before it was echoed); `keep`: the process may take the next. */
interface Outcome {
  answer: Answer;
  untaken: boolean;
  keep: boolean;
  /** Its answer came only after the end of its input, given at its time limit: a program that keeps
   * its answers in a buffer until it exits. */
  atEnd?: boolean;
}

/** One process of a lane, asked one request at a time. */
class SeriesProcess {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly reader: LineReader;
  private current: ((lines: Buffer[] | "overflow") => void) | undefined;
  private onEnd: (() => void) | undefined;
  private stderr = new HeadBuffer();
  /** The start of all it wrote on stderr, for the first line a report shows of a crash. */
  private readonly stderrHead = new HeadBuffer();
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  ended = false;
  /** Requests it has settled: 0 while it is fresh. */
  answered = 0;

  constructor(spec: GroupSpawn, maxOutputBytes: number) {
    this.child = spawnGroup(spec);
    this.reader = new LineReader(maxOutputBytes);
    let cancelGrace = (): void => {};
    const end = () => {
      if (this.ended) return;
      this.ended = true;
      cancelGrace();
      this.onEnd?.();
    };
    this.child.on("error", () => {
      this.exit ??= { code: null, signal: null };
      end();
    });
    this.child.stdout.on("data", (chunk: Buffer) => {
      const { lines, overflow } = this.reader.push(chunk);
      this.current?.(overflow ? "overflow" : lines);
    });
    this.child.stdout.on("close", () => {
      if (this.exit !== undefined) end();
    });
    this.child.stderr.on("data", (chunk: Buffer) => {
      this.stderr.push(chunk);
      this.stderrHead.push(chunk);
    });
    this.child.on("exit", (code, signal) => {
      this.exit = { code, signal };
      // Lines it wrote before exiting may still be in the pipe; a child of it may hold stdout open.
      if (this.child.stdout.readableEnded || this.child.stdout.destroyed) end();
      else cancelGrace = afterExitGrace(end);
    });
    // EPIPE: it stopped reading; how it ends says the rest.
    this.child.stdin.on("error", () => {});
  }

  /** Asks `line` between sync requests `a` and `b`, and settles it (the file's comment). */
  ask(line: Buffer, a: number, b: number, o: SeriesOptions): Promise<Outcome> {
    return new Promise((resolve) => {
      this.stderr = new HeadBuffer();
      let started = false;
      let answer: Buffer[] = [];
      let settled = false;
      let inputEnded = false;
      const finish = (given: Outcome): void => {
        if (settled) return;
        settled = true;
        const outcome = inputEnded && given.answer.status !== "failed" ? { ...given, atEnd: true } : given;
        cancelDeadline();
        unregister();
        this.current = undefined;
        this.onEnd = undefined;
        if (outcome.keep) this.answered++;
        resolve(outcome);
      };
      const gone = (ending: Answer): Outcome => {
        // Exactly one line is the answer however the process ended; more is a broken answer.
        if (answer.length === 1) return { answer: judgeLine(answer[0]!), untaken: false, keep: false };
        if (answer.length > 1) return { answer: wrongLineCount(answer), untaken: false, keep: false };
        return { answer: ending, untaken: !started, keep: false };
      };
      const ended = (): void => {
        const exit = this.exit ?? { code: null, signal: null };
        const ending = endedWithoutAnswer(exit.code, exit.signal, this.stderr.bytes(), NO_LINE_EXIT);
        if (!started && ending.status === "rejected") {
          finish(
            gone({
              status: "failed",
              reason: `${NO_SYNC_ANSWER}; then exited with code ${exit.code}${stderrSuffix(this.stderr.bytes())}`,
            }),
          );
        } else finish(gone(ending));
      };
      const unregister = o.register(() =>
        finish({
          answer: { status: "failed", reason: "the run was closed before the command answered" },
          untaken: false,
          keep: false,
        }),
      );
      // At its time limit the request gets what a process of its own would have had from the start:
      // the end of its input (a program that answers only then, or exits then, does so now, within
      // the exit grace), and then it is no answer.
      let grace: NodeJS.Timeout | undefined;
      const cancelTimers = workDeadline(
        o.timeoutMs,
        () => this.child.pid,
        () => {
          inputEnded = true;
          this.child.stdin.end();
          grace = setTimeout(() => finish(gone(timedOut(o.timeoutMs, this.stderr.bytes()))), EXIT_GRACE_MS);
        },
      );
      const cancelDeadline = () => {
        cancelTimers();
        clearTimeout(grace);
      };
      this.current = (lines) => {
        if (lines === "overflow") {
          answer = [];
          finish({
            answer: {
              status: "failed",
              reason: `answer line passed the cap of ${o.maxOutputBytes} bytes; process group killed`,
            },
            untaken: false,
            keep: false,
          });
          return;
        }
        for (const l of lines) {
          const n = syncNumberIn(l);
          if (n === a) {
            // Whatever came before the first echo (a banner) answers nothing.
            started = true;
            answer = [];
          } else if (n === b) {
            if (answer.length === 1) finish({ answer: judgeLine(answer[0]!), untaken: false, keep: true });
            else finish({ answer: wrongLineCount(answer), untaken: false, keep: false });
            return;
          } else if (started) answer.push(l);
          // Lines before the first echo, or echoes of older sync requests: nothing of this request's.
        }
      };
      this.onEnd = ended;
      if (this.ended) {
        ended();
        return;
      }
      this.child.stdin.write(Buffer.concat([syncRequestLine(a), line, syncRequestLine(b)]));
    });
  }

  /** How it ended, once it has: its exit, `input` (the request it owed), its stderr's first line. */
  end(input: Uint8Array | undefined): ProcessEnd {
    const { code, signal } = this.exit ?? { code: null, signal: null };
    return {
      exit: signal !== null ? { signal } : { code },
      ...(input ? { input } : {}),
      stderr: firstLine(this.stderrHead.bytes()),
    };
  }

  stop(): void {
    this.current = undefined;
    this.onEnd = undefined;
    killGroup(this.child);
    this.child.stdin.destroy();
    this.child.stdout.destroy();
    this.child.stderr.destroy();
  }
}

/** One lane of requests asked one at a time, in a process kept while it can be trusted. */
export class SeriesLane {
  private process: SeriesProcess | undefined;
  /** Its process ended by itself after taking requests, so: the next one started is a restart. */
  private restarted: ProcessEnd | undefined;

  constructor(
    private readonly spec: GroupSpawn,
    private readonly o: SeriesOptions,
  ) {}

  /** Asks `line` (a request line, LF included; `input` is what the caller asked) one at a time; see
   * the file's comment. */
  async ask(line: Buffer, input: Uint8Array): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      let p = this.process;
      if (p === undefined && this.restarted) this.o.onRestart?.(this.restarted);
      this.restarted = undefined;
      if (p === undefined || p.ended) {
        p?.stop();
        try {
          p = new SeriesProcess(this.spec, this.o.maxOutputBytes);
        } catch (e) {
          this.process = undefined;
          return { status: "failed", reason: `could not start ${this.spec.argv0}: ${(e as Error).message}` };
        }
        this.process = p;
      }
      const fresh = p.answered === 0;
      const outcome = await p.ask(line, this.o.nextSync(), this.o.nextSync(), this.o);
      if (!outcome.keep) {
        // One that took requests and then ended by itself is replaced for the next: a restart.
        // Untaken, it ended on the sync request before this one.
        if (p.ended && (outcome.untaken ? p.answered > 0 : true) && p.exit?.signal == null)
          this.restarted = p.end(outcome.untaken ? undefined : input);
        p.stop();
        this.process = undefined;
      }
      // A process that had taken other requests ended before it took this one: this one was never
      // asked. A fresh process's refusal to take it is its answer.
      if (outcome.untaken && !fresh && attempt === 0) continue;
      if (outcome.atEnd) this.o.onAnsweredAtEnd?.();
      return outcome.answer;
    }
  }

  stop(): void {
    this.process?.stop();
    this.process = undefined;
  }
}
