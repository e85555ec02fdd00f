// Keys (seed 003 §6): the two supplied forms, PEM as real OpenSSL writes it, and refusals that never
// show the key. A distinctive key text is used throughout so a leak would be found by search.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createPrivateKey, createPublicKey } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { inspect } from "node:util";
import {
  ephemeralKey,
  KEY_ENV,
  KeyError,
  loadSuppliedKey,
  parseSuppliedKey,
  toHex,
} from "../../src/record/keys.js";

const DISTINCTIVE_SEED = "c0ffee15bad5eed0c0ffee15bad5eed0c0ffee15bad5eed0c0ffee15bad5eed0";
const tmp = mkdtempSync(join(tmpdir(), "record-keys-"));

/** Fragments of a key text that must never appear in a message. */
function fragments(secret: string): string[] {
  const compact = secret.replace(/\s+/g, "");
  const out: string[] = [];
  for (let i = 0; i + 8 <= compact.length; i += 4) out.push(compact.slice(i, i + 8));
  return out;
}

function assertRefusedWithoutLeak(text: string, why: string): void {
  assert.throws(
    () => parseSuppliedKey(text),
    (error: unknown) => {
      assert.ok(error instanceof KeyError, `${why}: a KeyError`);
      for (const fragment of fragments(text)) {
        assert.ok(
          !error.message.includes(fragment),
          `${why}: the message shows part of the key (${fragment})`,
        );
      }
      return true;
    },
    why,
  );
}

test("a 64-hex-digit seed is a supplied key, with one trailing newline or none, either case", () => {
  const key = parseSuppliedKey(DISTINCTIVE_SEED);
  assert.equal(key.kind, "supplied");
  assert.equal(toHex(key.seed), DISTINCTIVE_SEED);
  assert.equal(toHex(parseSuppliedKey(`${DISTINCTIVE_SEED}\n`).publicKey), toHex(key.publicKey));
  assert.equal(toHex(parseSuppliedKey(`${DISTINCTIVE_SEED}\r\n`).publicKey), toHex(key.publicKey));
  assert.equal(toHex(parseSuppliedKey(DISTINCTIVE_SEED.toUpperCase()).seed), DISTINCTIVE_SEED);
});

test("a PEM from real `openssl genpkey -algorithm ed25519` gives the seed and public key OpenSSL and node agree on", () => {
  const pemPath = join(tmp, "key.pem");
  execFileSync("openssl", ["genpkey", "-algorithm", "ed25519", "-out", pemPath]);
  const pem = readFileSync(pemPath, "utf8");
  const key = parseSuppliedKey(pem);
  assert.equal(key.kind, "supplied");
  // OpenSSL's own public key, in DER SubjectPublicKeyInfo: the last 32 bytes are the key.
  const spki = execFileSync("openssl", ["pkey", "-in", pemPath, "-pubout", "-outform", "DER"]);
  assert.equal(toHex(key.publicKey), toHex(spki.subarray(spki.length - 32)));
  // And node's reading of the same PEM agrees on the seed.
  const jwk = createPrivateKey(pem).export({ format: "jwk" });
  assert.equal(toHex(key.seed), Buffer.from(jwk.d!, "base64url").toString("hex"));
  assert.equal(
    toHex(key.publicKey),
    Buffer.from(createPublicKey(pem).export({ format: "jwk" }).x!, "base64url").toString("hex"),
  );
});

test("the PEM OpenSSL writes for a known seed round-trips to that seed", () => {
  // PKCS#8 DER = the fixed Ed25519 prefix and the seed; let OpenSSL re-write it as PEM.
  const der = Buffer.concat([
    Buffer.from("302e020100300506032b657004220420", "hex"),
    Buffer.from(DISTINCTIVE_SEED, "hex"),
  ]);
  const derPath = join(tmp, "known.der");
  writeFileSync(derPath, der);
  const pem = execFileSync("openssl", ["pkey", "-inform", "DER", "-in", derPath]).toString("utf8");
  assert.equal(toHex(parseSuppliedKey(pem).seed), DISTINCTIVE_SEED);
});

test("anything else is refused with a KeyError that shows no part of the key", () => {
  const pem = execFileSync("openssl", ["genpkey", "-algorithm", "ed25519"]).toString("utf8");
  const rsaPem = execFileSync("openssl", [
    "genpkey",
    "-algorithm",
    "rsa",
    "-pkeyopt",
    "rsa_keygen_bits:1024",
  ]).toString("utf8");
  const x25519Pem = execFileSync("openssl", ["genpkey", "-algorithm", "x25519"]).toString("utf8");
  const cases: [string, string][] = [
    [DISTINCTIVE_SEED.slice(0, 62), "62 hex digits"],
    [`${DISTINCTIVE_SEED}00`, "66 hex digits"],
    [`${DISTINCTIVE_SEED}\n\n`, "two trailing newlines"],
    [` ${DISTINCTIVE_SEED}`, "a leading space"],
    [`${DISTINCTIVE_SEED.slice(0, 63)}g`, "a non-hex digit"],
    [`0x${DISTINCTIVE_SEED}`, "a 0x prefix"],
    [Buffer.from(DISTINCTIVE_SEED, "hex").toString("base64"), "the seed in base64"],
    ["", "empty"],
    [rsaPem, "an RSA key"],
    [x25519Pem, "an X25519 key"],
    [pem.replace("PRIVATE KEY-----\n", "PRIVATE KEY-----\n!"), "a PEM with a stray character"],
    [pem.replace(/-----END PRIVATE KEY-----\n$/, ""), "a PEM without its END line"],
    [pem.replace(/\n([A-Za-z0-9+/]{4})/, "\n$1$1"), "a PEM whose DER is too long"],
    [`junk ${DISTINCTIVE_SEED} junk`, "text around a seed"],
  ];
  for (const [text, why] of cases) assertRefusedWithoutLeak(text, why);
});

test("a signing key never shows its seed through JSON, inspect or string conversion", () => {
  const key = parseSuppliedKey(DISTINCTIVE_SEED);
  for (const shown of [
    JSON.stringify(key),
    inspect(key),
    inspect(key, { showHidden: true }),
    String(key),
    `${Object.values(key)}`,
  ]) {
    for (const fragment of fragments(DISTINCTIVE_SEED)) assert.ok(!shown.includes(fragment), shown);
  }
  assert.equal(toHex(key.seed), DISTINCTIVE_SEED, "the seed is still there for signing");
});

test("ephemeral keys are fresh each time", () => {
  const a = ephemeralKey();
  const b = ephemeralKey();
  assert.equal(a.kind, "ephemeral");
  assert.equal(a.seed.length, 32);
  assert.notEqual(toHex(a.seed), toHex(b.seed));
});

test("loadSuppliedKey reads --key-file or CANON_CONFORMANCE_KEY, and neither means none", () => {
  const file = join(tmp, "seed.hex");
  writeFileSync(file, `${DISTINCTIVE_SEED}\n`, { mode: 0o600 });
  assert.equal(toHex(loadSuppliedKey({ keyFile: file })!.seed), DISTINCTIVE_SEED);
  assert.equal(toHex(loadSuppliedKey({ env: { [KEY_ENV]: DISTINCTIVE_SEED } })!.seed), DISTINCTIVE_SEED);
  assert.equal(loadSuppliedKey({ env: {} }), undefined);
  assert.equal(
    loadSuppliedKey({ env: { [KEY_ENV]: "" } }),
    undefined,
    "an empty variable is a missing secret",
  );
  assert.throws(() => loadSuppliedKey({ keyFile: file, env: { [KEY_ENV]: DISTINCTIVE_SEED } }), KeyError);
});

test("loadSuppliedKey refuses an unreadable file or bad env value without showing the key", () => {
  assert.throws(
    () => loadSuppliedKey({ keyFile: join(tmp, "missing") }),
    /cannot read the key file .*ENOENT/,
  );
  const bad = `${DISTINCTIVE_SEED}zz`;
  const file = join(tmp, "bad.hex");
  writeFileSync(file, bad);
  for (const options of [{ keyFile: file }, { env: { [KEY_ENV]: bad } }]) {
    assert.throws(
      () => loadSuppliedKey(options),
      (error: unknown) =>
        error instanceof KeyError && fragments(bad).every((f) => !error.message.includes(f)),
    );
  }
});
