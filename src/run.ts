// The pipeline, used by both faces (the CLI and the action): one straight pass from options to a
// signed record on disk.
//
//   what ran (hash the program and its file arguments, before anything starts)
//   -> corpus (load the suites, compute the digest of the files read)
//   -> adapters (the implementation under test, and I4's read side)
//   -> checks (judge every case; a misbehaving implementation fails cases, never the run)
//   -> record (build, sign, write record.json first, then the rest)
import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import {
  AdapterSetupError,
  atExitOrInterrupt,
  createCanonicalizer,
  describeImplementation,
} from "./adapters/index.js";
import { runCases } from "./checks/run-cases.js";
import { compareImplementations, corpusInputCount, corpusInputs } from "./compare/index.js";
import { loadCorpus } from "./corpus/index.js";
import { checkShard } from "./corpus/shard.js";
import { inProcessCanonicalizer } from "./known-bad/index.js";
import { nfcWrite } from "./known-bad/unicode.js";
import { DEFAULTS } from "./options.js";
import { buildRecord, recordSuite } from "./record/build.js";
import { recordBytes, signRecord } from "./record/sign.js";
import { toJUnitXml } from "./report/junit.js";
import { openSandbox, type SandboxSession, SandboxSetupError } from "./sandbox/index.js";
import type { Canonicalizer, CompareReport, RunOptions, RunOutcome } from "./types.js";
import { TOOL_NAME, TOOL_VERSION } from "./version.js";

/** Generated values a differential run sends after the corpus inputs, unless told otherwise. */
export const DEFAULT_COMPARE_RUNS = 1000;

/** The run could not start: the message says what to fix. Faces exit 2 / fail the step on it. */
export class RunSetupError extends Error {
  override name = "RunSetupError";
}

/** The record's `suite`: the profile, the suites that ran, and what the generated suites were asked
 * for, e.g. `rfc8785:jcs,reject,numbers,generated numbers=100000 generated=250 seed=1` (recordSuite). */
export function suiteLabel(
  options: Pick<RunOptions, "profile" | "suites"> &
    Partial<Pick<RunOptions, "numbers" | "seed" | "generatedRuns" | "shard">>,
): string {
  return recordSuite(options.profile, options.suites, {
    numbers: options.numbers,
    generated: options.generatedRuns ?? DEFAULTS.generatedRuns,
    ...(options.shard ? { shard: options.shard } : {}),
    seed: options.seed ?? DEFAULTS.seed,
  });
}

function validate(options: RunOptions): void {
  const transports = [options.command, options.url].filter((t) => t !== undefined && t.trim() !== "");
  if (transports.length !== 1) {
    throw new RunSetupError("give exactly one implementation: a command line (--command) or a URL (--url)");
  }
  if (options.readCommand && options.readUrl) {
    throw new RunSetupError("give at most one read side: --read-command or --read-url");
  }
  if (options.suites.length === 0) throw new RunSetupError("no suites selected");
  if (!Number.isSafeInteger(options.numbers) || options.numbers < 0) {
    throw new RunSetupError(`numbers must be a whole number 0 or more, not ${options.numbers}`);
  }
  if (
    options.seed !== undefined &&
    (!Number.isInteger(options.seed) || options.seed < 0 || options.seed > 0xffffffff)
  ) {
    throw new RunSetupError(`seed must be a whole number from 0 to 4294967295, not ${options.seed}`);
  }
  if (
    options.generatedRuns !== undefined &&
    (!Number.isSafeInteger(options.generatedRuns) || options.generatedRuns < 0)
  ) {
    throw new RunSetupError(`generated-runs must be a whole number 0 or more, not ${options.generatedRuns}`);
  }
  if (options.compareCommand !== undefined && options.compareCommand.trim() === "") {
    throw new RunSetupError("compare-command is empty: give the second implementation's command line");
  }
  if (
    options.compareRuns !== undefined &&
    (!Number.isSafeInteger(options.compareRuns) || options.compareRuns < 0)
  ) {
    throw new RunSetupError(`compare-runs must be a whole number 0 or more, not ${options.compareRuns}`);
  }
  if (options.shard) {
    try {
      checkShard(options.shard);
    } catch (error) {
      throw new RunSetupError((error as Error).message);
    }
  }
  if (!Number.isSafeInteger(options.jobs) || options.jobs < 1) {
    throw new RunSetupError(`jobs must be a whole number 1 or more, not ${options.jobs}`);
  }
  if (!Number.isSafeInteger(options.timeoutMs) || options.timeoutMs < 1) {
    throw new RunSetupError(`timeout-ms must be a whole number of milliseconds, not ${options.timeoutMs}`);
  }
  if (!Number.isSafeInteger(options.maxOutputBytes) || options.maxOutputBytes < 1) {
    throw new RunSetupError(`the output cap must be a whole number of bytes, not ${options.maxOutputBytes}`);
  }
}

function adapterFor(
  options: RunOptions,
  side: "write" | "read" | "compare",
  launcher: SandboxSession,
): Canonicalizer {
  const command =
    side === "write" ? options.command : side === "read" ? options.readCommand : options.compareCommand;
  const url = side === "write" ? options.url : side === "read" ? options.readUrl : undefined;
  return createCanonicalizer({
    ...(command ? { command } : {}),
    ...(url ? { url } : {}),
    protocol: side === "compare" ? (options.compareProtocol ?? options.protocol) : options.protocol,
    shell: options.shell,
    cwd: options.workingDirectory,
    jobs: options.jobs,
    timeoutMs: options.timeoutMs,
    maxOutputBytes: options.maxOutputBytes,
    launcher,
  });
}

/** The run's sandbox (absent options: `auto`); a setup problem is the run's setup error. */
function openRunSandbox(options: RunOptions, workingDirectory: string): SandboxSession {
  try {
    return openSandbox({
      ...(options.sandbox ?? { mode: "auto" }),
      cwd: workingDirectory,
      ...(options.outDir ? { outDir: resolve(options.outDir) } : {}),
    });
  } catch (error) {
    if (error instanceof SandboxSetupError) throw new RunSetupError(error.message);
    throw error;
  }
}

/** How many cases to keep in flight: adapters bound their own processes, so this only keeps them fed. */
function inFlight(options: RunOptions): number {
  // Lines mode pays a round trip per answer; more requests in flight hide it (measured in
  // bench/adapters.ts: 256 in flight brought a Node command's overhead from 1.6x to about 1.1x).
  return options.protocol === "lines" && !options.url ? 256 : Math.max(4, options.jobs * 2);
}

export async function runConformance(options: RunOptions): Promise<RunOutcome> {
  validate(options);
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
    seed: options.seed ?? DEFAULTS.seed,
    generatedRuns: options.generatedRuns ?? DEFAULTS.generatedRuns,
    ...(options.shard ? { shard: options.shard } : {}),
  });
  const total = corpus.cases.length;

  const adapterOptions = { ...options, workingDirectory };
  // Every process of the command adapters starts through it; it is closed (leftovers killed, scratch
  // removed) when the run ends, and also if the process exits or is interrupted first.
  const sandbox = openRunSandbox(options, workingDirectory);
  const unhook = atExitOrInterrupt(() => sandbox.close());
  options.onSandbox?.(sandbox.status);
  const closing: Canonicalizer[] = [];
  try {
    const write = adapterFor(adapterOptions, "write", sandbox);
    closing.push(write);
    const read = options.readCommand || options.readUrl ? adapterFor(adapterOptions, "read", sandbox) : write;
    if (read !== write) closing.push(read);
    let failed = 0;
    options.onProgress?.({ done: 0, total, failed: 0, elapsedMs: 0 });
    const results = await runCases(
      corpus.cases,
      { write, read },
      {
        concurrency: inFlight(options),
        onResult: (result, done) => {
          if (!result.pass) failed += 1;
          options.onProgress?.({ done, total, failed, elapsedMs: Date.now() - started });
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
      cases: results.map((r) => ({
        name: `${r.suite}/${r.name}`,
        pass: r.pass,
        expected: r.expected,
        got: r.got,
      })),
      key: options.key.kind,
    });
    const record = signRecord(unsigned, options.key);
    const bytes = recordBytes(record);
    const elapsedMs = Date.now() - started;
    const files: RunOutcome["files"] = {};
    const outDir = options.outDir ? resolve(options.outDir) : undefined;

    if (outDir) {
      await mkdir(outDir, { recursive: true });
      // The record first: whatever fails after this line, the signed result of the run is on disk.
      files.record = join(outDir, "record.json");
      await writeFile(files.record, bytes);
      files.results = join(outDir, "results.json");
      await writeFile(files.results, `${JSON.stringify({ results, elapsedMs }, null, 2)}\n`);
      files.junit = join(outDir, "junit.xml");
      await writeFile(files.junit, toJUnitXml({ record, results, recordPath: files.record, elapsedMs }));
    }

    let compare: CompareReport | undefined;
    if (options.compareCommand) {
      const other = adapterFor(adapterOptions, "compare", sandbox);
      closing.push(other);
      compare = await compareImplementations({
        a: write,
        b: other,
        inputs: corpusInputs(corpus.cases, { numbers: true }),
        inputCount: corpusInputCount(corpus.cases, { numbers: true }),
        generated: { seed: options.seed ?? DEFAULTS.seed, runs: options.compareRuns ?? DEFAULT_COMPARE_RUNS },
        concurrency: inFlight(options),
        // Under the nfc profile the reference a store is held to is "RFC 8785 after NFC".
        ...(options.profile === "nfc"
          ? { reference: inProcessCanonicalizer("reference (nfc)", nfcWrite) }
          : {}),
        ...(options.onCompareProgress ? { onProgress: options.onCompareProgress } : {}),
      });
      if (outDir) {
        files.compare = join(outDir, "compare.json");
        await writeFile(files.compare, `${JSON.stringify(compare, null, 2)}\n`);
      }
    }

    return {
      record,
      recordBytes: bytes,
      results,
      files,
      elapsedMs,
      sandbox: sandbox.status,
      ...(compare ? { compare } : {}),
    };
  } finally {
    await Promise.allSettled(closing.map((c) => c.close()));
    unhook();
    sandbox.close();
  }
}
