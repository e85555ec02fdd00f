// Building the record (seed 003 §2) from a finished run. The writer's duties are here: summary and
// conformant follow from the cases, never from anything else; started_at is the run's start to the
// second in UTC. The result is held to §2's members and forms before it leaves, so a run can never
// sign a record the verifier would refuse as malformed.

import { CanonError } from "../errors.js";
import type { JsonValue } from "../jcs/index.js";
import { recordCaseName } from "../text-forms/index.js";
import type { CaseResult, ConformResult, UnsignedConformResult } from "../types.js";
import { TOOL_NAME, TOOL_VERSION } from "../version.js";
import { FORMAT } from "./format.js";
import { membersProblem } from "./members.js";

/** The kind of implementation this tool runs (§2 `kind`). */
export const RECORD_KIND = "canonicalizer";

/** This tool, as the record's `toolchain` names it. */
export const THIS_TOOLCHAIN: ConformResult["toolchain"] = { name: TOOL_NAME, version: TOOL_VERSION };

export interface RecordInput {
  /** `<profile>:<suite,...>` and the generated suites' parameters, see {@link recordSuite}. */
  suite: string;
  /** The corpus version string the corpus loader gives. */
  standard: string;
  toolchain: ConformResult["toolchain"];
  corpus: ConformResult["corpus"];
  implementation: ConformResult["implementation"];
  startedAt: Date;
  cases: ConformResult["cases"];
  key: ConformResult["key"];
}

/** A record that could not be built: the run's data does not fit §2. A bug in the caller. */
export class RecordError extends CanonError {
  override name = "RecordError";
}

/** §2 `started_at`: `YYYY-MM-DDTHH:MM:SSZ`, UTC, to the second (the fraction is dropped, not rounded). */
export function formatStartedAt(date: Date): string {
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || year < 0 || year > 9999) {
    throw new RecordError("started_at must be a valid date in the years 0000 to 9999");
  }
  return `${date.toISOString().slice(0, 19)}Z`;
}

// The record's `suite` is a text form other stages read back: it is written and read in one place.
export { parseRecordSuite, recordSuite } from "../text-forms/index.js";

/** The record's cases from judged results, in the same order, each named `<suite>/<case>`. */
export function recordCases(results: readonly CaseResult[]): ConformResult["cases"] {
  return results.map((r) => ({
    name: recordCaseName(r.suite, r.name),
    pass: r.pass,
    expected: r.expected,
    got: r.got,
  }));
}

// A lone surrogate cannot be written in RFC 8785 (nor read back by the verifier, step 1), yet an
// implementation's answer can hold one once decoded: each becomes U+FFFD in the record.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `text` with every lone surrogate replaced by U+FFFD; well-formed text is returned unchanged. */
export function wellFormed(text: string): string {
  return typeof text === "string" ? text.replace(LONE_SURROGATE, "\uFFFD") : text;
}

export function buildRecord(input: RecordInput): UnsignedConformResult {
  const cases = input.cases.map((c) => ({
    name: wellFormed(c.name),
    pass: c.pass,
    expected: wellFormed(c.expected),
    got: wellFormed(c.got),
  }));
  const passed = cases.filter((c) => c.pass).length;
  const record: UnsignedConformResult = {
    wai: FORMAT,
    kind: RECORD_KIND,
    suite: input.suite,
    standard: input.standard,
    toolchain: { name: input.toolchain.name, version: input.toolchain.version },
    corpus: { dir: input.corpus.dir, files: input.corpus.files, digest: input.corpus.digest },
    implementation: {
      adapter: input.implementation.adapter,
      impl: wellFormed(input.implementation.impl),
      name: input.implementation.name === null ? null : wellFormed(input.implementation.name),
      version: input.implementation.version === null ? null : wellFormed(input.implementation.version),
      files: input.implementation.files.map((f) => ({ path: wellFormed(f.path), sha256: f.sha256 })),
    },
    started_at: formatStartedAt(input.startedAt),
    cases,
    // §2: the writer MUST count the cases, and MUST set conformant exactly when there is at least
    // one case and every case passed.
    summary: { cases: cases.length, passed, failed: cases.length - passed },
    conformant: cases.length > 0 && passed === cases.length,
    key: input.key,
  };
  const problem = membersProblem(record as unknown as JsonValue, { signed: false });
  if (problem !== null) throw new RecordError(`the record would be malformed: ${problem}`);
  return record;
}
