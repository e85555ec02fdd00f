import { readSuiteCases } from "../text-forms/index.js";
import type { ConformResult } from "../types.js";

/** `12.3 s` under a minute, `4 min 05 s` above: how long a run took, for people. */
export function formatDuration(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const totalSeconds = Math.round(ms / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  return `${minutes} min ${String(totalSeconds % 60).padStart(2, "0")} s`;
}

/** Cases per second, with one decimal below 10. */
export function formatRate(done: number, ms: number): string | undefined {
  if (ms <= 0) return undefined;
  const rate = (done * 1000) / ms;
  return `${rate < 10 ? rate.toFixed(1) : Math.round(rate)}/s`;
}

/** How a person names the implementation: `name version`, or that it gave no name. */
export function implementationName(record: ConformResult): string {
  const { name, version } = record.implementation;
  if (name === null) return version === null ? "(unnamed)" : `(unnamed) ${version}`;
  return version === null ? name : `${name} ${version}`;
}

/** What the key kind means for a reader of the record (seed 003 §6). */
export function keyMeaning(key: ConformResult["key"]): string {
  return key === "supplied"
    ? "supplied key: the holder of this key ran it"
    : "ephemeral key made for this run: shows the record is unchanged, not who ran it";
}

/** What a run of some cases only (`--case`, the suite's `cases=` word) adds to its headline, so that it
 * never reads as a run of the whole corpus; undefined for a run of every case. */
export function partialRunNote(record: ConformResult): string | undefined {
  const patterns = readSuiteCases(record.suite);
  if (patterns === undefined) return undefined;
  const shown =
    patterns.length > 3
      ? `${patterns.slice(0, 3).join(", ")} and ${patterns.length - 3} more`
      : patterns.join(", ");
  return `a partial run: only the chosen cases (${shown}) ran, not the whole corpus`;
}

/** The headline's count: `397 of 412 cases passed, 15 failed`, and the partial-run note when some
 * cases only were chosen. */
export function countLine(record: ConformResult): string {
  const { cases, passed, failed } = record.summary;
  const partial = partialRunNote(record);
  const count =
    cases === 0
      ? "no cases ran"
      : failed === 0
        ? `${passed} of ${cases} cases passed`
        : `${passed} of ${cases} cases passed, ${failed} failed`;
  return partial === undefined ? count : `${count} (${partial})`;
}
