// Harness overhead of the command adapters (issue 4 item 8), against the same work done without us:
//   (a) lines: N requests piped straight through the command (stdin from a file, stdout read and
//       counted) vs the same N through the lines adapter, fed as the run feeds it (64 in flight);
//   (b) once: M spawns via `xargs -P <jobs>` vs the same M through the once adapter;
//   (c) requests per second through the adapters in both modes.
// Commands: the transport fixtures in test/adapters/fixtures (Python and Node), or one given in
// BENCH_COMMAND (it must accept `--lines`, and `--file=PATH` for the xargs side).
// Sizes: BENCH_LINES_N (default 20000), BENCH_ONCE_N (default 200). Each figure is a median of several runs.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { spawnTarget } from "../src/adapters/argv.js";
import { createLinesCanonicalizer } from "../src/adapters/command-lines.js";
import { createOnceCanonicalizer } from "../src/adapters/command-once.js";
import { encodeRequestLine } from "../src/adapters/line-framing.js";
import { resolveProgram } from "../src/adapters/program.js";
import type { Canonicalizer } from "../src/types.js";
import { pythonExecutable } from "../test/helpers/python.js";

const FIXTURES = fileURLToPath(new URL("../test/adapters/fixtures/", import.meta.url));
const ROOT = fileURLToPath(new URL("..", import.meta.url));
// Lines runs take about a second, so more of them; once runs take tens of seconds.
const LINES_REPS = 7;
const ONCE_REPS = 3;
// What src/run.ts keeps in flight in lines mode; BENCH_IN_FLIGHT tries others.
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 64);

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function inputs(n: number): Uint8Array[] {
  return Array.from({ length: n }, (_, i) =>
    new TextEncoder().encode(`{"z": [${i}, 2.5e3, "x\\u00e9${i}"], "a": {"k": true, "n": null}}`),
  );
}

/** Runs `argv` with stdin from `stdinPath`, reading stdout to the end; resolves to seconds taken. */
function timed(argv: string[], stdinPath: string | "ignore"): Promise<number> {
  const [program, ...args] = argv as [string, ...string[]];
  const stdin = stdinPath === "ignore" ? "ignore" : openSync(stdinPath, "r");
  const start = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    // Detached (a session of its own) like the adapters' children: with Linux autogroup scheduling a
    // session is a scheduling group, so this keeps both sides' share of a loaded CPU the same.
    const child = spawn(program, args, { stdio: [stdin, "pipe", "inherit"], cwd: ROOT, detached: true });
    child.stdout!.on("data", () => {});
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) reject(new Error(`${argv.join(" ")} exited ${code}`));
      else resolve(Number(process.hrtime.bigint() - start) / 1e9);
    });
  });
}

/** Feeds `all` through `c` with `inFlight` requests outstanding, as the run does; seconds taken. */
async function through(make: () => Canonicalizer, all: Uint8Array[], inFlight: number): Promise<number> {
  const start = process.hrtime.bigint();
  const c = make();
  let next = 0;
  let bad = 0;
  const worker = async () => {
    while (next < all.length) {
      const a = await c.canonicalize(all[next++]!);
      if (a.status !== "canonical") bad++;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  await c.close();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (bad > 0) throw new Error(`${bad} requests did not come back canonical`);
  return seconds;
}

function fmt(n: number, digits = 2): string {
  return n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

async function benchCommand(label: string, command: string, dir: string): Promise<void> {
  const linesN = Number(process.env.BENCH_LINES_N ?? 20_000);
  const onceN = Number(process.env.BENCH_ONCE_N ?? 200);
  const jobs = availableParallelism();
  const argv = spawnTarget(command, false);
  const program = resolveProgram(argv.program, { cwd: ROOT });
  const base = { shell: false, cwd: ROOT, timeoutMs: 60_000, maxOutputBytes: 16 * 1024 * 1024 };

  // (a) lines: the same bytes the adapter would send, from a file, straight into the command.
  const lineInputs = inputs(linesN);
  const linesFile = join(dir, "lines.txt");
  writeFileSync(linesFile, Buffer.concat(lineInputs.map(encodeRequestLine)));
  const bare: number[] = [];
  const adapter: number[] = [];
  for (let r = 0; r < LINES_REPS; r++) {
    bare.push(await timed([program, ...argv.args, "--lines"], linesFile));
    adapter.push(
      await through(
        () => createLinesCanonicalizer({ ...base, command: `${command} --lines` }),
        lineInputs,
        IN_FLIGHT,
      ),
    );
  }
  const [lb, la] = [median(bare), median(adapter)];
  console.log(
    `lines ${label}: ${linesN} requests (${IN_FLIGHT} in flight), bare pipe ${fmt(lb, 3)} s, lines adapter ${fmt(la, 3)} s -> ${fmt(la / lb)}x (goal <= 1.2x); ${fmt(linesN / la, 0)} requests/s through the adapter`,
  );

  if (onceN === 0) return;
  // (b) once: M inputs as files; xargs -P runs `command --file=PATH` for each, the adapter pipes each.
  const onceInputs = inputs(onceN);
  const list = onceInputs.map((bytes, i) => {
    const path = join(dir, `in-${i}.json`);
    writeFileSync(path, bytes);
    return `--file=${path}`;
  });
  const listFile = join(dir, "once-list.txt");
  writeFileSync(listFile, `${list.join("\n")}\n`);
  // Each xargs spawn in a session of its own too (setsid(1) just calls setsid and execs), as the once
  // adapter starts each command: otherwise autogroup scheduling alone decides the ratio on a busy host.
  const perSession = hasSetsid() ? ["setsid"] : [];
  const xargs: number[] = [];
  const once: number[] = [];
  for (let r = 0; r < ONCE_REPS; r++) {
    xargs.push(
      await timed(["xargs", "-P", String(jobs), "-n", "1", ...perSession, program, ...argv.args], listFile),
    );
    once.push(
      await through(
        () => createOnceCanonicalizer({ ...base, command, jobs }),
        onceInputs,
        Math.max(4, jobs * 2),
      ),
    );
  }
  const [ox, oa] = [median(xargs), median(once)];
  console.log(
    `once  ${label}: ${onceN} spawns, xargs -P ${jobs}${perSession.length ? " setsid" : ""} ${fmt(ox, 3)} s, once adapter ${fmt(oa, 3)} s -> ${fmt(oa / ox)}x (goal <= 1.1x); ${fmt(onceN / oa, 1)} requests/s through the adapter`,
  );
}

function hasSetsid(): boolean {
  try {
    execFileSync("setsid", ["true"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "cc-bench-adapters-"));
  try {
    const given = process.env.BENCH_COMMAND;
    const commands: [string, string][] = given
      ? [[given, given]]
      : [
          // The interpreter itself, not a version manager's shim script in front of it.
          ["python3 echo.py", `${pythonExecutable()} ${FIXTURES}echo.py`],
          ["node echo.mjs", `${process.execPath} ${FIXTURES}echo.mjs`],
        ];
    console.log(
      `medians of ${LINES_REPS} (lines) and ${ONCE_REPS} (once) runs; ${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(1)}; inputs are ~70-byte JSON objects`,
    );
    for (const [label, command] of commands) await benchCommand(label, command, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Run directly: `node --import tsx bench/adapters.ts`.
if (import.meta.url === `file://${process.argv[1]}`) await run();
