// The fuzz driver (issue 8 item 2): `node --import tsx fuzz/index.ts [--iterations N] [--seed S]
// [--target records|json|all] [--replay I] [--findings DIR] [--verbose]`. Prints its counts and
// exits 1 on any finding, after writing each finding's input under DIR (default fuzz/findings/).
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type CampaignResult, DEFAULT_HANG_MS, runCampaign, type Target } from "./campaign.js";
import { describeFinding, writeFindings } from "./findings.js";
import { jsonTarget } from "./json.js";
import { runParallel } from "./parallel.js";
import { recordsTarget } from "./records.js";
import { formatCampaign } from "./report.js";
import { Rng } from "./rng.js";

const USAGE = `usage: node --import tsx fuzz/index.ts [options]
  --iterations N   iterations per target (default 100000)
  --seed S         a 32-bit unsigned integer, or "random" (default 1)
  --target T       records | json | all (default all)
  --replay I       run only iteration I (with the same seed) and print what it did
  --findings DIR   where finding inputs are written (default fuzz/findings)
  --hang-ms MS     a call slower than this is a finding (default ${DEFAULT_HANG_MS})
  --workers N      worker processes per target (default 1; the counts do not depend on it)
  --verbose        every outcome per mutation`;

function fail(message: string): never {
  process.stderr.write(`fuzz: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function count(text: string | undefined, name: string, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^[0-9]+$/.test(text) || !Number.isSafeInteger(Number(text))) fail(`${name} must be a whole number`);
  return Number(text);
}

function parseOptions() {
  return parseArgs({
    options: {
      iterations: { type: "string" },
      seed: { type: "string" },
      target: { type: "string" },
      replay: { type: "string" },
      findings: { type: "string" },
      "hang-ms": { type: "string" },
      workers: { type: "string" },
      verbose: { type: "boolean" },
      help: { type: "boolean" },
    },
  }).values;
}

async function main(): Promise<number> {
  let values: ReturnType<typeof parseOptions>;
  try {
    values = parseOptions();
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const seed = values.seed === "random" ? (Math.random() * 2 ** 32) >>> 0 : count(values.seed, "--seed", 1);
  if (seed > 0xffff_ffff) fail("--seed must fit in 32 bits");
  const which = values.target ?? "all";
  if (!["records", "json", "all"].includes(which)) fail(`unknown --target ${which}`);
  const replay = values.replay === undefined ? undefined : count(values.replay, "--replay", 0);
  const iterations = replay === undefined ? count(values.iterations, "--iterations", 100_000) : 1;
  const hangMs = count(values["hang-ms"], "--hang-ms", DEFAULT_HANG_MS);
  const workers = count(values.workers, "--workers", 1);
  if (workers < 1) fail("--workers must be at least 1");
  const findingsDir = values.findings ?? join("fuzz", "findings");

  const names: ("records" | "json")[] = which === "all" ? ["records", "json"] : [which as "records" | "json"];
  const make = (name: "records" | "json"): Target =>
    name === "records" ? recordsTarget() : jsonTarget(seed);

  let findings = 0;
  for (const name of names) {
    if (replay !== undefined) {
      const target = make(name);
      const trial = target.trial(new Rng(seed, replay), replay);
      process.stdout.write(
        `${target.name} seed=${seed} iteration=${replay}: ${trial.mutation} -> ${trial.outcome} (${trial.ms.toFixed(2)} ms, ${trial.input.length} bytes)\n` +
          `${trial.finding ? `FINDING: ${trial.finding}\n` : ""}` +
          (trial.input.length <= 4096
            ? `input (base64): ${Buffer.from(trial.input).toString("base64")}\n`
            : ""),
      );
      if (trial.finding) findings++;
      continue;
    }
    let result: CampaignResult;
    let cpuMs: number;
    if (workers === 1) {
      const cpu = process.cpuUsage();
      result = runCampaign(make(name), {
        seed,
        iterations,
        hangMs,
        onProgress: (done) => process.stderr.write(`  ${name}: ${done}/${iterations}\n`),
      });
      const used = process.cpuUsage(cpu);
      cpuMs = (used.user + used.system) / 1000;
    } else {
      ({ result, cpuMs } = await runParallel(name, { seed, iterations, hangMs, workers }));
    }
    process.stdout.write(`${formatCampaign(result, values.verbose ?? false, cpuMs, workers)}\n`);
    const paths = writeFindings(findingsDir, result.findings.slice(0, 100));
    result.findings.forEach((f, i) => {
      if (i < 20) process.stdout.write(`${describeFinding(f, paths[i])}\n`);
    });
    if (result.findings.length > 20)
      process.stdout.write(`  ... and ${result.findings.length - 20} more findings\n`);
    findings += result.findings.length;
  }
  process.stdout.write(findings === 0 ? "fuzz: no findings\n" : `fuzz: ${findings} finding(s)\n`);
  return findings === 0 ? 0 : 1;
}

process.exitCode = await main();
