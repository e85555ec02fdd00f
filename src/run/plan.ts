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
import { type ExpectedFailuresFile, type GivenFile, OptionError } from "../options/index.js";
import { type OutFolder, openOutFolder } from "../out-folder.js";
import { installSource, toolCommand } from "../report/install-form.js";
import { casesFailingTheStep, ResultsFileError, readResultsText } from "../report/results-file.js";
import { cutText } from "../text.js";
import { recordCaseName } from "../text-forms/index.js";
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
  const fromResults = options.casesFrom ? readCasesFrom(options.casesFrom) : undefined;
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
    if (options.cases || fromResults) corpus.cases = chosen(corpus, options, fromResults);
    const write: Transport = options.url ? "http" : options.protocol;
    const read: Transport = options.readUrl ? "http" : options.readCommand ? options.protocol : write;
    return {
      // The cases read from results.json join `--case`'s by name, so the record's suite states them.
      options: fromResults
        ? { ...options, cases: [...(options.cases ?? []), ...fromResults.names] }
        : options,
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

/** `--cases-from`'s file, read before anything runs: the names of the cases that fail the step in it. */
function readCasesFrom(file: GivenFile): { file: GivenFile; names: string[] } {
  let names: string[];
  try {
    names = casesFailingTheStep(readResultsText(file.path));
  } catch (error) {
    if (error instanceof ResultsFileError)
      throw new OptionError(`${file.subject} ${file.given}: ${error.message}`, "cases-from");
    throw error;
  }
  if (names.length === 0)
    throw new OptionError(`${file.subject} ${file.given}: no case failed in that run`, "cases-from");
  return { file, names };
}

/** `--case` and `--cases-from`: only the cases asked for, in corpus order; a pattern that matches none,
 * or a name from results.json that is no case of the suites run, stops the run. The patterns' count
 * and lengths were bounded by their reader (src/options/table.ts). */
function chosen(
  corpus: Corpus,
  options: RunOptions,
  fromResults?: { file: GivenFile; names: string[] },
): Corpus["cases"] {
  const named = new Set(fromResults?.names);
  if (fromResults) {
    const all = new Set(corpus.cases.map((c) => recordCaseName(c.suite, c.name)));
    const missing = fromResults.names.filter((n) => !all.has(n));
    if (missing.length > 0) {
      const more = missing.length > 1 ? ` (and ${missing.length - 1} more)` : "";
      throw new RunSetupError(
        `${fromResults.file.subject} ${fromResults.file.given}: ${JSON.stringify(cutText(missing[0]!, 100))} is no case of the suites run (${options.suites.join(", ")})${more}; that run had other suites, sizes, seed or corpus: re-run with the options its re-run command prints`,
      );
    }
  }
  const selection = selectCases(corpus.cases, options.cases ?? []);
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
  const patterned = new Set(selection.cases);
  return corpus.cases.filter((c) => patterned.has(c) || named.has(recordCaseName(c.suite, c.name)));
}
