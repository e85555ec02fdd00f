// The shape of a stored suite's manifest and its validation. Every problem is reported with the
// manifest's path and the case's name. The layout, data only:
//
//   vectors/VERSION                     the corpus version, the record's `standard`
//   vectors/<suite>/manifest.json       {"suite": "<suite>", "cases": [ ... ]}
//   vectors/<suite>/inputs/<name>.json  raw input bytes (equal/differ: <name>.a.json and <name>.b.json)
//   vectors/<suite>/expected/<name>.json          the exact expected output (canon, canon-or-reject)
//   vectors/<suite>/expected/<name>.nfc.json      the same under profile nfc, where NFC changes it
//   vectors/numbers/manifest.json       the generator's parameters; its cases are made at run time
//
// A case: {name (kebab-case), kind, input | a + b, expected?, sha256? + keccak256? (canon: of the
// expected bytes), why, source, profiles?: {nfc: {members it replaces}}}. File paths are relative to
// the suite folder. A canon, reject or canon-or-reject case may add linesInput + linesWhy: the form
// lines mode sends when it cannot carry the input's bytes (docs/protocol.md). A consistent-choice case
// names, in `of`, canon-or-reject cases of its own suite: one choice, which must be made the same way
// for all of them.

import { CanonError } from "../errors.js";
import type { Profile } from "../types.js";

export const PROFILES: readonly Profile[] = ["rfc8785", "nfc"];

export type StoredKind =
  | "canon"
  | "reject"
  | "canon-or-reject"
  | "equal"
  | "differ"
  | "idempotent"
  | "roundtrip"
  | "consistent-choice";

/** What a stored input case may add: the form lines mode sends instead (paths relative to the suite). */
interface StoredLines {
  linesInput?: string;
  linesWhy?: string;
}

/** One case as the manifest states it for one profile, overrides already applied. */
export type StoredCase = { name: string; why: string; source: string } & (
  | ({ kind: "canon"; input: string; expected: string; sha256: string; keccak256: string } & StoredLines)
  | ({ kind: "reject"; input: string } & StoredLines)
  | ({ kind: "canon-or-reject"; input: string; expected: string } & StoredLines)
  | { kind: "equal" | "differ"; a: string; b: string }
  | { kind: "idempotent" | "roundtrip"; input: string }
  | { kind: "consistent-choice"; of: string[] }
);

/** Which members each kind has, beyond name, kind, why and source. */
const KIND_MEMBERS: Record<StoredKind, readonly string[]> = {
  canon: ["input", "expected", "sha256", "keccak256"],
  reject: ["input"],
  "canon-or-reject": ["input", "expected"],
  equal: ["a", "b"],
  differ: ["a", "b"],
  idempotent: ["input"],
  roundtrip: ["input"],
  "consistent-choice": ["of"],
};
/** Kinds that may carry a lines form. */
const WITH_LINES = new Set<StoredKind>(["canon", "reject", "canon-or-reject"]);
const FILE_MEMBERS = new Set(["input", "expected", "a", "b", "linesInput"]);
const HEX_MEMBERS = new Set(["sha256", "keccak256"]);

const CASE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const FILE_PATH = /^[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*$/;

export class ManifestError extends CanonError {
  override name = "ManifestError";
}

export interface StoredManifest {
  suite: string;
  /** Each case under every profile, in manifest order. */
  cases: { name: string; byProfile: Record<Profile, StoredCase> }[];
}

/** Validates a stored suite's manifest; `file` names it in errors (`vectors/jcs/manifest.json`). */
export function parseStoredManifest(file: string, suite: string, text: string): StoredManifest {
  const fail = (where: string, problem: string): never => {
    throw new ManifestError(`${file}: ${where}${problem}`);
  };
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    fail("", `not JSON (${(error as Error).message})`);
  }
  if (!isRecord(doc)) return fail("", "must be a JSON object");
  expectOnly(doc, ["suite", "cases"], (problem) => fail("", problem));
  if (doc.suite !== suite) fail("", `"suite" must be "${suite}", got ${JSON.stringify(doc.suite)}`);
  if (!Array.isArray(doc.cases)) return fail("", `"cases" must be an array`);

  const seen = new Set<string>();
  const cases = doc.cases.map((raw, index) => {
    const name = isRecord(raw) && typeof raw.name === "string" ? raw.name : `#${index}`;
    const at = (problem: string) => fail(`case "${name}": `, problem);
    if (!isRecord(raw)) return at("must be a JSON object");
    if (!CASE_NAME.test(name)) at("the name must be kebab-case (a-z, 0-9, single hyphens)");
    if (seen.has(name)) at("the name is used twice");
    seen.add(name);
    const { profiles, ...base } = raw;
    const overrides = profiles === undefined ? {} : profiles;
    if (!isRecord(overrides)) return at(`"profiles" must be an object`);
    for (const profile of Object.keys(overrides)) {
      if (!PROFILES.includes(profile as Profile))
        at(`unknown profile "${profile}" (known: ${PROFILES.join(", ")})`);
    }
    const byProfile = {} as Record<Profile, StoredCase>;
    for (const profile of PROFILES) {
      const override = overrides[profile] ?? {};
      if (!isRecord(override)) return at(`profile "${profile}" must be an object`);
      if ("name" in override) at(`profile "${profile}" may not rename the case`);
      const where = profile === "rfc8785" || !(profile in overrides) ? "" : ` (profile "${profile}")`;
      byProfile[profile] = validateCase({ ...base, ...override }, (problem) => at(problem + where));
    }
    return { name, byProfile };
  });
  // A consistent choice is made among canon-or-reject cases of the same suite.
  const kinds = new Map(cases.map((c) => [c.name, c.byProfile.rfc8785.kind]));
  for (const c of cases) {
    for (const profile of PROFILES) {
      const stored = c.byProfile[profile];
      if (stored.kind !== "consistent-choice") continue;
      for (const member of stored.of) {
        if (kinds.get(member) !== "canon-or-reject") {
          fail(`case "${c.name}": `, `"of" names "${member}", which is not a canon-or-reject case here`);
        }
      }
    }
  }
  return { suite, cases };
}

function validateCase(raw: Record<string, unknown>, fail: (problem: string) => never): StoredCase {
  const kind = raw.kind as StoredKind;
  if (typeof kind !== "string" || !(kind in KIND_MEMBERS)) {
    fail(`"kind" must be one of ${Object.keys(KIND_MEMBERS).join(", ")}, got ${JSON.stringify(raw.kind)}`);
  }
  const members = [...KIND_MEMBERS[kind]];
  const optional = WITH_LINES.has(kind) ? ["linesInput", "linesWhy"] : [];
  expectOnly(raw, ["name", "kind", "why", "source", ...members, ...optional], fail);
  if ("linesInput" in raw !== "linesWhy" in raw) fail(`"linesInput" and "linesWhy" go together`);
  if ("linesInput" in raw) members.push("linesInput");
  if (kind === "consistent-choice") {
    const of = raw.of;
    if (!Array.isArray(of) || of.length < 2 || !of.every((n) => typeof n === "string" && CASE_NAME.test(n))) {
      fail(`"of" must be an array of at least two case names`);
    }
    if (new Set(of as string[]).size !== (of as string[]).length) fail(`"of" names a case twice`);
    members.splice(members.indexOf("of"), 1);
  }
  for (const key of ["why", "source", ...("linesWhy" in raw ? ["linesWhy"] : [])]) {
    const value = raw[key];
    if (typeof value !== "string" || value.trim() === "" || value.includes("\n")) {
      fail(`"${key}" must be a non-empty single-line string`);
    }
  }
  for (const key of members) {
    const value = raw[key];
    if (typeof value !== "string") fail(`"${key}" is missing or not a string`);
    const text = value as string;
    if (FILE_MEMBERS.has(key) && !FILE_PATH.test(text)) {
      fail(`"${key}" must be a relative path inside the suite folder (lowercase, no "..")`);
    }
    if (HEX_MEMBERS.has(key) && !/^[0-9a-f]{64}$/.test(text))
      fail(`"${key}" must be 64 lowercase hex digits`);
  }
  return raw as unknown as StoredCase;
}

/** The parameters of the generated `numbers` suite (vectors/numbers/manifest.json). */
export interface NumbersManifest {
  suite: "numbers";
  /** Names the generator, so a change to it is a change to the corpus. */
  generator: string;
  seed: number;
  blockSize: number;
  blocksPerCase: number;
  why: string;
  source: string;
  /** IEEE-754 bit patterns, 16 hex digits, sent before the generated ones. */
  edgeCases: { bits: string; note: string }[];
  /** Short decimals sent after the edge cases, before the random draws: every mantissa M of
   * `mantissas` times 10^E for every E of `exponents` (both inclusive ranges), spelled `MeE`. */
  grid: { mantissas: [number, number]; exponents: [number, number]; note: string };
}

const NUMBERS_GENERATOR = "edges-grid-lowbias32/2";

export function parseNumbersManifest(file: string, text: string): NumbersManifest {
  const fail = (problem: string): never => {
    throw new ManifestError(`${file}: ${problem}`);
  };
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    fail(`not JSON (${(error as Error).message})`);
  }
  if (!isRecord(doc)) return fail("must be a JSON object");
  expectOnly(
    doc,
    ["suite", "generator", "seed", "blockSize", "blocksPerCase", "why", "source", "edgeCases", "grid"],
    fail,
  );
  if (doc.suite !== "numbers") fail(`"suite" must be "numbers"`);
  if (doc.generator !== NUMBERS_GENERATOR) {
    fail(
      `"generator" must be "${NUMBERS_GENERATOR}" (the one this loader implements), got ${JSON.stringify(doc.generator)}`,
    );
  }
  if (!isSeed(doc.seed)) fail(`"seed" must be an integer from 0 to 2^32 - 1`);
  for (const key of ["blockSize", "blocksPerCase"]) {
    const value = doc[key];
    if (!Number.isSafeInteger(value) || (value as number) < 1) fail(`"${key}" must be a positive integer`);
  }
  for (const key of ["why", "source"]) {
    if (typeof doc[key] !== "string" || (doc[key] as string).trim() === "")
      fail(`"${key}" must be a non-empty string`);
  }
  if (!Array.isArray(doc.edgeCases)) return fail(`"edgeCases" must be an array`);
  doc.edgeCases.forEach((edge, i) => {
    if (!isRecord(edge) || typeof edge.bits !== "string" || !/^[0-9a-f]{16}$/.test(edge.bits)) {
      fail(`edgeCases[${i}].bits must be 16 lowercase hex digits`);
    }
    if (typeof edge.note !== "string") fail(`edgeCases[${i}].note must be a string`);
    const exponent = Number.parseInt(edge.bits.slice(0, 3), 16) & 0x7ff;
    if (exponent === 0x7ff)
      fail(`edgeCases[${i}] (${edge.bits}) is NaN or Infinity, which JSON cannot carry`);
  });
  const grid = doc.grid;
  const range = (v: unknown, min: number, max: number) =>
    Array.isArray(v) &&
    v.length === 2 &&
    v.every((n) => Number.isSafeInteger(n) && n >= min && n <= max) &&
    v[0] <= v[1];
  if (
    !isRecord(grid) ||
    !range(grid.mantissas, 1, 999_999) ||
    !range(grid.exponents, -400, 400) ||
    typeof grid.note !== "string"
  ) {
    fail(`"grid" must be {mantissas: [from, to], exponents: [from, to], note}, whole numbers, from <= to`);
  }
  return doc as unknown as NumbersManifest;
}

export function isSeed(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 0xffffffff;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function expectOnly(
  doc: Record<string, unknown>,
  allowed: readonly string[],
  fail: (problem: string) => never,
): void {
  for (const key of Object.keys(doc)) {
    if (!allowed.includes(key)) fail(`unknown member "${key}" (allowed: ${allowed.join(", ")})`);
  }
}
