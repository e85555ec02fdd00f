// The option table: every option of `canon-conformance run` and of the action, one row each, with its
// CLI flag, its action input, its default (as action.yml states it), its parser with its bounds, the
// text it writes a value back as, and its help text for each face (the row's shape is ./row.ts). The
// CLI's command-line reader and `run --help`, the action's input reader, the re-run command and the
// test that holds action.yml to it all read these rows, so the faces cannot drift apart; the other CLI
// commands' tables take their rows from here where they share an option (`--key-file`, `--quiet`,
// `--profile`, a public key). A row only reads text: no file is opened here (the expected-failures list
// is read by the run's plan, src/run/plan.ts).
import { existsSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { checkGlobCount, GlobError, MAX_GLOB_CHARS } from "../glob.js";
import { isWithheldVariable, SANDBOX_MODES, type SandboxMode } from "../sandbox/index.js";
import {
  DEFAULT_COMPARE_RUNS,
  DEFAULT_GENERATED_RUNS,
  DEFAULT_MAX_OUTPUT_BYTES,
  DEFAULT_NUMBERS,
  DEFAULT_PROFILE,
  DEFAULT_PROTOCOL,
  DEFAULT_SEED,
  DEFAULT_TIMEOUT_MS,
  MAX_COMPARE_RUNS,
  MAX_GENERATED_RUNS,
  MAX_JOBS,
  MAX_NUMBERS,
  MAX_OUTPUT_BYTES,
  MAX_SEED,
  MAX_TIMEOUT_MS,
} from "./defaults.js";
import { OptionError } from "./errors.js";
import {
  parseBoolean,
  parseCount,
  parseProfile,
  parseProtocol,
  parsePublicKey,
  parseSeed,
  parseShard,
  parseSuites,
} from "./parse.js";
import { checkDirectory } from "./paths.js";
import { type DefaultedRow, type ParseContext, row } from "./row.js";

/** `on` or `off`, as true or false. */
function onOff(value: string, c: ParseContext): boolean {
  if (value !== "on" && value !== "off")
    throw new OptionError(`${c.subject} must be on or off, not '${value}'`);
  return value === "on";
}

/** Free text; empty means not given. */
const text = (value: string) => (value.trim() === "" ? undefined : value);
/** A whole number from `min` to `max`: its parser and its bounds. */
const count = (min: number, max: number) => ({
  bounds: { min, max },
  parse: (value: string, c: ParseContext) => parseCount(value, c.subject, min, max),
});
/** A boolean flag: given (`true`) or not (`false`); the action's inputs of it take true or false. */
export const flag = (value: string, c: ParseContext) => parseBoolean(value, c.subject, false);
const yesNo = (value: string, c: ParseContext) => parseBoolean(value, c.subject, true);

/** The artifact's name is also a folder name on the runner: @actions/artifact's rules, plus no dots-only. */
function artifactName(value: string, c: ParseContext): string {
  if (/[":<>|*?\\/\r\n]/.test(value) || /^\.+$/.test(value)) {
    throw new OptionError(
      `${c.subject} '${value}' may not contain " : < > | * ? \\ / or a line break, nor be only dots`,
    );
  }
  return value;
}

function retentionDays(value: string, c: ParseContext): number | undefined {
  if (value === "") return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 90) {
    throw new OptionError(
      `${c.subject} must be a whole number of days from 1 to 90 (or empty for the repository's default), not '${value}'`,
    );
  }
  return Number(value);
}

function mode(value: string): "run" | "aggregate" | "sign" {
  if (value !== "run" && value !== "aggregate" && value !== "sign") {
    throw new OptionError(
      `choose run (test one implementation, the default), aggregate (join the records of a matrix) or sign (re-sign a run's record with your key), not '${value}'`,
    );
  }
  return value;
}

/** Sign mode's record: a record.json, or the folder actions/download-artifact wrote it into. */
function recordFile(value: string, c: ParseContext): string {
  const path = resolve(c.base, value);
  const file = existsSync(path) && statSync(path).isDirectory() ? join(path, "record.json") : path;
  if (!existsSync(file) || !statSync(file).isFile()) {
    throw new OptionError(
      `${c.subject} '${value}' is not a record file nor a folder holding record.json (looked for ${file}): set it to where actions/download-artifact wrote the run job's artifact; it is relative to ${c.relativeTo}`,
    );
  }
  return file;
}

/** An Ed25519 public key as 64 hex digits, or empty (none). */
function publicKey(value: string, c: ParseContext): string | undefined {
  return value.trim() === "" ? undefined : parsePublicKey(value, c.subject);
}

/** The run job's `sandboxed` output as sign mode's `run-sandboxed`: true, false, or empty (not wired).
 * Only those texts, so no other text from the run job is taken for an answer. */
function runSandboxed(value: string, c: ParseContext): boolean | undefined {
  const given = value.trim();
  if (given === "") return undefined;
  if (given === "true" || given === "false") return given === "true";
  throw new OptionError(
    `${c.subject} must be true or false (the run job's \`sandboxed\` output), or empty, not '${value}'`,
  );
}

function records(value: string, c: ParseContext): string {
  const path = resolve(c.base, value);
  if (!existsSync(path)) {
    throw new OptionError(
      `${c.subject} '${value}' does not exist (looked for ${path}): set it to the folder actions/download-artifact wrote, or to a record.json; it is relative to ${c.relativeTo}`,
    );
  }
  return path;
}

function sandboxMode(value: string, c: ParseContext): SandboxMode {
  if (!(SANDBOX_MODES as readonly string[]).includes(value)) {
    throw new OptionError(
      `${c.subject} must be auto (bubblewrap where it works, else unsandboxed and said so), bwrap (bubblewrap or no run) or none, not '${value}'`,
    );
  }
  return value as SandboxMode;
}

/** A list given as one text: items separated by commas or line breaks, blanks dropped. */
function list(value: string): string[] {
  return value
    .split(/[,\r\n]/)
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/** Case names or globs; none given is every case. A name holds no blank (the record's suite is split
 * at blanks), so a pattern with one could match nothing and is refused here; and the patterns are
 * bounded in length and count (src/glob.ts), since they are matched against every case. */
function casePatterns(value: string, c: ParseContext): string[] | undefined {
  const patterns = list(value);
  try {
    checkGlobCount(patterns.length, c.subject);
  } catch (error) {
    if (error instanceof GlobError) throw new OptionError(error.message);
    throw error;
  }
  for (const pattern of patterns) {
    if (/\s/.test(pattern)) {
      throw new OptionError(
        `${c.subject} '${pattern}': a case name holds no blank (suite/name, e.g. jcs/control-*)`,
      );
    }
    if (pattern.length > MAX_GLOB_CHARS) {
      throw new OptionError(
        `${c.subject}: a pattern is ${pattern.length} characters, more than ${MAX_GLOB_CHARS} (no case name is that long)`,
      );
    }
  }
  return patterns.length === 0 ? undefined : [...new Set(patterns)];
}

/** Variable names to pass to the command; the harness's secrets and channels are refused by name. */
function passEnv(value: string, c: ParseContext): string[] {
  const names = list(value);
  for (const name of names) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
      throw new OptionError(`${c.subject} must list environment variable names; '${name}' is not one`);
    }
    if (isWithheldVariable(name)) {
      throw new OptionError(
        `${c.subject} must not name ${name}: it is never passed to the command under test (the signing key, an action input, a runner token or a file-command path)`,
      );
    }
  }
  return names;
}

/** Paths the command may write, each one existing; relative ones from the base. */
function writablePaths(value: string, c: ParseContext): string[] {
  return list(value).map((given) => {
    const path = resolve(c.base, given);
    if (!existsSync(path)) {
      throw new OptionError(
        `${c.subject} must list existing paths; '${given}' does not exist (looked for ${path}, relative to ${c.relativeTo})`,
      );
    }
    return path;
  });
}

/** A file an option names, and how its reader named it. The run's setup reads it (src/run/plan.ts),
 * before anything starts, so a malformed file still stops the run naming what is wrong in it. */
export interface GivenFile {
  path: string;
  /** The path as given, for messages. */
  given: string;
  /** The option as the face names it: `--expected-failures` or `expected-failures`. */
  subject: string;
}

/** Where the expected-failures list is. */
export type ExpectedFailuresFile = GivenFile;

function givenFile(value: string, c: ParseContext): GivenFile | undefined {
  if (value.trim() === "") return undefined;
  return { path: resolve(c.base, value), given: value, subject: c.subject };
}

/** Every option, in the order `run --help` lists them within its sections. */
export const OPTIONS = {
  mode: row({
    name: "mode",
    default: "run",
    input:
      "`run` (test one implementation, the default), `aggregate` (verify and join the records a matrix of runs uploaded; see `records`) or `sign` (verify a run job's record and re-sign it with `signing-key`, in a job that runs no code under test; see `record`).",
    parse: mode,
  }),
  command: row({
    name: "command",
    default: "",
    cli: {
      type: "string",
      section: "implementation",
      label: '--command "CMD"',
      help: ["its command line, split like a POSIX shell (no shell runs it)"],
    },
    input:
      "The canonicalizer's command line, split into arguments without a shell (e.g. `python3 canon.py`). It reads the input on stdin and writes the canonical form on stdout (see docs/protocol.md). Required unless `url` is given, or `mode` is `aggregate`.",
    parse: text,
  }),
  protocol: row({
    name: "protocol",
    default: DEFAULT_PROTOCOL,
    cli: {
      type: "string",
      section: "implementation",
      label: "--protocol once|lines",
      help: [
        "once (default): a process per request, input on stdin, answer on stdout, most inputs",
        "many to a process in batches (--once-batch); lines: one process, one request line in,",
        "one answer line out (docs/protocol.md). A default run here (2 cores, quiet), lines / once:",
        "Python 3.8 s / 15 s, Node 3.6 s / 26 s, Java 6.0 s / 26 s (npm run bench -- once)",
      ],
    },
    input: "How `command` speaks: `once` (one process per case) or `lines` (one process, one line per case).",
    parse: (value) => parseProtocol(value),
  }),
  "once-batch": row({
    name: "once-batch",
    default: "on",
    cli: {
      type: "string",
      section: "implementation",
      label: "--once-batch on|off",
      help: [
        "once mode: on (default) sends the inputs that may travel together many to a process, as",
        "one JSON array, each confirmed only by an exact answer (docs/protocol.md, Batches); off: a",
        "process for every request",
      ],
    },
    input:
      "In `once` mode: `on` (the default) sends the inputs that may travel together many to a process, as one JSON array, each confirmed only by an exact answer (docs/protocol.md, Batches); `off` starts a process for every request.",
    parse: onOff,
    write: (value) => (value ? "on" : "off"),
  }),
  // The sample rule's seed (src/batch/sample.ts), drawn fresh by every run: given, it replays a run's
  // sample from its results.json. The CLI's only: a workflow has no reason to fix it.
  "once-batch-seed": row({
    name: "once-batch-seed",
    default: "",
    cli: {
      type: "string",
      section: "implementation",
      label: "--once-batch-seed HEX",
      help: [
        "once mode: the seed of the confirmed inputs asked alone again (16 hex digits, as a",
        "run's results.json states it), to replay that run's sample; drawn fresh by default",
      ],
    },
    parse: (value, c) => {
      if (value === "") return undefined;
      if (!/^[0-9a-f]{16}$/.test(value))
        throw new OptionError(`${c.subject} must be 16 lowercase hexadecimal digits, not '${value}'`);
      return value;
    },
  }),
  shell: row({
    name: "shell",
    default: "false",
    cli: {
      type: "boolean",
      section: "implementation",
      label: "--shell",
      help: ["run CMD through the shell instead (sh -c, or cmd.exe on Windows)"],
    },
    input:
      "Run `command` (and `read-command`) through the platform shell (sh -c, or cmd.exe on Windows) instead of splitting it into arguments.",
    parse: flag,
  }),
  url: row({
    name: "url",
    default: "",
    cli: {
      type: "string",
      section: "implementation",
      label: "--url URL",
      help: ["an http implementation: POST the input, 200 with the answer, 4xx rejects"],
    },
    input:
      "The URL of a canonicalizer served over HTTP (POST the input, 200 with the canonical form, 4xx to reject). Use instead of `command`.",
    parse: text,
  }),
  "working-directory": row({
    name: "working-directory",
    default: ".",
    cli: {
      type: "string",
      section: "implementation",
      label: "--working-directory DIR",
      help: ["where CMD runs (default: the current directory)"],
    },
    input: "The directory the command runs in, relative to the workspace.",
    parse: (value, c) => checkDirectory(value, c.base, c.subject, c.relativeTo),
  }),
  "read-command": row({
    name: "read-command",
    default: "",
    cli: {
      type: "string",
      section: "implementation",
      label: '--read-command "CMD"',
      help: ["I4's read side: the store's normalizer (default: CMD over its own output)"],
    },
    input:
      "The store's normalizer for invariant I4 (read(write(x)) == write(x)), as a command line. Empty means the implementation itself.",
    parse: text,
  }),
  "read-url": row({
    name: "read-url",
    default: "",
    cli: {
      type: "string",
      section: "implementation",
      label: "--read-url URL",
      help: ["the read side over http"],
    },
    input: "The store's normalizer for I4 served over HTTP, instead of `read-command`.",
    parse: text,
  }),
  "implementation-name": row({
    name: "implementation-name",
    default: "",
    cli: {
      type: "string",
      section: "implementation",
      label: "--implementation-name N",
      help: ["what you call it, for the record"],
    },
    input: "What you call your implementation, as the record states it. Empty means null.",
    parse: (value) => text(value) ?? null,
  }),
  "implementation-version": row({
    name: "implementation-version",
    default: "",
    cli: { type: "string", section: "implementation", label: "--implementation-version V", help: [""] },
    input: "Its version, as the record states it. Empty means null.",
    parse: (value) => text(value) ?? null,
  }),
  "compare-command": row({
    name: "compare-command",
    default: "",
    cli: {
      type: "string",
      section: "implementation",
      label: '--compare-command "CMD"',
      help: [
        "a second implementation: every corpus input and --compare-runs generated",
        "values go to both; each disagreement is shrunk and shown (exit 1)",
      ],
    },
    input:
      "A second implementation's command line, for a differential run: every corpus input and `compare-runs` generated values go to both, and each disagreement is shrunk and shown in the job summary. A disagreement fails the step unless `fail-on-nonconformant` is false.",
    parse: text,
  }),
  "compare-protocol": row({
    name: "compare-protocol",
    default: "",
    cli: {
      type: "string",
      section: "implementation",
      label: "--compare-protocol P",
      help: ["the second one's protocol (default: --protocol); needs --compare-command"],
    },
    input:
      "How `compare-command` speaks: `once` or `lines`. Empty means the same as `protocol`; set only with `compare-command`.",
    parse: (value) => (value === "" ? undefined : parseProtocol(value)),
  }),
  "compare-runs": row({
    name: "compare-runs",
    default: String(DEFAULT_COMPARE_RUNS),
    cli: {
      type: "string",
      section: "implementation",
      label: "--compare-runs N",
      help: [
        `generated values for the comparison (default ${DEFAULT_COMPARE_RUNS}, at most ${MAX_COMPARE_RUNS})`,
      ],
    },
    input: `How many generated values the differential run sends to both implementations (at most ${MAX_COMPARE_RUNS}).`,
    ...count(0, MAX_COMPARE_RUNS),
  }),
  suites: row({
    name: "suites",
    default: "all",
    cli: {
      type: "string",
      aliases: ["suite"],
      section: "corpus",
      label: "--suite(s) all|LIST",
      help: [
        "all (default) or a comma list of: jcs, reject, canon-or-reject, invariants,",
        "numbers, generated",
      ],
    },
    input:
      "`all`, or a comma-separated list of: jcs, reject, canon-or-reject, invariants, numbers, generated (fast-check properties, seeded by `seed`).",
    parse: (value) => parseSuites(value),
  }),
  profile: row({
    name: "profile",
    default: DEFAULT_PROFILE,
    cli: {
      type: "string",
      section: "corpus",
      label: "--profile rfc8785|nfc",
      help: ["rfc8785 (default) keeps strings as sent; nfc is for stores that normalize"],
    },
    input:
      "`rfc8785` (strings kept exactly as sent) or `nfc` (for stores that normalize strings to NFC on write).",
    parse: (value) => parseProfile(value),
  }),
  numbers: row({
    name: "numbers",
    default: String(DEFAULT_NUMBERS),
    cli: {
      type: "string",
      section: "corpus",
      label: "--numbers N",
      help: [
        `how many generated doubles the numbers suite sends (default ${DEFAULT_NUMBERS},`,
        `at most ${MAX_NUMBERS})`,
      ],
    },
    input: `How many generated doubles the \`numbers\` suite sends (0 skips them, at most ${MAX_NUMBERS}).`,
    ...count(0, MAX_NUMBERS),
  }),
  "generated-runs": row({
    name: "generated-runs",
    default: String(DEFAULT_GENERATED_RUNS),
    cli: {
      type: "string",
      section: "corpus",
      label: "--generated-runs N",
      help: [
        `runs of each fast-check property in the generated suite (default ${DEFAULT_GENERATED_RUNS},`,
        `at most ${MAX_GENERATED_RUNS})`,
      ],
    },
    input: `How many runs of each property the \`generated\` suite makes (over all shards, at most ${MAX_GENERATED_RUNS}).`,
    ...count(0, MAX_GENERATED_RUNS),
  }),
  seed: row({
    name: "seed",
    default: String(DEFAULT_SEED),
    cli: {
      type: "string",
      section: "corpus",
      label: "--seed N|random",
      help: [
        `seeds the numbers and generated suites (default ${DEFAULT_SEED}, the same verdict on`,
        "every rerun); random draws one and prints it; case names carry it for replay",
      ],
    },
    input: `Seeds the numbers sweep and the generated suite (a whole number 0 to ${MAX_SEED}), so a rerun sends the same cases; the record's suite names it. \`random\` draws one and prints it, so the run can be replayed.`,
    bounds: { min: 0, max: MAX_SEED },
    parse: (value, c) => parseSeed(value, c.subject),
    write: ({ seed }) => String(seed),
  }),
  shard: row({
    name: "shard",
    default: "",
    cli: {
      type: "string",
      section: "corpus",
      label: "--shard K/N",
      help: [
        "run part K of N: the numbers sweep and the generated cases are split (the",
        "stored suites run in every shard); a matrix of N jobs covers them all once",
      ],
    },
    input:
      "`K/N`: this job runs part K of N of the numbers sweep and the generated cases, so that a matrix of N jobs covers together what one job cannot (the aggregate checks they cover it exactly once). Empty means the whole run.",
    parse: (value, c) => parseShard(value, c.subject),
    write: (shard) => (shard ? `${shard.index}/${shard.count}` : ""),
  }),
  // Case selection (issue 14): a run of some cases, and the re-run command of a failed run.
  cases: row({
    name: "cases",
    default: "",
    cli: {
      type: "string",
      multiple: true,
      aliases: ["case"],
      written: "case",
      section: "corpus",
      label: "--case NAME|GLOB",
      help: [
        "run only these cases (repeatable): suite/name as reports print it, * for any",
        "text (jcs/control-*, reject/*); the record's suite says cases=...",
      ],
    },
    input:
      "Run only these cases: names as the reports print them (`suite/name`), separated by commas or lines, `*` for any text (`jcs/control-*`, `reject/*`). A name that matches no case stops the run before it starts. The record's `suite` then ends in `cases=…`, so a run of some cases never reads as a full run. Empty means every case of `suites`.",
    parse: casePatterns,
  }),
  // The re-run of a run's failed cases when they are too many to name (src/report/rerun-command.ts).
  "cases-from": row({
    name: "cases-from",
    default: "",
    cli: {
      type: "string",
      section: "corpus",
      label: "--cases-from RESULTS",
      help: [
        "run only the cases that fail the step in a run's results.json (its unexpected",
        "failures with an expected-failures list, else every failed case); with --case,",
        "those too",
      ],
    },
    parse: givenFile,
    write: (file) => file?.path ?? "",
  }),
  sandbox: row({
    name: "sandbox",
    default: "auto",
    cli: {
      type: "string",
      section: "sandbox",
      label: "--sandbox auto|bwrap|none",
      help: [
        "how the command runs (docs/sandbox.md): auto (default) in bubblewrap where it",
        "works, else unsandboxed and said so; bwrap, or refuse to run; none",
      ],
    },
    input:
      "How the command under test runs (docs/sandbox.md): `auto` (bubblewrap where it works, else unsandboxed, said in the log and the job summary; on a GitHub-hosted Linux runner, where the action makes bubblewrap work, the step fails instead), `bwrap` (bubblewrap, or the step fails before any case runs) or `none`. Whatever the mode, the command never gets the signing key, the runner's tokens or the file-command paths. The `sandboxed` output says how it ran.",
    parse: sandboxMode,
  }),
  "sandbox-network": row({
    name: "sandbox-network",
    default: "false",
    cli: {
      type: "boolean",
      section: "sandbox",
      label: "--sandbox-network",
      help: ["let the sandboxed command use the network (default: none)"],
    },
    input:
      "Let the sandboxed command use the network (by default it has none, not even the runner's loopback).",
    parse: flag,
  }),
  "pass-env": row({
    name: "pass-env",
    default: "",
    cli: {
      type: "string",
      section: "sandbox",
      label: "--pass-env NAMES",
      help: [
        "variables passed to the command, comma-separated (it gets PATH, HOME, TMPDIR",
        "and the locale; the key, INPUT_*, tokens and file commands are refused)",
      ],
    },
    input:
      "Environment variables the sandboxed command gets, beyond PATH, HOME, TMPDIR and the locale: names separated by commas or lines. The signing key, `INPUT_*`, the runner's tokens and the file-command variables are refused.",
    parse: passEnv,
  }),
  "writable-paths": row({
    name: "writable-paths",
    default: "",
    cli: {
      type: "string",
      section: "sandbox",
      label: "--writable-paths PATHS",
      help: ["paths the sandboxed command may write, comma-separated (each must exist)"],
    },
    input:
      "Paths the sandboxed command may write besides its scratch directory, separated by commas or lines, relative to the workspace; each must exist. Everything else is read-only.",
    parse: writablePaths,
  }),
  jobs: row({
    name: "jobs",
    default: "0",
    cli: {
      type: "string",
      section: "run",
      label: "--jobs N",
      help: [`parallel processes in once mode (default: one per CPU, at most ${MAX_JOBS})`],
    },
    input: `Processes run at once in \`once\` mode, at most ${MAX_JOBS}; 0 means one per CPU.`,
    ...count(0, MAX_JOBS),
  }),
  "timeout-ms": row({
    name: "timeout-ms",
    default: String(DEFAULT_TIMEOUT_MS),
    cli: {
      type: "string",
      section: "run",
      label: "--timeout-ms N",
      help: [
        `per-case time limit; the whole process group is killed (default ${DEFAULT_TIMEOUT_MS},`,
        `from 1 to ${MAX_TIMEOUT_MS}, the longest a timer holds)`,
      ],
    },
    input: `The time limit for one case, in milliseconds (1 to ${MAX_TIMEOUT_MS}, the longest a timer holds); a case past it fails and the run goes on.`,
    ...count(1, MAX_TIMEOUT_MS),
  }),
  "max-output-bytes": row({
    name: "max-output-bytes",
    default: String(DEFAULT_MAX_OUTPUT_BYTES),
    cli: {
      type: "string",
      section: "run",
      label: "--max-output-bytes N",
      help: [
        `output cap per answer (default ${DEFAULT_MAX_OUTPUT_BYTES / 1024 / 1024} MiB, at most ${MAX_OUTPUT_BYTES / 1024 / 1024} MiB)`,
      ],
    },
    ...count(1, MAX_OUTPUT_BYTES),
  }),
  out: row({
    name: "out",
    default: "",
    cli: {
      type: "string",
      section: "run",
      label: "--out DIR",
      help: [
        "write record.json (signed), results.json and junit.xml into DIR (made if",
        "missing; checked before the run starts)",
      ],
    },
    input:
      "Sign mode: where the re-signed record is written (it must not exist yet). Empty means `record.json` in a folder of its own under RUNNER_TEMP, with the run job's record beside it as `record.ephemeral.json`. Run mode writes into RUNNER_TEMP and ignores it.",
    parse: text,
  }),
  "key-file": row({
    name: "key-file",
    default: "",
    cli: {
      type: "string",
      section: "run",
      label: "--key-file FILE",
      help: [
        "sign with this key (64 hex digits, or a PKCS#8 PEM); also $CANON_CONFORMANCE_KEY.",
        "Without one, a key is made for the run and forgotten.",
      ],
    },
    parse: text,
  }),
  "signing-key": row({
    name: "signing-key",
    default: "",
    input:
      'The Ed25519 key that signs the record, from a secret: 64 hex digits (a 32-byte seed) or a PKCS#8 PEM (`openssl genpkey -algorithm ed25519`). Empty means a key made for this run ("key": "ephemeral"), which is also what happens on pull requests from forks, where GitHub passes no secrets. Sign mode requires it: the key the record is re-signed with.',
    parse: (value) => value,
  }),
  quiet: row({
    name: "quiet",
    default: "false",
    cli: { type: "boolean", section: "run", label: "--quiet", help: ["no progress lines"] },
    parse: flag,
  }),
  "no-color": row({
    name: "no-color",
    default: "false",
    cli: { type: "boolean", section: "run", label: "--no-color", help: ["no colour (also NO_COLOR=1)"] },
    parse: flag,
  }),
  help: row({
    name: "help",
    default: "false",
    cli: { type: "boolean", short: "h", section: "run", label: "--help", help: ["this text"] },
    parse: flag,
  }),
  "artifact-name": row({
    name: "artifact-name",
    default: "canon-conformance",
    input:
      "The name of the uploaded artifact (record.json, results.json, junit.xml, report.html, summary.md, badge.svg, badge.json).",
    parse: artifactName,
  }),
  "retention-days": row({
    name: "retention-days",
    default: "",
    input: "Days to keep the artifact (1-90); empty means the repository's default.",
    bounds: { min: 1, max: 90 },
    parse: retentionDays,
  }),
  upload: row({ name: "upload", default: "true", input: "Upload the artifact.", parse: yesNo }),
  summary: row({
    name: "summary",
    default: "true",
    input: "Write the job summary (the pull request's view of the run).",
    parse: yesNo,
  }),
  badge: row({
    name: "badge",
    default: "true",
    input: "Write badge.svg and badge.json beside the record.",
    parse: yesNo,
  }),
  "fail-on-nonconformant": row({
    name: "fail-on-nonconformant",
    default: "true",
    input:
      "Fail the step when the implementation is not conformant, or when the differential run found a disagreement. A run that cannot start always fails.",
    parse: yesNo,
  }),
  // The step's gate by a list of expected failures (src/expected); the record is not changed by it.
  "expected-failures": row({
    name: "expected-failures",
    default: "",
    cli: {
      type: "string",
      section: "gate",
      label: "--expected-failures FILE",
      help: [
        "cases known to fail, one per line: a name or glob, then the reason; exit 0",
        "when every failure is listed and none passes (the record's verdict is unchanged)",
      ],
    },
    input:
      "A file listing the cases your implementation is known to fail, one per line: a case name as the reports print it (`jcs/control-del`) or a glob (`jcs/control-*`), then the reason (`#` starts a comment). A listed failure does not fail the step; an unlisted one does, and so does a listed entry whose cases all passed (remove it), unless `allow-fixed-expected-failures` is true. The record still states every case and `conformant` as they were. Relative to the workspace; empty means no list.",
    parse: givenFile,
    write: (file) => file?.path ?? "",
  }),
  "allow-fixed-expected-failures": row({
    name: "allow-fixed-expected-failures",
    default: "false",
    cli: {
      type: "boolean",
      aliases: ["allow-fixed"],
      section: "gate",
      label: "--allow-fixed",
      help: [
        "a listed entry whose cases all passed is reported, not a failure",
        "(also spelled --allow-fixed-expected-failures, as the action's input)",
      ],
    },
    input:
      "With `expected-failures`: an entry whose cases all passed is reported as fixed but does not fail the step (by default it does, so the list only shrinks).",
    parse: flag,
  }),
  records: row({
    name: "records",
    default: ".",
    input:
      "Aggregate mode: a folder of downloaded artifacts (searched for record.json, e.g. what actions/download-artifact with `pattern:` wrote), or one record.json; relative to the workspace.",
    parse: records,
  }),
  record: row({
    name: "record",
    default: "record.json",
    input:
      "Sign mode: the run job's record, or the folder actions/download-artifact wrote its artifact into (then its record.json); relative to the workspace.",
    parse: recordFile,
  }),
  "expected-signer": row({
    name: "expected-signer",
    default: "",
    input:
      "Sign mode: refuse the record unless it was signed by this Ed25519 public key (64 hex digits), e.g. the run job's `signer-pubkey` output, so that a record swapped between the jobs is refused. Empty: any signer.",
    parse: publicKey,
  }),
  "run-sandboxed": row({
    name: "run-sandboxed",
    default: "",
    input:
      "Sign mode: the run job's `sandboxed` output, passed on as a job output (`needs.run.outputs.sandboxed`). `false` (its command ran unsandboxed, so it could have read the run's key and signed a record of its own) refuses the record, unless `allow-unsandboxed` is true. Empty (not wired): the record is re-signed with a warning saying how to wire it.",
    parse: runSandboxed,
  }),
  "allow-unsandboxed": row({
    name: "allow-unsandboxed",
    default: "false",
    input:
      "Sign mode: re-sign the record even when `run-sandboxed` is `false` (a warning says so), e.g. for a run job that set `sandbox: none` on purpose.",
    parse: flag,
  }),
  "require-conformant": row({
    name: "require-conformant",
    default: "true",
    input:
      "Aggregate mode also fails the step when an implementation is not conformant (a refused record or a disagreement always fails it).",
    parse: yesNo,
  }),
} as const;

export type Options = typeof OPTIONS;
export type OptionName = keyof Options;
/** What an option's row parses its text into. */
export type OptionValue<K extends OptionName> = ReturnType<Options[K]["parse"]>;

export const ROWS: readonly DefaultedRow<unknown>[] = Object.values(OPTIONS);
