// Issue 12 item 4: a run interrupted by SIGTERM or SIGINT stops its processes and exits, in every
// mode: once, lines, and a differential run (the one that ignored both signals: it drew every
// generated value at once, synchronously, so no signal handler could run until it had), sandboxed
// and not. The bound is generous: it tells "stopped" from "ignored the signal", not fast from slow.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { sandboxHarnessScript } from "../helpers/dist.js";
import { canRun, FIXTURES, leftovers, processesWith, quote, REPO, tempRoot } from "./helpers.js";

const STOPPED_WITHIN_MS = 15_000;
// The most compare-runs the options allow: far more than a run lasts before the signal.
const HUGE = 1_000_000;

interface Scenario {
  name: string;
  protocol: "once" | "lines";
  compare: boolean;
}

const SCENARIOS: Scenario[] = [
  { name: "once", protocol: "once", compare: false },
  { name: "lines", protocol: "lines", compare: false },
  { name: "compare (compare-runs 10^6)", protocol: "lines", compare: true },
];

function slow(tag: string, protocol: "once" | "lines"): string {
  return [
    process.execPath,
    join(FIXTURES, "slow.mjs"),
    ...(protocol === "lines" ? ["--lines"] : []),
    `--tag=${tag}`,
  ]
    .map(quote)
    .join(" ");
}

async function until(what: string, ok: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("an interrupted run stops its processes and exits", { concurrency: 2 }, () => {
  for (const mode of ["bwrap", "none"] as const) {
    for (const scenario of SCENARIOS) {
      for (const signal of scenario.protocol === "once"
        ? (["SIGTERM"] as const)
        : (["SIGTERM", "SIGINT"] as const)) {
        test(`${scenario.name}, sandbox ${mode}, ${signal}`, async (t) => {
          if (!canRun(t, { bwrap: mode === "bwrap" })) return;
          const root = tempRoot(`interrupt-${scenario.name.split(" ")[0]}-${mode}-${signal}`);
          t.after(() => rmSync(root, { recursive: true, force: true }));
          const tmp = join(root, "tmp");
          mkdirSync(tmp);
          const tag = `slow-${Date.now()}-${Math.random().toString(16).slice(2)}`;
          const fast = (...extra: string[]) =>
            [process.execPath, join(REPO, "examples/node/canon.mjs"), "--lines", ...extra]
              .map(quote)
              .join(" ");
          const config = {
            command: scenario.compare ? fast() : slow(tag, scenario.protocol),
            protocol: scenario.protocol,
            suites: ["jcs"],
            outDir: join(root, "out"),
            cwd: REPO,
            sandbox: { mode },
            // Both sides quick: the corpus inputs are soon done, and the endless generated values begin.
            ...(scenario.compare ? { compareCommand: fast(`--tag=${tag}`), compareRuns: HUGE } : {}),
          };
          const harness = spawn(process.execPath, [sandboxHarnessScript(), JSON.stringify(config)], {
            cwd: REPO,
            env: { ...process.env, TMPDIR: tmp },
            stdio: ["ignore", "ignore", "pipe"],
          });
          let stderr = "";
          harness.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
          const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
            harness.on("exit", (code, sig) => r({ code, signal: sig })),
          );
          // The slow command is running (in compare mode: the comparison has begun).
          // (The harness's own command line carries the tag too, in its configuration: not it.)
          const others = async () =>
            (await processesWith(tag)).filter((l) => Number(l.trim().split(/\s+/)[0]) !== harness.pid);
          let ended: string | undefined;
          void exited.then((e) => (ended = `the harness exited first (code ${e.code}, signal ${e.signal})`));
          await until("the command runs", async () => {
            // A harness that ended (a setup error, say) will never start it: say so, with its stderr.
            if (ended) throw new Error(`${ended}; stderr: ${stderr}`);
            return (await others()).length > 0;
          }).catch((error: Error) => {
            harness.kill("SIGKILL");
            throw new Error(`${error.message}\nharness stderr: ${stderr}`);
          });
          // (In compare mode long enough for the corpus inputs to be done and the generated values to begin.)
          await new Promise((r) => setTimeout(r, scenario.compare ? 4000 : 500));
          const sentAt = Date.now();
          harness.kill(signal);
          const bound = new Promise<"ignored">((r) => setTimeout(() => r("ignored"), STOPPED_WITHIN_MS));
          const how = await Promise.race([exited, bound]);
          if (how === "ignored") {
            harness.kill("SIGKILL");
            assert.fail(`still running ${STOPPED_WITHIN_MS} ms after ${signal}\n${stderr}`);
          }
          assert.equal(how.signal, signal, `ended by ${signal} (code ${how.code}); stderr: ${stderr}`);
          assert.deepEqual(await leftovers(tag), [], "no process of the command is left");
          assert.deepEqual(
            readdirSync(tmp).filter((f) => f.startsWith("canon-conformance-sandbox-")),
            [],
            "the sandbox's scratch directory is removed",
          );
          if (!scenario.compare)
            assert.equal(
              existsSync(join(root, "out", "record.json")),
              false,
              "no record of an interrupted run",
            );
          t.diagnostic(`exited ${Date.now() - sentAt} ms after ${signal}`);
        });
      }
    }
  }
});
