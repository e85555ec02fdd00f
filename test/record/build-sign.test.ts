// Building and signing (seed 003 §2, §3): the writer's duties, the signing input byte for byte, and
// a record changed in any member after signing is refused.
import assert from "node:assert/strict";
import { test } from "node:test";
import { canonicalizeValue, type JsonValue } from "../../src/jcs/index.js";
import {
  buildRecord,
  formatStartedAt,
  RecordError,
  recordCases,
  recordSuite,
  wellFormed,
} from "../../src/record/build.js";
import { strictFailure } from "../../src/record/ed25519-strict.js";
import { fromHex, toHex } from "../../src/record/hex.js";
import { ephemeralKey, signingKey } from "../../src/record/keys.js";
import { recordBytes, signingInput, signRecord } from "../../src/record/sign.js";
import { outcomeLine, verifyRecord } from "../../src/record/verify.js";
import type { CaseResult, ConformResult } from "../../src/types.js";
import { recordInput, signedRecord, TEST_KEY } from "./fixtures.js";

test("summary and conformant follow from the cases, as §2 says a writer MUST set them", () => {
  const mixed = buildRecord(recordInput());
  assert.deepEqual(mixed.summary, { cases: 3, passed: 2, failed: 1 });
  assert.equal(mixed.conformant, false);
  const allPass = buildRecord(recordInput({ cases: [{ name: "x/y", pass: true, expected: "1", got: "1" }] }));
  assert.deepEqual(allPass.summary, { cases: 1, passed: 1, failed: 0 });
  assert.equal(allPass.conformant, true);
  const none = buildRecord(recordInput({ cases: [] }));
  assert.deepEqual(none.summary, { cases: 0, passed: 0, failed: 0 });
  assert.equal(none.conformant, false, "no cases is not conformant");
});

test("the record has exactly §2's members, kind canonicalizer, started_at to the second in UTC", () => {
  const record = signedRecord();
  assert.deepEqual(Object.keys(record).sort(), [
    "cases",
    "conformant",
    "corpus",
    "implementation",
    "key",
    "kind",
    "sig",
    "signer_pubkey",
    "standard",
    "started_at",
    "suite",
    "summary",
    "toolchain",
    "wai",
  ]);
  assert.equal(record.wai, "conform-result/1");
  assert.equal(record.kind, "canonicalizer");
  assert.equal(record.started_at, "2026-12-01T10:20:30Z", "the fraction is dropped");
  assert.match(record.signer_pubkey, /^[0-9a-f]{64}$/);
  assert.match(record.sig, /^[0-9a-f]{128}$/);
});

test("formatStartedAt refuses dates §2 cannot write", () => {
  assert.equal(formatStartedAt(new Date("0001-01-01T00:00:00Z")), "0001-01-01T00:00:00Z");
  assert.throws(() => formatStartedAt(new Date("invalid")), RecordError);
  assert.throws(() => formatStartedAt(new Date("+010000-01-01T00:00:00Z")), RecordError);
});

test("recordSuite and recordCases name what ran as the docs say", () => {
  assert.equal(recordSuite("rfc8785", ["jcs", "reject", "numbers"]), "rfc8785:jcs,reject,numbers");
  const result: CaseResult = {
    suite: "jcs",
    name: "arrays",
    kind: "canon",
    pass: true,
    expected: "[]",
    got: "[]",
    why: "w",
    source: "s",
  };
  assert.deepEqual(recordCases([result]), [{ name: "jcs/arrays", pass: true, expected: "[]", got: "[]" }]);
});

test("a record that would be malformed is refused before signing, with a RecordError", () => {
  const bad = [
    recordInput({ corpus: { dir: "vectors", files: 1, digest: "sha256:ABC" } }),
    recordInput({ corpus: { dir: "vectors", files: 1.5, digest: `sha256:${"0".repeat(64)}` } }),
    recordInput({
      implementation: { ...recordInput().implementation, files: [{ path: "p", sha256: "XYZ" }] },
    }),
  ];
  for (const input of bad) assert.throws(() => buildRecord(input), RecordError);
});

test("lone surrogates in what an implementation answered become U+FFFD, so the record still reads", () => {
  const record = signedRecord({
    cases: [{ name: "jcs/x", pass: false, expected: "1", got: "\ud800 then \udfff" }],
  });
  assert.equal(record.cases[0]!.got, "\ufffd then \ufffd");
  assert.equal(wellFormed("\ud83d\ude00"), "\ud83d\ude00", "a pair is kept");
  assert.equal(outcomeLine(verifyRecord(recordBytes(record))), "accept conformant=false");
});

test("the signing input is the 18 bytes wai:conform-result, 0x01, then RFC 8785 of the record without sig", () => {
  const record = signedRecord();
  const input = signingInput(record);
  assert.equal(new TextDecoder().decode(input.subarray(0, 18)), "wai:conform-result");
  assert.equal(input[18], 0x01);
  const { sig: _sig, ...withoutSig } = record;
  assert.deepEqual(input.subarray(19), canonicalizeValue(withoutSig as unknown as JsonValue));
  assert.ok(
    new TextDecoder().decode(input).includes(`"signer_pubkey":"${record.signer_pubkey}"`),
    "signer_pubkey is signed",
  );
  assert.equal(strictFailure(fromHex(record.sig), input, fromHex(record.signer_pubkey)), null);
});

test("signing is deterministic, and the record on disk is its RFC 8785 form", () => {
  const a = signedRecord();
  const b = signedRecord();
  assert.equal(a.sig, b.sig);
  const bytes = recordBytes(a);
  assert.deepEqual(bytes, canonicalizeValue(JSON.parse(new TextDecoder().decode(bytes))));
});

test("signRecord refuses a key of another kind than the record states", () => {
  assert.throws(() => signRecord(buildRecord(recordInput({ key: "supplied" })), ephemeralKey()), /ephemeral/);
  const eph = signingKey("ephemeral", new Uint8Array(32).fill(1));
  const record = signRecord(buildRecord(recordInput({ key: "ephemeral" })), eph);
  assert.equal(record.key, "ephemeral");
  assert.equal(record.signer_pubkey, toHex(eph.publicKey));
});

// Every member, changed after signing in a way that keeps its form: the signature must catch it.
type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function leaves(value: Json, path: (string | number)[] = []): (string | number)[][] {
  if (value !== null && typeof value === "object") {
    const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
    return [path, ...entries.flatMap(([k, v]) => leaves(v, [...path, k]))];
  }
  return [path];
}

function flipHexDigit(hex: string, at: number): string {
  const c = hex[at] === "0" ? "1" : "0";
  return hex.slice(0, at) + c + hex.slice(at + 1);
}

/** A change to the value at `path` that keeps §2's form, so only the signature can catch it. */
function tamper(value: Json, name: string | number | undefined): Json {
  if (Array.isArray(value)) return value.length > 0 ? value.slice(1) : [];
  if (value === null) return "now a string";
  if (typeof value === "boolean") return !value;
  if (typeof value === "number") return value + 1;
  if (typeof value === "object") throw new Error("objects are changed through their members");
  if (name === "key") return value === "supplied" ? "ephemeral" : "supplied";
  if (name === "adapter") return value === "command" ? "http" : "command";
  if (name === "started_at") return value.replace(/30Z$/, "31Z");
  if (name === "digest") return flipHexDigit(value, 10);
  if (name === "sha256" || name === "sig") return flipHexDigit(value, 3);
  return `${value}x`;
}

test("every member of a record changed after signing is refused (at step 4; wai at step 2)", () => {
  const record = signedRecord() as unknown as Json;
  const other = toHex(signingKey("supplied", new Uint8Array(32).fill(9)).publicKey);
  let checked = 0;
  for (const path of leaves(record)) {
    if (path.length === 0) continue;
    const copy = structuredClone(record) as { [k: string]: Json };
    let parent: Json = copy;
    for (const k of path.slice(0, -1)) parent = (parent as Record<string, Json>)[k as string]!;
    const last = path[path.length - 1]!;
    const current = (parent as Record<string, Json>)[last as string]!;
    if (current !== null && typeof current === "object" && !Array.isArray(current)) continue;
    (parent as Record<string, Json>)[last as string] =
      last === "signer_pubkey" ? other : tamper(current, last);
    const line = outcomeLine(verifyRecord(canonicalizeValue(copy as JsonValue)));
    const expected =
      path[0] === "wai" ? "reject step=2 reason=unknown_format" : "reject step=4 reason=signature_invalid";
    assert.equal(line, expected, `changing ${path.join(".")}`);
    checked++;
  }
  assert.ok(checked >= 35, `every leaf and array was changed (${checked})`);
});

test("adding a case or a file after signing is refused", () => {
  const record = signedRecord();
  const more = structuredClone(record) as ConformResult;
  more.cases.push({ name: "jcs/new", pass: true, expected: "1", got: "1" });
  more.summary = { cases: 4, passed: 3, failed: 1 };
  assert.equal(outcomeLine(verifyRecord(recordBytes(more))), "reject step=4 reason=signature_invalid");
  const file = structuredClone(record) as ConformResult;
  file.implementation.files.push({ path: "extra", sha256: "03".repeat(32) });
  assert.equal(outcomeLine(verifyRecord(recordBytes(file))), "reject step=4 reason=signature_invalid");
});

test("a record signed by the test key verifies, and says which key signed it", () => {
  const result = verifyRecord(recordBytes(signedRecord()));
  assert.equal(result.outcome, "accept");
  if (result.outcome === "accept") assert.equal(result.record.signer_pubkey, toHex(TEST_KEY.publicKey));
});
