// Records and run options for the tests, built one way: a record as a run builds and signs it (any
// part replaced), and the options of a run through the pipeline (src/run.ts) with the tests' usual
// settings, each test stating what it is about.

import { type RunSettings, type RunValues, runSettings } from "../../src/options/index.js";
import { buildRecord, formatStartedAt, type RecordInput } from "../../src/record/build.js";
import { ephemeralKey, signingKey } from "../../src/record/keys.js";
import { signRecord } from "../../src/record/sign.js";
import type { RunOptions } from "../../src/run/types.js";
import { recordCaseName, writeAnswerText, writeExpectedAnswer } from "../../src/text-forms/index.js";
import type { ConformResult, SigningKey } from "../../src/types.js";
import { REPO } from "./dist.js";

/** The key the record tests sign with: a supplied seed of 0x5a bytes. */
export const TEST_KEY = signingKey("supplied", new Uint8Array(32).fill(0x5a));

/** What a run hands the record builder: a small command-adapter run with a pass and a failure. */
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
      {
        name: recordCaseName("reject", "c"),
        pass: true,
        expected: writeExpectedAnswer({ status: "rejected" }),
        got: writeAnswerText({ status: "rejected", reason: "bad" }),
      },
    ],
    key: "supplied",
    ...overrides,
  };
}

/** The record a run builds from recordInput(overrides), signed with `key`. */
export function signedRecord(
  overrides: Partial<RecordInput> = {},
  key: SigningKey = TEST_KEY,
): ConformResult {
  return signRecord(buildRecord(recordInput(overrides)), key);
}

/**
 * The record recordInput(overrides) describes, taken as given (unchecked, and a lone surrogate stays
 * one, so hostile text reaches the stage under test as it is), its summary and verdict counted from
 * its cases as seed 003 §2 says, with a signer and signature that do not verify: for the stages that
 * read a record but never check its signature (the reporters).
 */
export function unverifiedRecord(overrides: Partial<RecordInput> = {}): ConformResult {
  const input = recordInput(overrides);
  const passed = input.cases.filter((c) => c.pass).length;
  return {
    wai: "conform-result/1",
    kind: "canonicalizer",
    suite: input.suite,
    standard: input.standard,
    toolchain: input.toolchain,
    corpus: input.corpus,
    implementation: input.implementation,
    started_at: formatStartedAt(input.startedAt),
    cases: input.cases,
    summary: { cases: input.cases.length, passed, failed: input.cases.length - passed },
    conformant: input.cases.length > 0 && passed === input.cases.length,
    key: input.key,
    signer_pubkey: "cd".repeat(32),
    sig: "ef".repeat(64),
  };
}

/** What a caller adds to the options of a run (src/run/types.ts): the key, the callbacks, ... */
type CallerPart = Omit<RunOptions, keyof RunSettings>;

/** A run through the pipeline in the lines protocol over jcs and reject, from the repository root, not
 * written to disk; `overrides` says the rest. The options go through their reader (runSettings), as
 * every caller's do: a bad one is refused here with the option's own words. */
export function runOptions(overrides: RunValues & Partial<CallerPart>): RunOptions {
  const { key, implementation, reports, sandboxPaths, onSandbox, onProgress, onCompareProgress, ...values } =
    overrides;
  const settings = runSettings({
    protocol: "lines",
    suites: ["jcs", "reject"],
    numbers: 0,
    jobs: 2,
    timeoutMs: 60_000,
    workingDirectory: REPO,
    implementationName: "reference",
    ...values,
  });
  return {
    ...settings,
    key: key ?? ephemeralKey(),
    ...(implementation ? { implementation } : {}),
    ...(reports ? { reports } : {}),
    ...(sandboxPaths ? { sandboxPaths } : {}),
    ...(onSandbox ? { onSandbox } : {}),
    ...(onProgress ? { onProgress } : {}),
    ...(onCompareProgress ? { onCompareProgress } : {}),
  };
}
