// Reading a run's results.json back (written by ./write.ts), for `run --cases-from`. The file is untrusted: it is opened without following a link, read only when it
// is a regular file within a bound, and only names are taken from it, as strings; nothing in it is
// followed or run.
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { CanonError } from "../errors.js";
import { recordCaseName } from "../text-forms/index.js";

/** Larger than any results.json a default run writes; a larger file is refused. */
export const MAX_RESULTS_BYTES = 64 * 1024 * 1024;

/** A results.json that cannot be read, or is not one; the message says which. */
export class ResultsFileError extends CanonError {}

/** The file's text: a regular file only (a link is refused), within MAX_RESULTS_BYTES. */
export function readResultsText(path: string): string {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === "ELOOP"
        ? `${path} is a symbolic link`
        : code === "ENOENT"
          ? `${path} does not exist`
          : `cannot open ${path} (${code ?? (error as Error).message})`;
    throw new ResultsFileError(why, { cause: error });
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new ResultsFileError(`${path} is not a regular file`);
    if (stat.size > MAX_RESULTS_BYTES)
      throw new ResultsFileError(`${path} is over ${MAX_RESULTS_BYTES} bytes`);
    const buf = Buffer.alloc(stat.size);
    let at = 0;
    while (at < buf.length) {
      const n = readSync(fd, buf, at, buf.length - at, at);
      if (n === 0) break;
      at += n;
    }
    return buf.subarray(0, at).toString("utf8");
  } finally {
    closeSync(fd);
  }
}

/** The failed cases of a parsed results.json, as the record names them (`suite/name`), in its order. */
function failedCases(results: readonly unknown[]): string[] {
  const names: string[] = [];
  for (const r of results as Record<string, unknown>[]) {
    if (r?.pass !== false || typeof r.suite !== "string" || typeof r.name !== "string") continue;
    names.push(recordCaseName(r.suite, r.name));
  }
  return names;
}

/**
 * The cases that fail the step in a results.json's text: with an expected-failures list, its gate's
 * unexpected failures; without one, or when none is unexpected (the step passed by the list), every
 * failed case. What the re-run command of that run re-runs (./rerun-command.ts).
 */
export function casesFailingTheStep(text: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ResultsFileError(`it is not JSON (${(error as Error).message})`, { cause: error });
  }
  const results = (parsed as { results?: unknown } | null)?.results;
  if (!Array.isArray(results))
    throw new ResultsFileError("it is not a results.json: it has no results array");
  const unexpected = (parsed as { gate?: { unexpected?: unknown } }).gate?.unexpected;
  const names =
    Array.isArray(unexpected) && unexpected.length > 0
      ? unexpected.filter((n): n is string => typeof n === "string")
      : failedCases(results);
  return [...new Set(names)];
}
