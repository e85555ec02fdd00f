// The badge a project shows for its last run, drawn by shields.io's own library so that it looks
// like every other badge, and the same facts in shields' endpoint schema for a hosted badge.
import { makeBadge } from "badge-maker";
import { readSuiteCases } from "../text-forms.js";
import type { ConformResult } from "../types.js";

export const BADGE_LABEL = "canon conformance";

/** shields.io's endpoint badge schema (https://shields.io/badges/endpoint-badge). */
export interface BadgeEndpoint {
  schemaVersion: 1;
  label: string;
  message: string;
  color: string;
}

/** `412/412` brightgreen when conformant, `397/412` red when not, `no cases` lightgrey when none ran;
 * a run of some cases only (`--case`) says `chosen` and is never green: it is not the whole corpus. */
export function badgeJson(record: ConformResult): BadgeEndpoint {
  const { cases, passed } = record.summary;
  if (cases === 0) return { schemaVersion: 1, label: BADGE_LABEL, message: "no cases", color: "lightgrey" };
  const partial = readSuiteCases(record.suite) !== undefined;
  return {
    schemaVersion: 1,
    label: BADGE_LABEL,
    message: `${passed}/${cases}${partial ? " chosen" : ""}`,
    color: record.conformant ? (partial ? "blue" : "brightgreen") : "red",
  };
}

/** The badge as an SVG document. */
export function badgeSvg(record: ConformResult): string {
  const { label, message, color } = badgeJson(record);
  return makeBadge({ label, message, color });
}
