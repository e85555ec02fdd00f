// Both faces read the options through the same table: the same texts give the same run, and the same
// bad text is refused in the same words, whichever face it came through.
import assert from "node:assert/strict";
import { availableParallelism } from "node:os";
import { test } from "node:test";
import {
  actionFace,
  cliFace,
  DEFAULT_COMPARE_RUNS,
  DEFAULT_GENERATED_RUNS,
  DEFAULT_MAX_OUTPUT_BYTES,
  DEFAULT_NUMBERS,
  DEFAULT_SEED,
  DEFAULT_TIMEOUT_MS,
  MAX_JOBS,
  OPTIONS,
  OptionError,
  type OptionName,
  ROWS,
  readOption,
  readRunOptions,
} from "../../src/options/index.js";

const CWD = process.cwd();

/** The CLI face over flags as parseArgs gives them (booleans as booleans). */
const cli = (values: Record<string, string | boolean>) => cliFace(values, CWD);
/** The action face over inputs; an input the runner was not given is empty (its default). */
const action = (inputs: Record<string, string>) => actionFace((name) => inputs[name] ?? "", CWD);

function refusal(fn: () => unknown): OptionError {
  try {
    fn();
  } catch (error) {
    if (error instanceof OptionError) return error;
    throw error;
  }
  assert.fail("it was accepted");
}

test("the same texts through either face make the same run", () => {
  const texts: Record<string, string> = {
    command: "python3 canon.py --lines",
    protocol: "lines",
    "once-batch": "off",
    shell: "true",
    "read-command": "python3 read.py",
    "working-directory": "test",
    "implementation-name": "pycanon",
    "implementation-version": "1.2",
    "compare-command": "node other.mjs",
    "compare-protocol": "once",
    "compare-runs": "77",
    suites: "numbers,jcs",
    profile: "nfc",
    numbers: "5000",
    "generated-runs": "12",
    seed: "42",
    shard: "2/3",
    jobs: "3",
    "timeout-ms": "2500",
    sandbox: "bwrap",
    "sandbox-network": "true",
    "pass-env": "JAVA_HOME,\nGOPATH",
    "writable-paths": "test, src",
  };
  const fromCli = readRunOptions(cli({ ...texts, shell: true, "sandbox-network": true }));
  const fromAction = readRunOptions(action(texts));
  assert.deepEqual(fromCli, fromAction);
  assert.deepEqual(fromCli.options, {
    command: "python3 canon.py --lines",
    protocol: "lines",
    onceBatch: false,
    shell: true,
    readCommand: "python3 read.py",
    suites: ["jcs", "numbers"],
    profile: "nfc",
    numbers: 5000,
    seed: 42,
    generatedRuns: 12,
    shard: { index: 2, count: 3 },
    compareCommand: "node other.mjs",
    compareProtocol: "once",
    compareRuns: 77,
    jobs: 3,
    timeoutMs: 2500,
    maxOutputBytes: DEFAULT_MAX_OUTPUT_BYTES,
    workingDirectory: `${CWD}/test`,
    implementationName: "pycanon",
    implementationVersion: "1.2",
    sandbox: {
      mode: "bwrap",
      allowNetwork: true,
      passEnv: ["JAVA_HOME", "GOPATH"],
      writablePaths: [`${CWD}/test`, `${CWD}/src`],
    },
  });
  assert.equal(fromCli.randomSeed, false);
});

test("nothing given: the table's defaults, the same on both faces (the runner passes action.yml's)", () => {
  const defaults: Record<string, string> = {};
  for (const row of ROWS) if (row.input !== undefined) defaults[row.name] = row.default;
  const fromCli = readRunOptions(cli({ command: "x" })).options;
  assert.deepEqual(readRunOptions(action({ command: "x" })).options, fromCli);
  assert.deepEqual(readRunOptions(action({ ...defaults, command: "x" })).options, fromCli);
  assert.deepEqual(fromCli, {
    command: "x",
    protocol: "once",
    onceBatch: true,
    shell: false,
    suites: ["jcs", "reject", "canon-or-reject", "invariants", "numbers", "generated"],
    profile: "rfc8785",
    numbers: DEFAULT_NUMBERS,
    seed: DEFAULT_SEED,
    generatedRuns: DEFAULT_GENERATED_RUNS,
    jobs: Math.min(availableParallelism(), MAX_JOBS),
    timeoutMs: DEFAULT_TIMEOUT_MS,
    maxOutputBytes: DEFAULT_MAX_OUTPUT_BYTES,
    workingDirectory: CWD,
    implementationName: null,
    implementationVersion: null,
    sandbox: { mode: "auto", allowNetwork: false, passEnv: [], writablePaths: [] },
  });
  // compare-runs is only the run's with a compare-command, and then its default is the table's.
  assert.equal(
    readRunOptions(cli({ command: "x", "compare-command": "y" })).options.compareRuns,
    DEFAULT_COMPARE_RUNS,
  );
  // A flag given as empty text is not given.
  assert.deepEqual(
    readRunOptions(cli({ command: "x", numbers: "", "compare-command": "" })).options,
    fromCli,
  );
});

/** Texts each row must refuse, with the bound it breaks. */
const BAD: Partial<Record<OptionName, string[]>> = {
  protocol: ["carrier-pigeon"],
  shell: ["maybe"],
  "compare-protocol": ["smoke"],
  "compare-runs": ["-1", "1e3", "1000001", "9007199254740991"],
  suites: ["jcs,everything"],
  profile: ["nfd"],
  numbers: ["lots", "-1", "100000001", "9007199254740991"],
  "generated-runs": ["many", "1000001", "9007199254740991"],
  seed: ["-1", "4294967296", "1.5"],
  shard: ["4/3", "half", "0/1"],
  jobs: ["-1", "257", "100000"],
  "timeout-ms": ["0", "2147483648", "3000000000"],
  "working-directory": ["no/such/dir", "package.json"],
  sandbox: ["chroot", "BWRAP"],
  "sandbox-network": ["sometimes"],
  // The harness's secrets and channels are refused by name, in any case, as is a malformed name.
  "pass-env": [
    "CANON_CONFORMANCE_KEY",
    "INPUT_SIGNING-KEY",
    "HOME,input_signing_key",
    "GITHUB_TOKEN",
    "ACTIONS_RUNTIME_TOKEN",
    "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
    "github_env",
    "GITHUB_STEP_SUMMARY",
    "A=B",
    "1X",
  ],
  "writable-paths": ["no/such/dir", "test,no/such/file"],
};

test("a bad value is refused by both faces in the same words, naming the option", () => {
  let checked = 0;
  for (const [name, texts] of Object.entries(BAD) as [OptionName, string[]][]) {
    for (const text of texts) {
      const viaCli = refusal(() => readRunOptions(cli({ command: "x", [name]: text })));
      const viaAction = refusal(() => readRunOptions(action({ command: "x", [name]: text })));
      assert.equal(viaCli.option, name, `${name}=${text}`);
      assert.equal(viaAction.option, name, `${name}=${text}`);
      // The CLI says `--numbers must be …` where the action says `numbers must be …`; nothing else differs
      // but where relative paths start.
      const actionWords = viaAction.message
        .replace(/^(?=[a-z-]+ (must|'))/, "--")
        .replace("the workspace", "the current directory");
      assert.equal(viaCli.message, actionWords, `${name}=${text}`);
      checked++;
    }
  }
  assert.ok(checked >= 30);
});

test("the bounds of issue 12 are stated in the message", () => {
  const message = (name: OptionName, text: string) =>
    refusal(() => readRunOptions(action({ command: "x", [name]: text }))).message;
  assert.equal(
    message("timeout-ms", "3000000000"),
    "timeout-ms must be a whole number from 1 to 2147483647, not '3000000000'",
  );
  assert.equal(
    message("numbers", "100000001"),
    "numbers must be a whole number from 0 to 100000000, not '100000001'",
  );
  assert.equal(
    message("generated-runs", "1000001"),
    "generated-runs must be a whole number from 0 to 1000000, not '1000001'",
  );
  assert.equal(
    message("compare-runs", "1000001"),
    "compare-runs must be a whole number from 0 to 1000000, not '1000001'",
  );
  assert.equal(message("jobs", "100000"), "jobs must be a whole number from 0 to 256, not '100000'");
  // The bounds themselves are accepted.
  const edge = readRunOptions(
    action({
      command: "x",
      "timeout-ms": "2147483647",
      numbers: "100000000",
      jobs: "256",
      "compare-command": "y",
      "compare-runs": "1000000",
    }),
  ).options;
  assert.deepEqual(
    [edge.timeoutMs, edge.numbers, edge.jobs, edge.compareRuns],
    [2147483647, 100000000, 256, 1000000],
  );
  assert.equal(readRunOptions(action({ command: "x", "timeout-ms": "1" })).options.timeoutMs, 1);
});

test("the rules that join options: both faces refuse, with the same words", () => {
  const cases: [Record<string, string>, RegExp][] = [
    [
      {},
      /^set (--|`)command`? to your canonicalizer's command line \(or (--|`)url`? for one served over HTTP\)$/,
    ],
    [{ command: "x", url: "http://127.0.0.1:9/" }, /^set either (--|`)command`? or (--|`)url`?, not both$/],
    [
      { command: "x", "read-command": "r", "read-url": "http://127.0.0.1:9/" },
      /^set either .*read-command.* or .*read-url.*, not both$/,
    ],
    // The CLI took this without a word (issue 11); now both faces refuse it.
    [
      { command: "x", "compare-protocol": "lines" },
      /^(--|`)compare-protocol`? is set but (--|`)compare-command`? is empty: set the second implementation's command line, or clear (--|`)compare-protocol`?$/,
    ],
  ];
  for (const [texts, words] of cases) {
    const viaCli = refusal(() => readRunOptions(cli(texts)));
    const viaAction = refusal(() => readRunOptions(action(texts)));
    assert.match(viaCli.message, words);
    assert.match(viaAction.message, words);
    assert.equal(viaCli.message, viaAction.message.replace(/`([a-z-]+)`/g, "--$1"));
    assert.equal(viaCli.option, undefined, "a rule is about two options, not one");
  }
});

test("--suite is the CLI's other spelling of --suites; the action has only suites", () => {
  assert.deepEqual(readOption("suites", cli({ suite: "jcs" })), ["jcs"]);
  assert.deepEqual(
    readOption("suites", cli({ suite: "jcs", suites: "reject" })),
    ["jcs"],
    "the first spelling wins",
  );
  assert.deepEqual(readOption("suites", action({ suite: "jcs" })).length, 6, "no input `suite`");
});

test("a face reads only its own options: the action has no max-output-bytes, the CLI no artifact-name", () => {
  assert.equal(readOption("max-output-bytes", action({ "max-output-bytes": "5" })), DEFAULT_MAX_OUTPUT_BYTES);
  assert.equal(readOption("max-output-bytes", cli({ "max-output-bytes": "5" })), 5);
  assert.equal(readOption("artifact-name", cli({ "artifact-name": "x" })), OPTIONS["artifact-name"].default);
  assert.equal(readOption("artifact-name", action({ "artifact-name": "x" })), "x");
});

test("the action's own inputs: bounds and words", () => {
  const refused = (name: OptionName, text: string) =>
    refusal(() => readOption(name, action({ [name]: text })));
  assert.match(
    refused("retention-days", "365").message,
    /^retention-days must be a whole number of days from 1 to 90/,
  );
  assert.match(
    refused("artifact-name", "../escape").message,
    /^artifact-name '\.\.\/escape' may not contain/,
  );
  assert.match(
    refused("mode", "everything").message,
    /^choose run .*, aggregate .* or sign .*, not 'everything'$/,
  );
  assert.match(refused("records", "no/such/folder").message, /^records 'no\/such\/folder' does not exist/);
  assert.equal(refused("upload", "maybe").option, "upload");
  assert.equal(readOption("retention-days", action({})), undefined);
  assert.equal(readOption("retention-days", action({ "retention-days": "90" })), 90);
  assert.equal(readOption("upload", action({})), true);
  assert.equal(readOption("mode", action({})), "run");
});
