// Generates the verifier conformance vectors of seed 003 §7 into vectors/conform-result/ (or the
// folder given as the first argument): one file of raw record bytes per vector, and manifest.json
// naming each file, the outcome line a verifier must reach for it, and why. Every record is signed
// with a published test key, so anyone can rebuild or extend the set. Output is deterministic
// (Ed25519 is, and the few hand-built signatures draw their nonces from a counter): a test
// regenerates the set and compares it with the committed files.
//
//   node --import tsx scripts/gen-conform-result-vectors.ts [OUT_DIR]
//
// Besides §7's list, the Ed25519 edge cases the strict rule exists for: every small-order key in
// each of its encodings, a small-order R that satisfies both equations, a mixed-order key that only
// the cofactored equation accepts, S + L, a key with y >= p. Where a lax verifier could accept such
// a signature, the generator checks that it really does (noble's ZIP-215 mode), so each of these
// vectors is refused by a strict check alone and not by a signature that is simply wrong.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { sha256 } from "@noble/hashes/sha2.js";
import { canonicalizeValue, type JsonValue } from "../src/jcs/index.js";
import { buildRecord, type RecordInput } from "../src/record/build.js";
import { bytesToNumberLE, L, numberToBytesLE, P } from "../src/record/ed25519-strict.js";
import { SIGNING_PREFIX } from "../src/record/format.js";
import { fromHex, toHex } from "../src/record/hex.js";
import { signingKey } from "../src/record/keys.js";
import { ed, sha512 } from "../src/record/noble.js";
import { type RecordWithoutSig, recordBytes, signingInput, signRecord } from "../src/record/sign.js";
import type { ConformResult, SigningKey, UnsignedConformResult } from "../src/types.js";

const { Point } = ed;
type Point = InstanceType<typeof Point>;

export interface Vector {
  file: string;
  expect: string;
  why: string;
}
export interface VectorSet {
  manifest: { test_key: { seed: string; public: string }; vectors: Vector[] };
  /** Each vector's raw bytes, by file name. */
  files: Map<string, Uint8Array>;
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const hexOf = (text: string) => toHex(sha256(utf8(text)));

/** The published test key: its seed is SHA-256 of this sentence, and is printed in the manifest. */
export const TEST_SEED = sha256(utf8("canon-conformance conform-result/1 test key"));
const TEST_KEY_SUPPLIED = signingKey("supplied", TEST_SEED);
const TEST_KEY_EPHEMERAL = signingKey("ephemeral", TEST_SEED);
const OTHER_KEY = signingKey("ephemeral", sha256(utf8("canon-conformance conform-result/1 other key")));
/** The test key's secret scalar a (RFC 8032 §5.1.5), for hand-built signatures. */
const TEST_SCALAR = ed.utils.getExtendedPublicKey(TEST_SEED).scalar;

const ACCEPT_TRUE = "accept conformant=true";
const ACCEPT_FALSE = "accept conformant=false";
const reject = (step: number, reason: string) => `reject step=${step} reason=${reason}`;
const MALFORMED_1 = reject(1, "malformed");
const UNKNOWN_2 = reject(2, "unknown_format");
const MALFORMED_3 = reject(3, "malformed");
const SIG_4 = reject(4, "signature_invalid");
const SUMMARY_5 = reject(5, "summary_mismatch");
const VERDICT_6 = reject(6, "conformant_mismatch");

// ---- the records ---------------------------------------------------------------------------------

const PASSING_CASES: ConformResult["cases"] = [
  {
    name: "jcs/rfc8785-3.2.2-numbers",
    pass: true,
    expected: "[333333333.3333333,1e+30,4.5,0.002,1e-27]",
    got: "[333333333.3333333,1e+30,4.5,0.002,1e-27]",
  },
  // Control characters, quotes, backslashes, non-ASCII and a character past U+FFFF: the RFC 8785
  // form of these strings is what a verifier must rebuild exactly to check the signature.
  {
    name: "jcs/rfc8785-3.2.2-strings",
    pass: true,
    expected: '"€$\u000f\nA\'B"\\\\\\"/"',
    got: '"€$\u000f\nA\'B"\\\\\\"/"',
  },
  {
    name: "jcs/sorting",
    pass: true,
    expected: '{"\r":1,"1":2,"\u0080":3,"ö":4,"€":5,"😀":6,"דּ":7}',
    got: '{"\r":1,"1":2,"\u0080":3,"ö":4,"€":5,"😀":6,"דּ":7}',
  },
  { name: "reject/duplicate-names", pass: true, expected: "reject", got: "reject: duplicate key 'a'" },
];
const FAILING_CASE = { name: "numbers/block-0", pass: false, expected: "[1e-7]", got: "[1e-07]" };

function input(overrides: Partial<RecordInput> = {}): RecordInput {
  return {
    suite: "rfc8785:jcs,reject,numbers",
    standard: "2026.12.0",
    toolchain: { name: "canon-conformance", version: "0.1.0" },
    corpus: { dir: "vectors", files: 41, digest: `sha256:${hexOf("corpus digest stand-in")}` },
    implementation: {
      adapter: "command",
      impl: "python3 canon.py --lines",
      name: "example-canon",
      version: "1.2.3",
      files: [
        { path: "/usr/bin/python3", sha256: hexOf("python3 stand-in") },
        { path: "canon.py", sha256: hexOf("canon.py stand-in") },
      ],
    },
    startedAt: new Date("2026-11-30T12:34:56Z"),
    cases: PASSING_CASES,
    key: "supplied",
    ...overrides,
  };
}

const HTTP_IMPLEMENTATION: ConformResult["implementation"] = {
  adapter: "http",
  impl: "http://127.0.0.1:8080/canonicalize",
  name: "example-canon-service",
  version: null,
  files: [],
};

function keyFor(kind: ConformResult["key"]): SigningKey {
  return kind === "supplied" ? TEST_KEY_SUPPLIED : TEST_KEY_EPHEMERAL;
}

/** A correctly built and signed record. */
function good(overrides: Partial<RecordInput> = {}): ConformResult {
  const unsigned = buildRecord(input(overrides));
  return signRecord(unsigned, keyFor(unsigned.key));
}

/** Signs `record` as it is, however inconsistent (a writer that broke §2's rules, but signed). */
function signAsIs(
  record: UnsignedConformResult | RecordWithoutSig,
  key: SigningKey = keyFor(record.key),
): ConformResult {
  const withPubkey: RecordWithoutSig = { ...record, signer_pubkey: toHex(key.publicKey) };
  return { ...withPubkey, sig: toHex(ed.sign(signingInput(withPubkey), key.seed)) };
}

/** A copy of a plain JSON value, to change after signing. */
function copy<T>(value: T): T {
  return structuredClone(value);
}

/** Replaces the one occurrence of `from` in `bytes` (as UTF-8 text) with `to`. */
function edit(bytes: Uint8Array, from: string, to: string): Uint8Array {
  const text = new TextDecoder().decode(bytes);
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0)
    throw new Error(`edit: ${JSON.stringify(from)} is not in the record exactly once`);
  return utf8(text.slice(0, at) + to + text.slice(at + from.length));
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The record's bytes with its sig replaced by `sig` (hex). */
function withSig(record: ConformResult, sig: string): Uint8Array {
  return recordBytes({ ...record, sig });
}

// ---- hand-built Ed25519 signatures ---------------------------------------------------------------

const B = Point.BASE;
const scalarOf = (bytes: Uint8Array) => bytesToNumberLE(bytes) % L;
const challenge = (R: Uint8Array, A: Uint8Array, message: Uint8Array) =>
  scalarOf(sha512(concat(R, A, message)));

/** Nonce number `i` of a named construction: deterministic, and never 0 mod L. */
function nonce(label: string, i: number): bigint {
  return (scalarOf(sha512(utf8(`${label}/${i}`))) % (L - 1n)) + 1n;
}

/** A signature (R, S) as 64 bytes. */
function sigBytes(R: Uint8Array, S: bigint): Uint8Array {
  return concat(R, numberToBytesLE(S));
}

/** The record with `signer_pubkey` set to the given bytes, and its signing input. */
function claimKey(
  record: UnsignedConformResult,
  publicKey: Uint8Array,
): { unsigned: RecordWithoutSig; message: Uint8Array } {
  const unsigned = { ...record, signer_pubkey: toHex(publicKey) };
  return { unsigned, message: signingInput(unsigned) };
}

/**
 * The laxest verifier: any encoding of A and R, S taken mod L, no small-order checks, the cofactored
 * equation [8][S]B = [8]R + [8][k]A. Every strict-rule vector built here passes it, so a verifier
 * that refuses one does so by the strict check the vector is about, not because the signature is wrong.
 */
function laxAccepts(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  let A: Point;
  let R: Point;
  try {
    A = Point.fromBytes(publicKey, true);
    R = Point.fromBytes(signature.subarray(0, 32), true);
  } catch {
    return false;
  }
  const S = bytesToNumberLE(signature.subarray(32)) % L;
  const k = challenge(signature.subarray(0, 32), publicKey, message);
  return B.multiplyUnsafe(S).subtract(R).subtract(A.multiplyUnsafe(k)).multiplyUnsafe(8n).is0();
}

function assertLax(name: string, signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): void {
  if (!laxAccepts(signature, message, publicKey))
    throw new Error(`${name}: a lax verifier should accept this construction`);
}

/** The eight points of small order, as [i]T for a point T of order 8. */
function smallOrderPoints(): Point[] {
  const T = Point.fromHex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05");
  if (!T.multiplyUnsafe(8n).is0() || T.multiplyUnsafe(4n).is0()) throw new Error("T is not of order 8");
  return [0n, 1n, 2n, 3n, 4n, 5n, 6n, 7n].map((i) => T.multiplyUnsafe(i));
}

function orderOf(point: Point): bigint {
  for (const n of [1n, 2n, 4n, 8n]) if (point.multiplyUnsafe(n).is0()) return n;
  throw new Error("not of small order");
}

/**
 * The encodings of a small-order point that are not canonical: with x = 0, the sign bit set; and
 * y + p in place of y where that is still below 2^255 (only y = 0 and y = 1 qualify), with the
 * point's own sign bit, and with either sign bit when x = 0.
 */
function nonCanonicalEncodings(point: Point): Uint8Array[] {
  const { x, y } = point.toAffine();
  const encode = (yValue: bigint, sign: boolean) => {
    const bytes = numberToBytesLE(yValue);
    if (sign) bytes[31]! |= 0x80;
    return bytes;
  };
  const out: Uint8Array[] = [];
  if (x === 0n) out.push(encode(y, true));
  if (y + P < 2n ** 255n) {
    out.push(encode(y + P, (x & 1n) === 1n));
    if (x === 0n) out.push(encode(y + P, true));
  }
  return out;
}

/**
 * A signature under a small-order key A that both equations accept: R = [r]B and S = r, with r
 * drawn until [k]A is the identity (k ≡ 0 mod the order of A). Only the small-order check refuses it.
 */
function smallOrderKeySignature(
  label: string,
  record: UnsignedConformResult,
  keyBytes: Uint8Array,
  order: bigint,
) {
  const { unsigned, message } = claimKey(record, keyBytes);
  for (let i = 0; ; i++) {
    const r = nonce(label, i);
    const R = B.multiply(r).toBytes();
    if (challenge(R, keyBytes, message) % order !== 0n) continue;
    const signature = sigBytes(R, r);
    assertLax(label, signature, message, keyBytes);
    return withSig({ ...unsigned, sig: "" }, toHex(signature));
  }
}

// ---- the vectors ---------------------------------------------------------------------------------

export function buildVectors(): VectorSet {
  const vectors: Vector[] = [];
  const files = new Map<string, Uint8Array>();
  const add = (name: string, bytes: Uint8Array, expect: string, why: string) => {
    const file = `${name}.json`;
    if (files.has(file)) throw new Error(`vector ${name} named twice`);
    files.set(file, bytes);
    vectors.push({ file, expect, why });
  };

  const conformant = good();
  const conformantBytes = recordBytes(conformant);

  // Accepted (§7).
  add(
    "accept-conformant",
    conformantBytes,
    ACCEPT_TRUE,
    "a conformant run: every case passed, correctly signed",
  );
  add(
    "accept-not-conformant",
    recordBytes(good({ cases: [...PASSING_CASES, FAILING_CASE] })),
    ACCEPT_FALSE,
    "a run with one failed case: a genuine record of a non-conformant run is accepted as one",
  );
  add(
    "accept-no-cases",
    recordBytes(good({ cases: [] })),
    ACCEPT_FALSE,
    "a run with no cases: summary 0/0/0, and conformant false since conformance needs at least one case",
  );
  add(
    "accept-command-adapter",
    recordBytes(
      good({
        key: "ephemeral",
        implementation: {
          adapter: "command",
          impl: "node canon.mjs --config canon.json",
          name: null,
          version: "0.9.0",
          files: [
            { path: "/usr/local/bin/node", sha256: hexOf("node stand-in") },
            { path: "canon.mjs", sha256: hexOf("canon.mjs stand-in") },
            { path: "canon.json", sha256: hexOf("canon.json stand-in") },
          ],
        },
      }),
    ),
    ACCEPT_TRUE,
    "the command adapter: impl is the command line, files the program on PATH and each argument that is a file",
  );
  add(
    "accept-http-adapter",
    recordBytes(good({ implementation: HTTP_IMPLEMENTATION })),
    ACCEPT_TRUE,
    "the http adapter: impl is the URL, files is empty, version null",
  );
  add(
    "accept-ephemeral-key",
    recordBytes(
      good({
        key: "ephemeral",
        implementation: HTTP_IMPLEMENTATION,
        cases: [FAILING_CASE, ...PASSING_CASES],
      }),
    ),
    ACCEPT_FALSE,
    'key "ephemeral": a key made for the run (here a non-conformant http run)',
  );
  add(
    "accept-supplied-key",
    recordBytes(good({ key: "supplied", cases: PASSING_CASES.slice(0, 1) })),
    ACCEPT_TRUE,
    'key "supplied": a key the runner holds (here a run of one case)',
  );

  // Accepted: what a verifier must not be stricter about than §2 and §4 are.
  const reordered: Record<string, unknown> = {};
  for (const name of Object.keys(conformant).reverse())
    reordered[name] = conformant[name as keyof ConformResult];
  add(
    "accept-not-canonical-on-disk",
    utf8(`${JSON.stringify(reordered, null, 2)}\n`),
    ACCEPT_TRUE,
    "members in another order, indented, a final newline: the signature covers the RFC 8785 form the verifier rebuilds, not the bytes on disk",
  );
  add(
    "accept-escaped-strings",
    edit(
      edit(
        conformantBytes,
        '"got":"reject: duplicate key \'a\'"',
        '"got":"reject: duplicate key \\u0027a\\u0027"',
      ),
      '"impl":"python3 canon.py --lines"',
      '"impl":"python3 canon.py \\u002d-lines"',
    ),
    ACCEPT_TRUE,
    "strings written with escapes RFC 8785 would not use (\\u0027, \\u002d): the verifier signs over the values, re-serialized",
  );
  add(
    "accept-null-name-and-version",
    recordBytes(good({ implementation: { ...input().implementation, name: null, version: null } })),
    ACCEPT_TRUE,
    "implementation name and version null: what the implementer calls it is optional",
  );
  add(
    "accept-other-kind",
    recordBytes(signAsIs({ ...buildRecord(input()), kind: "verifier" })),
    ACCEPT_TRUE,
    "kind is any string: a later revision may name more kinds",
  );
  add(
    "accept-leap-second",
    recordBytes(signAsIs({ ...buildRecord(input()), started_at: "2016-12-31T23:59:60Z" })),
    ACCEPT_TRUE,
    "started_at with second 60: §2 allows seconds 00 to 60",
  );
  add(
    "accept-largest-integer",
    recordBytes(good({ corpus: { ...input().corpus, files: 2 ** 53 - 1 } })),
    ACCEPT_TRUE,
    "corpus.files 9007199254740991 = 2^53 - 1, the largest integer §2 allows",
  );

  // Step 1: it reads.
  add("not-json", utf8("this is not JSON\n"), MALFORMED_1, "bytes that are not JSON");
  add("empty", new Uint8Array(0), MALFORMED_1, "no bytes at all");
  add(
    "top-level-array",
    concat(utf8("["), conformantBytes, utf8("]")),
    MALFORMED_1,
    "the JSON value is an array holding a good record, not an object",
  );
  add(
    "top-level-string",
    utf8('"conform-result/1"'),
    MALFORMED_1,
    "the JSON value is a string, not an object",
  );
  add(
    "trailing-bytes",
    concat(conformantBytes, utf8("x")),
    MALFORMED_1,
    "a good record followed by a stray byte: not one JSON text",
  );
  add(
    "two-records",
    concat(conformantBytes, utf8("\n"), conformantBytes),
    MALFORMED_1,
    "two good records one after the other: not one JSON text",
  );
  add(
    "member-named-twice",
    edit(conformantBytes, '"kind":"canonicalizer"', '"kind":"canonicalizer","kind":"canonicalizer"'),
    MALFORMED_1,
    "kind named twice with the same value: a parser that keeps the last would accept it",
  );
  add(
    "member-named-twice-differently",
    edit(conformantBytes, '"conformant":true', '"conformant":false,"conformant":true'),
    MALFORMED_1,
    "conformant named twice, false then the signed true",
  );
  add(
    "nested-member-named-twice",
    edit(conformantBytes, '"summary":{"cases":4,', '"summary":{"cases":4,"cases":4,'),
    MALFORMED_1,
    "summary.cases named twice: no object at any level may name a member twice",
  );
  add(
    "case-member-named-twice",
    edit(
      conformantBytes,
      '"name":"jcs/sorting","pass":true',
      '"name":"jcs/sorting","pass":false,"pass":true',
    ),
    MALFORMED_1,
    "a case names pass twice, false then the signed true",
  );
  add(
    "invalid-utf8",
    concat(
      ...splitAround(
        conformantBytes,
        '"got":"reject: duplicate key \'a\'"',
        utf8('"got":"reject: duplicate key '),
        new Uint8Array([0xc3, 0x28]),
        utf8('"'),
      ),
    ),
    MALFORMED_1,
    "a case's got holds the bytes C3 28, which are not UTF-8",
  );
  add(
    "utf16",
    utf16le(new TextDecoder().decode(conformantBytes)),
    MALFORMED_1,
    "a good record encoded as UTF-16LE: a record is UTF-8",
  );
  add(
    "byte-order-mark",
    concat(new Uint8Array([0xef, 0xbb, 0xbf]), conformantBytes),
    MALFORMED_1,
    "a good record after a UTF-8 byte-order mark: refused, not ignored",
  );
  add(
    "lone-surrogate",
    edit(conformantBytes, '"got":"reject: duplicate key \'a\'"', '"got":"reject: \\ud800"'),
    MALFORMED_1,
    "a case's got holds the lone surrogate \\ud800: not a string of Unicode characters (I-JSON, RFC 7493 §2.1)",
  );
  add(
    "number-beyond-double",
    edit(conformantBytes, '"files":41', '"files":1e400'),
    MALFORMED_1,
    "corpus.files is 1e400, beyond an IEEE-754 double: the strict reader refuses it (I-JSON, RFC 7493 §2.2) before any member is checked",
  );
  add(
    "too-deep",
    edit(
      conformantBytes,
      '"wai":"conform-result/1"',
      `"wai":"conform-result/1","x":${"[".repeat(32)}${"]".repeat(32)}`,
    ),
    MALFORMED_1,
    "33 levels of nesting (the record object is level 1, then 32 arrays): past the reading limit of 32",
  );

  // Step 2: it is this format.
  const unknownVersion = signAsIs({
    ...buildRecord(input()),
    wai: "conform-result/2" as ConformResult["wai"],
  });
  add(
    "unknown-version",
    recordBytes(unknownVersion),
    UNKNOWN_2,
    "wai is conform-result/2, signed: a version this verifier does not know",
  );
  add("wai-missing", recordBytes(dropMember(conformant, "wai")), UNKNOWN_2, "no member wai: not this format");
  add(
    "wai-not-a-string",
    edit(conformantBytes, '"wai":"conform-result/1"', '"wai":1'),
    UNKNOWN_2,
    "wai is the number 1",
  );
  add(
    "unknown-version-other-members",
    recordBytes({ ...copy(unknownVersion), extra: true } as unknown as ConformResult),
    UNKNOWN_2,
    "wai is conform-result/2 and there is a member §2 does not list: the format is judged first (step 2 before step 3)",
  );

  // Step 3: its members.
  add(
    "member-missing",
    recordBytes(dropMember(conformant, "standard")),
    MALFORMED_3,
    "the member standard is missing",
  );
  add(
    "member-added",
    recordBytes({ ...copy(conformant), comment: "hi" } as ConformResult),
    MALFORMED_3,
    "a member comment that §2 does not list",
  );
  add(
    "nested-member-added",
    recordBytes(mutate(conformant, (r) => ((r.toolchain as Record<string, unknown>).commit = "abc"))),
    MALFORMED_3,
    "toolchain has a member commit that §2 does not list",
  );
  add(
    "nested-member-missing",
    recordBytes(mutate(conformant, (r) => delete (r.summary as Partial<ConformResult["summary"]>).failed)),
    MALFORMED_3,
    "summary lacks failed",
  );
  add(
    "case-member-added",
    recordBytes(mutate(conformant, (r) => ((r.cases[0] as Record<string, unknown>).why = "x"))),
    MALFORMED_3,
    "a case has a member why that §2 does not list",
  );
  add(
    "file-member-added",
    recordBytes(mutate(conformant, (r) => ((r.implementation.files[0] as Record<string, unknown>).size = 1))),
    MALFORMED_3,
    "an implementation file has a member size that §2 does not list",
  );
  add(
    "count-with-fraction",
    edit(conformantBytes, '"summary":{"cases":4,', '"summary":{"cases":4.0,'),
    MALFORMED_3,
    "summary.cases written 4.0: an integer's value, but a number with a fraction",
  );
  add(
    "count-with-exponent",
    edit(conformantBytes, '"files":41', '"files":4.1e1'),
    MALFORMED_3,
    "corpus.files written 4.1e1: the value 41, but with a fraction and an exponent",
  );
  add(
    "count-plain-exponent",
    edit(conformantBytes, '"passed":4', '"passed":4E0'),
    MALFORMED_3,
    "summary.passed written 4E0: an exponent",
  );
  add(
    "count-negative",
    recordBytes(signAsIs(mutate(buildRecord(input()), (r) => (r.corpus.files = -1)))),
    MALFORMED_3,
    "corpus.files is -1, signed: a sign",
  );
  add(
    "count-minus-zero",
    edit(conformantBytes, '"failed":0', '"failed":-0'),
    MALFORMED_3,
    "summary.failed written -0: a sign",
  );
  add(
    "count-past-2-53",
    edit(conformantBytes, '"files":41', '"files":9007199254740992'),
    MALFORMED_3,
    "corpus.files is 2^53, one past the largest integer §2 allows",
  );
  add(
    "count-as-string",
    recordBytes(
      signAsIs(mutate(buildRecord(input()), (r) => ((r.corpus as Record<string, unknown>).files = "41"))),
    ),
    MALFORMED_3,
    'corpus.files is the string "41", signed',
  );
  add(
    "digest-uppercase",
    recordBytes(
      signAsIs(
        mutate(
          buildRecord(input()),
          (r) => (r.corpus.digest = r.corpus.digest.toUpperCase().replace("SHA256", "sha256")),
        ),
      ),
    ),
    MALFORMED_3,
    "corpus.digest in uppercase hexadecimal, signed",
  );
  add(
    "digest-out-of-form",
    recordBytes(signAsIs(mutate(buildRecord(input()), (r) => (r.corpus.digest = r.corpus.digest.slice(7))))),
    MALFORMED_3,
    "corpus.digest without its sha256: prefix, signed",
  );
  add(
    "digest-short",
    recordBytes(
      signAsIs(mutate(buildRecord(input()), (r) => (r.corpus.digest = r.corpus.digest.slice(0, -2)))),
    ),
    MALFORMED_3,
    "corpus.digest with 62 hexadecimal digits, signed",
  );
  add(
    "file-sha256-uppercase",
    recordBytes(
      signAsIs(
        mutate(
          buildRecord(input()),
          (r) => (r.implementation.files[0]!.sha256 = r.implementation.files[0]!.sha256.toUpperCase()),
        ),
      ),
    ),
    MALFORMED_3,
    "an implementation file's sha256 in uppercase, signed",
  );
  for (const [name, startedAt, why] of [
    ["started-at-fraction", "2026-11-30T12:34:56.000Z", "a fraction of a second"],
    ["started-at-offset", "2026-11-30T12:34:56+00:00", "an offset instead of Z"],
    ["started-at-month-13", "2026-13-30T12:34:56Z", "month 13"],
    ["started-at-day-0", "2026-11-00T12:34:56Z", "day 00"],
    ["started-at-hour-24", "2026-11-30T24:00:00Z", "hour 24"],
    ["started-at-second-61", "2026-11-30T12:34:61Z", "second 61"],
    ["started-at-lowercase", "2026-11-30t12:34:56z", "lowercase t and z"],
  ] as const) {
    add(
      name,
      recordBytes(signAsIs({ ...buildRecord(input()), started_at: startedAt })),
      MALFORMED_3,
      `started_at ${startedAt}, signed: ${why}`,
    );
  }
  add(
    "pubkey-uppercase",
    recordBytes({ ...conformant, signer_pubkey: conformant.signer_pubkey.toUpperCase() }),
    MALFORMED_3,
    "signer_pubkey in uppercase hexadecimal",
  );
  add(
    "sig-short",
    recordBytes({ ...conformant, sig: conformant.sig.slice(0, 126) }),
    MALFORMED_3,
    "sig with 126 hexadecimal digits",
  );
  add(
    "sig-uppercase",
    recordBytes({ ...conformant, sig: conformant.sig.toUpperCase() }),
    MALFORMED_3,
    "sig in uppercase hexadecimal",
  );
  add(
    "key-unknown",
    recordBytes(
      signAsIs({ ...buildRecord(input()), key: "borrowed" as ConformResult["key"] }, TEST_KEY_SUPPLIED),
    ),
    MALFORMED_3,
    'key is "borrowed", signed: neither ephemeral nor supplied',
  );
  add(
    "adapter-unknown",
    recordBytes(
      signAsIs(
        mutate(buildRecord(input()), (r) => ((r.implementation as Record<string, unknown>).adapter = "grpc")),
      ),
    ),
    MALFORMED_3,
    'implementation.adapter is "grpc", signed',
  );
  add(
    "name-not-string",
    recordBytes(
      signAsIs(mutate(buildRecord(input()), (r) => ((r.implementation as Record<string, unknown>).name = 7))),
    ),
    MALFORMED_3,
    "implementation.name is the number 7, signed",
  );
  add(
    "pass-not-boolean",
    recordBytes(
      signAsIs(mutate(buildRecord(input()), (r) => ((r.cases[0] as Record<string, unknown>).pass = "true"))),
    ),
    MALFORMED_3,
    'a case\'s pass is the string "true", signed',
  );
  add(
    "conformant-not-boolean",
    recordBytes(
      signAsIs(mutate(buildRecord(input()), (r) => ((r as Record<string, unknown>).conformant = 1))),
    ),
    MALFORMED_3,
    "conformant is the number 1, signed",
  );
  add(
    "cases-not-array",
    recordBytes(
      signAsIs(mutate(buildRecord(input({ cases: [] })), (r) => ((r as Record<string, unknown>).cases = {}))),
    ),
    MALFORMED_3,
    "cases is an object, signed",
  );
  add(
    "deep-but-within-limit",
    edit(
      conformantBytes,
      '"wai":"conform-result/1"',
      `"wai":"conform-result/1","x":${"[".repeat(31)}${"]".repeat(31)}`,
    ),
    MALFORMED_3,
    "32 levels of nesting, exactly the reading limit: read, then refused for the member x §2 does not list",
  );

  // Step 4: its signature.
  add(
    "case-outcome-changed",
    recordBytes(mutate(conformant, (r) => (r.cases[3]!.pass = false))),
    SIG_4,
    "a case's pass changed from true to false after signing",
  );
  add(
    "case-got-changed",
    recordBytes(mutate(conformant, (r) => (r.cases[0]!.got = "[333333333.33333331]"))),
    SIG_4,
    "a case's got changed after signing",
  );
  add(
    "corpus-digest-changed",
    recordBytes(mutate(conformant, (r) => (r.corpus.digest = `sha256:${hexOf("another corpus")}`))),
    SIG_4,
    "corpus.digest changed after signing",
  );
  add(
    "summary-changed",
    recordBytes(
      mutate(good({ cases: [...PASSING_CASES, FAILING_CASE] }), (r) =>
        Object.assign(r.summary, { passed: 5, failed: 0 }),
      ),
    ),
    SIG_4,
    "the summary alone changed after signing (to all passed): the signature is checked before the counts",
  );
  add(
    "conformant-changed",
    recordBytes(mutate(good({ cases: [...PASSING_CASES, FAILING_CASE] }), (r) => (r.conformant = true))),
    SIG_4,
    "conformant changed from false to true after signing",
  );
  add(
    "implementation-changed",
    recordBytes(mutate(conformant, (r) => (r.implementation.impl = "node canon.js"))),
    SIG_4,
    "implementation.impl changed after signing",
  );
  add(
    "started-at-changed",
    recordBytes(mutate(conformant, (r) => (r.started_at = "2026-11-30T12:34:57Z"))),
    SIG_4,
    "started_at changed by one second after signing",
  );
  add(
    "key-kind-changed",
    recordBytes(mutate(conformant, (r) => (r.key = "ephemeral"))),
    SIG_4,
    "key changed from supplied to ephemeral after signing",
  );
  add(
    "pubkey-swapped",
    recordBytes({ ...conformant, signer_pubkey: toHex(OTHER_KEY.publicKey) }),
    SIG_4,
    "signer_pubkey replaced by another valid key after signing",
  );
  add(
    "signed-by-other-key",
    recordBytes({ ...conformant, sig: signAsIs(buildRecord(input()), OTHER_KEY).sig }),
    SIG_4,
    "sig made by another key than signer_pubkey",
  );
  add(
    "sig-bit-flipped",
    withSig(conformant, flipBit(conformant.sig, 32 * 8)),
    SIG_4,
    "the lowest bit of S (signature byte 32) flipped",
  );
  add(
    "sig-r-bit-flipped",
    withSig(conformant, flipBit(conformant.sig, 0)),
    SIG_4,
    "the lowest bit of R (signature byte 0) flipped",
  );
  add("sig-zero", withSig(conformant, "0".repeat(128)), SIG_4, "sig all zero bytes");
  for (const [name, rest, why] of [
    [
      "signed-without-prefix",
      canonicalizeValue(dropMember(conformant, "sig") as unknown as JsonValue),
      "signed over the RFC 8785 form alone, without the 19-byte prefix",
    ],
    [
      "signed-without-version-byte",
      concat(
        SIGNING_PREFIX.subarray(0, 18),
        canonicalizeValue(dropMember(conformant, "sig") as unknown as JsonValue),
      ),
      "signed over wai:conform-result and the record, without the byte 0x01",
    ],
    [
      "signed-not-canonical",
      concat(SIGNING_PREFIX, utf8(JSON.stringify(dropMember(conformant, "sig")))),
      "signed over the record as JSON.stringify writes it (members in insertion order), not its RFC 8785 form",
    ],
    [
      "signed-without-pubkey",
      concat(
        SIGNING_PREFIX,
        canonicalizeValue(dropMember(dropMember(conformant, "sig"), "signer_pubkey") as unknown as JsonValue),
      ),
      "signed over the record without signer_pubkey: §3 signs it too",
    ],
  ] as const) {
    add(name, withSig(conformant, toHex(ed.sign(rest, TEST_SEED))), SIG_4, why);
  }
  addEd25519Edges(add);

  // Step 5: its summary, signed but wrong.
  const failingRun = buildRecord(input({ cases: [...PASSING_CASES, FAILING_CASE] })); // 5 cases: 4 passed, 1 failed
  const summaryWrong = (summary: ConformResult["summary"]) =>
    recordBytes(signAsIs({ ...failingRun, summary }));
  add(
    "summary-cases-wrong",
    summaryWrong({ cases: 6, passed: 4, failed: 1 }),
    SUMMARY_5,
    "summary.cases 6 for 5 cases, passed and failed right, signed",
  );
  add(
    "summary-passed-wrong",
    summaryWrong({ cases: 5, passed: 3, failed: 1 }),
    SUMMARY_5,
    "summary.passed 3 where 4 passed, cases and failed right, signed",
  );
  add(
    "summary-failed-wrong",
    summaryWrong({ cases: 5, passed: 4, failed: 2 }),
    SUMMARY_5,
    "summary.failed 2 where 1 failed, cases and passed right, signed",
  );
  add(
    "summary-two-wrong",
    summaryWrong({ cases: 5, passed: 5, failed: 0 }),
    SUMMARY_5,
    "summary.passed and summary.failed both wrong (5 and 0 for 4 and 1), their sum right, signed",
  );
  add(
    "summary-all-wrong",
    summaryWrong({ cases: 2, passed: 2, failed: 0 }),
    SUMMARY_5,
    "all three counts wrong, consistent with each other, signed",
  );
  add(
    "summary-and-verdict-wrong",
    recordBytes(signAsIs({ ...failingRun, summary: { cases: 5, passed: 5, failed: 0 }, conformant: true })),
    SUMMARY_5,
    "summary and verdict both claim all passed, signed: the summary is checked first (step 5 before 6)",
  );

  // Step 6: its verdict, signed but wrong.
  add(
    "verdict-true-with-failure",
    recordBytes(signAsIs({ ...failingRun, conformant: true })),
    VERDICT_6,
    "conformant true though a case failed, summary right, signed",
  );
  add(
    "verdict-false-all-passed",
    recordBytes(signAsIs({ ...buildRecord(input()), conformant: false })),
    VERDICT_6,
    "conformant false though every case passed, signed",
  );
  add(
    "verdict-true-no-cases",
    recordBytes(signAsIs({ ...buildRecord(input({ cases: [] })), conformant: true })),
    VERDICT_6,
    "conformant true with no cases, signed: conformance needs at least one case",
  );

  return {
    manifest: { test_key: { seed: toHex(TEST_SEED), public: toHex(TEST_KEY_SUPPLIED.publicKey) }, vectors },
    files,
  };
}

type Add = (name: string, bytes: Uint8Array, expect: string, why: string) => void;

/** The Ed25519 cases the strict rule of SPEC §7 exists for. */
function addEd25519Edges(add: Add): void {
  const record = buildRecord(input());
  const conformant = signRecord(record, TEST_KEY_SUPPLIED);
  const testPublic = TEST_KEY_SUPPLIED.publicKey;

  // S past L: S = L, S + L (the malleable twin: same value mod L), and S with its top bit set.
  const S = bytesToNumberLE(fromHex(conformant.sig.slice(64)));
  const R = fromHex(conformant.sig.slice(0, 64));
  const message = signingInput(dropMember(conformant, "sig"));
  const plusL = sigBytes(R, S + L);
  assertLax("s-plus-l", plusL, message, testPublic);
  add(
    "s-plus-l",
    withSig(conformant, toHex(plusL)),
    SIG_4,
    "S replaced by S + L: equal mod L, so both equations hold, but S must be below L",
  );
  add(
    "s-equals-l",
    withSig(conformant, toHex(sigBytes(R, L))),
    SIG_4,
    "S = L exactly: the smallest S past L",
  );
  add(
    "s-top-bit",
    withSig(conformant, toHex(sigBytes(R, S + 2n ** 255n))),
    SIG_4,
    "S with its top bit set: far past L",
  );

  // Keys of small order, every encoding: both equations hold for these signatures.
  const smallOrder = smallOrderPoints();
  smallOrder.forEach((point, i) => {
    const order = orderOf(point);
    const label = `key-small-order-${i}`;
    add(
      label,
      smallOrderKeySignature(label, record, point.toBytes(), order),
      SIG_4,
      `signer_pubkey is [${i}]T for T of order 8 (a point of order ${order}), canonically encoded; the signature satisfies both equations`,
    );
    nonCanonicalEncodings(point).forEach((encoding, j) => {
      const nlabel = `key-small-order-${i}-noncanonical-${j}`;
      add(
        nlabel,
        smallOrderKeySignature(nlabel, record, encoding, order),
        SIG_4,
        `signer_pubkey ${toHex(encoding)}: a non-canonical encoding of [${i}]T (order ${order}); the signature satisfies both equations`,
      );
    });
  });

  // A small-order R that satisfies both equations: R the identity, S = k·a.
  {
    const Rid = Point.ZERO.toBytes();
    const k = challenge(Rid, testPublic, message);
    const signature = sigBytes(Rid, (k * TEST_SCALAR) % L);
    assertLax("r-small-order", signature, message, testPublic);
    if (!ed.verify(signature, message, testPublic, { zip215: false }))
      throw new Error("r-small-order: noble's strict mode should accept it");
    add(
      "r-small-order",
      withSig(conformant, toHex(signature)),
      SIG_4,
      "R is the identity (small order) and S = k·a: both equations hold (noble's zip215:false accepts it), only the small-order R check refuses it",
    );
    // The same with R encoded as y = p + 1: non-canonical as well.
    const Rnc = numberToBytesLE(P + 1n);
    const knc = challenge(Rnc, testPublic, message);
    const snc = sigBytes(Rnc, (knc * TEST_SCALAR) % L);
    assertLax("r-small-order-noncanonical", snc, message, testPublic);
    add(
      "r-small-order-noncanonical",
      withSig(conformant, toHex(snc)),
      SIG_4,
      "R is the identity encoded with y = p + 1 (non-canonical, small order), S = k·a: a ZIP-215 verifier accepts it",
    );
  }

  // Mixed-order keys: A = [a]B + T with T of order 8. With R = [r]B and S = r + k·a,
  // [S]B - [k]A = R - [k]T: the cofactored equation always holds, the cofactorless one exactly when 8 | k.
  {
    const T = smallOrder[1]!;
    const A = B.multiply(TEST_SCALAR).add(T);
    const Abytes = A.toBytes();
    const { unsigned, message: m } = claimKey(record, Abytes);
    const mixed = (wantCofactorless: boolean): Uint8Array => {
      const label = `mixed-order-${wantCofactorless}`;
      for (let i = 0; ; i++) {
        const r = nonce(label, i);
        const Rm = B.multiply(r).toBytes();
        const k = challenge(Rm, Abytes, m);
        if ((k % 8n === 0n) !== wantCofactorless) continue;
        const signature = sigBytes(Rm, (r + k * TEST_SCALAR) % L);
        assertLax(label, signature, m, Abytes);
        return signature;
      }
    };
    const cofactoredOnly = mixed(false);
    if (!ed.verify(cofactoredOnly, m, Abytes, { zip215: false }))
      throw new Error("mixed order: noble's strict mode should accept it");
    add(
      "mixed-order-key-cofactored-only",
      withSig({ ...unsigned, sig: "" }, toHex(cofactoredOnly)),
      SIG_4,
      "signer_pubkey is [a]B + T (T of order 8): only the cofactored equation holds (noble's zip215:false accepts it); the cofactorless one, compared byte for byte, does not",
    );
    add(
      "accept-mixed-order-key-both-equations",
      withSig({ ...unsigned, sig: "" }, toHex(mixed(true))),
      ACCEPT_TRUE,
      "signer_pubkey is [a]B + T (T of order 8), not of small order and canonical, and k ≡ 0 mod 8 so the cofactorless equation holds too: the strict rule accepts it",
    );
  }

  // A key with y >= p: the smallest such y that is on the curve, encoded as y + p. (Nobody knows its
  // discrete logarithm, so no signature can hold under it; the canonical-encoding check alone must refuse it.)
  {
    let y0 = 2n;
    for (; ; y0++) {
      try {
        const point = Point.fromBytes(numberToBytesLE(y0), false);
        if (!point.multiplyUnsafe(8n).is0()) break;
      } catch {}
    }
    const keyBytes = numberToBytesLE(y0 + P);
    const { unsigned } = claimKey(record, keyBytes);
    add(
      "key-y-at-least-p",
      recordBytes({ ...unsigned, sig: conformant.sig }),
      SIG_4,
      `signer_pubkey encodes y = p + ${y0} (y >= p, not canonical), a point not of small order`,
    );
  }

  // A key that is not a point at all.
  {
    let y = 2n;
    for (; ; y++) {
      try {
        Point.fromBytes(numberToBytesLE(y), false);
      } catch {
        break;
      }
    }
    const { unsigned } = claimKey(record, numberToBytesLE(y));
    add(
      "key-not-a-point",
      recordBytes({ ...unsigned, sig: conformant.sig }),
      SIG_4,
      `signer_pubkey encodes y = ${y}, for which no x is on the curve`,
    );
  }
}

// ---- small helpers -------------------------------------------------------------------------------

function dropMember<T extends object>(record: T, name: string): T {
  const out = { ...copy(record) } as Record<string, unknown>;
  delete out[name];
  return out as T;
}

function mutate<T>(record: T, change: (r: T) => unknown): T {
  const out = copy(record);
  change(out);
  return out;
}

/** `hex` (a signature) with bit `bit` flipped, counting from bit 0 of byte 0. */
function flipBit(hex: string, bit: number): string {
  const bytes = fromHex(hex);
  bytes[bit >> 3]! ^= 1 << (bit & 7);
  return toHex(bytes);
}

function utf16le(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[2 * i] = c & 0xff;
    out[2 * i + 1] = c >> 8;
  }
  return out;
}

/** The record's bytes split around the one occurrence of `marker`, with `middle` parts in its place. */
function splitAround(bytes: Uint8Array, marker: string, ...middle: Uint8Array[]): Uint8Array[] {
  const text = new TextDecoder().decode(bytes);
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`splitAround: ${marker} not found`);
  return [utf8(text.slice(0, at)), ...middle, utf8(text.slice(at + marker.length))];
}

/** Writes the set into `dir`: every vector file, then manifest.json. */
export function writeVectors(dir: string, set: VectorSet = buildVectors()): void {
  mkdirSync(dir, { recursive: true });
  for (const [file, bytes] of set.files) writeFileSync(join(dir, file), bytes);
  writeFileSync(join(dir, "manifest.json"), `${JSON.stringify(set.manifest, null, 2)}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] ?? fileURLToPath(new URL("../vectors/conform-result/", import.meta.url));
  const set = buildVectors();
  writeVectors(dir, set);
  process.stdout.write(`wrote ${set.manifest.vectors.length} vectors and manifest.json to ${dir}\n`);
}
