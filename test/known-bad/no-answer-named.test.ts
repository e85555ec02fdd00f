// Every number that got no answer is named, first, however many other numbers came back wrong around
// it (issue 29 item 1): hangs_among_subnormal_misreads never answers for two numbers of the sweep and
// misreads hundreds of others before and around them. A listing in input order, cut at its bound,
// named none of the two; the console and results.json must name both.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { namedCulprits, SHOWN_CULPRITS } from "../../src/checks/numbers.js";
import { HANG_AMONG_MISREADS } from "../../src/known-bad/hangs.js";
import { readNumbersGot } from "../../src/text-forms/index.js";
import type { CaseResult } from "../../src/types.js";
import { cli, implCommand } from "../helpers/cli.js";

test("a hang among hundreds of misread numbers is named first, in the console and in results.json", {
  timeout: 120_000,
}, async () => {
  const out = join(mkdtempSync(join(tmpdir(), "no-answer-named-")), "out");
  const command = implCommand("known-bad hangs_among_subnormal_misreads --lines");
  const args = ["run", "--command", command, "--protocol", "lines", "--suites", "numbers"];
  const run = await cli([...args, "--numbers", "1000", "--timeout-ms", "2000", "--no-color", "--out", out]);
  assert.equal(run.status, 1, run.stderr);
  const results = JSON.parse(readFileSync(join(out, "results.json"), "utf8")).results as CaseResult[];
  const numbers = results.find((r) => r.suite === "numbers" && !r.pass);
  const { kinds, listed } = numbers!.culprits!;
  assert.equal(kinds["no-answer"], HANG_AMONG_MISREADS.length);
  assert.ok(kinds["other-value"]! > 500, JSON.stringify(kinds));
  // The grid spells each hanging number as `MeE`: found by value, whatever the spelling.
  const hanging = listed.slice(0, HANG_AMONG_MISREADS.length);
  assert.deepEqual(
    hanging.map((c) => [Number(c.id), c.kind]),
    HANG_AMONG_MISREADS.map((n) => [n, "no-answer"]),
  );
  const got = readNumbersGot(numbers!.got)!;
  assert.deepEqual(
    got.culprits.slice(0, 2).map((c) => ("input" in c ? Number(c.input) : undefined)),
    HANG_AMONG_MISREADS,
  );
  // The console names both, wherever it prints the case.
  for (const c of hanging) assert.ok(run.stdout.includes(`input ${c.id},`), `${c.id} in the console`);
});

test("culprits named: every no-answer first, then each other kind in turns, each in its order", () => {
  const c = (index: number, kind: string) => ({ index, kind });
  const culprits = [
    ...Array.from({ length: 30 }, (_, k) => c(k, "other-value")),
    c(30, "notation"),
    c(31, "no-answer"),
    c(32, "notation"),
    c(33, "no-answer"),
    c(34, "minus-zero"),
  ];
  const named = namedCulprits(culprits, SHOWN_CULPRITS);
  assert.deepEqual(
    named.map((x) => x.index),
    [31, 33, 0, 1, 2, 3, 4, 5, 6, 30, 32, 34],
  );
  // One kind: its first examples, as before.
  const one = culprits.slice(0, 30);
  assert.deepEqual(namedCulprits(one, SHOWN_CULPRITS), one.slice(0, SHOWN_CULPRITS));
});
