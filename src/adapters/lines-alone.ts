// A lines-mode request asked alone: a fresh process of the command, sent a sync request, the request
// and another sync request, then end of input; nothing else is in flight in it. This is what a
// request whose pipelined answer is in doubt (missing, late, framing lost, the process gone) is asked
// again as, and its answer is the request's verdict (docs/protocol.md, "Isolation on doubt").
//
// The lines after the first sync echo answer the request. The request settles at the first of: the
// second sync echo, the process's end (stdout closed, or EXIT_GRACE_MS after its exit), its time
// limit. Then exactly one line is its answer; more are a broken answer; none is judged by how it
// ended: a second echo means it skipped the request, an exit or signal follows the rule once mode
// follows (./exit-rule.ts), and the time limit is no answer. Without sync requests (a command that
// does not echo them) only the request is sent, and every line counts.
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { writeLinesCountReason, writeNotUtf8Reason } from "../text-forms/index.js";
import type { Answer } from "../types.js";
import { endedWithoutAnswer, timedOut } from "./exit-rule.js";
import { afterExitGrace } from "./launch.js";
import { LineReader } from "./line-reader.js";
import { syncNumberIn, syncRequestLine } from "./line-sync.js";
import { type GroupSpawn, killGroup, spawnGroup } from "./process-group.js";
import { HeadBuffer, oneLine, stderrSuffix, utf8Problem } from "./text.js";
import { workDeadline } from "./work-clock.js";

const BANG = 0x21;
const NO_LINE_EXIT = "exited 0 without answering the request";
const NO_SYNC_ANSWER =
  "answered not even the sync request sent before the request (does it read all of its input before it answers? that is once mode)";

/** One line of stdout as an answer: the canonical text, `!reason`, or a line that is neither. */
export function judgeLine(line: Buffer): Answer {
  if (line.length > 0 && line[0] === BANG) {
    const reason = oneLine(line.subarray(1));
    return { status: "rejected", reason: reason === "" ? "rejected (no reason given)" : reason };
  }
  if (line.length === 0) return { status: "failed", reason: "answered an empty line" };
  const problem = utf8Problem(line);
  if (problem !== undefined) return { status: "failed", reason: writeNotUtf8Reason(problem) };
  return { status: "canonical", output: line };
}

/** A request that answered with `lines.length` lines, not one. */
export function wrongLineCount(lines: Buffer[]): Answer {
  if (lines.length === 0) {
    return {
      status: "failed",
      reason: "answered no line: the command went on to the next request without answering this one",
    };
  }
  const shown = lines.slice(0, 2).map((l) => oneLine(l, 60));
  return { status: "failed", reason: writeLinesCountReason(lines.length, shown) };
}

export interface AloneOptions {
  timeoutMs: number;
  maxOutputBytes: number;
  /** The numbers of the two sync requests around the request; absent: none are sent. */
  syncs?: [number, number];
  /** Registers a way to end the request early (close()); returns its unregistration. */
  register: (abort: () => void) => () => void;
}

/** Asks `line` (a request line, LF included) of a fresh process of `spec`, alone. */
export function askAlone(spec: GroupSpawn, line: Buffer, o: AloneOptions): Promise<Answer> {
  return new Promise((resolve) => {
    let child: ChildProcessWithoutNullStreams;
    try {
      child = spawnGroup(spec);
    } catch (e) {
      resolve({ status: "failed", reason: `could not start ${spec.argv0}: ${(e as Error).message}` });
      return;
    }
    const reader = new LineReader(o.maxOutputBytes);
    const stderr = new HeadBuffer();
    /** Lines after the first sync echo (every line, without sync requests). */
    let answer: Buffer[] = [];
    let started = o.syncs === undefined;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    let cancelGrace = (): void => {};
    let settled = false;

    const finish = (ending: Answer): void => {
      if (settled) return;
      settled = true;
      cancelDeadline();
      cancelGrace();
      unregister();
      killGroup(child);
      child.stdin.destroy();
      child.stdout.destroy();
      child.stderr.destroy();
      // Exactly one line is the answer however the process ended; more is a broken answer.
      if (answer.length === 1) resolve(judgeLine(answer[0]!));
      else if (answer.length > 1) resolve(wrongLineCount(answer));
      else resolve(ending);
    };
    const ended = (): void => {
      if (exit === undefined) return;
      const ending = endedWithoutAnswer(exit.code, exit.signal, stderr.bytes(), NO_LINE_EXIT);
      // It ended without answering even the sync request sent before the request: it never took
      // the request as a line (a command that reads all of its input first is a once-mode command).
      if (!started && ending.status === "rejected") {
        finish({
          status: "failed",
          reason: `${NO_SYNC_ANSWER}; then exited with code ${exit.code}${stderrSuffix(stderr.bytes())}`,
        });
      } else {
        finish(ending);
      }
    };
    const unregister = o.register(() =>
      finish({ status: "failed", reason: "the run was closed before the command answered" }),
    );
    const cancelDeadline = workDeadline(
      o.timeoutMs,
      () => child.pid,
      () => finish(timedOut(o.timeoutMs, stderr.bytes())),
    );

    child.on("error", (e) => {
      answer = [];
      finish({ status: "failed", reason: `could not start ${spec.argv0}: ${e.message}` });
    });
    child.stdout.on("data", (chunk: Buffer) => {
      if (settled) return;
      const { lines, overflow } = reader.push(chunk);
      for (const l of lines) {
        const n = o.syncs === undefined ? undefined : syncNumberIn(l);
        if (n !== undefined && n === o.syncs?.[0]) {
          // Whatever came before the first echo (a banner) answers nothing.
          started = true;
          answer = [];
        } else if (n !== undefined && n === o.syncs?.[1]) {
          finish(wrongLineCount([]));
          return;
        } else if (started) {
          answer.push(l);
        }
      }
      if (overflow) {
        answer = [];
        finish({
          status: "failed",
          reason: `answer line passed the cap of ${o.maxOutputBytes} bytes; process group killed`,
        });
      }
    });
    child.stdout.on("close", ended);
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("exit", (code, signal) => {
      exit = { code, signal };
      // Lines it wrote before exiting may still be in the pipe; a child of it may hold stdout open.
      if (child.stdout.readableEnded || child.stdout.destroyed) ended();
      else cancelGrace = afterExitGrace(ended);
    });
    // EPIPE: it stopped reading; how it ends says the rest.
    child.stdin.on("error", () => {});
    const [a, b] = o.syncs ?? [];
    child.stdin.end(
      a === undefined || b === undefined
        ? line
        : Buffer.concat([syncRequestLine(a), line, syncRequestLine(b)]),
    );
  });
}
