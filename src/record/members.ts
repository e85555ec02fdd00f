// §2's members, types and forms: what step 3 of verification checks, and what buildRecord holds
// its own output to. Each check returns a short description of the first problem, or null, so the
// verifier can say why a record is malformed (the outcome line itself names only the step).
import type { JsonObject, JsonValue } from "../jcs/index.js";
import { FORMAT, MAX_INTEGER } from "./format.js";
import { isLowerHex } from "./hex.js";

const TOP_MEMBERS = [
  "wai",
  "kind",
  "suite",
  "standard",
  "toolchain",
  "corpus",
  "implementation",
  "started_at",
  "cases",
  "summary",
  "conformant",
  "key",
  "signer_pubkey",
  "sig",
];
const UNSIGNED_MEMBERS = TOP_MEMBERS.filter((m) => m !== "signer_pubkey" && m !== "sig");

/** RFC 3339 §5.6 in UTC, to the second; §2 bounds each field's range (not the days of each month). */
const STARTED_AT = /^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})Z$/;
const STARTED_AT_RANGES: [number, number][] = [
  [0, 9999],
  [1, 12],
  [1, 31],
  [0, 23],
  [0, 59],
  [0, 60],
];

type Problem = string | null;

function isObject(v: JsonValue | undefined): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The object at `where` has exactly `names` as its members. */
function exactMembers(v: JsonValue | undefined, names: readonly string[], where: string): Problem {
  if (!isObject(v)) return `${where} is not an object`;
  for (const name of Object.keys(v)) {
    if (!names.includes(name)) return `${where} has a member not in §2: ${JSON.stringify(name)}`;
  }
  for (const name of names)
    if (!Object.hasOwn(v, name)) return `${where} lacks the member ${JSON.stringify(name)}`;
  return null;
}

function isString(v: JsonValue | undefined): v is string {
  return typeof v === "string";
}

/** An integer 0..2^53-1 by value; the source text form is checked separately (numberForms.ts). */
export function isRecordInteger(v: JsonValue | undefined): v is number {
  return typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= MAX_INTEGER;
}

export function isStartedAt(v: JsonValue | undefined): boolean {
  if (!isString(v)) return false;
  const m = STARTED_AT.exec(v);
  if (!m) return false;
  return STARTED_AT_RANGES.every(([lo, hi], i) => {
    const field = Number(m[i + 1]);
    return field >= lo && field <= hi;
  });
}

export function isDigest(v: JsonValue | undefined): boolean {
  return isString(v) && v.startsWith("sha256:") && isLowerHex(v.slice(7), 64);
}

function first(...checks: (() => Problem)[]): Problem {
  for (const check of checks) {
    const problem = check();
    if (problem !== null) return problem;
  }
  return null;
}

function stringMember(o: JsonObject, name: string, where: string): Problem {
  return isString(o[name]) ? null : `${where}.${name} is not a string`;
}

function integerMember(o: JsonObject, name: string, where: string): Problem {
  return isRecordInteger(o[name]) ? null : `${where}.${name} is not an integer from 0 to 2^53-1`;
}

function toolchainProblem(v: JsonValue | undefined): Problem {
  return first(
    () => exactMembers(v, ["name", "version"], "toolchain"),
    () => stringMember(v as JsonObject, "name", "toolchain"),
    () => stringMember(v as JsonObject, "version", "toolchain"),
  );
}

function corpusProblem(v: JsonValue | undefined): Problem {
  return first(
    () => exactMembers(v, ["dir", "files", "digest"], "corpus"),
    () => stringMember(v as JsonObject, "dir", "corpus"),
    () => integerMember(v as JsonObject, "files", "corpus"),
    () =>
      isDigest((v as JsonObject).digest) ? null : "corpus.digest is not sha256: and 64 lowercase hex digits",
  );
}

function fileProblem(v: JsonValue, where: string): Problem {
  return first(
    () => exactMembers(v, ["path", "sha256"], where),
    () => stringMember(v as JsonObject, "path", where),
    () => {
      const sha = (v as JsonObject).sha256;
      return isString(sha) && isLowerHex(sha, 64) ? null : `${where}.sha256 is not 64 lowercase hex digits`;
    },
  );
}

function implementationProblem(v: JsonValue | undefined): Problem {
  const o = v as JsonObject;
  const stringOrNull = (name: string): Problem =>
    o[name] === null || isString(o[name]) ? null : `implementation.${name} is neither a string nor null`;
  return first(
    () => exactMembers(v, ["adapter", "impl", "name", "version", "files"], "implementation"),
    () =>
      o.adapter === "command" || o.adapter === "http"
        ? null
        : "implementation.adapter is neither command nor http",
    () => stringMember(o, "impl", "implementation"),
    () => stringOrNull("name"),
    () => stringOrNull("version"),
    () => {
      const files = o.files;
      if (!Array.isArray(files)) return "implementation.files is not an array";
      for (let i = 0; i < files.length; i++) {
        const problem = fileProblem(files[i]!, `implementation.files[${i}]`);
        if (problem !== null) return problem;
      }
      return null;
    },
  );
}

function casesProblem(v: JsonValue | undefined): Problem {
  if (!Array.isArray(v)) return "cases is not an array";
  for (let i = 0; i < v.length; i++) {
    const where = `cases[${i}]`;
    const c = v[i]!;
    const problem = first(
      () => exactMembers(c, ["name", "pass", "expected", "got"], where),
      () => stringMember(c as JsonObject, "name", where),
      () => (typeof (c as JsonObject).pass === "boolean" ? null : `${where}.pass is not a boolean`),
      () => stringMember(c as JsonObject, "expected", where),
      () => stringMember(c as JsonObject, "got", where),
    );
    if (problem !== null) return problem;
  }
  return null;
}

function summaryProblem(v: JsonValue | undefined): Problem {
  return first(
    () => exactMembers(v, ["cases", "passed", "failed"], "summary"),
    () => integerMember(v as JsonObject, "cases", "summary"),
    () => integerMember(v as JsonObject, "passed", "summary"),
    () => integerMember(v as JsonObject, "failed", "summary"),
  );
}

/**
 * The first way `record` departs from §2's members, types and forms, or null. With `signed: false`
 * it checks a record before signing (no `signer_pubkey`, no `sig`).
 */
export function membersProblem(record: JsonValue, options: { signed: boolean } = { signed: true }): Problem {
  const r = record as JsonObject;
  return first(
    () => exactMembers(record, options.signed ? TOP_MEMBERS : UNSIGNED_MEMBERS, "the record"),
    () => (r.wai === FORMAT ? null : `wai is not ${FORMAT}`),
    () => stringMember(r, "kind", "the record"),
    () => stringMember(r, "suite", "the record"),
    () => stringMember(r, "standard", "the record"),
    () => toolchainProblem(r.toolchain),
    () => corpusProblem(r.corpus),
    () => implementationProblem(r.implementation),
    () => (isStartedAt(r.started_at) ? null : "started_at is not YYYY-MM-DDTHH:MM:SSZ within §2's ranges"),
    () => casesProblem(r.cases),
    () => summaryProblem(r.summary),
    () => (typeof r.conformant === "boolean" ? null : "conformant is not a boolean"),
    () => (r.key === "ephemeral" || r.key === "supplied" ? null : "key is neither ephemeral nor supplied"),
    () => {
      if (!options.signed) return null;
      const pub = r.signer_pubkey;
      return isString(pub) && isLowerHex(pub, 64) ? null : "signer_pubkey is not 64 lowercase hex digits";
    },
    () => {
      if (!options.signed) return null;
      return isString(r.sig) && isLowerHex(r.sig, 128) ? null : "sig is not 128 lowercase hex digits";
    },
  );
}
