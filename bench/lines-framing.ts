// Lines mode against a command that breaks framing on one request (issue 13): N requests, fed as the
// run feeds them (256 in flight), of which one (`["\n"]`, in the middle) is answered with a raw LF, as
// the OLPC canonicalizer does. Prints the wall time, how many requests failed, which, and how many
// times the command was started. Sizes: BENCH_FRAMING_N (default 2000).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createLinesCanonicalizer } from "../src/adapters/command-lines.js";
import type { Answer } from "../src/types.js";
import { pythonExecutable } from "../test/helpers/python.js";

const FIXTURES = fileURLToPath(new URL("../test/adapters/fixtures/", import.meta.url));
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const IN_FLIGHT = 256;

export async function run(): Promise<void> {
  const n = Number(process.env.BENCH_FRAMING_N ?? 2000);
  const dir = mkdtempSync(join(tmpdir(), "cc-bench-framing-"));
  try {
    const startsFile = join(dir, "starts");
    const c = createLinesCanonicalizer({
      command: `${pythonExecutable()} -S -E ${FIXTURES}framing.py --lines --raw-lf --starts=${startsFile}`,
      shell: false,
      cwd: ROOT,
      timeoutMs: 10_000,
      maxOutputBytes: 16 * 1024 * 1024,
    });
    const culprit = Math.floor(n / 2);
    const inputs = Array.from({ length: n }, (_, i) => (i === culprit ? '["\\n"]' : `[${i},"x"]`));
    const answers: Answer[] = new Array(n);
    const start = process.hrtime.bigint();
    let next = 0;
    const worker = async () => {
      while (next < n) {
        const i = next++;
        answers[i] = await c.canonicalize(new TextEncoder().encode(inputs[i]!));
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    await c.close();
    const failed = answers.flatMap((a, i) => (a.status === "failed" ? [i] : []));
    const wrong = answers.filter(
      (a, i) =>
        i !== culprit && !(a.status === "canonical" && Buffer.from(a.output).toString() === inputs[i]),
    ).length;
    const started = readFileSync(startsFile, "utf8").split("\n").filter(Boolean).length;
    console.log(
      `lines, ${n} requests (${IN_FLIGHT} in flight), request ${culprit} answered with a raw LF: ${seconds.toFixed(2)} s, ` +
        `${failed.length} failed (${failed.length <= 5 ? failed.join(", ") : `${failed.slice(0, 5).join(", ")}, ...`}), ` +
        `${wrong} others not answered exactly, ${started} start(s) of the command; load average ${loadavg()[0]!.toFixed(1)}`,
    );
    const reason = answers[culprit]!;
    console.log(
      `  request ${culprit}: ${reason.status === "canonical" ? "canonical" : `${reason.status} ${reason.reason}`}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Run directly: `node --import tsx bench/lines-framing.ts`.
if (import.meta.url === `file://${process.argv[1]}`) await run();
