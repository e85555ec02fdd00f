// The bundled CLI (dist/cli.js, built from src/ for the tests: test/helpers/dist.ts), started as a user
// starts it, for what only a real process shows: the entry point's wiring (its arguments, streams,
// environment and exit code), both protocols through the real sandbox, a secret piped out and a record
// piped in, and a run that cannot start ending at once. Everything else the CLI does is tested in the
// tests' own process (test/helpers/cli.ts).
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { parseSuppliedKey, toHex } from "../../src/record/keys.js";
import { verifyRecord } from "../../src/record/verify.js";
import { cliCommand, implCommand, runCli, runCliAsync } from "../helpers/cli.js";

const work = mkdtempSync(join(tmpdir(), "cc-e2e-cli-"));
after(() => rmSync(work, { recursive: true, force: true }));

for (const protocol of ["lines", "once"] as const) {
  test(`run in ${protocol} mode, sandboxed: a record that verifies, the verdict on stdout, exit 0`, async () => {
    const out = join(work, `run-${protocol}`);
    // The tests' small bundle of the reference (test/helpers/impl.ts): once mode starts it per case.
    const command = implCommand(protocol === "lines" ? "canonicalize --lines" : "canonicalize");
    const suites = protocol === "lines" ? "jcs,reject,invariants" : "canon-or-reject";
    const run = await runCliAsync(
      [
        "run",
        "--command",
        command,
        "--protocol",
        protocol,
        "--suites",
        suites,
        "--numbers",
        "0",
        "--out",
        out,
      ],
      { env: { CANON_CONFORMANCE_KEY: undefined } },
    );
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stderr, /sandboxed with .*bwrap/);
    assert.match(run.stdout, /CONFORMANT/);
    const verdict = verifyRecord(readFileSync(join(out, "record.json")));
    assert.deepEqual([verdict.outcome, verdict.outcome === "accept" && verdict.conformant], ["accept", true]);
  });
}

test("keygen writes the secret to a pipe, and verify reads a record from stdin", async () => {
  const keygen = runCli(["keygen"]);
  assert.equal(keygen.status, 0, keygen.stderr);
  const key = parseSuppliedKey(keygen.stdout);
  assert.equal(keygen.stderr, `public key: ${toHex(key.publicKey)}\n`);
  const out = join(work, "signed");
  const run = await runCliAsync(
    [
      "run",
      "--command",
      cliCommand("canonicalize --lines"),
      "--protocol",
      "lines",
      "--suites",
      "jcs",
      "--out",
      out,
    ],
    { env: { CANON_CONFORMANCE_KEY: keygen.stdout.trim() } },
  );
  assert.equal(run.status, 0, run.stderr);
  const verify = runCli(["verify", "-", "--pubkey", toHex(key.publicKey)], {
    input: readFileSync(join(out, "record.json")),
  });
  assert.equal(verify.status, 0, verify.stderr);
  assert.equal(verify.stdout, "accept conformant=true\npubkey match\n");
});

test("a run that cannot start exits 2 at once, with the reason, and writes nothing", () => {
  const out = join(work, "not-started");
  const run = runCli(["run", "--command", "no-such-canonicalizer-xyz", "--out", out], { timeout: 30_000 });
  assert.equal(run.status, 2);
  assert.match(run.stderr, /^canon-conformance run: .*no-such-canonicalizer-xyz/m);
  assert.equal(run.stdout, "");
  assert.deepEqual(existsSync(out) ? readdirSync(out) : [], [], "no file written");
});
