// The same bounds and rules for a caller that builds RunOptions itself (tests, the API): runConformance
// checks them first, so a run outside them never starts, whichever way its options were made.
import type { RunOptions } from "../types.js";
import {
  MAX_COMPARE_RUNS,
  MAX_GENERATED_RUNS,
  MAX_JOBS,
  MAX_NUMBERS,
  MAX_OUTPUT_BYTES,
  MAX_SEED,
  MAX_TIMEOUT_MS,
} from "./defaults.js";
import { OptionError } from "./errors.js";
import { countProblem } from "./parse.js";
import { checkDirectory } from "./paths.js";
import { RULES } from "./rules.js";

const ref = (name: string) => `\`${name}\``;

function count(name: string, value: number | undefined, min: number, max: number): void {
  if (value === undefined) return;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new OptionError(countProblem(name, String(value), min, max), name);
  }
}

const given = (text: string | undefined) => text !== undefined && text.trim() !== "";

/** Throws OptionError, in the words the faces use, when `options` breaks a bound or a rule. */
export function assertRunOptions(options: RunOptions): void {
  const { command, url } = options;
  if (!given(command) && !given(url)) throw new OptionError(RULES.noImplementation(ref));
  if (given(command) && given(url)) throw new OptionError(RULES.twoImplementations(ref));
  if (given(options.readCommand) && given(options.readUrl)) throw new OptionError(RULES.twoReadSides(ref));
  if (options.compareCommand !== undefined && !given(options.compareCommand)) {
    throw new OptionError("compare-command is empty: give the second implementation's command line");
  }
  if (options.compareProtocol !== undefined && options.compareCommand === undefined) {
    throw new OptionError(RULES.compareProtocolAlone(ref));
  }
  if (options.suites.length === 0) throw new OptionError("no suites selected", "suites");
  if (options.cases !== undefined) {
    if (options.cases.length === 0)
      throw new OptionError("cases is empty: leave it out to run every case", "cases");
    for (const pattern of options.cases)
      if (pattern === "" || /\s/.test(pattern))
        throw new OptionError(
          `cases '${pattern}': a case name holds no blank (suite/name, e.g. jcs/control-*)`,
          "cases",
        );
  }
  count("numbers", options.numbers, 0, MAX_NUMBERS);
  count("seed", options.seed, 0, MAX_SEED);
  count("generated-runs", options.generatedRuns, 0, MAX_GENERATED_RUNS);
  count("compare-runs", options.compareRuns, 0, MAX_COMPARE_RUNS);
  if (options.shard) {
    const { index, count: of } = options.shard;
    if (!Number.isSafeInteger(of) || !Number.isSafeInteger(index) || of < 1 || index < 1 || index > of) {
      throw new OptionError(
        `shard must be K/N with 1 <= K <= N (for example 3/8), not '${index}/${of}'`,
        "shard",
      );
    }
  }
  count("jobs", options.jobs, 1, MAX_JOBS);
  count("timeout-ms", options.timeoutMs, 1, MAX_TIMEOUT_MS);
  count("max-output-bytes", options.maxOutputBytes, 1, MAX_OUTPUT_BYTES);
  checkDirectory(options.workingDirectory, process.cwd(), "working-directory");
}
