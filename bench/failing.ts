// What a failing run costs (issue 36): every known-bad as a command, in both protocols, against the
// reference (`canonicalize`), on a whole default run of the CLI as a user starts it (src/ bundled,
// `node cli.js run`, unsandboxed). For each: the processes the command started, counted by the
// command itself (a shell wrapper adds a byte to a file per start, the read side's too), the wall
// time, and both as multiples of the reference's in the same protocol; one table. The design's rule
// is that a failing run costs about what a passing one does.
// Two rows more: erdtman's shape (issue 36), the tests' `hangs-on 1e-320,1e-315` (the reference but for
// never answering a value holding either number; test/helpers/impl.ts), and its passing sibling, the
// same command hanging on nothing: what a program that hangs on two inputs costs over its sibling.
// BENCH_FAILING_ONLY (comma list) runs only these known-bads, and `hangs-on` those two rows (the
// reference always runs);
// BENCH_FAILING_PROTOCOLS (default "once,lines"); BENCH_FAILING_START_MS gives each command that
// start cost (`--start-ms`, a JVM's is about 500) so that processes show in the time.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { KNOWN_BADS } from "../src/known-bad/index.js";
import type { KnownBad } from "../src/known-bad/types.js";
import { DEFAULT_GENERATED_RUNS, DEFAULT_NUMBERS } from "../src/options/index.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const ONLY = process.env.BENCH_FAILING_ONLY?.split(",").filter(Boolean);
const PROTOCOLS = (process.env.BENCH_FAILING_PROTOCOLS ?? "once,lines").split(",") as ("once" | "lines")[];
const START_MS = process.env.BENCH_FAILING_START_MS;

const fmt = (n: number, digits = 1) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** The CLI and the tests' commands (impl.cjs) bundled from src/ under the ignored tmp/ (the CLI finds
 * vectors/ by walking up). */
function bundle(): { cli: string; impl: string } {
  mkdirSync(join(ROOT, "tmp"), { recursive: true });
  const dir = mkdtempSync(join(ROOT, "tmp", "bench-failing-dist-"));
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  execFileSync(process.execPath, [join(ROOT, "scripts", "build.mjs"), "--test", "--outdir", dir], {
    cwd: ROOT,
  });
  return { cli: join(dir, "cli.js"), impl: join(dir, "impl.cjs") };
}

/** What `node` is started with for a command: its script and arguments, given the protocol's flag
 * (` --lines` or nothing) and a side's (` --read-side` or nothing). */
type Invocation = (lines: string, more: string) => string;

/** A CLI command (`canonicalize`, `known-bad NAME`) with the bench's start cost. */
const cliCommand =
  (cli: string, args: string): Invocation =>
  (lines, more) =>
    `'${cli}' ${args}${more}${START_MS === undefined ? "" : ` --start-ms ${START_MS}`}${lines}`;

/** The tests' `hangs-on NUMBERS START_MS COUNT_FILE` with the bench's start cost. */
const hangsOn =
  (impl: string, numbers: string): Invocation =>
  (lines) =>
    `'${impl}' hangs-on ${numbers === "" ? "''" : numbers} ${START_MS ?? 0} /dev/null${lines}`;

interface Cost {
  processes: number;
  seconds: number;
  failed: number;
  status: number | null;
}

/** One whole default run of the command `invoke` starts. */
function wholeRun(
  cli: string,
  invoke: Invocation,
  bad: KnownBad | undefined,
  protocol: "once" | "lines",
): Cost {
  const dir = mkdtempSync(join(tmpdir(), "bench-failing-"));
  try {
    const starts = join(dir, "starts");
    writeFileSync(starts, "");
    const lines = protocol === "lines" ? " --lines" : "";
    const counted = (more: string) =>
      `printf x >> '${starts}'; exec '${process.execPath}' ${invoke(lines, more)}`;
    const run = ["run", "--command", counted(""), "--shell", "--protocol", protocol, "--sandbox", "none"];
    if (bad?.read) run.push("--read-command", counted(" --read-side"));
    if (bad?.profile) run.push("--profile", bad.profile);
    run.push("--quiet", "--out", join(dir, "out"), "--numbers", String(DEFAULT_NUMBERS));
    run.push("--generated-runs", String(DEFAULT_GENERATED_RUNS));
    const t0 = process.hrtime.bigint();
    const done = spawnSync(process.execPath, [cli, ...run], {
      cwd: ROOT,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    let failed = Number.NaN;
    try {
      const results = JSON.parse(readFileSync(join(dir, "out", "results.json"), "utf8")) as {
        results: { pass: boolean }[];
      };
      failed = results.results.filter((r) => !r.pass).length;
    } catch {
      // No results: the status says why.
    }
    return { processes: readFileSync(starts).length, seconds, failed, status: done.status };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  const { cli, impl } = bundle();
  const bads = KNOWN_BADS.filter((k) => ONLY === undefined || ONLY.includes(k.name));
  console.log(
    `whole default runs (numbers ${DEFAULT_NUMBERS}, generated runs ${DEFAULT_GENERATED_RUNS}), unsandboxed` +
      `${START_MS === undefined ? "" : `, each start --start-ms ${START_MS}`}; load ${loadavg()
        .map((l) => fmt(l, 2))
        .join(" ")} on ${availableParallelism()} CPUs`,
  );
  const reference = Object.fromEntries(
    PROTOCOLS.map((p) => [p, wholeRun(cli, cliCommand(cli, "canonicalize"), undefined, p)]),
  );
  const head = PROTOCOLS.map((p) => `${p}: processes (x ref)   time (x ref)   failed`).join(" | ");
  console.log(`\n${"command".padEnd(32)} | ${head}`);
  const row = (name: string, costs: Record<string, Cost>) => {
    const cells = PROTOCOLS.map((p) => {
      const c = costs[p]!;
      const r = reference[p]!;
      const procs = `${c.processes} (${fmt(c.processes / r.processes, 2)})`;
      const time = `${fmt(c.seconds)} s (${fmt(c.seconds / r.seconds, 2)})`;
      const failed = c.status === 0 || c.status === 1 ? String(c.failed) : `exit ${c.status}`;
      return `${procs.padStart(22)}   ${time.padStart(14)}   ${failed.padStart(6)}`;
    });
    console.log(`${name.padEnd(32)} | ${cells.join(" | ")}`);
  };
  row("reference (canonicalize)", reference);
  for (const bad of bads) {
    row(
      bad.name,
      Object.fromEntries(
        PROTOCOLS.map((p) => [p, wholeRun(cli, cliCommand(cli, `known-bad ${bad.name}`), bad, p)]),
      ),
    );
  }
  if (ONLY === undefined || ONLY.includes("hangs-on")) {
    for (const [name, numbers] of [
      ["hangs-on 1e-320,1e-315 (tests)", "1e-320,1e-315"],
      ["hangs-on nothing (its sibling)", ""],
    ] as const) {
      row(
        name,
        Object.fromEntries(PROTOCOLS.map((p) => [p, wholeRun(cli, hangsOn(impl, numbers), undefined, p)])),
      );
    }
  }
}
