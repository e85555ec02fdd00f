// The aggregate over real records: the bundled examples run through the real command path (lines
// protocol, jcs and reject only, to stay quick), and a known-bad planted among them.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { type Aggregate, comparableAnswer, loadAndAggregate } from "../../src/aggregate/index.js";
import type { ConformResult } from "../../src/types.js";
import { cli } from "../helpers/cli.js";
import { compiledJava, knownBadCommand, realRun } from "./fixtures.js";

const artifacts = mkdtempSync(join(tmpdir(), "aggregate-artifacts-"));

/** Per suite, what the record itself says: cases and passes. */
function tallyOf(record: ConformResult): Record<string, [number, number]> {
  const out: Record<string, [number, number]> = {};
  for (const c of record.cases) {
    const suite = c.name.slice(0, c.name.indexOf("/"));
    const t = (out[suite] ??= [0, 0]);
    t[0]++;
    if (c.pass) t[1]++;
  }
  return out;
}

function viewOf(agg: Aggregate, name: string) {
  const view = agg.implementations.find((i) => i.name === name);
  assert.ok(view, `${name} is shown`);
  return view;
}

const records = new Map<string, ConformResult>();

test("the examples' records, one artifact folder each, are shown as their records say", async () => {
  const java = compiledJava();
  const runs: [string, string][] = [
    ["example-node", "node examples/node/canon.mjs --lines"],
    ["example-python", "python3 examples/python/canon.py --lines"],
    ["example-java", `java -cp ${java} Canon --lines`],
  ];
  for (const [name, command] of runs) {
    records.set(name, await realRun(command, name, join(artifacts, `canon-conformance-${name}`)));
  }
  const agg = await loadAndAggregate([artifacts]);
  assert.equal(agg.records.length, 3);
  assert.ok(agg.records.every((r) => r.accepted && r.source.endsWith("record.json")));
  assert.equal(agg.implementations.length, 3);
  for (const [name, record] of records) {
    const view = viewOf(agg, name);
    const shown = Object.fromEntries(view.suites.map((s) => [s.suite, [s.cases, s.passed]]));
    assert.deepEqual(shown, tallyOf(record), `${name}'s suites`);
    assert.equal(view.conformant, record.conformant, `${name}'s verdict`);
    assert.deepEqual(view.signers, [record.signer_pubkey]);
    assert.equal(view.impl, record.implementation.impl);
  }
  // On jcs and reject an implementation passes exactly when it answers as the corpus says, so two
  // differ on a case exactly when one passed it and another failed it with another answer.
  const listed = new Set(agg.disagreements.map((d) => d.case));
  const all = [...records.values()];
  for (const c of all[0]!.cases) {
    const answers = all.map((r) => r.cases.find((x) => x.name === c.name)!);
    const differ = new Set(answers.map((x) => comparableAnswer(x.got))).size > 1;
    assert.equal(listed.has(c.name), differ, c.name);
    if (differ)
      assert.ok(
        answers.some((x) => !x.pass),
        `${c.name}: someone failed it`,
      );
  }
  assert.equal(agg.verdict.exitCode, agg.disagreements.length === 0 ? 0 : 1);
});

test("a planted known-bad among the examples: each case it answers differently, with both gots", async () => {
  const bad = await realRun(
    knownBadCommand("escapes_slashes"),
    "planted",
    join(artifacts, "canon-conformance-planted"),
    ["jcs"],
  );
  assert.equal(bad.conformant, false);
  const node = records.get("example-node")!;
  const agg = await loadAndAggregate([artifacts]);
  const planted = viewOf(agg, "planted");
  const nodeView = viewOf(agg, "example-node");
  const withPlanted = agg.disagreements.filter((d) => d.answers.some((a) => a.implementation === planted.id));
  const failed = bad.cases.filter((c) => !c.pass);
  assert.ok(failed.length > 0);
  assert.deepEqual(withPlanted.map((d) => d.case).sort(), failed.map((c) => c.name).sort());
  for (const d of withPlanted) {
    const mine = d.answers.find((a) => a.implementation === planted.id)!;
    const theirs = d.answers.find((a) => a.implementation === nodeView.id)!;
    assert.equal(mine.got, bad.cases.find((c) => c.name === d.case)!.got);
    assert.equal(theirs.got, node.cases.find((c) => c.name === d.case)!.got);
    assert.equal(mine.pass, false);
    assert.equal(theirs.pass, true);
    // The planted fault is a solidus written as \/; undone, the two answers are the same.
    assert.notEqual(mine.got, theirs.got);
    assert.equal(mine.got.replaceAll("\\/", "/"), theirs.got, d.case);
  }
  assert.equal(agg.verdict.exitCode, 1);
});

test("the CLI over the artifacts folder: console, files, and exit 1 on the planted disagreement", async () => {
  const out = mkdtempSync(join(tmpdir(), "aggregate-out-"));
  const step = join(out, "step-summary.md");
  const run = await cli(["aggregate", artifacts, "--out", out, "--markdown", step]);
  assert.equal(run.status, 1, run.stderr);
  assert.match(run.stdout, /^canon-conformance aggregate: 4 records, 4 implementations/);
  assert.match(run.stdout, /Aggregate: FAILED: .*cases? answered differently/);
  for (const name of ["aggregate.json", "aggregate.html", "summary.md", "badge.svg", "badge.json"]) {
    assert.ok(existsSync(join(out, name)), name);
  }
  const written = JSON.parse(readFileSync(join(out, "aggregate.json"), "utf8")) as Aggregate;
  assert.equal(written.format, "canon-conformance-aggregate/1");
  assert.equal(written.implementations.length, 4);
  assert.equal(readFileSync(step, "utf8"), readFileSync(join(out, "summary.md"), "utf8"));
  // aggregate.html shows each case answered differently, and the input once for each stored case.
  const page = readFileSync(join(out, "aggregate.html"), "utf8");
  const stored = written.disagreements.filter((d) =>
    /^(jcs|reject|canon-or-reject|invariants)\//.test(d.case),
  );
  assert.ok(stored.length > 0, "the planted fault differs on stored cases");
  assert.equal(page.match(/class="disagreement"/g)?.length, written.disagreements.length);
  assert.equal(page.match(/<dl class="io"><dt>input<\/dt>/g)?.length, stored.length);
  const badge = JSON.parse(readFileSync(join(out, "badge.json"), "utf8"));
  assert.match(badge.message, /^\d\/4 implementations, \d+ differ$/);

  const missing = await cli(["aggregate", join(out, "nope")]);
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /cannot read .*nope \(ENOENT\)/);
  const empty = await cli(["aggregate", mkdtempSync(join(tmpdir(), "agg-empty-"))]);
  assert.equal(empty.status, 2);
  assert.match(empty.stderr, /no record\.json below the folder/);
});
