// The defaults and the bounds of the run's options, in one place. The option table (table.ts) states
// them to both faces; other stages import the few they need from here, so no default is written twice.

export const DEFAULT_PROTOCOL = "once";
export const DEFAULT_PROFILE = "rfc8785";
/** Generated doubles the numbers suite sends. */
export const DEFAULT_NUMBERS = 100_000;
/** The numbers manifest's seed: the same cases, hence the same verdict, on every rerun. */
export const DEFAULT_SEED = 1;
/** Runs of each fast-check property in the generated suite. */
export const DEFAULT_GENERATED_RUNS = 250;
/** Generated values a differential run sends after the corpus inputs. */
export const DEFAULT_COMPARE_RUNS = 1000;
/** One case's time limit. */
export const DEFAULT_TIMEOUT_MS = 10_000;
/** The cap on one answer's bytes. */
export const DEFAULT_MAX_OUTPUT_BYTES = 16 * 1024 * 1024;

// The maxima (issue 12): past them a run would hang, run out of memory or flood the machine, and a
// record signed from such a run says nothing about the implementation.

/** The RFC authors' full test file is 100 million numbers; a sharded matrix can send that many. */
export const MAX_NUMBERS = 100_000_000;
/** A million runs of each property is hours of fast-check; more is a typo. */
export const MAX_GENERATED_RUNS = 1_000_000;
export const MAX_COMPARE_RUNS = 1_000_000;
/** Processes at once in once mode: beyond this the machine, not the implementation, is measured. */
export const MAX_JOBS = 256;
/** The longest delay a Node timer holds (2^31 - 1 ms); a longer one fires after 1 ms. */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;
/** Below V8's longest string (about 2^29 UTF-16 units), so any answer within the cap can be shown. */
export const MAX_OUTPUT_BYTES = 256 * 1024 * 1024;
/** The seed is a 32-bit unsigned integer (the numbers manifest's generator takes one). */
export const MAX_SEED = 0xffff_ffff;
