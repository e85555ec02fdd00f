// A campaign split over worker processes (child processes, since Node 20's worker threads cannot
// load TypeScript through tsx): worker k runs iterations [first_k, first_k + n_k), each
// iteration seeded by (seed, iteration) exactly as in one thread, so the counts are the same
// whatever the number of workers; only the elapsed time changes.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { CampaignResult, Finding } from "./campaign.js";

export interface Slice {
  target: "records" | "json";
  seed: number;
  first: number;
  iterations: number;
  hangMs: number;
}

/** A CampaignResult as it crosses a process boundary (Maps become entry lists, bytes base64). */
export interface WireResult {
  target: string;
  elapsedMs: number;
  /** The worker process's CPU time, user + system. */
  cpuMs: number;
  outcomes: [string, number][];
  byMutation: [string, [string, number][]][];
  slowest: CampaignResult["slowest"];
  findings: (Omit<Finding, "input"> & { input: string })[];
}

export function toWire(r: CampaignResult, cpuMs: number): WireResult {
  return {
    target: r.target,
    elapsedMs: r.elapsedMs,
    cpuMs,
    outcomes: [...r.outcomes],
    byMutation: [...r.byMutation].map(([k, v]) => [k, [...v]]),
    slowest: r.slowest,
    findings: r.findings.map((f) => ({ ...f, input: Buffer.from(f.input).toString("base64") })),
  };
}

function add(into: Map<string, number>, entries: [string, number][]): void {
  for (const [k, n] of entries) into.set(k, (into.get(k) ?? 0) + n);
}

/** Runs `iterations` over `workers` processes and merges their counts. */
export async function runParallel(
  target: Slice["target"],
  options: { seed: number; iterations: number; hangMs: number; workers: number },
): Promise<{ result: CampaignResult; cpuMs: number }> {
  const { seed, iterations, hangMs, workers } = options;
  const started = performance.now();
  const per = Math.ceil(iterations / workers);
  const slices: Slice[] = [];
  for (let first = 0; first < iterations; first += per) {
    slices.push({ target, seed, first, iterations: Math.min(per, iterations - first), hangMs });
  }
  const worker = fileURLToPath(new URL("./worker.ts", import.meta.url));
  const wires = await Promise.all(
    slices.map(
      (slice) =>
        new Promise<WireResult>((resolve, reject) => {
          // The same node and flags (--import tsx) as this process; the result comes back on stdout.
          const child = spawn(process.execPath, [...process.execArgv, worker, JSON.stringify(slice)], {
            stdio: ["ignore", "pipe", "inherit"],
          });
          let out = "";
          child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
          child.once("error", reject);
          child.once("close", (code) => {
            if (code !== 0) reject(new Error(`fuzz worker for ${slice.target} exited with ${code}`));
            else resolve(JSON.parse(out) as WireResult);
          });
        }),
    ),
  );
  const result: CampaignResult = {
    target,
    seed,
    iterations,
    elapsedMs: performance.now() - started,
    outcomes: new Map(),
    byMutation: new Map(),
    slowest: { ms: -1, iteration: -1, mutation: "", bytes: 0 },
    findings: [],
  };
  let cpuMs = 0;
  for (const w of wires) {
    cpuMs += w.cpuMs;
    add(result.outcomes, w.outcomes);
    for (const [name, entries] of w.byMutation) {
      let m = result.byMutation.get(name);
      if (!m) result.byMutation.set(name, (m = new Map()));
      add(m, entries);
    }
    if (w.slowest.ms > result.slowest.ms) result.slowest = w.slowest;
    for (const f of w.findings) result.findings.push({ ...f, input: Buffer.from(f.input, "base64") });
  }
  return { result, cpuMs };
}
