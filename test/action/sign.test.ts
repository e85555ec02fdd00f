// `mode: sign` through the action (in this process) under the simulated runner: the run job's record (made here
// with an ephemeral key, as the run job makes it) is verified by seed 003 §4 and re-signed with
// signing-key; outputs, summary and artifact say so; a tampered record, a record signed by someone
// other than expected-signer, a missing key and a run job that says its command ran unsandboxed
// (run-sandboxed: false, without allow-unsandboxed) each fail the step, and nothing is signed.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, describe, test } from "node:test";
import { buildRecord } from "../../src/record/build.js";
import { ephemeralKey, parseSuppliedKey, toHex } from "../../src/record/keys.js";
import { recordBytes, signRecord } from "../../src/record/sign.js";
import { verifyRecord } from "../../src/record/verify.js";
import { badgeJson, badgeSvg } from "../../src/report/badge.js";
import { recordInput } from "../record/fixtures.js";
import { leaksIn, SEED_HEX } from "../secrets/material.js";
import { assertExit, errors } from "./common.js";
import { type ResultsService, startResultsService } from "./results-service.js";
import { type ActionRun, runActionHere } from "./runner.js";
import { readZip } from "./zip.js";

const work = mkdtempSync(join(tmpdir(), "cc-sign-action-"));
const TEAM = toHex(parseSuppliedKey(SEED_HEX).publicKey);

/** A run job's artifact folder: record.json signed by a key made for the run. */
function runArtifact(name: string, change?: (bytes: Buffer) => Buffer) {
  const key = ephemeralKey();
  const dir = join(work, name);
  mkdirSync(dir);
  const bytes = Buffer.from(recordBytes(signRecord(buildRecord(recordInput({ key: "ephemeral" })), key)));
  writeFileSync(join(dir, "record.json"), change ? change(bytes) : bytes);
  return { dir, bytes, signer: toHex(key.publicKey) };
}

function sign(inputs: Record<string, string>, service?: ResultsService): Promise<ActionRun> {
  return runActionHere({
    inputs: { mode: "sign", "artifact-name": "conformance-signed", ...inputs },
    ...(service ? { service } : {}),
  });
}

describe("mode: sign re-signs a verified record with the team's key", () => {
  let service: ResultsService;
  let run: ActionRun;
  const original = runArtifact("good");
  before(async () => {
    service = await startResultsService("ok");
    run = await sign(
      {
        record: original.dir,
        "signing-key": SEED_HEX,
        "expected-signer": original.signer,
        "run-sandboxed": "true",
      },
      service,
    );
  });
  after(() => service.close());

  test("the step passes; the outputs name the new signer and the written record", () => {
    assertExit(run, 0);
    assert.equal(run.outputs.key, "supplied");
    assert.equal(run.outputs["signer-pubkey"], TEAM);
    assert.equal(run.outputs.conformant, String(JSON.parse(original.bytes.toString()).conformant));
    const verdict = verifyRecord(readFileSync(run.outputs["record-path"]!));
    assert.equal(verdict.outcome, "accept");
    if (verdict.outcome === "accept") assert.equal(verdict.record.signer_pubkey, TEAM);
  });

  test("only key, signer_pubkey and sig changed", () => {
    const before = JSON.parse(original.bytes.toString("utf8"));
    const after = JSON.parse(readFileSync(run.outputs["record-path"]!, "utf8"));
    for (const name of Object.keys(before)) {
      if (["key", "signer_pubkey", "sig"].includes(name)) continue;
      assert.deepEqual(after[name], before[name], name);
    }
    assert.deepEqual(Object.keys(after).sort(), Object.keys(before).sort());
  });

  test("the artifact holds the re-signed record, the run job's beside it, and the re-signed one's page and badge", () => {
    assert.equal(service.artifacts.length, 1);
    assert.equal(service.artifacts[0]!.name, "conformance-signed");
    const files = readZip(service.artifacts[0]!.blob);
    assert.deepEqual([...files.keys()].sort(), [
      "badge.json",
      "badge.svg",
      "record.ephemeral.json",
      "record.json",
      "report.html",
    ]);
    assert.deepEqual(files.get("record.ephemeral.json"), original.bytes);
    const signed = files.get("record.json")!;
    assert.equal(verifyRecord(signed).outcome, "accept");
    // The page embeds the re-signed record's very bytes (it verifies those), and the badge is its.
    const page = files.get("report.html")!.toString();
    assert.ok(page.includes(signed.toString("base64")), "report.html embeds the re-signed record");
    const record = JSON.parse(signed.toString());
    assert.deepEqual(JSON.parse(files.get("badge.json")!.toString()), badgeJson(record));
    assert.equal(files.get("badge.svg")!.toString(), badgeSvg(record));
    assert.equal(run.outputs["badge-path"], join(dirname(run.outputs["record-path"]!), "badge.svg"));
    assert.match(run.summary ?? "", /open `report\.html` in a browser/);
  });

  test("the log and the job summary say what was verified and who signed", () => {
    assert.match(run.stdout, new RegExp(`signed by ${original.signer}\\) and re-signed it with ${TEAM}`));
    assert.match(run.summary ?? "", new RegExp(`re-signed with <code>${TEAM}</code>`));
    assert.match(run.summary ?? "", new RegExp(`verify record\\.json --pubkey ${TEAM}`));
  });

  test("the summary's command lines are code blocks of their own, never wrapped mid-token", () => {
    const summary = run.summary ?? "";
    const impl = JSON.parse(readFileSync(join(work, "good", "record.json"), "utf8")).implementation.impl;
    assert.ok(summary.includes(`; its command line:\n\n\`\`\`sh\n${impl}\n\`\`\`\n`), summary);
    assert.match(
      summary,
      new RegExp(
        `\nCheck the re-signed record with:\n\n\`\`\`sh\nnpx --yes 'github:octo-org/canon-conformance#v1\\.2\\.3' verify record\\.json --pubkey ${TEAM}\n\`\`\`\n`,
      ),
    );
  });

  test("run-sandboxed true: nothing to warn about", () => {
    assert.deepEqual(
      run.annotations.filter((a) => a.level !== "notice"),
      [],
    );
    assert.doesNotMatch(run.summary ?? "", /\[!WARNING\]/);
  });

  test("the key appears in no log, output, summary or artifact", () => {
    const log = run.stdout.replace(/^::add-mask::.*$/gm, "");
    const problems = [
      ...leaksIn("stdout", log),
      ...leaksIn("stderr", run.stderr),
      ...leaksIn("outputs", JSON.stringify(run.outputs)),
      ...leaksIn("summary", run.summary ?? ""),
    ];
    for (const [name, bytes] of readZip(service.artifacts[0]!.blob))
      problems.push(...leaksIn(name, bytes.toString()));
    assert.deepEqual(problems, []);
  });
});

test("mode: sign with upload false: the summary names no artifact, and says where the report page is", async () => {
  const original = runArtifact("not-uploaded");
  const run = await sign({
    record: original.dir,
    "signing-key": SEED_HEX,
    "run-sandboxed": "true",
    upload: "false",
  });
  assertExit(run, 0);
  const folder = dirname(run.outputs["record-path"]!);
  assert.doesNotMatch(run.summary ?? "", /artifact holds|[Dd]ownload|unzip/);
  assert.ok(
    (run.summary ?? "").includes(
      `Its report page is \`report.html\` beside it on the runner, in <code>${folder}</code>`,
    ),
    run.summary,
  );
  assert.ok(readFileSync(join(folder, "report.html"), "utf8").startsWith("<!DOCTYPE html>"));
});

describe("mode: sign refuses, and signs nothing", () => {
  test("a record changed after it was signed: verify's step and reason, the step fails", async () => {
    const tampered = runArtifact("tampered", (b) =>
      Buffer.from(b.toString().replace('"passed":', '"passed":1')),
    );
    const run = await sign({ record: tampered.dir, "signing-key": SEED_HEX, upload: "false" });
    assertExit(run, 1);
    assert.match(run.stdout, /^reject step=\d+ reason=[a-z_]+/m);
    assert.ok(errors(run).some((a) => /was refused, and nothing was signed/.test(a.message)));
    assert.equal(run.outputs["record-path"], undefined);
    // The job summary says why, too.
    assert.match(
      run.summary ?? "",
      /^## ⛔ canon-conformance sign: the record was refused, nothing was signed$/m,
    );
    assert.match(run.summary ?? "", /- \*\*Outcome:\*\* <code>reject step=\d+ reason=[a-z\\_]+<\/code>/);
    assert.match(run.summary ?? "", /does not verify by seed 003 §4/);
  });

  test("a record signed by another key than expected-signer", async () => {
    const other = runArtifact("other");
    const run = await sign({
      record: join(other.dir, "record.json"),
      "signing-key": SEED_HEX,
      "expected-signer": "ab".repeat(32),
      upload: "false",
    });
    assertExit(run, 1);
    assert.match(run.stdout, new RegExp(`pubkey mismatch got=${other.signer}`));
    assert.equal(run.outputs["record-path"], undefined);
    // The refusal names the input this face was given, not the CLI's --pubkey.
    const failure = errors(run).find((a) => /was refused/.test(a.message))!;
    assert.match(failure.message, /not signed by the key given with expected-signer$/);
    assert.doesNotMatch(failure.message, /--pubkey/);
    assert.match(run.summary ?? "", /<code>pubkey mismatch got=[0-9a-f]{64}<\/code>/);
    assert.match(run.summary ?? "", /`expected-signer` \(<code>(ab){32}<\/code>\) did not sign it/);
  });

  test("no signing-key (the secret is absent): a clear failure naming it", async () => {
    const good = runArtifact("no-key");
    const run = await sign({ record: good.dir, upload: "false" });
    assertExit(run, 1);
    assert.ok(
      errors(run).some((a) => /signing-key is empty, and sign mode signs with it/.test(a.message)),
      run.stdout,
    );
    assert.match(run.summary ?? "", /^## ⛔ canon-conformance sign could not finish$/m);
    assert.match(run.summary ?? "", /signing-key is empty, and sign mode signs with it/);
    assert.match(run.summary ?? "", /Nothing was signed, and nothing was uploaded\./);
  });

  test("no record where it says: a clear failure naming the input", async () => {
    const run = await sign({ record: join(work, "nowhere"), "signing-key": SEED_HEX, upload: "false" });
    assertExit(run, 1);
    assert.ok(
      errors(run).some((a) => /input `record`/.test(a.message)),
      run.stdout,
    );
  });
});

describe("mode: sign and the run job's sandbox (run-sandboxed, allow-unsandboxed)", () => {
  test("run-sandboxed false: refused before the record is read, saying why and the fix; nothing signed", async () => {
    const good = runArtifact("unsandboxed");
    const run = await sign({
      record: good.dir,
      "signing-key": SEED_HEX,
      "expected-signer": good.signer,
      "run-sandboxed": "false",
      upload: "false",
    });
    assertExit(run, 1);
    const failure = errors(run).at(-1)?.message ?? "(no error annotation)";
    assert.match(
      failure,
      /^the run job's command ran unsandboxed \(`run-sandboxed` is false\), so it could have read the run job's ephemeral key and signed a record of its own: its record proves nothing, and is refused\. Run the command sandboxed .* or set `allow-unsandboxed: true` to re-sign the record of a run that was unsandboxed on purpose$/,
    );
    assert.doesNotMatch(run.stdout, /canon-conformance sign: verifying/, "the record was not even read");
    assert.equal(run.outputs["record-path"], undefined);
    assert.match(run.summary ?? "", /^## ⛔ canon-conformance sign could not finish$/m);
    assert.match(run.summary ?? "", /ran unsandboxed/);
    assert.match(run.summary ?? "", /Nothing was signed, and nothing was uploaded\./);
  });

  test("run-sandboxed false with allow-unsandboxed true: re-signed, with a warning on the step and in the summary", async () => {
    const good = runArtifact("unsandboxed-allowed");
    const run = await sign({
      record: good.dir,
      "signing-key": SEED_HEX,
      "expected-signer": good.signer,
      "run-sandboxed": "false",
      "allow-unsandboxed": "true",
      upload: "false",
    });
    assertExit(run, 0);
    assert.equal(run.outputs["signer-pubkey"], TEAM);
    assert.equal(verifyRecord(readFileSync(run.outputs["record-path"]!)).outcome, "accept");
    const warning = run.annotations.find((a) => a.level === "warning");
    assert.equal(warning?.properties.title, "canon-conformance: an unsandboxed run's record");
    assert.match(warning?.message ?? "", /re-signed because `allow-unsandboxed` is true$/);
    assert.match(
      run.summary ?? "",
      /^> \[!WARNING\]\n> \*\*Unsandboxed run:\*\* the run job's command ran unsandboxed/m,
    );
  });

  test("run-sandboxed not given (a workflow from before it): re-signed, with a warning that says how to wire it", async () => {
    const good = runArtifact("sandbox-unknown");
    const run = await sign({ record: good.dir, "signing-key": SEED_HEX, upload: "false" });
    assertExit(run, 0);
    assert.equal(run.outputs["signer-pubkey"], TEAM);
    const warning = run.annotations.find((a) => a.level === "warning");
    assert.equal(warning?.properties.title, "canon-conformance: run-sandboxed not given");
    assert.match(
      warning?.message ?? "",
      /cannot tell whether the run job's command ran sandboxed.*`outputs: sandboxed: \$\{\{ steps\.<id>\.outputs\.sandboxed \}\}`.*`run-sandboxed: \$\{\{ needs\.<run job>\.outputs\.sandboxed \}\}`/,
    );
    assert.match(
      run.summary ?? "",
      /^> \*\*Sandbox not known:\*\* <code>run-sandboxed<\/code> is empty.* <code>run-sandboxed: \\\$\{\{ needs\.&lt;run job&gt;\.outputs\.sandboxed \}\}<\/code>/m,
    );
  });

  test("run-sandboxed not given, allow-unsandboxed true: re-signed quietly (any run's record is accepted)", async () => {
    const good = runArtifact("sandbox-unknown-allowed");
    const run = await sign({
      record: good.dir,
      "signing-key": SEED_HEX,
      "allow-unsandboxed": "true",
      upload: "false",
    });
    assertExit(run, 0);
    assert.deepEqual(
      run.annotations.filter((a) => a.level === "warning"),
      [],
    );
  });

  test("run-sandboxed is only true, false or empty: other text is refused, naming the input", async () => {
    const good = runArtifact("sandbox-yes");
    const run = await sign({
      record: good.dir,
      "signing-key": SEED_HEX,
      "run-sandboxed": "yes",
      upload: "false",
    });
    assertExit(run, 1);
    assert.match(
      errors(run).at(-1)?.message ?? "",
      /^input `run-sandboxed`: run-sandboxed must be true or false \(the run job's `sandboxed` output\), or empty, not 'yes'$/,
    );
  });
});
