// Records for the tests: a realistic signed record, built the way a run builds one.
import { buildRecord, type RecordInput } from "../../src/record/build.js";
import { signingKey } from "../../src/record/keys.js";
import { signRecord } from "../../src/record/sign.js";
import type { ConformResult } from "../../src/types.js";

export const TEST_KEY = signingKey("supplied", new Uint8Array(32).fill(0x5a));

export function recordInput(overrides: Partial<RecordInput> = {}): RecordInput {
  return {
    suite: "rfc8785:jcs,reject",
    standard: "2026.12.0",
    toolchain: { name: "canon-conformance", version: "0.1.0" },
    corpus: { dir: "vectors", files: 12, digest: `sha256:${"ab".repeat(32)}` },
    implementation: {
      adapter: "command",
      impl: "python3 canon.py",
      name: "canon",
      version: "1.0",
      files: [
        { path: "/usr/bin/python3", sha256: "01".repeat(32) },
        { path: "canon.py", sha256: "02".repeat(32) },
      ],
    },
    startedAt: new Date("2026-12-01T10:20:30.456Z"),
    cases: [
      { name: "jcs/a", pass: true, expected: '{"a":1}', got: '{"a":1}' },
      { name: "jcs/b", pass: false, expected: "[1e-7]", got: "[1e-07]" },
      { name: "reject/c", pass: true, expected: "reject", got: "reject: bad" },
    ],
    key: "supplied",
    ...overrides,
  };
}

export function signedRecord(overrides: Partial<RecordInput> = {}): ConformResult {
  return signRecord(buildRecord(recordInput(overrides)), TEST_KEY);
}
