// The verifier's size limit at its edge (moved from verify.test.ts to the slow suite: it builds,
// signs and verifies two records of 32 MiB).
import assert from "node:assert/strict";
import { test } from "node:test";
import { buildRecord } from "../../src/record/build.js";
import { MAX_RECORD_BYTES } from "../../src/record/format.js";
import { toHex } from "../../src/record/hex.js";
import { ed } from "../../src/record/noble.js";
import { recordBytes, signingInput } from "../../src/record/sign.js";
import { outcomeLine, verifyRecord } from "../../src/record/verify.js";
import { recordInput, signedRecord, TEST_KEY } from "./fixtures.js";

test("a record of exactly MAX_RECORD_BYTES is read; one byte more is malformed at step 1", () => {
  const small = recordBytes(
    signedRecord({ cases: [{ name: "jcs/big", pass: true, expected: "", got: "" }] }),
  );
  const pad = MAX_RECORD_BYTES - small.length;
  const exact = recordBytes(
    signedRecord({ cases: [{ name: "jcs/big", pass: true, expected: "", got: "a".repeat(pad) }] }),
  );
  assert.equal(exact.length, MAX_RECORD_BYTES);
  assert.equal(outcomeLine(verifyRecord(exact)), "accept conformant=true");
  // signRecord refuses to sign this one (see below), so sign it by hand.
  const unsigned = {
    ...buildRecord(
      recordInput({ cases: [{ name: "jcs/big", pass: true, expected: "", got: "a".repeat(pad + 1) }] }),
    ),
    signer_pubkey: toHex(TEST_KEY.publicKey),
  };
  const over = recordBytes({ ...unsigned, sig: toHex(ed.sign(signingInput(unsigned), TEST_KEY.seed)) });
  assert.equal(over.length, MAX_RECORD_BYTES + 1);
  const result = verifyRecord(over);
  assert.equal(outcomeLine(result), "reject step=1 reason=malformed");
  assert.ok(result.outcome === "reject" && /over the limit/.test(result.detail));
});
