// `canon-conformance run`: the corpus against a command line or a URL, a readable verdict, and
// (with --out) the signed record, the machine-readable results and JUnit XML.

import { formatCompare } from "../compare/index.js";
import {
  DEFAULTS,
  OptionError,
  parseCount,
  parseJobs,
  parseProfile,
  parseProtocol,
  parseSeed,
  parseShard,
  parseSuites,
} from "../options.js";
import { ephemeralKey, KeyError, loadSuppliedKey } from "../record/keys.js";
import { createProgressReporter, formatVerdict } from "../report/index.js";
import { DEFAULT_COMPARE_RUNS, RunSetupError, runConformance } from "../run.js";
import type { RunOptions, SigningKey } from "../types.js";
import { type Command, parseCommandArgs, UsageError } from "./command.js";

const USAGE = `usage: canon-conformance run (--command "CMD" | --url URL) [options]

Runs the RFC 8785 conformance corpus against your canonicalizer and prints the verdict.
Exit 0 conformant (and, with --compare-command, no disagreement), 1 not, 2 could not run.

The implementation:
  --command "CMD"            its command line, split like a POSIX shell (no shell runs it)
  --protocol once|lines      once (default): a process per case, input on stdin, answer on stdout;
                             lines: one process, one request line in, one answer line out (docs/protocol.md)
  --shell                    run CMD through the shell instead (sh -c, or cmd.exe on Windows)
  --url URL                  an http implementation: POST the input, 200 with the answer, 4xx rejects
  --working-directory DIR    where CMD runs (default: the current directory)
  --read-command "CMD"       I4's read side: the store's normalizer (default: CMD over its own output)
  --read-url URL             the read side over http
  --implementation-name N    what you call it, for the record
  --implementation-version V
  --compare-command "CMD"    a second implementation: every corpus input and --compare-runs generated
                             values go to both; each disagreement is shrunk and shown (exit 1)
  --compare-protocol P       the second one's protocol (default: --protocol)
  --compare-runs N           generated values for the comparison (default ${DEFAULT_COMPARE_RUNS})

The corpus:
  --suite(s) all|LIST        all (default) or a comma list of: jcs, reject, canon-or-reject, invariants,
                             numbers, generated
  --profile rfc8785|nfc      rfc8785 (default) keeps strings as sent; nfc is for stores that normalize
  --numbers N                how many generated doubles the numbers suite sends (default ${DEFAULTS.numbers})
  --generated-runs N         runs of each fast-check property in the generated suite (default ${DEFAULTS.generatedRuns})
  --seed N|random            seeds the numbers and generated suites (default ${DEFAULTS.seed}, the same verdict on
                             every rerun); random draws one and prints it; case names carry it for replay
  --shard K/N                run part K of N: the numbers sweep and the generated cases are split (the
                             stored suites run in every shard); a matrix of N jobs covers them all once

The run:
  --jobs N                   parallel processes in once mode (default: one per CPU)
  --timeout-ms N             per-case time limit; the whole process group is killed (default ${DEFAULTS.timeoutMs})
  --max-output-bytes N       output cap per answer (default 16 MiB)
  --out DIR                  write record.json (signed), results.json and junit.xml into DIR
  --key-file FILE            sign with this key (64 hex digits, or a PKCS#8 PEM); also $CANON_CONFORMANCE_KEY.
                             Without one, a key is made for the run and forgotten.
  --quiet                    no progress lines
  --no-color                 no colour (also NO_COLOR=1)
`;

function readKey(keyFile: string | undefined): SigningKey {
  try {
    return loadSuppliedKey({ ...(keyFile ? { keyFile } : {}), env: process.env }) ?? ephemeralKey();
  } catch (error) {
    // KeyError messages never contain the key; anything else might, so say only where it came from.
    if (error instanceof KeyError) throw new RunSetupError(error.message);
    throw new RunSetupError(`could not read the signing key${keyFile ? ` from ${keyFile}` : ""}`);
  }
}

export function parseRunArgs(argv: string[]): {
  options: Omit<RunOptions, "key">;
  keyFile?: string;
  quiet: boolean;
  color: boolean;
  /** The seed was drawn (`--seed random`): the face prints it, so the run can be replayed. */
  randomSeed: boolean;
} {
  const parsed = parseRunArgsRaw(argv);
  const v = parsed.values;
  if (parsed.positionals.length > 0) {
    throw new UsageError(
      `unexpected argument '${parsed.positionals[0]}' (quote the whole command: --command "python3 canon.py")`,
    );
  }
  try {
    const { seed, random } = parseSeed(v.seed);
    const shard = parseShard(v.shard);
    const options: Omit<RunOptions, "key"> = {
      ...(v.command ? { command: v.command } : {}),
      ...(v.url ? { url: v.url } : {}),
      protocol: parseProtocol(v.protocol),
      shell: v.shell ?? false,
      ...(v["read-command"] ? { readCommand: v["read-command"] } : {}),
      ...(v["read-url"] ? { readUrl: v["read-url"] } : {}),
      suites: parseSuites(v.suite ?? v.suites),
      profile: parseProfile(v.profile),
      numbers: parseCount(v.numbers, "--numbers", DEFAULTS.numbers),
      seed,
      generatedRuns: parseCount(v["generated-runs"], "--generated-runs", DEFAULTS.generatedRuns),
      ...(shard ? { shard } : {}),
      ...(v["compare-command"] !== undefined ? { compareCommand: v["compare-command"] } : {}),
      ...(v["compare-protocol"] ? { compareProtocol: parseProtocol(v["compare-protocol"]) } : {}),
      ...(v["compare-runs"]
        ? { compareRuns: parseCount(v["compare-runs"], "--compare-runs", DEFAULT_COMPARE_RUNS) }
        : {}),
      jobs: parseJobs(v.jobs),
      timeoutMs: parseCount(v["timeout-ms"], "--timeout-ms", DEFAULTS.timeoutMs, 1),
      maxOutputBytes: parseCount(v["max-output-bytes"], "--max-output-bytes", DEFAULTS.maxOutputBytes, 1),
      workingDirectory: v["working-directory"] ?? process.cwd(),
      ...(v.out ? { outDir: v.out } : {}),
      implementationName: v["implementation-name"] ?? null,
      implementationVersion: v["implementation-version"] ?? null,
    };
    if (!options.command && !options.url)
      throw new UsageError('give the implementation: --command "CMD" or --url URL');
    return {
      options,
      ...(v["key-file"] ? { keyFile: v["key-file"] } : {}),
      quiet: v.quiet ?? false,
      randomSeed: random,
      color: !(v["no-color"] ?? false) && !process.env.NO_COLOR,
    };
  } catch (error) {
    if (error instanceof OptionError) throw new UsageError(error.message);
    throw error;
  }
}

function parseRunArgsRaw(argv: string[]) {
  return parseCommandArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      command: { type: "string" },
      url: { type: "string" },
      protocol: { type: "string" },
      shell: { type: "boolean" },
      "read-command": { type: "string" },
      "read-url": { type: "string" },
      suite: { type: "string" },
      suites: { type: "string" },
      profile: { type: "string" },
      numbers: { type: "string" },
      "generated-runs": { type: "string" },
      seed: { type: "string" },
      shard: { type: "string" },
      "compare-command": { type: "string" },
      "compare-protocol": { type: "string" },
      "compare-runs": { type: "string" },
      jobs: { type: "string" },
      "timeout-ms": { type: "string" },
      "max-output-bytes": { type: "string" },
      "working-directory": { type: "string" },
      out: { type: "string" },
      "implementation-name": { type: "string" },
      "implementation-version": { type: "string" },
      "key-file": { type: "string" },
      quiet: { type: "boolean" },
      "no-color": { type: "boolean" },
    },
  });
}

export const runCommand: Command = {
  summary: "run the conformance corpus against a command or URL and sign a record of it",
  usage: USAGE,
  async run(argv) {
    const { options, keyFile, quiet, color, randomSeed } = parseRunArgs(argv);
    if (randomSeed)
      process.stderr.write(
        `canon-conformance run: --seed random drew ${options.seed}; replay with --seed ${options.seed}\n`,
      );
    try {
      const key = readKey(keyFile);
      const reporter = () =>
        quiet
          ? undefined
          : createProgressReporter({ stream: process.stderr, isTTY: process.stderr.isTTY === true });
      const progress = reporter();
      let compareProgress: ReturnType<typeof reporter>;
      const outcome = await runConformance({
        ...options,
        key,
        ...(progress ? { onProgress: (p) => progress.update(p) } : {}),
        ...(quiet
          ? {}
          : {
              onCompareProgress: (p) => {
                if (compareProgress === undefined) {
                  progress?.done();
                  process.stderr.write("comparing with --compare-command:\n");
                  compareProgress = reporter();
                }
                compareProgress?.update(p);
              },
            }),
      });
      progress?.done();
      compareProgress?.done();
      process.stdout.write(
        formatVerdict(
          {
            record: outcome.record,
            results: outcome.results,
            ...(outcome.files.record ? { recordPath: outcome.files.record } : {}),
            elapsedMs: outcome.elapsedMs,
          },
          { color: color && process.stdout.isTTY === true },
        ),
      );
      if (outcome.compare) {
        const text = formatCompare(outcome.compare);
        process.stdout.write(`\n${text}${text.endsWith("\n") ? "" : "\n"}`);
        if (outcome.files.compare) process.stdout.write(`(the comparison is in ${outcome.files.compare})\n`);
      }
      const agreed = (outcome.compare?.disagreements.length ?? 0) === 0;
      return outcome.record.conformant && agreed ? 0 : 1;
    } catch (error) {
      if (error instanceof RunSetupError) {
        process.stderr.write(`canon-conformance run: ${error.message}\n`);
        return 2;
      }
      throw error;
    }
  },
};
