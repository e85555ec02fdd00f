// Lines mode, a program that hangs (issue 36 item 1, erdtman's shape): a JVM-cost program that never
// answers a value holding 1e-320 or 1e-315. A lines program that passed the flush probe answers in
// order, so the pipeline's first unanswered request is the suspect: the program is restarted, the
// suspect confirmed alone once (a process of its own, the full limit) and the pipeline goes on in the
// new process. Counted in processes, not time: the failing run starts at most its passing sibling's
// processes plus, for each input that hangs, one to confirm it alone and one restart; before, every
// request in flight was asked alone after a hang, and each of those that hung again cost a process.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { createLinesCanonicalizer } from "../../src/adapters/command-lines.js";
import type { CaseResult } from "../../src/types.js";
import { cli, implCommand } from "../helpers/cli.js";
import { bytes, processesWith, show } from "./helpers.js";

const HANGING = [1e-320, 1e-315];

async function runCounted(numbers: number[]) {
  const dir = mkdtempSync(join(tmpdir(), "lines-hang-"));
  const count = join(dir, "starts");
  writeFileSync(count, "");
  const command = implCommand(
    `hangs-on ${numbers.length === 0 ? "''" : numbers.join(",")} 500 ${count} --lines`,
  );
  const out = join(dir, "out");
  const args = ["run", "--command", command, "--protocol", "lines", "--suites", "jcs,numbers"];
  const run = await cli(
    [...args, "--numbers", "2000", "--timeout-ms", "3000", "--sandbox", "none"].concat([
      "--no-color",
      "--out",
      out,
    ]),
  );
  const results = JSON.parse(readFileSync(join(out, "results.json"), "utf8")).results as CaseResult[];
  const starts = readFileSync(count, "utf8").split("\n").filter(Boolean).length;
  // The last progress line counts the requests asked alone.
  const alone = [...`${run.stdout}${run.stderr}`.matchAll(/(\d+) asked alone/g)].map((m) => Number(m[1]));
  return { run, results, starts, askedAlone: alone.at(-1) ?? 0 };
}

test("lines mode: a program that hangs on two inputs costs one process to confirm each and one restart each, over its passing sibling", {
  timeout: 300_000,
}, async () => {
  const sibling = await runCounted([]);
  assert.equal(sibling.run.status, 0, sibling.run.stderr);
  const failing = await runCounted(HANGING);
  assert.equal(failing.run.status, 1, failing.run.stderr);
  const failed = failing.results.filter((r) => !r.pass);
  // The stored case that holds 1e-320, and the numbers sweep, which holds both (each named).
  assert.deepEqual(failed.map((r) => `${r.suite}/${r.name}`).sort(), [
    "jcs/subnormal-1e-320",
    "numbers/seed-1/000000000-000001999",
  ]);
  const sweep = failed.find((r) => r.suite === "numbers")!;
  const noAnswer = sweep.culprits!.listed.filter((c) => c.kind === "no-answer").map((c) => Number(c.id));
  assert.deepEqual([...new Set(noAnswer)].sort(), [...HANGING].sort());
  // Each request that hangs: the stored case, and each of the sweep's spellings of the two numbers
  // (two each). Each is confirmed alone, and nothing else is: before, every number of a part of a
  // block that got no answer was asked alone (144 here). The sweep's `[1e-320]` is the stored case's
  // request byte for byte: it takes that one's answer alone, neither pipelined nor asked again.
  const hangs = 1 + sweep.culprits!.kinds["no-answer"]!;
  assert.equal(failing.askedAlone, hangs - 1);
  // Processes: for each request that hangs, a restart of the pipeline and its confirmation alone; for
  // each numbers block that got no answer, a restart; and the one started ahead after the last stall,
  // unused (every other one started ahead is a restart's). Before: a restart for each part of a block
  // that hung too, and a process for each number of such a part that hung alone (14 here).
  const blocks = Math.ceil(2000 / 1000);
  assert.ok(
    failing.starts <= sibling.starts + 2 * hangs + blocks + 1,
    `${failing.starts} processes, the passing sibling ${sibling.starts}, ${hangs} requests that hang`,
  );
});

test("lines mode: after a hang, the requests in flight go on in the pipeline, even those asked again before; only each suspect is asked alone", {
  timeout: 60_000,
}, async () => {
  const c = createLinesCanonicalizer({
    command: implCommand("hangs-on 1e-320 0 /dev/null --lines"),
    shell: false,
    cwd: process.cwd(),
    jobs: 2,
    timeoutMs: 2_000,
    maxOutputBytes: 1 << 20,
  });
  try {
    // The first hang sends [1], [10e-321] and [2] again, each in a segment of its own; [10e-321] then
    // hangs with [2] in flight: [2] goes on in the pipeline too (it was asked alone before).
    const inputs = ["[1e-320]", "[1]", "[10e-321]", "[2]", "[3]"];
    const answers = await Promise.all(inputs.map((i) => c.canonicalize(bytes(i))));
    assert.deepEqual(
      answers.map(show).map((a) => a.replace(/ after \d+ ms.*/, "")),
      ["failed timed out", "canonical [1]", "failed timed out", "canonical [2]", "canonical [3]"],
    );
    assert.equal(c.isolation.askedAlone, 2, "the two suspects, nothing else");
  } finally {
    await c.close();
  }
});

test("lines mode: suspects are asked alone side by side, beyond --jobs, and a request of a suspect's bytes takes its answer", {
  timeout: 60_000,
}, async () => {
  const dir = mkdtempSync(join(tmpdir(), "lines-suspects-"));
  const count = join(dir, "starts");
  writeFileSync(count, "");
  const c = createLinesCanonicalizer({
    command: implCommand(`hangs-on 1e-320,1e-315 0 ${count} --lines`),
    shell: false,
    cwd: process.cwd(),
    jobs: 1,
    timeoutMs: 3_000,
    maxOutputBytes: 1 << 20,
  });
  // The most processes of the command alive at once: the pipeline's and each suspect's.
  let most = 0;
  const watch = setInterval(() => {
    most = Math.max(most, processesWith(count).length);
  }, 50);
  try {
    // [1e-320] stalls the pipeline first; its copy, in flight behind it, is then not sent again;
    // [1e-315] stalls the new process while the first suspect is still waiting out its limit alone.
    const inputs = ["[1e-320]", "[1]", "[1e-320]", "[1e-315]", "[2]"];
    const answers = await Promise.all(inputs.map((i) => c.canonicalize(bytes(i))));
    const shown = answers.map(show).map((a) => a.replace(/ after \d+ ms.*/, ""));
    assert.deepEqual(shown, [
      "failed timed out",
      "canonical [1]",
      "failed timed out",
      "failed timed out",
      "canonical [2]",
    ]);
    assert.equal(answers[2], answers[0], "the copy takes the suspect's own answer");
    assert.equal(c.isolation.askedAlone, 2, "each suspect once");
    // Alive at once: the pipeline's process, the one started ahead beside it and both suspects. With
    // one lane for doubt (jobs 1), the second suspect waited for the first's time limit to pass.
    assert.ok(most >= 4, `at most ${most} processes alive at once: the suspects were not asked side by side`);
    // Asked again later, pipelined or alone, a suspect's bytes are not sent again.
    const again = [await c.canonicalize(bytes("[1e-320]")), await c.canonicalizeAlone!(bytes("[1e-315]"))];
    assert.deepEqual(again, [answers[0], answers[3]]);
    assert.equal(c.isolation.askedAlone, 2);
    // The second stall's restart took the process started ahead at the first: its start paid already.
    assert.equal(c.isolation.takenOver, 1);
  } finally {
    clearInterval(watch);
    await c.close();
  }
  // The pipeline's first process, one after each stall (the first started then, the second the one
  // started ahead beside it), one started ahead after the second stall, unused, and one for each
  // suspect alone.
  const starts = readFileSync(count, "utf8").split("\n").filter(Boolean).length;
  assert.equal(starts, 6);
});
