// The aggregate's badge: how many implementations are conformant, drawn by shields.io's own library
// like the single-run badge (src/report/badge.ts), and the same facts in shields' endpoint schema.
import { makeBadge } from "badge-maker";
import { BADGE_LABEL, type BadgeEndpoint } from "../report/badge.js";
import type { Aggregate } from "./types.js";

/** `3/3 implementations` green when the aggregate passed and all are conformant, red otherwise. */
export function aggregateBadgeJson(aggregate: Aggregate): BadgeEndpoint {
  const v = aggregate.verdict;
  if (v.implementations === 0)
    return { schemaVersion: 1, label: BADGE_LABEL, message: "no accepted records", color: "red" };
  const notes: string[] = [];
  if (v.refused > 0) notes.push(`${v.refused} refused`);
  if (v.disagreements > 0) notes.push(`${v.disagreements} differ`);
  if (v.incompleteSweeps > 0) notes.push("incomplete sweep");
  const message = [`${v.conformant}/${v.implementations} implementations`, ...notes].join(", ");
  const green = v.exitCode === 0 && v.conformant === v.implementations;
  return { schemaVersion: 1, label: BADGE_LABEL, message, color: green ? "brightgreen" : "red" };
}

export function aggregateBadgeSvg(aggregate: Aggregate): string {
  const { label, message, color } = aggregateBadgeJson(aggregate);
  return makeBadge({ label, message, color });
}
