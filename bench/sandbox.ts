// What the sandbox costs (issue 12 item 8): a whole default run (every suite, the default numbers
// and generated runs) of the Node example, through runConformance, with `sandbox: none` and with
// `sandbox: bwrap`, in both protocols. Repetitions are interleaved (none, bwrap, then bwrap, none, ...)
// so that a change in the machine's load falls on both sides alike; each figure is a median, and the
// ratio is bwrap over none. Goal: lines within 1.05x, once within 1.15x.
// Both sides get the same environment (the sandbox is told to pass through every variable the
// unsandboxed side inherits), so that the ratio is the sandbox's own cost: an inherited variable can
// cost more than bwrap does (NODE_EXTRA_CA_CERTS makes every Node start load a certificate bundle).
// BENCH_SANDBOX_REPS (default 5) sets the repetitions per side, BENCH_SANDBOX_PROTOCOLS which protocols
// (default "lines,once"), BENCH_SANDBOX_COMMAND another command (it must accept `--lines`).
import { availableParallelism, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import {
  DEFAULT_GENERATED_RUNS,
  DEFAULT_MAX_OUTPUT_BYTES,
  DEFAULT_NUMBERS,
  DEFAULT_TIMEOUT_MS,
  runSettings,
} from "../src/options/index.js";
import { ephemeralKey } from "../src/record/keys.js";
import { runConformance } from "../src/run/index.js";
import type { RunOptions } from "../src/run/types.js";
import { isWithheldVariable, probeBwrap } from "../src/sandbox/index.js";
import { SUITES } from "../src/types.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const REPS = Number(process.env.BENCH_SANDBOX_REPS ?? 5);
const COMMAND = process.env.BENCH_SANDBOX_COMMAND ?? `"${process.execPath}" examples/node/canon.mjs`;

/** Every inherited variable the unsandboxed side also gets. */
const SAME_ENV = Object.keys(process.env).filter(
  (n) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(n) && !isWithheldVariable(n),
);

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (n: number, digits = 2) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

async function wholeRun(protocol: "once" | "lines", mode: "none" | "bwrap"): Promise<number> {
  const options: RunOptions = {
    ...runSettings({
      command: protocol === "lines" ? `${COMMAND} --lines` : COMMAND,
      protocol,
      suites: [...SUITES],
      numbers: DEFAULT_NUMBERS,
      generatedRuns: DEFAULT_GENERATED_RUNS,
      jobs: availableParallelism(),
      timeoutMs: DEFAULT_TIMEOUT_MS,
      maxOutputBytes: DEFAULT_MAX_OUTPUT_BYTES,
      workingDirectory: ROOT,
      sandbox: mode === "bwrap" ? { mode, passEnv: SAME_ENV } : { mode },
    }),
    key: ephemeralKey(),
  };
  const start = process.hrtime.bigint();
  const outcome = await runConformance(options);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (!outcome.record.conformant) throw new Error(`${protocol}/${mode}: the example was not conformant`);
  if (outcome.sandbox.sandboxed !== (mode === "bwrap")) throw new Error(`${protocol}/${mode}: wrong sandbox`);
  return seconds;
}

export async function run(): Promise<void> {
  const probe = probeBwrap();
  if (!probe.works) {
    console.log(`bwrap does not work here, nothing to compare: ${probe.reason}`);
    return;
  }
  console.log(
    `command: ${COMMAND}; whole default run (${SUITES.join(", ")}; numbers ${DEFAULT_NUMBERS}, generated runs ${DEFAULT_GENERATED_RUNS}); ${REPS} interleaved repetitions per side; load ${loadavg()
      .map((l) => fmt(l))
      .join(" ")} on ${availableParallelism()} CPUs`,
  );
  console.log("protocol  none (s, median)  bwrap (s, median)  ratio  ratio of pairs (median)  goal");
  const protocols = (process.env.BENCH_SANDBOX_PROTOCOLS ?? "lines,once")
    .split(",")
    .filter((p): p is "lines" | "once" => p === "lines" || p === "once");
  for (const protocol of protocols) {
    const times = { none: [] as number[], bwrap: [] as number[] };
    const pairs: number[] = [];
    for (let i = 0; i < REPS; i++) {
      const order = i % 2 === 0 ? (["none", "bwrap"] as const) : (["bwrap", "none"] as const);
      const pair: Record<string, number> = {};
      for (const mode of order) {
        pair[mode] = await wholeRun(protocol, mode);
        times[mode].push(pair[mode]!);
      }
      pairs.push(pair.bwrap! / pair.none!);
    }
    const none = median(times.none);
    const bwrap = median(times.bwrap);
    const goal = protocol === "lines" ? 1.05 : 1.15;
    console.log(
      `${protocol.padEnd(8)}  ${fmt(none).padStart(16)}  ${fmt(bwrap).padStart(17)}  ${fmt(bwrap / none, 3).padStart(5)}  ${fmt(median(pairs), 3).padStart(23)}  ${goal}x`,
    );
    console.log(
      `          none: ${times.none.map((t) => fmt(t)).join(" ")}; bwrap: ${times.bwrap.map((t) => fmt(t)).join(" ")}`,
    );
  }
}
