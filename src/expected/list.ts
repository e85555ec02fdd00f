// The expected-failures list (`--expected-failures FILE`, input `expected-failures`): the cases a team
// knows its implementation fails, each with the reason, so that a run can gate on regressions while
// the known gaps are fixed. The format is plain text, one entry per line, so that a list diffs and
// reviews like code and every error can name its line:
//
//     # comments start with '#'; blank lines are skipped
//     jcs/control-*        we escape U+007F, issue #12
//     reject/dup-top-level -- duplicate names are kept, until the parser is replaced
//     numbers/*            [refused 1e-320] we refuse -0, and 1e-320 hangs our formatter, issue #9
//
// An entry is a case name as the reports print it (`suite/name`) or a glob over it, then whitespace,
// then the reason (required; a leading `--` or `—` before it is dropped). In a glob `*` stands for any
// run of characters, `/` included; the suite before the first `/` is written out, never a glob.
// Between the name and the reason, `[...]` pins what a sweep case (one that reports culprits: the
// numbers suite) is known to get wrong: culprits by id (a number's input spelling) or by kind
// (`refused`, `notation`, ...), separated by spaces or commas. A covered case with a culprit the pins
// leave out is an unexpected failure (src/expected/gate.ts), so a listed sweep cannot hide a new fault;
// an entry without pins pins nothing, so it covers no failing sweep case: a sweep must be listed with
// what it is known to get wrong (`numbers/* [not-shortest] we print 17 digits`).
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { CanonError } from "../errors.js";
import { compileGlob, GlobError, MAX_GLOBS } from "../glob.js";
import { SUITES, type SuiteName } from "../types.js";

/** Larger than any honest list (every case of the corpus with a long reason is about 100 KiB); reading
 * stops there, so a wrong path (a log, /dev/zero) fails at once instead of filling memory. */
export const MAX_EXPECTED_FAILURES_BYTES = 256 * 1024;
/** A reason is one line for a person, shown beside each case it covers. */
export const MAX_REASON_CHARS = 300;

export interface ExpectedEntry {
  /** As written: `jcs/control-*`. */
  pattern: string;
  suite: SuiteName;
  reason: string;
  /** Its line in the file, from 1. */
  line: number;
  /** Whether a record case name (`suite/name`) is one this entry covers. */
  matches(caseName: string): boolean;
  /** `[...]`: the culprit ids and kinds a covered sweep case may report; absent, any. */
  pins?: readonly string[];
}

export interface ExpectedList {
  /** The file as given, for messages. */
  source: string;
  entries: ExpectedEntry[];
}

/** A list that cannot be used; the message names the file and the line. */
export class ExpectedListError extends CanonError {
  override name = "ExpectedListError";
}

/** `*` matches any run of characters; everything else stands for itself (src/glob.ts: no backtracking,
 * whatever the pattern). */
function globMatcher(pattern: string): (name: string) => boolean {
  const glob = compileGlob(pattern);
  return (name) => glob.test(name);
}

// Control characters (tab aside) have no place in a name or a reason, and a reason is printed in the
// log and the job summary: refused rather than shown.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

/** Parses the list's text; `source` names the file in messages. Throws ExpectedListError. */
export function parseExpectedFailures(text: string, source: string): ExpectedList {
  const entries: ExpectedEntry[] = [];
  const seen = new Map<string, number>();
  const lines = text.split("\n");
  lines.forEach((raw, index) => {
    const line = index + 1;
    const where = `${source} line ${line}`;
    const content = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (CONTROL.test(content)) {
      throw new ExpectedListError(
        `${where}: holds a control character; write names and reasons as plain text`,
      );
    }
    const trimmed = content.trim();
    if (trimmed === "" || trimmed.startsWith("#")) return;
    const match = /^(\S+)(?:\s+(.*))?$/s.exec(trimmed)!;
    const pattern = match[1]!;
    let rest = match[2] ?? "";
    let pins: string[] | undefined;
    if (rest.startsWith("[")) {
      const close = rest.indexOf("]");
      if (close < 0)
        throw new ExpectedListError(`${where}: '[' opens a list of pinned culprits that no ']' closes`);
      pins = rest
        .slice(1, close)
        .split(/[\s,]+/)
        .filter(Boolean);
      if (pins.length === 0)
        throw new ExpectedListError(
          `${where}: '[]' pins no culprit: name at least one, or leave the brackets out`,
        );
      rest = rest.slice(close + 1);
    }
    const reason = rest
      .trim()
      .replace(/^(?:--|—)\s*/, "")
      .trim();
    // A line that is not shaped like an entry is not quoted back: the option may point at the wrong
    // file (a key, a .env), and an error message must never carry its content to a log.
    const slash = pattern.indexOf("/");
    if (slash <= 0 || slash === pattern.length - 1) {
      throw new ExpectedListError(
        `${where}: does not start with a case name: write suite/name as the reports print it (e.g. jcs/control-del), or a glob such as jcs/control-*, then the reason`,
      );
    }
    const suite = pattern.slice(0, slash);
    if (!(SUITES as readonly string[]).includes(suite)) {
      const typo = /^[a-z*-]{1,24}$/.test(suite) ? ` '${suite}'` : "";
      throw new ExpectedListError(
        `${where}: the suite${typo} before the first '/' is not one of ${SUITES.join(", ")} (a suite is written out, never a glob)`,
      );
    }
    if (reason === "") {
      throw new ExpectedListError(
        `${where}: '${pattern}' has no reason: write why it is expected to fail after it on the same line (e.g. '${pattern}  issue #12: we escape U+007F')`,
      );
    }
    if (reason.length > MAX_REASON_CHARS) {
      throw new ExpectedListError(
        `${where}: the reason is ${reason.length} characters, more than ${MAX_REASON_CHARS}: keep it to one line and link the issue for the rest`,
      );
    }
    const before = seen.get(pattern);
    if (before !== undefined) {
      throw new ExpectedListError(`${where}: '${pattern}' is listed already on line ${before}`);
    }
    seen.set(pattern, line);
    if (entries.length === MAX_GLOBS) {
      throw new ExpectedListError(
        `${where}: the list holds more than ${MAX_GLOBS} entries: cover cases that share a start with one glob (jcs/control-*) instead`,
      );
    }
    let matches: (name: string) => boolean;
    try {
      matches = globMatcher(pattern);
    } catch (error) {
      if (error instanceof GlobError) throw new ExpectedListError(`${where}: ${error.message}`);
      throw error;
    }
    entries.push({ pattern, suite: suite as SuiteName, reason, line, matches, ...(pins ? { pins } : {}) });
  });
  if (entries.length === 0) {
    throw new ExpectedListError(
      `${source} lists no case: write one entry per line (a case name or glob, then the reason), or leave the option out`,
    );
  }
  return { source, entries };
}

/** The file at `path` (`shown` as the user gave it, which messages and reports use), read up to
 * MAX_EXPECTED_FAILURES_BYTES; it must be a regular file of UTF-8 text. */
export function readExpectedFailures(path: string, shown: string): ExpectedList {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    const looked = shown === path ? "" : `; looked for ${path}`;
    throw new ExpectedListError(
      `cannot read ${shown} (${(error as NodeJS.ErrnoException).code ?? "unreadable"}${looked})`,
    );
  }
  try {
    // A FIFO or a device could block the read or never end: only a regular file is a list.
    if (!fstatSync(fd).isFile()) throw new ExpectedListError(`${shown} is not a regular file (${path})`);
    const buffer = Buffer.alloc(MAX_EXPECTED_FAILURES_BYTES + 1);
    let length = 0;
    for (;;) {
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
      if (length > MAX_EXPECTED_FAILURES_BYTES) {
        throw new ExpectedListError(
          `${shown} holds more than ${MAX_EXPECTED_FAILURES_BYTES} bytes, more than any list of the corpus's cases: is it the right file?`,
        );
      }
    }
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(buffer.subarray(0, length));
    } catch {
      throw new ExpectedListError(`${shown} is not UTF-8 text`);
    }
    return parseExpectedFailures(text.startsWith("\uFEFF") ? text.slice(1) : text, shown);
  } finally {
    closeSync(fd);
  }
}

/** One failed case as a starting list writes it: its name, the culprit kinds of a sweep, and what its
 * cause is (for the reason a person fills in); and every cause it showed, when known. */
export interface StartingEntry {
  name: string;
  pins?: readonly string[];
  cause?: string;
  /** The title of each cause it showed: a generated case's first draw's, then those it found as it
   * went on drawing; an output with several faults at once, each. Said above its line when it is in
   * the section of cases that move (a generated case, or one that showed more than one cause). */
  showed?: readonly string[];
}

/** Placed where a reason goes in a starting list: a person replaces it with the real one. */
export const REASON_TO_FILL = "TODO: say why it fails (an issue link)";

/** Above the cases whose cause can move, which a starting list puts in a section of their own: why. */
export const GENERATED_SECTION = [
  "# Generated cases, and cases that showed more than one cause, in a section of their own: a generated",
  "# case fails by the first faults its draws meet, and a case with several faults is grouped under one,",
  "# so once one fault is fixed a case here can fail by another (the causes each showed are named above",
  "# it). Keep this section whole until every cause above is fixed; a line whose case then passes is",
  "# reported fixed: remove that line.",
];

/**
 * A starting expected-failures list for `entries` (the failed cases of a run, in its order), in this
 * module's format, so parseExpectedFailures reads it back: a comment per cause, then one line per case
 * with its pins and a reason to fill in; the generated cases and those that showed several causes
 * last, in a section of their own (GENERATED_SECTION), each under the causes it showed, since which
 * cause such a case fails by moves as faults are fixed. Names and causes come from a results file: control characters are
 * dropped and each line is kept within the format's bounds.
 */
export function writeStartingList(entries: readonly StartingEntry[], source: string): string {
  const clean = (text: string, max: number) =>
    text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ").slice(0, max);
  const lines = [
    `# Expected failures, started from ${clean(source, 200)}: every case that failed, grouped by cause.`,
    "# Replace each TODO with the real reason (an issue link), and remove the lines you mean to fix now",
    "# (but for the cases in the last section: see there).",
    "# A sweep is listed with what it gets wrong in [...]: a new kind of mismatch in it fails the step.",
  ];
  // A name that is not one case (a glob, a space, a stray suite) would cover more than failed.
  const named = entries
    .map((e) => ({ ...e, name: clean(e.name, 256) }))
    .filter((e) => /^[a-z-]+\/[^\s*?[\]]+$/.test(e.name));
  const entryLine = (e: StartingEntry) => {
    const pins = (e.pins ?? []).map((p) => clean(p, 64)).filter((p) => /^[^\s,[\]]+$/.test(p));
    return `${e.name}${pins.length > 0 ? `  [${pins.join(" ")}]` : ""}  ${REASON_TO_FILL}`;
  };
  const isGenerated = (e: StartingEntry) => e.name.startsWith("generated/") || (e.showed?.length ?? 0) > 1;
  let cause: string | undefined;
  for (const e of named.filter((e) => !isGenerated(e))) {
    if (e.cause !== undefined && e.cause !== cause) {
      cause = e.cause;
      lines.push("", `# ${clean(cause, 300)}`);
    }
    lines.push(entryLine(e));
  }
  const generated = named.filter(isGenerated);
  if (generated.length > 0) lines.push("", ...GENERATED_SECTION);
  for (const e of generated) {
    const showed = e.showed ?? (e.cause === undefined ? [] : [e.cause]);
    for (const title of showed) lines.push(`# showed: ${clean(title, 300)}`);
    lines.push(entryLine(e));
  }
  return `${lines.join("\n")}\n`;
}
