// Every command's command line is read by one reader against its rows of the option table
// (src/options/argv.ts): a typo gets one line with the nearest flag of that command and where the
// usage is, exit 2, never the usage itself; so do a flag without its value, a value given to a flag
// that takes none and an argument the command does not take. What was typed is shown bounded and
// visible, and an argument that may be a key is not repeated. An option two commands share, or a
// command and the action, is refused in the same words by each.
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { misspeltInputs } from "../../src/action/inputs.js";
import { aggregateCommand } from "../../src/commands/aggregate.js";
import { badgeCommand } from "../../src/commands/badge.js";
import { canonicalizeCommand } from "../../src/commands/canonicalize.js";
import type { Command } from "../../src/commands/command.js";
import { keygenCommand } from "../../src/commands/keygen.js";
import { knownBadCommand } from "../../src/commands/known-bad.js";
import { runCommand } from "../../src/commands/run.js";
import { selfTestCommand } from "../../src/commands/self-test.js";
import { signCommand } from "../../src/commands/sign.js";
import { verifyCommand } from "../../src/commands/verify.js";
import { nearestName, readCommandLine, secretValueNote } from "../../src/options/index.js";
import { MAX_SHOWN_CHARS } from "../../src/options/names.js";
import { runActionHere } from "../action/runner.js";
import { cli } from "../helpers/cli.js";
import { SEED_HEX } from "../secrets/material.js";

const COMMANDS: Record<string, Command> = {
  run: runCommand,
  verify: verifyCommand,
  sign: signCommand,
  aggregate: aggregateCommand,
  keygen: keygenCommand,
  badge: badgeCommand,
  canonicalize: canonicalizeCommand,
  "known-bad": knownBadCommand,
  "self-test": selfTestCommand,
};

const work = mkdtempSync(join(tmpdir(), "cc-command-options-"));
const aFile = join(work, "record.json");
writeFileSync(aFile, "{}");

/** The two lines a refused command line gets, and nothing else: exit 2, no usage, no stdout. */
async function refused(args: string[], line: string): Promise<void> {
  const r = await cli(args, { env: { CANON_CONFORMANCE_KEY: undefined } });
  const name = args[0]!;
  assert.equal(r.status, 2, r.stderr);
  assert.equal(
    r.stderr,
    `canon-conformance ${name}: ${line}\nRun 'canon-conformance ${name} --help' for its options.\n`,
  );
  assert.doesNotMatch(r.stderr, /usage:/);
  assert.equal(r.stdout, "");
}

describe("a misspelt flag, in every command: one line with the nearest flag, exit 2, no usage", () => {
  const typos: [string[], string, string][] = [
    [["run", "--command", "x", "--protocl", "lines"], "--protocl", "--protocol"],
    [["verify", aFile, "--pubky", "ab"], "--pubky", "--pubkey"],
    [["sign", aFile, "--key-fle", "k"], "--key-fle", "--key-file"],
    [["aggregate", aFile, "--markdwon", "x.md"], "--markdwon", "--markdown"],
    [["keygen", "--ot", "k"], "--ot", "--out"],
    [["badge", aFile, "--outt", "dir"], "--outt", "--out"],
    [["canonicalize", "--digets", "sha256"], "--digets", "--digest"],
    [["known-bad", "--read-sid", "x"], "--read-sid", "--read-side"],
    [["self-test", "--verbos"], "--verbos", "--verbose"],
  ];
  for (const [args, typo, meant] of typos) {
    test(`${args[0]} ${typo}`, () => refused(args, `unknown option ${typo}; did you mean ${meant}?`));
  }
  // Every command is covered, so none keeps another way of reading its flags.
  test("every command has a typo test", () => {
    assert.deepEqual(typos.map(([args]) => args[0]).sort(), Object.keys(COMMANDS).sort());
  });

  test("near no flag: no suggestion", () => refused(["run", "--greeting"], "unknown option --greeting"));
  test("an alias counts: --suits is near --suites and --suite", () =>
    refused(["run", "--suits", "jcs"], "unknown option --suits; did you mean --suites?"));
  test("a long flag typed with one dash", () =>
    refused(["verify", aFile, "-pubkey", "ab"], "unknown option -pubkey; did you mean --pubkey?"));
  test("the value after = is not repeated: it may be a secret, and --key-file is where a key goes", () =>
    refused(
      ["sign", aFile, `--key=${SEED_HEX}`],
      `unknown option --key; did you mean --key-file? ${secretValueNote(true)}`,
    ));
});

describe("a prefix or a common abbreviation of exactly one flag is suggested (issue 37 item 3)", () => {
  test("sign --key KEY: --key-file, and the value is said to be a possible secret, never shown", async () => {
    const r = await cli(["sign", aFile, "--key", SEED_HEX], { env: { CANON_CONFORMANCE_KEY: undefined } });
    assert.equal(r.status, 2);
    assert.equal(
      r.stderr.split("\n")[0],
      `canon-conformance sign: unknown option --key; did you mean --key-file? ${secretValueNote(true)}`,
    );
    assert.ok(!r.stderr.includes(SEED_HEX.slice(0, 16)), "no part of the value is repeated");
  });
  test("a secret's name with no flag near it: the same note, after the refusal", () =>
    refused(["run", "--secret", "s3cr3t"], `unknown option --secret. ${secretValueNote(true)}`));
  test("a name like a secret given no value: nothing to say of a value", () =>
    refused(["verify", aFile, "--token"], "unknown option --token"));
  test("run --cmd: --command", () =>
    refused(["run", "--cmd", "x"], "unknown option --cmd; did you mean --command?"));
  test("verify --pub: --pubkey", () =>
    refused(["verify", aFile, "--pub", "ab"], "unknown option --pub; did you mean --pubkey?"));
  test("aggregate --req: --require-conformant", () =>
    refused(["aggregate", aFile, "--req"], "unknown option --req; did you mean --require-conformant?"));
  test("one that shortens two flags suggests neither (--com: --command, --compare-command)", () =>
    refused(["run", "--com", "x"], "unknown option --com"));
  test("an alias is the same flag: --sui shortens --suites and its alias --suite", () =>
    refused(["run", "--sui", "jcs"], "unknown option --sui; did you mean --suites?"));
  test("the action's with: keys are read the same way", () => {
    assert.equal(nearestName("cmd", ["command", "compare-command"]), "command");
    assert.equal(nearestName("key", ["key-file", "out"]), "key-file");
    assert.equal(nearestName("ex", ["expected-failures"]), undefined, "two letters are too few");
    assert.deepEqual(misspeltInputs({ INPUT_CMD: "python3 canon.py" }), [{ given: "cmd", meant: "command" }]);
  });
});

describe("the other ways a command line is wrong, each in one line", () => {
  test("a flag without its value", async () => {
    await refused(["run", "--command"], '--command needs a value (--command "CMD")');
    await refused(["verify", aFile, "--pubkey"], "--pubkey needs a value (--pubkey HEX)");
    await refused(["aggregate", aFile, "--out"], "--out needs a value (--out DIR)");
  });

  test("a value that starts with a dash is given with =, and then read by its row", async () => {
    await refused(
      ["self-test", "--numbers", "-5"],
      "--numbers needs a value (--numbers N); a value that starts with - is given as --numbers=VALUE",
    );
    await refused(["self-test", "--numbers=-5"], "--numbers must be a whole number of at least 1, not '-5'");
  });

  test("a value given to a flag that takes none", async () => {
    await refused(["run", "--command", "x", "--quiet=yes"], "--quiet takes no value: give it alone");
    await refused(["sign", aFile, "--force=1"], "--force takes no value: give it alone");
  });

  test("an argument a command does not take", async () => {
    await refused(
      ["run", "--command", "python3", "canon.py"],
      `unexpected argument 'canon.py' (quote the whole command: --command "python3 canon.py")`,
    );
    await refused(["canonicalize", "extra"], "unexpected argument 'extra'");
    await refused(["keygen", "--", "--out"], "unexpected argument '--out'");
  });

  test("what was typed is shown bounded and visible", async () => {
    const typo = `prot\u001b[31m${"x".repeat(200)}`;
    const r = await cli(["run", `--${typo}`]);
    assert.equal(r.status, 2);
    const line = r.stderr.split("\n")[0]!;
    assert.ok(line.includes("⟨U+001B⟩[31m"), line);
    assert.ok(!line.includes("\u001b"), "no raw escape reaches the terminal");
    assert.ok(line.endsWith("…"), line);
    assert.ok(line.length < MAX_SHOWN_CHARS + 80, `${line.length} characters`);
  });

  test("an argument that may be a key is described, not repeated", async () => {
    await refused(
      ["keygen", SEED_HEX],
      "unexpected argument of 64 characters (not shown, in case it is a secret key)",
    );
  });
});

describe("every command takes --help and -h, and reads every flag its usage lists", () => {
  for (const [name, command] of Object.entries(COMMANDS)) {
    test(name, async () => {
      const help = await cli(["help", name]);
      for (const flag of ["--help", "-h"]) {
        const r = await cli([name, flag]);
        assert.equal(r.status, 0, r.stderr);
        // `run --help` has always printed its usage without `help run`'s blank line after it.
        assert.equal(r.stdout.trimEnd(), help.stdout.trimEnd());
        assert.equal(r.stderr, "");
      }
      for (const row of Object.values(command.options.rows)) {
        if (!row.cli) continue;
        for (const spelling of [row.name, ...(row.cli.aliases ?? [])]) {
          const args = row.cli.type === "boolean" ? [`--${spelling}`] : [`--${spelling}`, "v"];
          const line = readCommandLine(
            [...args, ...(command.options.operands ? ["X"] : [])],
            command.options,
          );
          assert.ok(line, `${name} --${spelling}`);
        }
        if (row.cli.help.length > 0) assert.ok(command.usage.includes(`  ${row.cli.label}`), row.name);
      }
    });
  }
});

describe("the same bad value, the same words: two commands and the action", () => {
  /** The action's failure message for `inputs`, run in this process. */
  async function actionFailure(inputs: Record<string, string>): Promise<string> {
    const run = await runActionHere({ inputs });
    assert.equal(run.code, 1);
    return run.annotations.filter((a) => a.level === "error").at(-1)?.message ?? "(no error)";
  }
  /** The first line of a refused command line, without the command's name. */
  async function cliFailure(args: string[]): Promise<string> {
    const r = await cli(args, { env: { CANON_CONFORMANCE_KEY: undefined } });
    assert.equal(r.status, 2, r.stderr);
    return r.stderr.split("\n")[0]!.replace(/^canon-conformance [a-z-]+: /, "");
  }

  test("a public key that is not 64 hex digits: verify --pubkey, sign --pubkey, expected-signer", async () => {
    const words =
      "must be an Ed25519 public key as 64 hex digits; the value given has 63 hex digits (it is not shown, in case it is a secret key)";
    const bad = SEED_HEX.slice(0, 63);
    assert.equal(await cliFailure(["verify", aFile, "--pubkey", bad]), `--pubkey ${words}`);
    assert.equal(
      await cliFailure(["sign", aFile, "--key-file", aFile, "--pubkey", bad]),
      `--pubkey ${words}`,
    );
    assert.equal(
      await actionFailure({ mode: "sign", record: aFile, "expected-signer": bad }),
      `input \`expected-signer\`: expected-signer ${words}`,
    );
    // An empty job output fails closed on the command line; the action's input left empty is none.
    assert.equal(
      await cliFailure(["verify", aFile, "--pubkey", ""]),
      "--pubkey must be an Ed25519 public key as 64 hex digits; the value given is empty",
    );
  });

  test("a profile that does not exist: run --profile, self-test --profile, the action's profile", async () => {
    const words = "unknown profile 'latin1': choose rfc8785 (the RFC, the default) or nfc";
    assert.equal(await cliFailure(["run", "--command", "x", "--profile", "latin1"]), words);
    assert.equal(await cliFailure(["self-test", "--profile", "latin1"]), words);
    assert.equal(await actionFailure({ command: "x", profile: "latin1" }), `input \`profile\`: ${words}`);
  });

  test("a time limit past the longest a timer holds: run --timeout-ms and the action's timeout-ms", async () => {
    const words = "must be a whole number from 1 to 2147483647, not '3000000000'";
    assert.equal(
      await cliFailure(["run", "--command", "x", "--timeout-ms", "3000000000"]),
      `--timeout-ms ${words}`,
    );
    assert.equal(
      await actionFailure({ command: "x", "timeout-ms": "3000000000" }),
      `input \`timeout-ms\`: timeout-ms ${words}`,
    );
  });

  test("--quiet given a value: run and aggregate alike", async () => {
    assert.equal(await cliFailure(["run", "--quiet=1"]), "--quiet takes no value: give it alone");
    assert.equal(
      await cliFailure(["aggregate", aFile, "--quiet=1"]),
      "--quiet takes no value: give it alone",
    );
  });

  test("a misspelt option: the action's suggestion and the CLI's are one function's", async () => {
    assert.equal(nearestName("protocl", ["command", "protocol"]), "protocol");
    assert.deepEqual(misspeltInputs({ INPUT_PROTOCL: "lines" }), [{ given: "protocl", meant: "protocol" }]);
    assert.equal(
      await cliFailure(["run", "--command", "x", "--protocl", "lines"]),
      "unknown option --protocl; did you mean --protocol?",
    );
  });
});
