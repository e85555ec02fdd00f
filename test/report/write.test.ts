// The report stage both faces write through: the record first, then the rest; a later file that cannot
// be written loses nothing else, and the error says where the record is.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import type { CompareReport } from "../../src/compare/types.js";
import { badgeSvg, ReportWriteError, runSummaryMarkdown, writeReports } from "../../src/report/index.js";
import { groupFailures } from "../../src/view/causes.js";
import { inputFor, mixedRun } from "./fixtures.js";

const tmp = mkdtempSync(join(tmpdir(), "report-write-"));
const input = inputFor(mixedRun());
const run = { ...input, recordBytes: new TextEncoder().encode(JSON.stringify(input.record)) };
let n = 0;
const fresh = () => join(tmp, `out-${++n}`);

test("by default: record.json, results.json, junit.xml and report.html (what the CLI writes), nothing else", async () => {
  const dir = fresh();
  const written = await writeReports(dir, run);
  assert.deepEqual(readdirSync(dir).sort(), ["junit.xml", "record.json", "report.html", "results.json"]);
  assert.match(readFileSync(written.html!, "utf8"), /^<!DOCTYPE html>/i);
  assert.deepEqual(readFileSync(written.record), Buffer.from(run.recordBytes));
  assert.deepEqual(JSON.parse(readFileSync(written.results!, "utf8")), {
    results: run.results,
    causes: groupFailures(run.results),
    elapsedMs: 4321,
  });
  assert.match(readFileSync(written.junit!, "utf8"), /^<\?xml/);
  assert.equal(written.summaryMarkdown, undefined);
});

test("with the summary and badges (what the action asks for), and a differential run", async () => {
  const dir = fresh();
  const compare: CompareReport = {
    seed: 1,
    compared: 5,
    corpus: 5,
    generated: 0,
    generatedDisagreeing: 0,
    labels: { a: "reference", b: "python3 canon.py", reference: "reference" },
    disagreements: [],
    choices: [],
    elapsedMs: 1,
  };
  const written = await writeReports(dir, { ...run, compare }, { summary: true, badge: true });
  assert.deepEqual(readdirSync(dir).sort(), [
    "badge.json",
    "badge.svg",
    "compare.json",
    "junit.xml",
    "record.json",
    "report.html",
    "results.json",
    "summary.md",
  ]);
  assert.equal(readFileSync(written.summary!, "utf8"), written.summaryMarkdown);
  assert.equal(written.summaryMarkdown, runSummaryMarkdown({ ...run, compare }));
  assert.match(
    written.summaryMarkdown!,
    /npx --yes 'github:canon-conformance\/canon-conformance#v1' verify record\.json/,
  );
  assert.equal(readFileSync(written.badgeSvg!, "utf8"), badgeSvg(input.record));
  assert.deepEqual(JSON.parse(readFileSync(written.compare!, "utf8")), compare);
});

test("a later file that cannot be written: the others are, and the error says where the record is", async () => {
  const dir = fresh();
  mkdirSync(join(dir, "junit.xml"), { recursive: true }); // a folder where the file should go
  await assert.rejects(writeReports(dir, run, { summary: true, badge: true }), (error: unknown) => {
    assert.ok(error instanceof ReportWriteError);
    assert.match(
      error.message,
      /^could not write junit\.xml \(EISDIR\) in .*; the signed record is .*record\.json$/,
    );
    assert.equal(error.written.junit, undefined);
    for (const key of ["record", "results", "html", "summary", "badgeSvg", "badgeJson"] as const)
      assert.ok(error.written[key] && existsSync(error.written[key]!), `${key} was lost`);
    return true;
  });
});

test("the record cannot be written: nothing else is", async () => {
  const dir = fresh();
  mkdirSync(join(dir, "record.json"), { recursive: true });
  await assert.rejects(writeReports(dir, run, { summary: true, badge: true }), /EISDIR/);
  assert.deepEqual(readdirSync(dir), ["record.json"]);
});
