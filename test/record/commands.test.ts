// `canon-conformance verify` and `keygen` through the CLI face (in this process): outcome lines,
// option lines, exit codes, and a secret that only goes where it was asked to.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { corpusDigest, corpusFiles } from "../../src/corpus/index.js";
import { toHex } from "../../src/record/hex.js";
import { parseSuppliedKey } from "../../src/record/keys.js";
import { recordBytes } from "../../src/record/sign.js";
import { cli } from "../helpers/cli.js";
import { signedRecord, TEST_KEY } from "./fixtures.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), "record-commands-"));

async function run(args: string[], input?: Uint8Array) {
  const r = await cli(args, input ? { input } : {});
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function write(name: string, bytes: Uint8Array): string {
  const path = join(tmp, name);
  writeFileSync(path, bytes);
  return path;
}

const good = write("good.json", recordBytes(signedRecord()));
const conformant = write(
  "conformant.json",
  recordBytes(signedRecord({ cases: [{ name: "jcs/a", pass: true, expected: "1", got: "1" }] })),
);
const pubkey = toHex(TEST_KEY.publicKey);

test("verify prints the outcome line and exits 0 for an accepted record, 1 for a refused one", async () => {
  assert.deepEqual(await run(["verify", conformant]), {
    code: 0,
    stdout: "accept conformant=true\n",
    stderr: "",
  });
  assert.deepEqual(await run(["verify", good]), { code: 0, stdout: "accept conformant=false\n", stderr: "" });
  const tampered = write(
    "tampered.json",
    new TextEncoder().encode(readFileSync(good, "utf8").replace('"pass":false', '"pass":true')),
  );
  const r = await run(["verify", tampered]);
  assert.equal(r.code, 1);
  assert.equal(r.stdout, "reject step=4 reason=signature_invalid\n");
  assert.match(r.stderr, /does not verify/);
});

test("verify reads a record from stdin with -", async () => {
  assert.equal((await run(["verify", "-"], readFileSync(conformant))).stdout, "accept conformant=true\n");
});

test("verify exits 2 for a file it cannot read, and for bad usage", async () => {
  const missing = await run(["verify", join(tmp, "missing.json")]);
  assert.equal(missing.code, 2);
  assert.equal(missing.stdout, "");
  assert.match(missing.stderr, /cannot read .*ENOENT/);
  assert.equal((await run(["verify", tmp])).code, 2, "a directory");
  assert.equal((await run(["verify"])).code, 2);
  assert.equal((await run(["verify", good, "--pubkey", "xyz"])).code, 2);
});

test("--pubkey adds a match or mismatch line after the outcome", async () => {
  assert.deepEqual(await run(["verify", conformant, "--pubkey", pubkey.toUpperCase()]), {
    code: 0,
    stdout: "accept conformant=true\npubkey match\n",
    stderr: "",
  });
  const other = "11".repeat(32);
  const r = await run(["verify", conformant, "--pubkey", other]);
  assert.equal(r.code, 1);
  assert.equal(r.stdout, `accept conformant=true\npubkey mismatch got=${pubkey}\n`);
});

test("--corpus recomputes the digest of the suites the record names and compares it", async () => {
  const corpus = join(tmp, "vectors");
  mkdirSync(join(corpus, "numbers"), { recursive: true });
  writeFileSync(join(corpus, "VERSION"), "2026.12.0\n");
  writeFileSync(
    join(corpus, "numbers", "manifest.json"),
    readFileSync(join(ROOT, "vectors", "numbers", "manifest.json")),
  );
  const files = await corpusFiles(corpus, ["numbers"]);
  const digest = corpusDigest(files);
  const matching = write(
    "corpus-match.json",
    recordBytes(
      signedRecord({ suite: "rfc8785:numbers", corpus: { dir: "vectors", files: files.length, digest } }),
    ),
  );
  assert.deepEqual(await run(["verify", matching, "--corpus", corpus]), {
    code: 0,
    stdout: `accept conformant=false\ncorpus match ${digest}\n`,
    stderr: "",
  });
  // A folder holding vectors/ works too.
  assert.equal(
    (await run(["verify", matching, "--corpus", tmp])).stdout,
    `accept conformant=false\ncorpus match ${digest}\n`,
  );
  const other = `sha256:${"cd".repeat(32)}`;
  const mismatching = write(
    "corpus-mismatch.json",
    recordBytes(
      signedRecord({
        suite: "rfc8785:numbers",
        corpus: { dir: "vectors", files: files.length, digest: other },
      }),
    ),
  );
  const r = await run(["verify", mismatching, "--corpus", corpus, "--pubkey", pubkey]);
  assert.equal(r.code, 1);
  assert.equal(
    r.stdout,
    `accept conformant=false\npubkey match\ncorpus mismatch expected=${digest} got=${other}\n`,
  );
  assert.equal((await run(["verify", matching, "--corpus", join(tmp, "nowhere")])).code, 2);
});

test("keygen --out writes a 0600 seed file, never over an existing file, and prints the public key", async () => {
  const out = join(tmp, "key.hex");
  const r = await run(["keygen", "--out", out]);
  assert.equal(r.code, 0, r.stderr);
  const secret = readFileSync(out, "utf8");
  assert.match(secret, /^[0-9a-f]{64}\n$/);
  assert.equal(statSync(out).mode & 0o777, 0o600);
  const key = parseSuppliedKey(secret);
  assert.ok(r.stdout.includes(`public key: ${toHex(key.publicKey)}`));
  assert.ok(
    !r.stdout.includes(secret.trim()) && !r.stderr.includes(secret.trim()),
    "the secret is only in the file",
  );
  const again = await run(["keygen", "--out", out]);
  assert.equal(again.code, 2);
  assert.match(again.stderr, /never overwritten/);
  assert.equal(readFileSync(out, "utf8"), secret, "the existing key is untouched");
});

test("keygen without --out writes the seed to a piped stdout and the public key to stderr", async () => {
  const r = await run(["keygen"]);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /^[0-9a-f]{64}\n$/);
  const key = parseSuppliedKey(r.stdout);
  assert.equal(r.stderr, `public key: ${toHex(key.publicKey)}\n`);
});

test("keygen without --out refuses to print a secret to a terminal", async () => {
  const r = await cli(["keygen"], { tty: { stdout: true } });
  assert.equal(r.status, 2);
  assert.equal(r.stdout, "", "nothing on the terminal");
  assert.match(r.stderr, /^canon-conformance keygen: refusing to print a secret key to a terminal/);
  assert.equal(r.stderr.split("\n").length, 2, "one line");
});

test("a bad supplied key stops `run` with exit 2 and a message that shows no part of it", async () => {
  const bad = "c0ffee15bad5eed0c0ffee15bad5eed0c0ffee15bad5eed0c0ffee15bad5eedZ";
  const r = await cli(["run", "--command", "true", "--suite", "jcs"], {
    env: { CANON_CONFORMANCE_KEY: bad },
  });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /supplied key/);
  for (let i = 0; i + 8 <= bad.length; i += 4) {
    const fragment = bad.slice(i, i + 8);
    assert.ok(!r.stderr.includes(fragment) && !r.stdout.includes(fragment), fragment);
  }
});
