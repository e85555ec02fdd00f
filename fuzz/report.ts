// The console report of a campaign: its figures, then the outcomes, then per mutation.
import type { CampaignResult } from "./campaign.js";

function sorted(map: Map<string, number>): [string, number][] {
  return [...map].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** `cpuMs`: the process's CPU time over the campaign, all threads (the machine may be shared). */
export function formatCampaign(r: CampaignResult, verbose: boolean, cpuMs: number, workers: number): string {
  const seconds = r.elapsedMs / 1000;
  const lines = [
    `target ${r.target}: ${r.iterations} iterations, seed ${r.seed}, findings ${r.findings.length}`,
    `  time: ${seconds.toFixed(1)} s wall (${Math.round(r.iterations / seconds)}/s) on ${workers} worker(s), ${(cpuMs / 1000).toFixed(1)} s CPU`,
    `  slowest call: ${r.slowest.ms.toFixed(2)} ms at iteration ${r.slowest.iteration} (${r.slowest.mutation}, ${r.slowest.bytes} bytes)`,
    "  outcomes:",
  ];
  for (const [outcome, n] of sorted(r.outcomes)) lines.push(`    ${String(n).padStart(9)}  ${outcome}`);
  lines.push("  per mutation (iterations it took part in: outcomes):");
  for (const [name, outcomes] of [...r.byMutation].sort((a, b) => a[0].localeCompare(b[0]))) {
    const total = [...outcomes.values()].reduce((a, b) => a + b, 0);
    const top = sorted(outcomes);
    const shown = verbose ? top : top.slice(0, 3);
    const rest = top.length - shown.length;
    lines.push(
      `    ${name.padEnd(18)} ${String(total).padStart(8)}: ${shown.map(([o, n]) => `${o} ${n}`).join("; ")}${rest > 0 ? `; +${rest} more` : ""}`,
    );
  }
  return lines.join("\n");
}
