// Aggregate mode, through the bundled action: records made by earlier runs of the action, laid out as
// actions/download-artifact with `pattern:` lays them out (a folder per artifact), are verified and
// joined; the aggregate is uploaded to the loopback results service and the outputs say what it found.
import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { shellQuote } from "../../src/text.js";
import { assertExit, CONFORMANT, errors, KNOWN_BAD } from "./common.js";
import { type ResultsService, startResultsService } from "./results-service.js";
import { type ActionRun, REPO, runAction } from "./runner.js";
import { readZip } from "./zip.js";

/** Runs the action on one implementation and returns its record.json's path. */
async function recordOf(inputs: Record<string, string>): Promise<string> {
  const run = await runAction({ inputs: { ...inputs, suites: "jcs,numbers", upload: "false" } });
  assert.ok(run.outputs["record-path"], `no record:\n${run.stdout}\n${run.stderr}`);
  return run.outputs["record-path"]!;
}

/** A downloads folder: `<root>/<artifact name>/record.json` for each record. */
function downloads(records: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "cc-downloads-"));
  for (const [name, path] of Object.entries(records)) {
    mkdirSync(join(root, name));
    copyFileSync(path, join(root, name, "record.json"));
  }
  return root;
}

let reference: string;
let referenceOnce: string;
let knownBad: string;
before(async () => {
  reference = await recordOf({ ...CONFORMANT, "implementation-name": "reference-lines" });
  // Once mode through the Node example: a process per case, and the example starts in a tenth of the
  // time the CLI's bundle does.
  referenceOnce = await recordOf({
    ...CONFORMANT,
    protocol: "once",
    command: `${shellQuote(process.execPath)} ${shellQuote(join(REPO, "examples/node/canon.mjs"))}`,
    "implementation-name": "reference-once",
  });
  knownBad = await recordOf({ ...KNOWN_BAD, "implementation-name": "known-bad" });
});

describe("two conformant implementations, aggregated and uploaded", () => {
  let service: ResultsService;
  let run: ActionRun;
  before(async () => {
    service = await startResultsService("ok");
    const records = downloads({ "conformance-lines": reference, "conformance-once": referenceOnce });
    run = await runAction({
      service,
      inputs: { mode: "aggregate", records, command: "", "artifact-name": "canon-conformance-aggregate" },
    });
  });
  after(() => service.close());

  test("the step passes without a command, and the outputs count both", () => {
    assertExit(run, 0);
    assert.deepEqual(errors(run), []);
    assert.equal(run.outputs.implementations, "2");
    assert.equal(run.outputs["conformant-implementations"], "2");
    assert.equal(run.outputs.refused, "0");
    assert.equal(run.outputs.disagreements, "0");
    assert.equal(run.outputs["incomplete-sweeps"], "0");
    assert.match(run.outputs["badge-path"]!, /badge\.svg$/);
    assert.match(readFileSync(run.outputs["badge-path"]!, "utf8"), /^<svg/);
  });

  test("the aggregate is uploaded as the named artifact, and the job summary names both", () => {
    assert.equal(service.artifacts.length, 1);
    const artifact = service.artifacts[0]!;
    assert.equal(artifact.name, "canon-conformance-aggregate");
    assert.equal(run.outputs["artifact-id"], "4001");
    const zip = readZip(artifact.blob);
    assert.ok(zip.has("summary.md"), `the artifact has ${[...zip.keys()]}`);
    assert.ok(zip.has("badge.svg"), `the artifact has ${[...zip.keys()]}`);
    assert.match(zip.get("aggregate.html")?.toString("utf8") ?? "", /reference-lines/, "aggregate.html");
    const summary = run.summary ?? "";
    assert.match(summary, /reference-lines/);
    assert.match(summary, /reference-once/);
    assert.ok(summary.startsWith(zip.get("summary.md")!.toString("utf8").trimEnd().slice(0, 200)));
    // aggregate.html is named beside the summary, in the summary and the log, with where it is.
    assert.match(
      summary,
      /\*\*Report page:\*\* <code>aggregate\.html<\/code> in the artifact canon-conformance-aggregate, beside <code>aggregate\.json<\/code> and this summary \(<code>summary\.md<\/code>\): open it in a browser/,
    );
    assert.match(
      run.stdout,
      /^canon-conformance aggregate: wrote aggregate\.json, aggregate\.html \(open it in a browser: every difference with its input\), summary\.md, badge\.svg and badge\.json in the artifact canon-conformance-aggregate$/m,
    );
  });
});

describe("an aggregate that must fail the step", () => {
  test("a known-bad among them: its different answers are counted and the step fails", async () => {
    const records = downloads({ reference, "known-bad": knownBad });
    const run = await runAction({ inputs: { mode: "aggregate", records, command: "", upload: "false" } });
    assertExit(run, 1);
    assert.equal(run.outputs.implementations, "2");
    assert.equal(run.outputs["conformant-implementations"], "1");
    assert.ok(Number(run.outputs.disagreements) > 0, `disagreements is '${run.outputs.disagreements}'`);
    assert.match(
      errors(run).at(-1)?.message ?? "",
      /^the aggregate fails: .*\d+ cases? answered differently.*; 1 implementation not conformant\. The job summary shows each\.$/,
    );
    assert.match(run.summary ?? "", /known-bad/);
  });

  test("a tampered record is refused, and the step fails however require-conformant is set", async () => {
    const tampered = join(mkdtempSync(join(tmpdir(), "cc-tampered-")), "record.json");
    const record = JSON.parse(readFileSync(referenceOnce, "utf8"));
    record.implementation.name = "someone-else";
    writeFileSync(tampered, JSON.stringify(record));
    const records = downloads({ reference, tampered });
    const run = await runAction({
      inputs: { mode: "aggregate", records, command: "", upload: "false", "require-conformant": "false" },
    });
    assertExit(run, 1);
    assert.equal(run.outputs.refused, "1");
    assert.match(errors(run).at(-1)?.message ?? "", /^the aggregate fails: 1 record refused or unreadable\./);
  });

  test("records that do not exist: the step fails with what to set", async () => {
    const run = await runAction({ inputs: { mode: "aggregate", records: "no/such/folder", command: "" } });
    assertExit(run, 1);
    assert.match(
      errors(run).at(-1)?.message ?? "",
      /^input `records`: records 'no\/such\/folder' does not exist/,
    );
  });

  test("a folder without a record.json: the step fails and says so", async () => {
    const empty = mkdtempSync(join(tmpdir(), "cc-empty-"));
    const run = await runAction({ inputs: { mode: "aggregate", records: empty, command: "" } });
    assertExit(run, 1);
    assert.match(errors(run).at(-1)?.message ?? "", /^input `records`: no record\.json below the folder/);
  });
});
