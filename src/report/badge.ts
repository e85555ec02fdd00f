// The badge a project shows for its last run, drawn by shields.io's own library so that it looks
// like every other badge, and the same facts in shields' endpoint schema for a hosted badge.
import { makeBadge } from "badge-maker";
import type { Gate } from "../expected/index.js";
import { readSuiteCases } from "../text-forms/index.js";
import type { ConformResult } from "../types.js";

export const BADGE_LABEL = "canon conformance";

/** shields.io's endpoint badge schema (https://shields.io/badges/endpoint-badge). */
export interface BadgeEndpoint {
  schemaVersion: 1;
  label: string;
  message: string;
  color: string;
}

/**
 * `412/412` brightgreen when conformant, `397/412` red when not, `no cases` lightgrey when none ran;
 * a run of some cases only (`--case`) says `chosen` and is never green: it is not the whole corpus.
 * With the run's expected-failures `gate`, a step that passes by the list says so: `528/558, 30
 * expected`, yellow (the step passed, the record is not conformant); a gate that fails stays red.
 */
export function badgeJson(record: ConformResult, gate?: Gate): BadgeEndpoint {
  const { cases, passed } = record.summary;
  if (cases === 0) return { schemaVersion: 1, label: BADGE_LABEL, message: "no cases", color: "lightgrey" };
  const partial = readSuiteCases(record.suite) !== undefined;
  const count = `${passed}/${cases}${partial ? " chosen" : ""}`;
  if (!record.conformant && gate?.pass) {
    const expected = gate.expected.length;
    return {
      schemaVersion: 1,
      label: BADGE_LABEL,
      message: `${count}, ${expected} expected`,
      color: "yellow",
    };
  }
  return {
    schemaVersion: 1,
    label: BADGE_LABEL,
    message: count,
    color: record.conformant ? (partial ? "blue" : "brightgreen") : "red",
  };
}

/** The badge as an SVG document. */
export function badgeSvg(record: ConformResult, gate?: Gate): string {
  const { label, message, color } = badgeJson(record, gate);
  return makeBadge({ label, message, color });
}
