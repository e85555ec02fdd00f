// Secret hygiene (issue 8 item 4) in the other commands: keygen puts the secret only where it was
// asked to (a new 0600 file, or a piped stdout), never on stderr and never in its refusal to
// overwrite a file; verify, given a key file by mistake for a record, refuses it without repeating it.
import assert from "node:assert/strict";
import { readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { parseSuppliedKey, toHex } from "../../src/record/keys.js";
import { leaksOfRun, runCli, tempDir } from "./cli.js";
import { BAD_KEYS, GOOD_KEYS, leaksIn } from "./material.js";

describe("keygen", () => {
  const work = tempDir("keygen");
  after(() => rmSync(work, { recursive: true, force: true }));

  test("--out FILE: the secret goes to a new 0600 file only; stdout has the public half", async () => {
    const file = join(work, "new.key");
    const run = await runCli(["keygen", "--out", file]);
    assert.equal(run.code, 0, run.stderr);
    const secret = readFileSync(file, "utf8");
    assert.match(secret, /^[0-9a-f]{64}\n$/);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    const publicHex = toHex(parseSuppliedKey(secret).publicKey);
    assert.ok(run.stdout.includes(publicHex));
    assert.deepEqual(leaksOfRun(run, [], Buffer.from(secret.trim())), []);
    // The search really looks for this secret: it is found in the file keygen wrote.
    assert.notDeepEqual(leaksIn("file", secret, Buffer.from(secret.trim())), []);
  });

  test("to a pipe: stdout is the secret and nothing else, stderr only the public half", async () => {
    const run = await runCli(["keygen"]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^[0-9a-f]{64}\n$/);
    const secret = Buffer.from(run.stdout.trim());
    assert.deepEqual(leaksIn("stderr", run.stderr, secret), []);
    assert.ok(run.stderr.includes(toHex(parseSuppliedKey(run.stdout).publicKey)));
  });

  test("an existing file (say, the team's key) is not overwritten and its content is not shown", async () => {
    const file = join(work, "existing.key");
    writeFileSync(file, GOOD_KEYS[0]!.text, { mode: 0o600 });
    const run = await runCli(["keygen", "--out", file]);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /already exists/);
    assert.deepEqual(readFileSync(file), GOOD_KEYS[0]!.text);
    assert.deepEqual(leaksOfRun(run, []), []);
  });
});

describe("verify, given a key file instead of a record", () => {
  const work = tempDir("verify");
  after(() => rmSync(work, { recursive: true, force: true }));

  for (const [i, key] of [...GOOD_KEYS, ...BAD_KEYS].entries()) {
    test(key.name, async () => {
      const file = join(work, `key-${i}`);
      writeFileSync(file, key.text);
      const run = await runCli(["verify", file, "--pubkey", "00".repeat(32)]);
      assert.equal(run.code, 1, `exit ${run.code}\n${run.stdout}\n${run.stderr}`);
      assert.match(run.stdout, /^reject step=1 reason=malformed\n$/);
      assert.deepEqual(leaksOfRun(run, [], key.text), []);
    });
  }
});
