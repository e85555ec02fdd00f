// The table's signed index (index.json): every record the site shows, by its SHA-256, with what the
// publish step found (accepted or refused, and why), the table's corpus digest, and when it was built;
// signed with Ed25519 the way a record is (seed 003 §3's shape, under a prefix of its own so that an
// index signature can never pass for a record's or the reverse):
//
//   signing input = "canon-conformance:table-index" 0x01 RFC8785(index without sig)
//
// It covers the whole site: `files` names every file beside it (pages, badges, records, the schema) by
// its SHA-256, and `row_key` the key every row's record had to be signed by ("none" for a preview).
// `npm run table -- verify-index index.json --pubkey HEX` checks one: its signature, its key, and that
// the folder holds exactly the files it names, each with the digest it states.
import { createHash } from "node:crypto";
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { canonicalizeValue, type JsonObject, type JsonValue, parse } from "../jcs/index.js";
import { signEd25519, verifyStrict } from "../record/ed25519-strict.js";
import { fromHex, isLowerHex, toHex } from "../record/hex.js";
import type { SigningKey } from "../types.js";

export const INDEX_FORMAT = "canon-conformance-table-index/1";
const PREFIX = new TextEncoder().encode("canon-conformance:table-index\u0001");

export interface IndexEntry {
  id: string;
  section: "implementations" | "look-alikes" | "self-reported";
  /** What the row's build left: built, did-not-build, not-run (self-reported: downloaded or not). */
  status: string;
  /** The record's file in the site, its SHA-256 and the publish step's outcome; absent without one. */
  record?: { path: string; sha256: string; outcome: string; accepted: boolean; reason?: string };
}

export interface TableIndex {
  format: typeof INDEX_FORMAT;
  built_at: string;
  corpus: { digest: string; files: number };
  toolchain: { name: string; version: string };
  /** The key every row's record was held to, or "none" for a preview. */
  row_key: string;
  rows: IndexEntry[];
  /** Every file of the site but index.json, by its path (with "/"), to its SHA-256 in hex. */
  files: Record<string, string>;
  signer_pubkey: string;
  sig: string;
}

function signingInput(index: JsonObject): Uint8Array {
  const body: JsonObject = {};
  for (const name of Object.keys(index)) if (name !== "sig") body[name] = index[name]!;
  const bytes = canonicalizeValue(body);
  const input = new Uint8Array(PREFIX.length + bytes.length);
  input.set(PREFIX, 0);
  input.set(bytes, PREFIX.length);
  return input;
}

/** The index signed with `key`, as the bytes written to index.json (its RFC 8785 form). */
export function signIndex(index: Omit<TableIndex, "signer_pubkey" | "sig">, key: SigningKey): Uint8Array {
  const withKey = { ...index, signer_pubkey: toHex(key.publicKey) } as unknown as JsonObject;
  const sig = toHex(signEd25519(signingInput(withKey), key.seed));
  return canonicalizeValue({ ...withKey, sig } as JsonValue);
}

export type IndexCheck = { ok: true; index: TableIndex } | { ok: false; why: string };

/** Checks an index's bytes: one strict JSON object of this format, signed by its signer_pubkey. */
export function verifyIndex(bytes: Uint8Array): IndexCheck {
  let value: JsonValue;
  try {
    value = parse(bytes, { bom: "reject" });
  } catch (error) {
    return { ok: false, why: `not strict JSON: ${(error as Error).message}` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { ok: false, why: "not an object" };
  const index = value as JsonObject;
  if (index.format !== INDEX_FORMAT) return { ok: false, why: `format is not ${INDEX_FORMAT}` };
  const pub = index.signer_pubkey;
  const sig = index.sig;
  if (typeof pub !== "string" || !isLowerHex(pub, 64))
    return { ok: false, why: "signer_pubkey is not 64 hex digits" };
  if (typeof sig !== "string" || !isLowerHex(sig, 128))
    return { ok: false, why: "sig is not 128 hex digits" };
  if (!verifyStrict(fromHex(sig), signingInput(index), fromHex(pub)))
    return { ok: false, why: "the signature does not verify under signer_pubkey" };
  if (!Array.isArray(index.rows)) return { ok: false, why: "rows is not an array" };
  const files = index.files;
  if (
    typeof files !== "object" ||
    files === null ||
    Array.isArray(files) ||
    Object.values(files).some((d) => typeof d !== "string" || !isLowerHex(d, 64))
  )
    return { ok: false, why: "files is not an object of SHA-256 digests" };
  if (typeof index.row_key !== "string") return { ok: false, why: "row_key is not a string" };
  return { ok: true, index: index as unknown as TableIndex };
}

/** Every regular file under `dir` but index.json, by its path from `dir`, to its SHA-256: what the
 * index signs. A link or anything else that is not a regular file is refused. */
export function siteFiles(dir: string, prefix = ""): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const rel = prefix === "" ? name : `${prefix}/${name}`;
    const stat = lstatSync(path);
    if (stat.isDirectory()) Object.assign(files, siteFiles(path, rel));
    else if (stat.isFile()) {
      if (rel !== "index.json") files[rel] = createHash("sha256").update(readFileSync(path)).digest("hex");
    } else throw new Error(`${rel} is not a regular file or a folder`);
  }
  return files;
}

/** The problems of a site folder against its index's `files`: a file missing, changed or added. */
export function siteProblems(index: TableIndex, dir: string): string[] {
  let found: Record<string, string>;
  try {
    found = siteFiles(dir);
  } catch (error) {
    return [(error as Error).message];
  }
  const problems: string[] = [];
  const listed = index.files ?? {};
  for (const [path, digest] of Object.entries(listed)) {
    if (!Object.hasOwn(found, path)) problems.push(`${path}: missing`);
    else if (found[path] !== digest)
      problems.push(`${path}: its SHA-256 is ${found[path]}, the index says ${digest}`);
  }
  for (const path of Object.keys(found))
    if (!Object.hasOwn(listed, path)) problems.push(`${path}: not in the index`);
  return problems;
}
