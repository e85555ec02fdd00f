// The verifier (seed 003 §4): bounded reading, numbers judged as written, and no input that makes
// it throw. The step-by-step outcomes are pinned by the vectors (vectors.test.ts).
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { buildRecord } from "../../src/record/build.js";
import { MAX_DEPTH, MAX_RECORD_BYTES } from "../../src/record/format.js";
import { firstNonPlainNumber } from "../../src/record/number-forms.js";
import { recordBytes, signRecord } from "../../src/record/sign.js";
import { outcomeLine, verifyRecord } from "../../src/record/verify.js";
import { sweepRuns } from "../helpers/sweep.js";
import { recordInput, signedRecord, TEST_KEY } from "./fixtures.js";

const OUTCOME =
  /^(accept conformant=(true|false)|reject step=[1-6] reason=(malformed|unknown_format|signature_invalid|summary_mismatch|conformant_mismatch))$/;

test("the limits are the ones the independent Python verifier uses", () => {
  assert.equal(MAX_RECORD_BYTES, 33554432);
  assert.equal(MAX_DEPTH, 32);
});

test("signing refuses a record no verifier would read", () => {
  const unsigned = buildRecord(
    recordInput({
      cases: [{ name: "jcs/big", pass: true, expected: "", got: "a".repeat(MAX_RECORD_BYTES) }],
    }),
  );
  assert.throws(() => signRecord(unsigned, TEST_KEY), /over 33554432 bytes/);
});

test("nesting of any depth is refused without a crash", () => {
  for (const depth of [33, 1000, 100_000]) {
    const bytes = new TextEncoder().encode(`{"x":${"[".repeat(depth)}${"]".repeat(depth)}}`);
    assert.equal(outcomeLine(verifyRecord(bytes)), "reject step=1 reason=malformed", `depth ${depth}`);
  }
});

test("number tokens are judged as written: plain digits only, at most 2^53 - 1", () => {
  assert.equal(firstNonPlainNumber('{"a":0,"b":[1,23,9007199254740991]}'), null);
  for (const token of ["1.0", "1e0", "1E+2", "-1", "-0", "0.5", "9007199254740992", "1e400"]) {
    assert.equal(firstNonPlainNumber(`{"a":[0,${token}]}`), token);
  }
  // Digits inside strings, escaped quotes and backslashes are not numbers.
  assert.equal(firstNonPlainNumber('{"1.5":"2.5","q":"\\"3.5\\\\","u":"\\u0031.0"}'), null);
});

test("any bytes at all give one of the outcome lines, never an exception", () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
      assert.match(outcomeLine(verifyRecord(bytes)), OUTCOME);
    }),
    { numRuns: sweepRuns(2000) },
  );
});

test("a good record with any byte changed, dropped or inserted is never accepted unless it still means the same record", () => {
  const bytes = recordBytes(signedRecord());
  const original = JSON.stringify(JSON.parse(new TextDecoder().decode(bytes)));
  fc.assert(
    fc.property(
      fc.nat(bytes.length - 1),
      fc.integer({ min: 0, max: 255 }),
      fc.constantFrom("set", "drop", "insert"),
      (at, byte, how) => {
        const changed =
          how === "set"
            ? Uint8Array.from(bytes, (b, i) => (i === at ? byte : b))
            : how === "drop"
              ? Uint8Array.from([...bytes.subarray(0, at), ...bytes.subarray(at + 1)])
              : Uint8Array.from([...bytes.subarray(0, at), byte, ...bytes.subarray(at)]);
        const result = verifyRecord(changed);
        assert.match(outcomeLine(result), OUTCOME);
        if (result.outcome === "accept") {
          // Only a change that leaves the same JSON value (e.g. whitespace) can be accepted.
          assert.equal(JSON.stringify(JSON.parse(new TextDecoder().decode(changed))), original);
        }
      },
    ),
    { numRuns: sweepRuns(3000) },
  );
});

test("any record a run can build verifies, with the verdict its cases give", () => {
  const caseArb = fc.record({
    name: fc.string(),
    pass: fc.boolean(),
    expected: fc.string({ unit: "binary" }),
    got: fc.string({ unit: "binary" }),
  });
  fc.assert(
    fc.property(
      fc.array(caseArb, { maxLength: 20 }),
      fc.constantFrom("command", "http") as fc.Arbitrary<"command" | "http">,
      (cases, adapter) => {
        const record = signedRecord({ cases, implementation: { ...recordInput().implementation, adapter } });
        const result = verifyRecord(recordBytes(record));
        const conformant = cases.length > 0 && cases.every((c) => c.pass);
        assert.equal(outcomeLine(result), `accept conformant=${conformant}`);
      },
    ),
    { numRuns: sweepRuns(300) },
  );
});
