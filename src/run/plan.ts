// The run's first step: everything decided before any process of the implementation starts. The
// expected-failures list read, the output folder made and opened, what will run named and hashed (so
// the record names the bytes that ran), the corpus loaded, the list held to the corpus, the cases
// chosen. Any problem here stops the run with a SetupError, and nothing is judged or written.
import { resolve } from "node:path";
import { describeImplementation, type ImplementationDescription } from "../adapters/index.js";
import { type Corpus, loadCorpus, selectCases } from "../corpus/index.js";
import { SetupError } from "../errors.js";
import {
  checkAgainstCorpus,
  type ExpectedList,
  ExpectedListError,
  readExpectedFailures,
} from "../expected/index.js";
import { type ExpectedFailuresFile, OptionError } from "../options/index.js";
import { installSource, toolCommand } from "../report/install-form.js";
import { type OutFolder, openOutFolder } from "../report/out-folder.js";
import type { RunOptions } from "./types.js";

/** The run could not start, for a reason of its own (the other setup errors are the stages'). */
export class RunSetupError extends SetupError {
  override name = "RunSetupError";
}

/** How one side of the run is reached: a command in once or lines mode, or a URL. */
export type Transport = "once" | "lines" | "http";

export interface RunPlan {
  options: RunOptions;
  started: number;
  /** Absolute. */
  workingDirectory: string;
  /** Where the run was started (RunOptions.startedFrom). */
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** How the commands the reports print start this tool, as installed where the run was started. */
  tool: string;
  /** Where the files go, open; absent when nothing is written. */
  out?: OutFolder;
  /** Whether `out` was opened here (and is closed when the run ends) or by the caller. */
  ownsOut: boolean;
  expectedFailures?: ExpectedList;
  implementation: ImplementationDescription;
  /** The corpus, its cases narrowed to those chosen (its digest and files are the whole suites'). */
  corpus: Corpus;
  /** How the implementation and I4's read side are reached. */
  transport: { write: Transport; read: Transport };
}

/** Works out the run: see the file's comment. Throws SetupError (or OptionError for the list). */
export async function planRun(options: RunOptions): Promise<RunPlan> {
  const expectedFailures = options.expectedFailures ? readList(options.expectedFailures) : undefined;
  // A folder the caller opened stays the caller's (the action uploads through it).
  const out = options.outFolder ?? (options.outDir ? await openOutFolder(options.outDir) : undefined);
  const started = Date.now();
  try {
    const workingDirectory = resolve(options.workingDirectory);
    const { env, cwd } = options.startedFrom ?? { env: process.env, cwd: process.cwd() };
    const implementation = await describe(options, workingDirectory, env);
    const corpus = await loadCorpus({
      suites: options.suites,
      profile: options.profile,
      numbers: options.numbers,
      seed: options.seed,
      generatedRuns: options.generatedRuns,
      ...(options.shard ? { shard: options.shard } : {}),
    });
    // A list entry that names no case of the suites run is a typo or a renamed case: said before
    // anything runs (checked against the suites' every case, before --case narrows them, so one list
    // serves both).
    if (expectedFailures) {
      try {
        checkAgainstCorpus(expectedFailures, corpus.cases);
      } catch (error) {
        if (error instanceof ExpectedListError) throw new RunSetupError(error.message, { cause: error });
        throw error;
      }
    }
    if (options.cases) corpus.cases = chosen(corpus, options);
    const write: Transport = options.url ? "http" : options.protocol;
    const read: Transport = options.readUrl ? "http" : options.readCommand ? options.protocol : write;
    return {
      options,
      started,
      workingDirectory,
      env,
      cwd,
      tool: options.startedFrom?.tool ?? toolCommand(installSource(env)),
      ...(out ? { out } : {}),
      ownsOut: out !== undefined && out !== options.outFolder,
      ...(expectedFailures ? { expectedFailures } : {}),
      implementation,
      corpus,
      transport: { write, read },
    };
  } catch (error) {
    if (out !== options.outFolder) out?.close();
    throw error;
  }
}

/** The expected-failures list, read and parsed before anything runs; a malformed one is refused as an
 * option is, naming the option and the line (src/expected/list.ts). */
function readList(file: ExpectedFailuresFile): ExpectedList {
  try {
    return readExpectedFailures(file.path, file.given);
  } catch (error) {
    if (error instanceof ExpectedListError)
      throw new OptionError(`${file.subject}: ${error.message}`, "expected-failures");
    throw error;
  }
}

/** What will run, hashed before the first case starts; the read side and the compared command are
 * looked up too, so a typo stops the run before it starts. An implementation in this process is named
 * by its command line, with no files to hash. */
async function describe(
  options: RunOptions,
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<ImplementationDescription> {
  const implementation = options.implementation
    ? { adapter: "command" as const, impl: options.command ?? options.implementation.label, files: [] }
    : await describeImplementation({
        ...(options.command ? { command: options.command } : {}),
        ...(options.url ? { url: options.url } : {}),
        shell: options.shell,
        cwd,
        env,
      });
  for (const command of [options.readCommand, options.compareCommand]) {
    if (command) await describeImplementation({ command, shell: options.shell, cwd, env });
  }
  return implementation;
}

/** `--case`: only the cases asked for, in corpus order; a pattern that matches none stops the run. Their
 * count and lengths were bounded by their reader (src/options/table.ts). */
function chosen(corpus: Corpus, options: RunOptions): Corpus["cases"] {
  const selection = selectCases(corpus.cases, options.cases!);
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
  return selection.cases;
}
