// The run's second step: the implementation asked, every case judged. Every process of the command
// adapters starts through the run's sandbox, which is closed (leftovers killed, scratch removed) when
// the run ends, and also if this process exits or is interrupted first. A command that cannot answer
// at all (the wrong protocol, the wrong command) is a run that could not start, told before a case is
// judged. A misbehaving implementation fails cases, never the run.
import { existsSync } from "node:fs";
import { atExitOrInterrupt, backslashNote, casesForLines, createCanonicalizer } from "../adapters/index.js";
import { ask } from "../ask.js";
import { type Batching, kindMayBatch, startBatches } from "../batch/index.js";
import { probeImplementation } from "../checks/probe.js";
import { runCases } from "../checks/run-cases.js";
import { INPUT_LIMIT, showBytes } from "../checks/show.js";
import { compareImplementations, corpusInputCount, corpusInputs } from "../compare/index.js";
import type { CompareReport } from "../compare/types.js";
import { plannedRequests } from "../corpus/index.js";
import { nfcReference } from "../jcs/canonicalizer.js";
import { DEFAULT_COMPARE_RUNS } from "../options/index.js";
import { openSandbox, type SandboxSession, type SandboxStatus } from "../sandbox/index.js";
import { recordCaseName } from "../text-forms/index.js";
import type { Answer, Canonicalizer, CaseResult, CorpusCase, ProcessEnd, Progress } from "../types.js";
import type { CrashUsed, ExitStatus, ProtocolUsed, RestartsUsed } from "../view/protocol.js";
import { boundCanonicalizer, runBoundMs } from "./bound.js";
import { type RunPlan, RunSetupError, type Transport } from "./plan.js";
import { type RequestCases, requestCases } from "./request-cases.js";

export interface Judged {
  results: CaseResult[];
  sandbox: SandboxStatus;
  /** How the implementation was spoken to, and what lines mode sent in place of a stored input. */
  protocol: ProtocolUsed;
  /** The differential run, going on while the record is sealed and written (it never rejects). */
  comparing?: Promise<{ ok: true; value: CompareReport } | { ok: false; error: unknown }>;
  /** Ends every process of the run and its sandbox; after the differential run, if there is one. */
  close(): Promise<void>;
}

/** Judges every case of the plan; see the file's comment. Throws SetupError before the first case. */
export async function judgeRun(plan: RunPlan): Promise<Judged> {
  const { options } = plan;
  const sandbox = openRunSandbox(plan);
  const unhook = atExitOrInterrupt(() => sandbox.close());
  options.onSandbox?.(sandbox.status);
  const open: Canonicalizer[] = [];
  const close = async () => {
    await Promise.allSettled(open.map((c) => c.close()));
    unhook();
    sandbox.close();
  };
  try {
    const given = {
      write: adapter(plan, "write", sandbox),
      read: options.readCommand || options.readUrl ? adapter(plan, "read", sandbox) : undefined,
      other: options.compareCommand ? adapter(plan, "compare", sandbox) : undefined,
    };
    for (const impl of [given.write, given.read, given.other]) if (impl) open.push(impl);
    const sides: [Canonicalizer, Transport, Side][] = [[given.write, plan.transport.write, "write"]];
    if (given.read) sides.push([given.read, plan.transport.read, "read"]);
    if (given.other) sides.push([given.other, options.compareProtocol ?? options.protocol, "compare"]);
    for (const [impl, transport, side] of sides) await probe(plan, impl, transport, side, sandbox);

    // Lines mode sends each stored case in a form it carries faithfully, or marks it not run.
    const cases = plan.transport.write === "lines" ? casesForLines(plan.corpus.cases) : plan.corpus.cases;
    // From here every side answers within the run's bound (./bound.ts), whatever it does; the
    // differential run within one of its own, from its own inputs.
    const bounded = (impl: Canonicalizer, requests: number, transport: Transport) => {
      const boundMs = runBoundMs({
        requests,
        timeoutMs: options.timeoutMs,
        jobs: transport === "lines" ? 1 : options.jobs,
      });
      return boundCanonicalizer(impl, Date.now() + boundMs, boundMs);
    };
    const planned = cases.reduce((n, c) => n + plannedRequests(c), 0);
    const write = bounded(given.write, planned, plan.transport.write);
    const read = given.read ? bounded(given.read, planned, plan.transport.read) : write;
    const compareInputs = corpusInputCount(plan.corpus.cases, { numbers: true });
    const compareRuns = options.compareRuns ?? DEFAULT_COMPARE_RUNS;
    const other = given.other
      ? bounded(given.other, compareInputs + compareRuns, options.compareProtocol ?? options.protocol)
      : undefined;
    // Closed with the run, each stopping its bound's clock.
    for (const impl of [write, read, other]) if (impl) open.push(impl);
    const protocol = protocolUsed(plan.transport.write, plan.corpus.cases, cases);
    const counter = progressOf(plan, cases, write);
    // Once mode's batches (src/batch): the checks then ask a Canonicalizer that answers confirmed
    // inputs without a process. Every process of the command is counted against the plan.
    let asked: { write: Canonicalizer; read: Canonicalizer } = { write, read };
    let batching: Batching | undefined;
    if (batchesApply(plan)) {
      const metered = {
        write: counter.metered(write),
        read: read === write ? undefined : counter.metered(read),
      };
      batching = startBatches(metered.write, cases, {
        profile: options.profile,
        readIsWrite: read === write,
        ...(options.onceBatchSeed ? { sampleSeed: options.onceBatchSeed } : {}),
        onPlan: (report) => {
          counter.plan(report.planned);
          options.onBatches?.(report);
        },
      });
      asked = { write: batching.canonicalizer, read: metered.read ?? batching.canonicalizer };
    }
    // Lines mode: each request remembers its case, so that a command's crash names the case it died on.
    const senders = plan.transport.write === "lines" ? requestCases() : undefined;
    const counted = senders ? senders.wrap(counter.counted(asked.write)) : counter.counted(asked.write);
    // With batches, the cases none of whose requests can travel in one are judged first, their
    // processes beside the listing and the batches; the results keep the corpus's order.
    const order = cases.map((_, k) => k);
    if (batching) {
      const late = (k: number) => Number(kindMayBatch(cases[k]!.kind));
      order.sort((x, y) => late(x) - late(y) || x - y);
    }
    const judgedInOrder = await runCases(
      order.map((k) => cases[k]!),
      // With no read side of its own, I4's read side is the very same Canonicalizer (CheckContext).
      {
        write: counted,
        read: asked.read === asked.write ? counted : counter.counted(asked.read),
        ...(batching ? { nested: batching.nested } : {}),
      },
      {
        concurrency: inFlight(plan),
        onStart: counter.started,
        onResult: counter.judged,
        ...(senders ? { around: senders.around } : {}),
      },
    );
    const results: CaseResult[] = new Array(cases.length);
    order.forEach((k, at) => {
      results[k] = judgedInOrder[at]!;
    });
    const restarts = senders ? restartsOf(write, senders) : undefined;
    if (restarts) protocol.restarts = restarts;
    if (batching) {
      const { off, ...done } = await batching.done;
      protocol.batches = { ...done, started: counter.processes(), ...(off === undefined ? {} : { off }) };
    }

    // The differential run goes on while the record is written: the record does not wait for it.
    const comparing = other
      ? settle(
          compareImplementations({
            a: write,
            b: other,
            inputs: corpusInputs(plan.corpus.cases, { numbers: true }),
            inputCount: compareInputs,
            generated: { seed: options.seed, runs: compareRuns },
            concurrency: inFlight(plan),
            // Under the nfc profile the reference a store is held to is "RFC 8785 after NFC".
            ...(options.profile === "nfc" ? { reference: nfcReference("reference (nfc)") } : {}),
            ...(options.onCompareProgress ? { onProgress: options.onCompareProgress } : {}),
          }),
        )
      : undefined;
    return { results, sandbox: sandbox.status, protocol, ...(comparing ? { comparing } : {}), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The run's sandbox (docs/sandbox.md); a setup problem is a SandboxSetupError. */
function openRunSandbox(plan: RunPlan): SandboxSession {
  const { options } = plan;
  return openSandbox({
    ...options.sandbox,
    ...options.sandboxPaths,
    env: plan.env,
    cwd: plan.workingDirectory,
    ...(plan.out ? { outDir: plan.out.path } : {}),
  });
}

type Side = "write" | "read" | "compare";

/** A side's command line, when it is reached through one (not a URL, not the caller's in-process one). */
function commandOf(plan: RunPlan, side: Side): string | undefined {
  const { options } = plan;
  if (side === "write") return options.implementation || options.url ? undefined : options.command;
  return side === "read" ? options.readCommand : options.compareCommand;
}

/**
 * The setup probe (checks/probe.ts) of one side: a command in lines mode that answers nothing is asked
 * once mode's way too (a fresh process of its own), so that the hint says what it did; a command line
 * whose backslashes were read as escapes gets a note. Throws RunSetupError when it cannot be judged.
 */
async function probe(
  plan: RunPlan,
  impl: Canonicalizer,
  transport: Transport,
  side: Side,
  launcher: SandboxSession,
): Promise<void> {
  const command = commandOf(plan, side);
  const askOnce =
    command === undefined
      ? undefined
      : async (input: Uint8Array) => {
          const once = adapter({ ...plan, options: { ...plan.options, jobs: 1 } }, side, launcher, "once");
          try {
            return await ask(once, input);
          } finally {
            await once.close();
          }
        };
  const hidden = launcher.status.sandboxed
    ? [
        { path: "/tmp", what: "the host's /tmp" },
        { path: "/run", what: "the host's /run" },
        ...(plan.env.RUNNER_TEMP ? [{ path: plan.env.RUNNER_TEMP, what: "RUNNER_TEMP" }] : []),
        ...(plan.out ? [{ path: plan.out.path, what: "the output folder" }] : []),
      ]
    : undefined;
  const problem = await probeImplementation(impl, transport, {
    ...(askOnce ? { askOnce } : {}),
    ...(hidden ? { hidden, exists: existsSync } : {}),
  });
  if (problem === undefined) return;
  const note = command !== undefined && !plan.options.shell ? backslashNote(command) : undefined;
  throw new RunSetupError(note === undefined ? problem : `${problem} ${note}`);
}

/** The protocol the implementation was spoken to in, and what lines mode changed: `sent` is `cases`
 * as casesForLines made them (the same objects where nothing changed). */
function protocolUsed(
  transport: Transport,
  cases: readonly CorpusCase[],
  sent: readonly CorpusCase[],
): ProtocolUsed {
  if (transport !== "lines") return { name: transport };
  const linesForms: string[] = [];
  const linesFormsSent: { case: string; sent: string }[] = [];
  const notRun: string[] = [];
  sent.forEach((c, i) => {
    if (c === cases[i]) return;
    const name = recordCaseName(c.suite, c.name);
    if (c.notRun !== undefined) notRun.push(name);
    else {
      linesForms.push(name);
      // The bytes sent, as a report shows a case's input: a reader sees what lines mode changed.
      if ("input" in c) linesFormsSent.push({ case: name, sent: showBytes(c.input, INPUT_LIMIT) });
    }
  });
  return {
    name: "lines",
    linesForms,
    ...(linesFormsSent.length > 0 ? { linesFormsSent } : {}),
    ...(notRun.length > 0 ? { notRun } : {}),
  };
}

/** Lines mode: how often the command ended mid-run and was started again, and how; undefined when it
 * never was. The request a crash owed is named by its case (`senders`), or as the harness's own. */
function restartsOf(write: Canonicalizer, senders: RequestCases): RestartsUsed | undefined {
  const { restarts, firstEnd, lastEnd } = write.isolation ?? {};
  if (!restarts || firstEnd === undefined || lastEnd === undefined) return undefined;
  const exitOf = (end: ProcessEnd): ExitStatus =>
    "signal" in end.exit ? { signal: end.exit.signal } : { code: end.exit.code };
  const named = firstEnd.input === undefined ? undefined : senders.caseOf(firstEnd.input);
  const diedOn: { case: string } | { request: "sync request" | "setup probe" } =
    named !== undefined
      ? { case: named }
      : { request: firstEnd.input === undefined ? "sync request" : "setup probe" };
  const firstCrash: CrashUsed = { exit: exitOf(firstEnd), ...diedOn, stderr: firstEnd.stderr };
  return { count: restarts, lastExit: exitOf(lastEnd), firstCrash };
}

/** One side of the run as a Canonicalizer: the options' command or URL, or the caller's in-process
 * one; `protocol` "once" asks a command once mode's way whatever the run's protocol (the probe's). */
function adapter(plan: RunPlan, side: Side, launcher: SandboxSession, protocol?: "once"): Canonicalizer {
  const { options } = plan;
  if (side === "write" && options.implementation && protocol === undefined) return options.implementation;
  const command =
    side === "write" ? options.command : side === "read" ? options.readCommand : options.compareCommand;
  const url = side === "write" ? options.url : side === "read" ? options.readUrl : undefined;
  return createCanonicalizer({
    ...(command ? { command } : {}),
    ...(url ? { url } : {}),
    protocol:
      protocol ?? (side === "compare" ? (options.compareProtocol ?? options.protocol) : options.protocol),
    shell: options.shell,
    cwd: plan.workingDirectory,
    jobs: options.jobs,
    timeoutMs: options.timeoutMs,
    maxOutputBytes: options.maxOutputBytes,
    launcher,
    ...(options.sandboxWorkers === false ? { workers: false } : {}),
  });
}

/** Whether once mode's batches apply: a command (not a URL, not the caller's in-process
 * implementation) spoken to in once mode, with --once-batch on. */
function batchesApply(plan: RunPlan): boolean {
  const { options } = plan;
  return plan.transport.write === "once" && options.onceBatch && !options.implementation && !!options.command;
}

/** The progress a run reports: cases done and failed, and requests left as planned (once mode starts
 * a process for each request, and a generated case asks hundreds of them); with once mode's batches,
 * the processes started against those planned, counted as each ends. */
function progressOf(
  plan: RunPlan,
  cases: readonly RunPlan["corpus"]["cases"][number][],
  write: Canonicalizer,
) {
  const { options, started } = plan;
  const total = cases.length;
  let requestsLeft = cases.reduce((n, c) => n + plannedRequests(c), 0);
  let failed = 0;
  let suite = cases[0]?.suite;
  let done = 0;
  let processes: { done: number; planned: number } | undefined;
  const progress = (done: number): Progress => ({
    done,
    total,
    failed,
    elapsedMs: Date.now() - started,
    ...(suite ? { suite } : {}),
    requestsLeft,
    ...(processes ? { requests: { ...processes } } : {}),
    // Lines mode: what isolation on doubt has cost (a hanging command costs time, said here).
    ...(write.isolation?.askedAlone || write.isolation?.restarts
      ? {
          askedAlone: {
            count: write.isolation.askedAlone,
            ms: write.isolation.aloneMs,
            ...(write.isolation.restarts ? { restarts: write.isolation.restarts } : {}),
          },
        }
      : {}),
  });
  options.onProgress?.(progress(0));
  return {
    counted: (impl: Canonicalizer): Canonicalizer => ({
      label: impl.label,
      canonicalize: (input) => {
        requestsLeft = Math.max(0, requestsLeft - 1);
        return impl.canonicalize(input);
      },
      ...(impl.canonicalizeAlone ? { canonicalizeAlone: impl.canonicalizeAlone } : {}),
      ...(impl.canonicalizeBriefly
        ? {
            canonicalizeBriefly: (input: Uint8Array) => {
              requestsLeft = Math.max(0, requestsLeft - 1);
              return impl.canonicalizeBriefly!(input);
            },
          }
        : {}),
      close: () => impl.close(),
    }),
    /** `impl` counting each request it answers as a process ended (the batches' plan). */
    metered: (impl: Canonicalizer): Canonicalizer => {
      const meter = async (asked: () => Promise<Answer>): Promise<Answer> => {
        try {
          return await asked();
        } finally {
          processes ??= { done: 0, planned: 0 };
          processes.done += 1;
          options.onProgress?.(progress(done));
        }
      };
      const briefly = impl.canonicalizeBriefly;
      return {
        label: impl.label,
        canonicalize: (input) => meter(() => impl.canonicalize(input)),
        ...(briefly
          ? { canonicalizeBriefly: (input: Uint8Array) => meter(() => briefly.call(impl, input)) }
          : {}),
        close: () => impl.close(),
      };
    },
    plan: (planned: number) => {
      processes = { done: processes?.done ?? 0, planned };
      options.onProgress?.(progress(done));
    },
    processes: () => processes?.done ?? 0,
    started: (c: { suite: RunPlan["corpus"]["cases"][number]["suite"] }) => {
      suite = c.suite;
    },
    judged: (result: CaseResult, judged: number) => {
      if (!result.pass) {
        failed += 1;
        options.onFailure?.(result);
      }
      done = judged;
      options.onProgress?.(progress(judged));
    },
  };
}

/** How many cases to keep in flight: adapters bound their own processes, so this only keeps them fed. */
function inFlight(plan: RunPlan): number {
  // Lines mode pays a round trip per answer; more requests in flight hide it (measured in
  // bench/adapters.ts: 256 in flight brought a Node command's overhead from 1.6x to about 1.1x).
  return plan.transport.write === "lines" ? 256 : Math.max(4, plan.options.jobs * 2);
}

/** A promise that never rejects: its outcome, to be looked at once the files are written. */
function settle<T>(promise: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}
