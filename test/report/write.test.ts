// The report stage both faces write through: the record first, then the rest; a later file that cannot
// be written loses nothing else, and the error says where the record is.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { groupFailures } from "../../src/report/causes.js";
import { badgeSvg, ReportWriteError, runSummaryMarkdown, writeReports } from "../../src/report/index.js";
import { inputFor, mixedRun } from "./fixtures.js";

const tmp = mkdtempSync(join(tmpdir(), "report-write-"));
const input = inputFor(mixedRun());
const run = {
  record: input.record,
  recordBytes: new TextEncoder().encode(JSON.stringify(input.record)),
  results: input.results,
  elapsedMs: 4321,
};
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

test("with the summary and badges (what the action asks for), and a differential run still going", async () => {
  const dir = fresh();
  let finish: (v: { report: unknown; markdown: string }) => void = () => {};
  const compare = new Promise<{ report: unknown; markdown: string }>((done) => (finish = done));
  const writing = writeReports(dir, { ...run, compare }, { summary: true, badge: true });
  // The record does not wait for the differential run.
  for (let i = 0; i < 50 && !existsSync(join(dir, "record.json")); i++)
    await new Promise((r) => setTimeout(r, 10));
  assert.ok(existsSync(join(dir, "record.json")), "the record waited for the differential run");
  assert.ok(!existsSync(join(dir, "summary.md")), "the summary did not wait for it");
  finish({ report: { disagreements: [] }, markdown: "## Differential run" });
  const written = await writing;
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
  assert.equal(written.summaryMarkdown, runSummaryMarkdown(input, "## Differential run"));
  assert.ok(written.summaryMarkdown!.endsWith("\n## Differential run"));
  assert.match(
    written.summaryMarkdown!,
    /npx --yes 'github:canon-conformance\/canon-conformance#v1' verify record\.json/,
  );
  assert.equal(readFileSync(written.badgeSvg!, "utf8"), badgeSvg(input.record));
  assert.deepEqual(JSON.parse(readFileSync(written.compare!, "utf8")), { disagreements: [] });
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
