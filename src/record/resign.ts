// Re-signing (issue 12, seed 003 §6): a job that runs no code under test checks a record the run job
// signed with its ephemeral key, then signs it with the team's long-lived key. The record is verified
// by every step of §4 first, by the same verifier `verify` uses; only `key`, `signer_pubkey` and `sig`
// change, every other member stays exactly as its RFC 8785 form writes it.

import type { ConformResult, SigningKey, UnsignedConformResult } from "../types.js";
import { recordBytes, signRecord } from "./sign.js";
import { outcomeLine, type VerifyResult, verifyRecord } from "./verify.js";

/** The three members a re-signing replaces; every other member is carried over unchanged. */
export const RESIGNED_MEMBERS = ["key", "signer_pubkey", "sig"] as const;

export interface ResignOptions {
  /** When given (64 lowercase hex digits), the record must have been signed by this public key:
   * the run job's ephemeral key, passed to the signing job as a job output. */
  expectedSigner?: string;
  /** How the face that was used names that key, for the refusal's words: `--pubkey` (the CLI, the
   * default) or `expected-signer` (the action's input). */
  signerInput?: string;
}

export type ResignRefusal =
  /** §4 refused the record: the verifier's own result, step, reason and detail. */
  | Extract<VerifyResult, { outcome: "reject" }>
  /** §4 accepted it, but someone other than the pinned key signed it. */
  | { outcome: "signer_mismatch"; conformant: boolean; got: string; detail: string };

export type ResignResult =
  | {
      outcome: "signed";
      /** The re-signed record's RFC 8785 bytes, what is written to disk. */
      bytes: Uint8Array;
      record: ConformResult;
      /** The record as it came in, accepted by §4. */
      original: ConformResult;
    }
  | ResignRefusal;

/**
 * Verifies `bytes` by seed 003 §4 and, if every step holds (and the signer is the expected one),
 * signs the same record with `key`, a supplied key: `key` becomes "supplied", `signer_pubkey` and
 * `sig` are the new key's. Never throws for anything in the record.
 */
export function resignRecord(bytes: Uint8Array, key: SigningKey, options: ResignOptions = {}): ResignResult {
  if (key.kind !== "supplied") throw new Error("a record is re-signed only with a supplied key");
  const verified = verifyRecord(bytes);
  if (verified.outcome === "reject") return verified;
  const original = verified.record;
  if (options.expectedSigner !== undefined && original.signer_pubkey !== options.expectedSigner) {
    return {
      outcome: "signer_mismatch",
      conformant: original.conformant,
      got: original.signer_pubkey,
      detail: `the record is intact but was not signed by the key given with ${options.signerInput ?? "--pubkey"}`,
    };
  }

  // Every member but the three is the parsed value §4 just accepted; RFC 8785 writes it back exactly
  // as it was signed, since step 3 allows only strings, booleans, null and plain integers up to 2^53-1.
  const { signer_pubkey: _pubkey, sig: _sig, ...rest } = original;
  const unsigned: UnsignedConformResult = { ...rest, key: "supplied" };
  const record = signRecord(unsigned, key);
  const out = recordBytes(record);

  // The result is checked by the same verifier before anyone sees it: a record this tool signs and
  // then refuses would be a bug here, never something to hand on.
  const check = verifyRecord(out);
  if (check.outcome !== "accept" || check.conformant !== original.conformant) {
    throw new Error(`the re-signed record does not verify (${outcomeLine(check)})`);
  }
  return { outcome: "signed", bytes: out, record, original };
}

/** What `verify RECORD [--pubkey HEX]` prints on stdout for a record sign refused, line by line. */
export function refusalLines(refusal: ResignRefusal): string[] {
  if (refusal.outcome === "reject") return [outcomeLine(refusal)];
  return [`accept conformant=${refusal.conformant}`, `pubkey mismatch got=${refusal.got}`];
}
