// Signing (seed 003 §3): the signing input is the 18 bytes `wai:conform-result`, the byte 0x01,
// then the RFC 8785 form of the record without `sig`. `signer_pubkey` is part of the signed record,
// so a record cannot be re-attributed to another key without breaking its signature.

import type { JsonObject, JsonValue } from "../jcs/index.js";
import { canonicalizeValue } from "../jcs/index.js";
import type { ConformResult, SigningKey, UnsignedConformResult } from "../types.js";
import { signEd25519 } from "./ed25519-strict.js";
import { MAX_RECORD_BYTES, SIGNING_PREFIX } from "./format.js";
import { toHex } from "./hex.js";

/** The bytes `"sig":"<128 hex digits>",` adds to the RFC 8785 form of the record without it. */
const SIG_MEMBER_BYTES = `"sig":"${"0".repeat(128)}",`.length;

/** A record ready to sign: everything but `sig`. */
export type RecordWithoutSig = Omit<ConformResult, "sig">;

/** The bytes that `sig` signs, for a record (any `sig` member it has is left out). */
export function signingInput(record: RecordWithoutSig | ConformResult): Uint8Array {
  return signingInputOf(record as unknown as JsonObject);
}

/** The same, for a record as parsed JSON: what the verifier checks against. */
export function signingInputOf(record: JsonObject): Uint8Array {
  const withoutSig: JsonObject = {};
  for (const name of Object.keys(record)) if (name !== "sig") withoutSig[name] = record[name]!;
  const body = canonicalizeValue(withoutSig);
  const input = new Uint8Array(SIGNING_PREFIX.length + body.length);
  input.set(SIGNING_PREFIX, 0);
  input.set(body, SIGNING_PREFIX.length);
  return input;
}

/** Signs a built record with `key`; the record's `key` member must say which kind of key it is. */
export function signRecord(unsigned: UnsignedConformResult, key: SigningKey): ConformResult {
  if (unsigned.key !== key.kind) {
    throw new Error(
      `the record says its key is ${unsigned.key} but it is being signed with a ${key.kind} key`,
    );
  }
  const withPubkey: RecordWithoutSig = { ...unsigned, signer_pubkey: toHex(key.publicKey) };
  const input = signingInput(withPubkey);
  // The verifier refuses a record over MAX_RECORD_BYTES; signing one would only produce a record
  // nobody can check. On disk the record is the signed form plus its sig member.
  if (input.length - SIGNING_PREFIX.length + SIG_MEMBER_BYTES > MAX_RECORD_BYTES) {
    throw new Error(
      `the record would be over ${MAX_RECORD_BYTES} bytes, which verifiers refuse; shorten its case texts`,
    );
  }
  const sig = toHex(signEd25519(input, key.seed));
  return { ...withPubkey, sig };
}

/** The record as written to disk: its RFC 8785 form (what `run --out` writes as record.json). */
export function recordBytes(record: ConformResult): Uint8Array {
  return canonicalizeValue(record as unknown as JsonValue);
}
