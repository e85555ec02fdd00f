// The folder the site is built from, written by `npm run table` here and by the workflow's collect step
// from the artifacts of its jobs; everything in it is untrusted (a record, a log, a status are what a
// job that ran code under test wrote):
//
//   rows/<id>/build.json          {"status": "built" | "did-not-build" | "not-run", "reason": "..."}
//   rows/<id>/build.log           what the install (and the run) printed, when there is one
//   rows/<id>/record.json         the record to show (the sign job's, else the run job's)
//   self-reported/<id>/record.json   the latest record downloaded from the implementer's workflow
//   self-reported/<id>/fetch.json    {"status": "downloaded" | "not-downloaded", "reason": "...", "run": "..."}
//
// and the table's own list of self-reported rows, table/self-reported.json (trusted: it is the
// table's repository).
import { existsSync, lstatSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { MAX_RECORD_BYTES } from "../record/format.js";
import { ROW_ID } from "./manifest.js";

export type BuildStatus = "built" | "did-not-build" | "not-run";

export interface RowResult {
  status: BuildStatus;
  reason?: string;
  /** The log's tail, as text (untrusted). */
  log?: string;
  /** The record's bytes, when there is one. */
  record?: Uint8Array;
}

/** How much of a log the page keeps: its end, where the error is. */
export const LOG_TAIL_BYTES = 64 * 1024;

/** A regular file's bytes (never through a symbolic link), at most `max` of them, or undefined. */
function readRegular(path: string, max: number): Uint8Array | undefined {
  if (!existsSync(path)) return undefined;
  const stat = lstatSync(path);
  if (!stat.isFile()) return undefined;
  const bytes = readFileSync(path);
  return bytes.length > max ? bytes.subarray(0, max + 1) : bytes;
}

function readTail(path: string): string | undefined {
  if (!existsSync(path) || !lstatSync(path).isFile()) return undefined;
  const bytes = readFileSync(path);
  const tail = bytes.length > LOG_TAIL_BYTES ? bytes.subarray(bytes.length - LOG_TAIL_BYTES) : bytes;
  const text = new TextDecoder().decode(tail);
  return bytes.length > LOG_TAIL_BYTES
    ? `[the first ${bytes.length - LOG_TAIL_BYTES} bytes left out]\n${text}`
    : text;
}

function readStatus(path: string): { status?: string; reason?: string; run?: string } {
  const bytes = readRegular(path, 64 * 1024);
  if (bytes === undefined) return {};
  try {
    const value = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof value !== "object" || value === null) return {};
    return {
      ...(typeof value.status === "string" ? { status: value.status } : {}),
      ...(typeof value.reason === "string" ? { reason: value.reason } : {}),
      ...(typeof value.run === "string" ? { run: value.run } : {}),
    };
  } catch {
    return { reason: "build.json is not JSON" };
  }
}

/** One row's results. A row with no folder did not build (its job left nothing). */
export function readRowResult(results: string, id: string): RowResult {
  const dir = join(results, "rows", id);
  const status = readStatus(join(dir, "build.json"));
  const record = readRegular(join(dir, "record.json"), MAX_RECORD_BYTES);
  const log = readTail(join(dir, "build.log"));
  const known: BuildStatus[] = ["built", "did-not-build", "not-run"];
  let state: BuildStatus = known.includes(status.status as BuildStatus)
    ? (status.status as BuildStatus)
    : record !== undefined
      ? "built"
      : "did-not-build";
  // A row that says it built but left no record did not build, whatever it says.
  if (state === "built" && record === undefined) state = "did-not-build";
  const reason =
    status.reason ??
    (state === "did-not-build" && !existsSync(dir)
      ? "its job left no artifact (see the workflow run)"
      : undefined);
  return {
    status: state,
    ...(reason !== undefined ? { reason } : {}),
    ...(log !== undefined ? { log } : {}),
    ...(record !== undefined && state === "built" ? { record } : {}),
  };
}

/** One entry of table/self-reported.json. */
export interface SelfReported {
  id: string;
  name: string;
  language: string;
  /** `owner/name` on GitHub. */
  repository: string;
  /** The workflow file that runs the action, e.g. `conformance.yml`. */
  workflow: string;
  /** The artifact its sign (or run) job uploads, holding record.json. */
  artifact: string;
  /** The Ed25519 public key its records are signed with, 64 hex digits. */
  pubkey: string;
  /** The branch whose latest successful run is read (default main). */
  branch?: string;
  /** The version its records must name, when the entry pins one (else any: the latest run's). */
  version?: string;
}

export function readSelfReportedList(table: string): SelfReported[] {
  const path = join(table, "self-reported.json");
  if (!existsSync(path)) return [];
  const value = JSON.parse(readFileSync(path, "utf8")) as { rows?: unknown };
  const rows = Array.isArray(value.rows) ? value.rows : [];
  return rows.map((r, i) => {
    const e = r as Partial<SelfReported>;
    const problems: string[] = [];
    if (typeof e.id !== "string" || !ROW_ID.test(e.id)) problems.push("id");
    for (const k of ["name", "language", "workflow", "artifact"] as const)
      if (typeof e[k] !== "string" || e[k] === "") problems.push(k);
    if (typeof e.repository !== "string" || !/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(e.repository))
      problems.push("repository (owner/name)");
    if (typeof e.pubkey !== "string" || !/^[0-9a-f]{64}$/.test(e.pubkey))
      problems.push("pubkey (64 lowercase hex)");
    if (e.version !== undefined && (typeof e.version !== "string" || e.version === ""))
      problems.push("version (a string, when given)");
    if (problems.length > 0)
      throw new Error(`table/self-reported.json: entry ${i + 1} has no valid ${problems.join(", ")}`);
    return e as SelfReported;
  });
}

export interface SelfReportedResult {
  downloaded: boolean;
  reason?: string;
  run?: string;
  record?: Uint8Array;
}

export function readSelfReportedResult(results: string, id: string): SelfReportedResult {
  const dir = join(results, "self-reported", id);
  const status = readStatus(join(dir, "fetch.json"));
  const record = readRegular(join(dir, "record.json"), MAX_RECORD_BYTES);
  if (record === undefined) {
    return { downloaded: false, reason: status.reason ?? "no record was downloaded for it" };
  }
  return { downloaded: true, record, ...(status.run !== undefined ? { run: status.run } : {}) };
}
