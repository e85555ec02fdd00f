// The pipeline, used by both faces (the CLI and the action): one straight pass from options to a
// signed record on disk.
//
//   what ran (hash the program and its file arguments, before anything starts)
//   -> corpus (load the suites, compute the digest of the files read)
//   -> adapters (the implementation under test, and I4's read side)
//   -> checks (judge every case; a misbehaving implementation fails cases, never the run)
//   -> record (build, sign)
//   -> the differential run, when asked for
//   -> reports (src/report/write.ts: record.json first, then the rest)
import { resolve } from "node:path";
import {
  AdapterSetupError,
  atExitOrInterrupt,
  backslashNote,
  casesForLines,
  createCanonicalizer,
  describeImplementation,
} from "./adapters/index.js";
import { ask } from "./ask.js";
import { probeImplementation } from "./checks/probe.js";
import { runCases } from "./checks/run-cases.js";
import { compareImplementations, compareMarkdown, corpusInputCount, corpusInputs } from "./compare/index.js";
import { loadCorpus, plannedRequests, selectCases } from "./corpus/index.js";
import { checkAgainstCorpus, decideGate, ExpectedListError } from "./expected/index.js";
import { checkGlobCount, GlobError } from "./glob.js";
import { nfcReference } from "./jcs/canonicalizer.js";
import {
  assertRunOptions,
  DEFAULT_COMPARE_RUNS,
  DEFAULT_GENERATED_RUNS,
  DEFAULT_SEED,
  OptionError,
} from "./options/index.js";
import { buildRecord, recordCases, recordSuite } from "./record/build.js";
import { recordBytes, signRecord } from "./record/sign.js";
import { type OutFolder, OutFolderError, openOutFolder } from "./report/out-folder.js";
import type { ProtocolUsed } from "./report/protocol.js";
import { rerunCommand } from "./report/rerun-command.js";
import { writeReports } from "./report/write.js";
import { openSandbox, type SandboxSession, SandboxSetupError } from "./sandbox/index.js";
import { recordCaseName } from "./text-forms.js";
import type { Canonicalizer, CompareReport, CorpusCase, RunOptions, RunOutcome } from "./types.js";
import { TOOL_NAME, TOOL_VERSION } from "./version.js";

/** The run could not start: the message says what to fix. Faces exit 2 / fail the step on it. */
export class RunSetupError extends Error {
  override name = "RunSetupError";
}

/** The record's `suite`: the profile, the suites that ran, and what the generated suites were asked
 * for, e.g. `rfc8785:jcs,reject,numbers,generated numbers=100000 generated=250 seed=1` (recordSuite). */
export function suiteLabel(
  options: Pick<RunOptions, "profile" | "suites"> &
    Partial<Pick<RunOptions, "numbers" | "seed" | "generatedRuns" | "shard" | "cases">>,
): string {
  return recordSuite(options.profile, options.suites, {
    numbers: options.numbers,
    generated: options.generatedRuns ?? DEFAULT_GENERATED_RUNS,
    ...(options.shard ? { shard: options.shard } : {}),
    seed: options.seed ?? DEFAULT_SEED,
    ...(options.cases ? { cases: options.cases } : {}),
  });
}

/** The bounds and rules of the option table (src/options), before anything runs. */
function validate(options: RunOptions): void {
  try {
    assertRunOptions(options);
  } catch (error) {
    if (error instanceof OptionError) throw new RunSetupError(error.message);
    throw error;
  }
}

/** The output folder, made and opened before anything runs: every report is written through this
 * handle (src/report/out-folder.ts), whatever the command does to the path meanwhile. */
async function openOut(outDir: string): Promise<OutFolder> {
  try {
    return await openOutFolder(outDir);
  } catch (error) {
    if (error instanceof OutFolderError) throw new RunSetupError(error.message);
    throw error;
  }
}

function adapterFor(
  options: RunOptions,
  side: "write" | "read" | "compare",
  launcher: SandboxSession,
  protocol?: "once",
): Canonicalizer {
  const command =
    side === "write" ? options.command : side === "read" ? options.readCommand : options.compareCommand;
  const url = side === "write" ? options.url : side === "read" ? options.readUrl : undefined;
  return createCanonicalizer({
    ...(command ? { command } : {}),
    ...(url ? { url } : {}),
    protocol:
      protocol ?? (side === "compare" ? (options.compareProtocol ?? options.protocol) : options.protocol),
    shell: options.shell,
    cwd: options.workingDirectory,
    jobs: options.jobs,
    timeoutMs: options.timeoutMs,
    maxOutputBytes: options.maxOutputBytes,
    launcher,
  });
}

/** The run's sandbox (absent options: `auto`); a setup problem is the run's setup error. */
function openRunSandbox(
  options: RunOptions,
  workingDirectory: string,
  out: OutFolder | undefined,
): SandboxSession {
  try {
    return openSandbox({
      ...(options.sandbox ?? { mode: "auto" }),
      cwd: workingDirectory,
      ...(out ? { outDir: out.path } : {}),
    });
  } catch (error) {
    if (error instanceof SandboxSetupError) throw new RunSetupError(error.message);
    throw error;
  }
}

/** The protocol the implementation was spoken to in, and what lines mode changed: `sent` is `cases`
 * as casesForLines made them (the same objects where nothing changed). */
function protocolUsed(
  options: RunOptions,
  cases: readonly CorpusCase[],
  sent: readonly CorpusCase[],
): ProtocolUsed {
  if (options.url) return { name: "http" };
  if (options.protocol === "once") return { name: "once" };
  const linesForms: string[] = [];
  const notRun: string[] = [];
  sent.forEach((c, i) => {
    if (c === cases[i]) return;
    (c.notRun === undefined ? linesForms : notRun).push(recordCaseName(c.suite, c.name));
  });
  return { name: "lines", linesForms, ...(notRun.length > 0 ? { notRun } : {}) };
}

/** How many cases to keep in flight: adapters bound their own processes, so this only keeps them fed. */
function inFlight(options: RunOptions): number {
  // Lines mode pays a round trip per answer; more requests in flight hide it (measured in
  // bench/adapters.ts: 256 in flight brought a Node command's overhead from 1.6x to about 1.1x).
  return options.protocol === "lines" && !options.url ? 256 : Math.max(4, options.jobs * 2);
}

/** A promise that never rejects: its outcome, to be looked at once the files are written. */
function settle<T>(promise: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}

export async function runConformance(options: RunOptions): Promise<RunOutcome> {
  validate(options);
  // A folder the caller opened stays open for it (the action uploads through it); one opened here is closed.
  const out = options.outFolder ?? (options.outDir ? await openOut(options.outDir) : undefined);
  try {
    return await runWith(options, out);
  } finally {
    if (out !== options.outFolder) out?.close();
  }
}

async function runWith(options: RunOptions, out: OutFolder | undefined): Promise<RunOutcome> {
  const started = Date.now();
  const startedAt = new Date(started);
  const workingDirectory = resolve(options.workingDirectory);

  // What ran is hashed before the first case starts, so the record names the bytes that ran.
  let implementation: Awaited<ReturnType<typeof describeImplementation>>;
  try {
    implementation = await describeImplementation({
      ...(options.command ? { command: options.command } : {}),
      ...(options.url ? { url: options.url } : {}),
      shell: options.shell,
      cwd: workingDirectory,
    });
    // The read side and the compared command are checked too, so a typo stops the run before it starts.
    for (const command of [options.readCommand, options.compareCommand]) {
      if (command) await describeImplementation({ command, shell: options.shell, cwd: workingDirectory });
    }
  } catch (error) {
    if (error instanceof AdapterSetupError) throw new RunSetupError(error.message);
    throw error;
  }

  const corpus = await loadCorpus({
    suites: options.suites,
    profile: options.profile,
    numbers: options.numbers,
    seed: options.seed ?? DEFAULT_SEED,
    generatedRuns: options.generatedRuns ?? DEFAULT_GENERATED_RUNS,
    ...(options.shard ? { shard: options.shard } : {}),
  });
  // A list entry that names no case of the suites run is a typo or a renamed case: said before anything runs
  // (checked against the suites' every case, before --case narrows them, so one list serves both).
  if (options.expectedFailures) {
    try {
      checkAgainstCorpus(options.expectedFailures, corpus.cases);
    } catch (error) {
      if (error instanceof ExpectedListError) throw new RunSetupError(error.message);
      throw error;
    }
  }
  // `--case`: only the cases asked for, in corpus order; a pattern that matches none stops the run here.
  if (options.cases) {
    let selection: ReturnType<typeof selectCases>;
    try {
      checkGlobCount(options.cases.length, "--case (cases)");
      selection = selectCases(corpus.cases, options.cases);
    } catch (error) {
      if (error instanceof GlobError) throw new RunSetupError(`case: ${error.message}`);
      throw error;
    }
    const [miss] = selection.unmatched;
    if (miss) {
      const more =
        selection.unmatched.length > 1
          ? ` (and ${selection.unmatched.length - 1} more patterns match none)`
          : "";
      throw new RunSetupError(
        `case '${miss.pattern}' matches no case of the suites run (${options.suites.join(", ")})${more}; the nearest names: ${miss.near.join(", ")}`,
      );
    }
    corpus.cases = selection.cases;
  }
  const total = corpus.cases.length;

  const adapterOptions = { ...options, workingDirectory };
  // Every process of the command adapters starts through it; it is closed (leftovers killed, scratch
  // removed) when the run ends, and also if the process exits or is interrupted first.
  const sandbox = openRunSandbox(options, workingDirectory, out);
  const unhook = atExitOrInterrupt(() => sandbox.close());
  options.onSandbox?.(sandbox.status);
  const closing: Canonicalizer[] = [];
  try {
    // Lines mode sends each stored case in a form it carries faithfully, or marks it not run.
    const cases = options.protocol === "lines" && !options.url ? casesForLines(corpus.cases) : corpus.cases;
    const protocol = protocolUsed(options, corpus.cases, cases);
    // Progress counts requests down as well as cases: once mode starts a process for each request,
    // and a generated case asks hundreds of them.
    let requestsLeft = cases.reduce((n, c) => n + plannedRequests(c), 0);
    const counted = (impl: Canonicalizer): Canonicalizer => ({
      label: impl.label,
      canonicalize: (input) => {
        requestsLeft = Math.max(0, requestsLeft - 1);
        return impl.canonicalize(input);
      },
      ...(impl.canonicalizeAlone ? { canonicalizeAlone: impl.canonicalizeAlone } : {}),
      close: () => impl.close(),
    });
    const write = adapterFor(adapterOptions, "write", sandbox);
    closing.push(write);
    const read = options.readCommand || options.readUrl ? adapterFor(adapterOptions, "read", sandbox) : write;
    if (read !== write) closing.push(read);
    // A command that cannot answer at all (the wrong protocol, the wrong command) is a run that could
    // not start, told before a case is judged or a record signed (checks/probe.ts).
    const sides: [Canonicalizer, "once" | "lines" | "http", "write" | "read" | "compare"][] = [
      [write, options.url ? "http" : options.protocol, "write"],
    ];
    if (read !== write) sides.push([read, options.readUrl ? "http" : options.protocol, "read"]);
    if (options.compareCommand) {
      const other = adapterFor(adapterOptions, "compare", sandbox);
      closing.push(other);
      sides.push([other, options.compareProtocol ?? options.protocol, "compare"]);
    }
    for (const [impl, protocol, side] of sides) {
      const problem = await probeImplementation(impl, protocol, {
        // A lines command that answers nothing is asked once mode's way too: what it then does says why.
        askOnce: async (input) => {
          const once = adapterFor({ ...adapterOptions, jobs: 1 }, side, sandbox, "once");
          try {
            return await ask(once, input);
          } finally {
            await once.close();
          }
        },
      });
      if (problem !== undefined) {
        const command =
          side === "write" ? options.command : side === "read" ? options.readCommand : options.compareCommand;
        const note = command !== undefined && !options.shell ? backslashNote(command) : undefined;
        throw new RunSetupError(note === undefined ? problem : `${problem} ${note}`);
      }
    }
    const countedWrite = counted(write);
    const countedRead = read === write ? countedWrite : counted(read);
    let failed = 0;
    let suite = cases[0]?.suite;
    const progress = (done: number) => ({
      done,
      total,
      failed,
      elapsedMs: Date.now() - started,
      ...(suite ? { suite } : {}),
      requestsLeft,
      // Lines mode: what isolation on doubt has cost (a hanging command costs time, said here).
      ...(write.isolation?.askedAlone
        ? { askedAlone: { count: write.isolation.askedAlone, ms: write.isolation.aloneMs } }
        : {}),
    });
    options.onProgress?.(progress(0));
    const results = await runCases(
      cases,
      { write: countedWrite, read: countedRead },
      {
        concurrency: inFlight(options),
        onStart: (c) => {
          suite = c.suite;
        },
        onResult: (result, done) => {
          if (!result.pass) failed += 1;
          options.onProgress?.(progress(done));
        },
      },
    );

    const unsigned = buildRecord({
      suite: suiteLabel(options),
      standard: corpus.version,
      toolchain: { name: TOOL_NAME, version: TOOL_VERSION },
      corpus: { dir: corpus.dir, files: corpus.files.length, digest: corpus.digest },
      implementation: {
        adapter: implementation.adapter,
        impl: implementation.impl,
        name: options.implementationName,
        version: options.implementationVersion,
        files: implementation.files,
      },
      startedAt,
      cases: recordCases(results),
      key: options.key.kind,
    });
    const record = signRecord(unsigned, options.key);
    // The step's gate by the list; the record above is signed as the cases happened.
    const gate = options.expectedFailures
      ? decideGate(results, options.expectedFailures, options.allowFixedExpectedFailures ?? false)
      : undefined;
    const rerun = rerunCommand({ ...options, workingDirectory }, results);
    const bytes = recordBytes(record);
    const elapsedMs = Date.now() - started;

    // The differential run goes on while the record is written: the record does not wait for it.
    const other = options.compareCommand ? sides.at(-1)![0] : undefined;
    const comparing = other
      ? settle(
          compareImplementations({
            a: write,
            b: other,
            inputs: corpusInputs(corpus.cases, { numbers: true }),
            inputCount: corpusInputCount(corpus.cases, { numbers: true }),
            generated: {
              seed: options.seed ?? DEFAULT_SEED,
              runs: options.compareRuns ?? DEFAULT_COMPARE_RUNS,
            },
            concurrency: inFlight(options),
            // Under the nfc profile the reference a store is held to is "RFC 8785 after NFC".
            ...(options.profile === "nfc" ? { reference: nfcReference("reference (nfc)") } : {}),
            ...(options.onCompareProgress ? { onProgress: options.onCompareProgress } : {}),
          }),
        )
      : undefined;

    // The report stage, the same for both faces: the record first, then the rest.
    const files: RunOutcome["files"] = {};
    let summaryMarkdown: string | undefined;
    if (out) {
      const written = await writeReports(
        out,
        {
          record,
          recordBytes: bytes,
          results,
          elapsedMs,
          ...(gate ? { gate } : {}),
          ...(rerun ? { rerun } : {}),
          protocol,
          ...(comparing
            ? {
                compare: comparing.then((c) =>
                  c.ok ? { report: c.value, markdown: compareMarkdown(c.value) } : undefined,
                ),
              }
            : {}),
        },
        options.reports,
      );
      ({ summaryMarkdown } = written);
      for (const key of [
        "record",
        "results",
        "junit",
        "html",
        "compare",
        "summary",
        "badgeSvg",
        "badgeJson",
      ] as const) {
        if (written[key] !== undefined) files[key] = written[key];
      }
    }
    const compared = await comparing;
    if (compared && !compared.ok) throw compared.error;
    const compare: CompareReport | undefined = compared?.value;

    return {
      record,
      recordBytes: bytes,
      results,
      files,
      elapsedMs,
      sandbox: sandbox.status,
      protocol,
      ...(rerun ? { rerun } : {}),
      ...(compare ? { compare } : {}),
      ...(gate ? { gate } : {}),
      ...(summaryMarkdown !== undefined ? { summaryMarkdown } : {}),
    };
  } finally {
    await Promise.allSettled(closing.map((c) => c.close()));
    unhook();
    sandbox.close();
  }
}
