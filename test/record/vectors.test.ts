// The verifier conformance vectors (seed 003 §7) in vectors/conform-result/: the verifier reaches
// every vector's named outcome, the committed files are exactly what the committed generator makes,
// and each Ed25519 edge vector is refused by the strict check it is about.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { parse } from "../../src/jcs/index.js";
import { type StrictFailure, strictFailure } from "../../src/record/ed25519-strict.js";
import { fromHex, toHex } from "../../src/record/hex.js";
import { ed } from "../../src/record/noble.js";
import { signingInput } from "../../src/record/sign.js";
import { outcomeLine, verifyRecord } from "../../src/record/verify.js";
import type { ConformResult } from "../../src/types.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const DIR = join(ROOT, "vectors", "conform-result");
interface Manifest {
  test_key: { seed: string; public: string };
  vectors: { file: string; expect: string; why: string }[];
}
const manifest = JSON.parse(readFileSync(join(DIR, "manifest.json"), "utf8")) as Manifest;
const read = (file: string) => new Uint8Array(readFileSync(join(DIR, file)));

test("every vector reaches the outcome line its manifest names", () => {
  const wrong: string[] = [];
  for (const v of manifest.vectors) {
    const line = outcomeLine(verifyRecord(read(v.file)));
    if (line !== v.expect) wrong.push(`${v.file}: expected "${v.expect}", got "${line}"`);
  }
  assert.deepEqual(wrong, []);
  assert.ok(manifest.vectors.length >= 100);
});

test("the manifest has exactly the agreed shape, and the test key is what its seed gives", () => {
  assert.deepEqual(Object.keys(manifest).sort(), ["test_key", "vectors"]);
  assert.deepEqual(Object.keys(manifest.test_key).sort(), ["public", "seed"]);
  assert.equal(toHex(ed.getPublicKey(fromHex(manifest.test_key.seed))), manifest.test_key.public);
  const outcome =
    /^(accept conformant=(true|false)|reject step=[1-6] reason=(malformed|unknown_format|signature_invalid|summary_mismatch|conformant_mismatch))$/;
  for (const v of manifest.vectors) {
    assert.deepEqual(Object.keys(v).sort(), ["expect", "file", "why"]);
    assert.match(v.file, /^[a-z0-9-]+\.json$/);
    assert.match(v.expect, outcome);
    assert.ok(v.why.length > 0 && !v.why.includes("\n"));
  }
  const files = readdirSync(DIR)
    .filter((f) => f !== "manifest.json")
    .sort();
  assert.deepEqual(
    files,
    manifest.vectors.map((v) => v.file).sort(),
    "no file without a manifest entry, none missing",
  );
});

test("the committed vectors are exactly what scripts/gen-conform-result-vectors.ts writes", () => {
  const out = mkdtempSync(join(tmpdir(), "conform-result-vectors-"));
  execFileSync(
    process.execPath,
    ["--import", "tsx", join(ROOT, "scripts", "gen-conform-result-vectors.ts"), out],
    { cwd: ROOT },
  );
  const made = readdirSync(out).sort();
  assert.deepEqual(made, readdirSync(DIR).sort());
  for (const file of made) assert.deepEqual(new Uint8Array(readFileSync(join(out, file))), read(file), file);
});

test("every accepted vector but the mixed-order key is signed by the published test key", () => {
  for (const v of manifest.vectors.filter((x) => x.expect.startsWith("accept"))) {
    const record = parse(read(v.file)) as unknown as ConformResult;
    if (v.file.startsWith("accept-mixed-order"))
      assert.notEqual(record.signer_pubkey, manifest.test_key.public);
    else assert.equal(record.signer_pubkey, manifest.test_key.public, v.file);
  }
});

// The strict check each Ed25519 edge vector must fail, and nothing earlier.
const EDGE_REASONS: [RegExp, StrictFailure][] = [
  [/^key-small-order-\d\.json$/, "key-small-order"],
  [/^key-small-order-\d-noncanonical-\d\.json$/, "key-encoding"],
  [/^key-y-at-least-p\.json$/, "key-encoding"],
  [/^key-not-a-point\.json$/, "key-encoding"],
  [/^s-(plus|equals)-l\.json$/, "s-out-of-range"],
  [/^s-top-bit\.json$/, "s-out-of-range"],
  [/^r-small-order\.json$/, "r-small-order"],
  [/^r-small-order-noncanonical\.json$/, "r-encoding"],
  [/^mixed-order-key-cofactored-only\.json$/, "equation"],
];

test("each Ed25519 edge vector is refused by the strict check it is about", () => {
  const seen = new Set<string>();
  for (const v of manifest.vectors) {
    const reason = EDGE_REASONS.find(([pattern]) => pattern.test(v.file))?.[1];
    if (reason === undefined) continue;
    const record = parse(read(v.file)) as unknown as ConformResult;
    const got = strictFailure(fromHex(record.sig), signingInput(record), fromHex(record.signer_pubkey));
    assert.equal(got, reason, v.file);
    seen.add(v.file);
  }
  const smallOrderKeys = [...seen].filter((f) => f.startsWith("key-small-order"));
  assert.equal(
    smallOrderKeys.filter((f) => !f.includes("noncanonical")).length,
    8,
    "all eight small-order keys",
  );
  assert.equal(
    smallOrderKeys.filter((f) => f.includes("noncanonical")).length,
    6,
    "and their six non-canonical encodings",
  );
});

test("the set covers every case seed 003 §7 and issue 5 list", () => {
  const expectOf = new Map(manifest.vectors.map((v) => [v.file.replace(/\.json$/, ""), v.expect]));
  const required: [string, string][] = [
    ["accept-conformant", "accept conformant=true"],
    ["accept-not-conformant", "accept conformant=false"],
    ["accept-no-cases", "accept conformant=false"],
    ["accept-command-adapter", "accept conformant=true"],
    ["accept-http-adapter", "accept conformant=true"],
    ["accept-ephemeral-key", "accept conformant=false"],
    ["accept-supplied-key", "accept conformant=true"],
    ["case-outcome-changed", "reject step=4 reason=signature_invalid"],
    ["corpus-digest-changed", "reject step=4 reason=signature_invalid"],
    ["summary-changed", "reject step=4 reason=signature_invalid"],
    ["sig-bit-flipped", "reject step=4 reason=signature_invalid"],
    ["s-equals-l", "reject step=4 reason=signature_invalid"],
    ["s-plus-l", "reject step=4 reason=signature_invalid"],
    ["key-small-order-1", "reject step=4 reason=signature_invalid"],
    ["summary-cases-wrong", "reject step=5 reason=summary_mismatch"],
    ["summary-passed-wrong", "reject step=5 reason=summary_mismatch"],
    ["summary-failed-wrong", "reject step=5 reason=summary_mismatch"],
    ["summary-two-wrong", "reject step=5 reason=summary_mismatch"],
    ["verdict-true-with-failure", "reject step=6 reason=conformant_mismatch"],
    ["unknown-version", "reject step=2 reason=unknown_format"],
    ["member-missing", "reject step=3 reason=malformed"],
    ["member-added", "reject step=3 reason=malformed"],
    ["member-named-twice", "reject step=1 reason=malformed"],
    ["count-with-fraction", "reject step=3 reason=malformed"],
    ["digest-out-of-form", "reject step=3 reason=malformed"],
    ["not-json", "reject step=1 reason=malformed"],
    ["r-small-order", "reject step=4 reason=signature_invalid"],
    ["mixed-order-key-cofactored-only", "reject step=4 reason=signature_invalid"],
    ["key-y-at-least-p", "reject step=4 reason=signature_invalid"],
  ];
  for (const [name, expect] of required) assert.equal(expectOf.get(name), expect, name);
});

test("each summary-count vector has exactly the counts it says wrong, and a valid signature", () => {
  const counts = (file: string) => {
    const r = parse(read(file)) as unknown as ConformResult;
    const passed = r.cases.filter((c) => c.pass).length;
    const truth = { cases: r.cases.length, passed, failed: r.cases.length - passed };
    return (["cases", "passed", "failed"] as const).filter((k) => r.summary[k] !== truth[k]);
  };
  assert.deepEqual(counts("summary-cases-wrong.json"), ["cases"]);
  assert.deepEqual(counts("summary-passed-wrong.json"), ["passed"]);
  assert.deepEqual(counts("summary-failed-wrong.json"), ["failed"]);
  assert.deepEqual(counts("summary-two-wrong.json"), ["passed", "failed"]);
});
