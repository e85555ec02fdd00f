// The bundled example canonicalizers are conformant, proven through the real command path: each is
// spawned by the command adapter in both protocols and judged on the whole corpus (in once mode, the
// Node and Java examples' refusals one of each family: onceCases below), and the record the run signs
// is accepted by the verifier.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { verifyRecord } from "../../src/record/verify.js";
import { runConformance } from "../../src/run/index.js";
import { SUITES, type SuiteName } from "../../src/types.js";
import { runOptions } from "../helpers/fixtures.js";
import { pythonExecutable } from "../helpers/python.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
let javaClasses = "";
let python = "python3";

before(() => {
  python = pythonExecutable();
  // Java is compiled once, as a user would; CI installs a JDK, so a missing javac is a failure.
  javaClasses = mkdtempSync(join(tmpdir(), "canon-java-"));
  execFileSync("javac", ["-d", javaClasses, join(root, "examples/java/Canon.java")], { stdio: "pipe" });
});
after(() => {
  if (javaClasses) rmSync(javaClasses, { recursive: true, force: true });
});

interface Example {
  name: string;
  once: () => string;
  lines: () => string;
  /** The cases its once run judges: every one when absent. */
  onceCases?: () => string[];
}

// Once mode goes through the whole corpus too: its batches (docs/protocol.md, Batches) make that a
// few hundred processes, the refusals (exit status and stderr matter) each one of its own.
const ONCE_SUITES: SuiteName[] = [...SUITES];

/** The Node and Java examples in once mode: every case but the refusals, which go in a process each
 * (about 250 of a run's 300 starts), held to one of each family (`reject/raw-control-u000a` stands for
 * the 37 `reject/raw-*`). Their lines runs above judge every case, and the Python example's once run
 * every case too: what once mode adds, reading all of stdin and refusing with an exit status, is the
 * same code for every refusal of a family. */
function onceCases(): string[] {
  const manifest = JSON.parse(readFileSync(join(root, "vectors/reject/manifest.json"), "utf8"));
  const families = new Map<string, string>();
  for (const { name } of (manifest.cases ?? manifest) as { name: string }[]) {
    const family = name.split("-")[0]!;
    if (!families.has(family)) families.set(family, `reject/${name}`);
  }
  return [...SUITES.filter((s) => s !== "reject").map((s) => `${s}/*`), ...families.values()];
}

const EXAMPLES: Example[] = [
  {
    name: "python",
    once: () => `"${python}" examples/python/canon.py`,
    lines: () => `"${python}" examples/python/canon.py --lines`,
  },
  {
    name: "node",
    once: () => `"${process.execPath}" examples/node/canon.mjs`,
    lines: () => `"${process.execPath}" examples/node/canon.mjs --lines`,
    onceCases,
  },
  {
    name: "java",
    once: () => `java -cp "${javaClasses}" Canon`,
    lines: () => `java -cp "${javaClasses}" Canon --lines`,
    onceCases,
  },
];

async function conformanceOf(
  command: string,
  protocol: "once" | "lines",
  suites: SuiteName[],
  cases?: string[],
) {
  const outcome = await runConformance(
    runOptions({
      command,
      protocol,
      suites,
      ...(cases ? { cases } : {}),
      numbers: 5_000,
      timeoutMs: 30_000,
      maxOutputBytes: 16 * 1024 * 1024,
      workingDirectory: root,
      implementationName: null,
    }),
  );
  const failures = outcome.results.filter((r) => !r.pass).map((r) => `${r.suite}/${r.name}: got ${r.got}`);
  return { outcome, failures };
}

for (const example of EXAMPLES) {
  describe(`examples/${example.name}`, () => {
    test("is conformant in lines mode, and the signed record verifies", async () => {
      const { outcome, failures } = await conformanceOf(example.lines(), "lines", [...SUITES]);
      assert.deepEqual(failures, []);
      assert.equal(outcome.record.conformant, true);
      assert.ok(outcome.record.summary.cases > 300);
      const verdict = verifyRecord(outcome.recordBytes);
      assert.equal(verdict.outcome, "accept");
      // And the independent verifier, which shares no code with ours, accepts it too.
      const recordFile = join(javaClasses, `${example.name}-record.json`);
      writeFileSync(recordFile, outcome.recordBytes);
      const line = execFileSync(
        python,
        [join(root, "verifiers/python/conform_result_verify.py"), recordFile],
        {
          encoding: "utf8",
        },
      );
      assert.equal(line, "accept conformant=true\n");
    });

    test(`is conformant in once mode${example.onceCases ? " (every case but the refusals: one of each family)" : ""}`, async () => {
      const cases = example.onceCases?.();
      const { outcome, failures } = await conformanceOf(example.once(), "once", ONCE_SUITES, cases);
      if (cases) assert.ok(outcome.results.some((r) => r.suite === "reject") && outcome.results.length > 300);
      assert.deepEqual(failures, []);
      assert.equal(outcome.record.conformant, true);
      // Batched, every batch confirmed: the sentinels agreed and no input had to go alone.
      const batches = outcome.protocol.batches;
      assert.ok(
        batches && batches.off === undefined && batches.confirmed === batches.inputs,
        JSON.stringify(batches),
      );
      assert.ok(batches.started < 400, `${batches.started} processes`);
      // The record names the program as found on PATH and the script it ran, with their digests.
      assert.ok(outcome.record.implementation.files.length >= 1);
    });
  });
}
