// The verifier (seed 003 §4): six steps in order, the record refused at the first that fails with
// the code §5 gives that step. It reads the bytes once, offline, within MAX_RECORD_BYTES and
// MAX_DEPTH; nothing in a record can make it throw.

import type { JsonObject, JsonValue } from "../jcs/index.js";
import { JcsError, parse } from "../jcs/index.js";
import type { ConformResult } from "../types.js";
import { verifyStrict } from "./ed25519-strict.js";
import { FORMAT, MAX_DEPTH, MAX_RECORD_BYTES } from "./format.js";
import { fromHex } from "./hex.js";
import { membersProblem } from "./members.js";
import { firstNonPlainNumber } from "./number-forms.js";
import { signingInputOf } from "./sign.js";

export type RejectReason =
  | "malformed"
  | "unknown_format"
  | "signature_invalid"
  | "summary_mismatch"
  | "conformant_mismatch";

export type VerifyResult =
  | { outcome: "accept"; conformant: boolean; record: ConformResult }
  /** `detail` says in words what failed, for people; the outcome line does not carry it. */
  | { outcome: "reject"; step: 1 | 2 | 3 | 4 | 5 | 6; reason: RejectReason; detail: string };

function reject(step: 1 | 2 | 3 | 4 | 5 | 6, reason: RejectReason, detail: string): VerifyResult {
  return { outcome: "reject", step, reason, detail };
}

/** Checks one record's bytes by §4. */
export function verifyRecord(bytes: Uint8Array): VerifyResult {
  // Step 1: it reads: one JSON text in UTF-8, an object, no member named twice at any level. The
  // strict parser also refuses lone surrogates and numbers beyond a double: those are malformed too.
  if (bytes.length > MAX_RECORD_BYTES) {
    return reject(1, "malformed", `the record is over the limit of ${MAX_RECORD_BYTES} bytes`);
  }
  let value: JsonValue;
  try {
    value = parse(bytes, { maxDepth: MAX_DEPTH, bom: "reject", bigIntegers: "round" });
  } catch (error) {
    if (error instanceof JcsError)
      return reject(1, "malformed", `not strict JSON: ${error.message} (byte ${error.offset})`);
    throw error;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return reject(1, "malformed", "the JSON value is not an object");
  }
  const record: JsonObject = value;

  // Step 2: it is this format.
  if (record.wai !== FORMAT) return reject(2, "unknown_format", `wai is not the string ${FORMAT}`);

  // Step 3: exactly §2's members, types and forms, numbers as written included.
  const problem = membersProblem(record);
  if (problem !== null) return reject(3, "malformed", problem);
  const badNumber = firstNonPlainNumber(new TextDecoder().decode(bytes));
  if (badNumber !== null) {
    return reject(3, "malformed", `the number ${badNumber} is not a plain integer from 0 to 2^53-1`);
  }
  const checked = record as unknown as ConformResult;

  // Step 4: the signature, by the strict rule, over §3's signing input.
  const signature = fromHex(checked.sig);
  const publicKey = fromHex(checked.signer_pubkey);
  if (!verifyStrict(signature, signingInputOf(record), publicKey)) {
    return reject(4, "signature_invalid", "sig does not verify under signer_pubkey by the strict rule");
  }

  // Step 5: the summary is what the cases count.
  const passed = checked.cases.filter((c) => c.pass).length;
  const failed = checked.cases.length - passed;
  const { summary } = checked;
  if (summary.cases !== checked.cases.length || summary.passed !== passed || summary.failed !== failed) {
    return reject(
      5,
      "summary_mismatch",
      `summary says ${summary.cases}/${summary.passed}/${summary.failed} (cases/passed/failed), the cases count ${checked.cases.length}/${passed}/${failed}`,
    );
  }

  // Step 6: the verdict: true exactly when there is at least one case and every case passed.
  const verdict = checked.cases.length > 0 && failed === 0;
  if (checked.conformant !== verdict) {
    return reject(6, "conformant_mismatch", `conformant is ${checked.conformant}, the cases say ${verdict}`);
  }
  return { outcome: "accept", conformant: checked.conformant, record: checked };
}

/** §4's outcome line: `accept conformant=true|false` or `reject step=<n> reason=<code>`. */
export function outcomeLine(result: VerifyResult): string {
  return result.outcome === "accept"
    ? `accept conformant=${result.conformant}`
    : `reject step=${result.step} reason=${result.reason}`;
}
