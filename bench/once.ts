// What once mode costs with its batches (issue 21), on a whole default run (every suite, the default
// numbers and generated runs) of the CLI as a user starts it (src/ bundled, `node cli.js run`):
//   1. processes: how many a default once run of the Python example starts, counted by the command
//      itself (a shell wrapper adds a byte to a file per start, unsandboxed), against the run's own
//      count. Goal: at most 400.
//   2. once against lines: the wall time of a default once run over the same run in lines mode,
//      repetitions interleaved (lines, once, then once, lines, ...) so that the machine's load falls
//      on both alike; medians, for the Python and the Node example. Goal: at most 8x.
//   3. the sandbox: a once run in bubblewrap over the same run unsandboxed, interleaved, the
//      Python example (both sides get the same environment, as bench/sandbox.ts explains). Goal:
//      at most 1.15x.
// BENCH_ONCE_REPS (default 3) sets the repetitions per side; BENCH_ONCE_PARTS which parts run
// (default "processes,lines,sandbox"); BENCH_ONCE_BEFORE=1 adds a once run with --once-batch off per
// example to part 2 (minutes each: the cost before batches); BENCH_ONCE_EXAMPLES which examples part 2
// runs (default "python,node"; "java" is compiled into a temporary folder first).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_GENERATED_RUNS, DEFAULT_NUMBERS } from "../src/options/index.js";
import { isWithheldVariable, probeBwrap } from "../src/sandbox/index.js";
import type { ProtocolUsed } from "../src/view/protocol.js";
import { pythonExecutable } from "../test/helpers/python.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const REPS = Number(process.env.BENCH_ONCE_REPS ?? 3);
const PARTS = (process.env.BENCH_ONCE_PARTS ?? "processes,lines,sandbox").split(",");
const BEFORE = process.env.BENCH_ONCE_BEFORE === "1";

const PYTHON = pythonExecutable();

const EXAMPLES: Record<string, { once: string; lines: string }> = {
  python: {
    once: `"${PYTHON}" examples/python/canon.py`,
    lines: `"${PYTHON}" examples/python/canon.py --lines`,
  },
  node: {
    once: `"${process.execPath}" examples/node/canon.mjs`,
    lines: `"${process.execPath}" examples/node/canon.mjs --lines`,
  },
  java: { once: "java -cp JAVA_CLASSES Canon", lines: "java -cp JAVA_CLASSES Canon --lines" },
};

/** The Java example compiled into a folder of its own, as a user would (`javac` first). */
function compiledJava(): string {
  const dir = mkdtempSync(join(tmpdir(), "bench-once-java-"));
  execFileSync("javac", ["-d", dir, join(ROOT, "examples/java/Canon.java")], { stdio: "pipe" });
  return dir;
}

const SAME_ENV = Object.keys(process.env).filter(
  (n) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(n) && !isWithheldVariable(n),
);

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (n: number, digits = 1) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

interface Timed {
  seconds: number;
  protocol: ProtocolUsed;
}

/** The CLI as a user runs it: src/ bundled by scripts/build.mjs, under the ignored tmp/ (the bundle
 * finds vectors/ by walking up, as from dist/). */
function bundle(): string {
  mkdirSync(join(ROOT, "tmp"), { recursive: true });
  const dir = mkdtempSync(join(ROOT, "tmp", "bench-once-dist-"));
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  execFileSync(process.execPath, [join(ROOT, "scripts", "build.mjs"), "--outdir", dir], { cwd: ROOT });
  return join(dir, "cli.js");
}
let cli: string | undefined;

/** One whole default run of the bundled CLI; throws unless the example is conformant. */
function wholeRun(
  command: string,
  o: { protocol: "once" | "lines"; sandbox: "none" | "bwrap"; batch?: boolean; shell?: boolean },
): Timed {
  cli ??= bundle();
  const out = mkdtempSync(join(tmpdir(), "bench-once-out-"));
  try {
    const args = [cli, "run", "--command", command, "--protocol", o.protocol, "--sandbox", o.sandbox];
    args.push("--quiet", "--out", out, "--numbers", String(DEFAULT_NUMBERS));
    args.push("--generated-runs", String(DEFAULT_GENERATED_RUNS));
    if (o.shell) args.push("--shell");
    if (o.batch === false) args.push("--once-batch", "off");
    if (o.sandbox === "bwrap") args.push("--pass-env", SAME_ENV.join(","));
    const start = process.hrtime.bigint();
    const run = spawnSync(process.execPath, args, {
      cwd: ROOT,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    if (run.status !== 0)
      throw new Error(`${command} (${o.protocol}) exited ${run.status}:\n${run.stderr}${run.stdout}`);
    const results = JSON.parse(readFileSync(join(out, "results.json"), "utf8")) as { protocol: ProtocolUsed };
    return { seconds, protocol: results.protocol };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

async function processes(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "bench-once-"));
  try {
    const file = join(dir, "starts");
    // Every start of the command adds one byte: the count is the command's own, not the harness's.
    const counted = `printf x >> '${file}'; exec ${EXAMPLES.python!.once}`;
    const run = wholeRun(counted, { protocol: "once", sandbox: "none", shell: true });
    const started = readFileSync(file).length;
    const b = run.protocol.batches;
    console.log(
      `python example, default once run: ${started} processes started (goal <= 400), ${fmt(run.seconds)} s; ` +
        `the run planned ${b?.planned} and counted ${b?.started} after its setup probe; ` +
        `${b?.inputs} inputs in ${b?.batches} batches, ${b?.confirmed} confirmed${b?.off ? `; OFF: ${b.off}` : ""}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function onceAgainstLines(): Promise<void> {
  const names = (process.env.BENCH_ONCE_EXAMPLES ?? "python,node").split(",");
  console.log(
    "example  lines (s, median)  once (s, median)  ratio  goal" + (BEFORE ? "  once, batches off (s)" : ""),
  );
  for (const name of names) {
    const given = EXAMPLES[name];
    if (!given) throw new Error(`no example ${name}`);
    const classes = name === "java" ? compiledJava() : "";
    const example = {
      once: given.once.replace("JAVA_CLASSES", classes),
      lines: given.lines.replace("JAVA_CLASSES", classes),
    };
    const times = { lines: [] as number[], once: [] as number[] };
    for (let rep = 0; rep < REPS; rep++) {
      const order = rep % 2 === 0 ? (["lines", "once"] as const) : (["once", "lines"] as const);
      for (const protocol of order) {
        const command = protocol === "lines" ? example.lines : example.once;
        times[protocol].push(wholeRun(command, { protocol, sandbox: "none" }).seconds);
      }
    }
    const before = BEFORE
      ? `  ${fmt(wholeRun(example.once, { protocol: "once", sandbox: "none", batch: false }).seconds)}`
      : "";
    if (classes) rmSync(classes, { recursive: true, force: true });
    const lines = median(times.lines);
    const once = median(times.once);
    console.log(
      `${name.padEnd(7)}  ${fmt(lines).padStart(17)}  ${fmt(once).padStart(16)}  ${fmt(once / lines, 2).padStart(5)}  <= 8${before}`,
    );
  }
}

async function sandbox(): Promise<void> {
  const probe = probeBwrap();
  if (!probe.works) {
    console.log(`bwrap does not work here, nothing to compare: ${probe.reason}`);
    return;
  }
  // Python started with -E -s: the sandboxed side's HOME is its scratch, where Python finds no user
  // site-packages (no .pth files to run at each start), while the unsandboxed side's is the real one;
  // without the flags that difference, not the sandbox, decides the ratio (0.95 with the same
  // machine's user site, before workers made the sandbox cheaper).
  const command = `"${PYTHON}" -E -s examples/python/canon.py`;
  const times = { none: [] as number[], bwrap: [] as number[] };
  for (let rep = 0; rep < REPS; rep++) {
    const order = rep % 2 === 0 ? (["none", "bwrap"] as const) : (["bwrap", "none"] as const);
    for (const mode of order) {
      times[mode].push(wholeRun(command, { protocol: "once", sandbox: mode }).seconds);
    }
  }
  const none = median(times.none);
  const bwrap = median(times.bwrap);
  console.log(
    `python example, once: unsandboxed ${fmt(none)} s, bwrap ${fmt(bwrap)} s (medians of ${REPS}): ratio ${fmt(bwrap / none, 2)} (goal <= 1.15)`,
  );
}

export async function run(): Promise<void> {
  console.log(
    `whole default runs (numbers ${DEFAULT_NUMBERS}, generated runs ${DEFAULT_GENERATED_RUNS}); ${REPS} interleaved repetitions per side; load ${loadavg()
      .map((l) => fmt(l, 2))
      .join(" ")} on ${availableParallelism()} CPUs`,
  );
  if (PARTS.includes("processes")) await processes();
  if (PARTS.includes("lines")) await onceAgainstLines();
  if (PARTS.includes("sandbox")) await sandbox();
}
