// The bundled action (dist/index.js, built from src/ for the tests: test/helpers/dist.ts), started as
// the runner starts it (test/action/runner.ts), for what only a real step shows: @actions/core's own
// log and file commands, the real @actions/artifact client uploading to a loopback results service
// (the record in the uploaded zip must verify), the runner's tokens taken out of the process's own
// environment, and the bundle itself. Everything else the action does is tested in the tests' own
// process (test/action/). CI runs this file under Node 24 too (.ci/run), the runtime action.yml declares.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { parseSuppliedKey, toHex } from "../../src/record/keys.js";
import { verifyRecord } from "../../src/record/verify.js";
import { AGGREGATE_OUTPUTS, assertExit, CONFORMANT, errors } from "../action/common.js";
import { type ResultsService, startResultsService } from "../action/results-service.js";
import { type ActionRun, actionBundle, actionOutputs, runAction } from "../action/runner.js";
import { readZip } from "../action/zip.js";

const ARTIFACT_FILES = ["record.json", "summary.md", "junit.xml", "report.html", "badge.svg", "badge.json"];
const SEED = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"; // RFC 8032 §7.1 test 1

function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** The log without its add-mask commands: the only lines allowed to hold a secret (the runner eats them). */
function withoutMasks(stdout: string): string {
  return stdout.replace(/^::add-mask::.*$/gm, "");
}

test("the bundle exists (built from src/ for the tests: test/helpers/dist.ts)", () => {
  assert.ok(existsSync(actionBundle()), `${actionBundle()} is missing: run node scripts/build.mjs`);
});

describe("a conformant implementation, uploaded to the results service", () => {
  let service: ResultsService;
  let run: ActionRun;
  before(async () => {
    service = await startResultsService("ok");
    run = await runAction({
      service,
      inputs: { ...CONFORMANT, "implementation-name": "reference-lines", "retention-days": "5" },
    });
  });
  after(() => service.close());

  test("the step passes and says nothing is wrong", () => {
    assertExit(run, 0);
    assert.deepEqual(errors(run), []);
    assert.deepEqual(
      run.annotations.filter((a) => a.level === "warning"),
      [],
    );
  });

  test("every output action.yml declares is set, and agrees with the record on disk", async () => {
    const outputs = run.outputs;
    for (const name of actionOutputs()) {
      if (AGGREGATE_OUTPUTS.includes(name)) continue;
      assert.ok(name in outputs, `output ${name} was not set`);
    }
    assert.equal(outputs["compare-disagreements"], "", "no differential run, so no count");
    const bytes = readFileSync(outputs["record-path"]!);
    const verdict = verifyRecord(bytes);
    if (verdict.outcome !== "accept") assert.fail(`the record on disk is refused: ${verdict.detail}`);
    const record = verdict.record;
    assert.equal(outputs.conformant, "true");
    assert.equal(outputs.cases, String(record.summary.cases));
    assert.equal(outputs.passed, outputs.cases);
    assert.equal(outputs.failed, "0");
    assert.ok(record.summary.cases > 300, "every suite ran, numbers included");
    assert.equal(outputs["record-sha256"], sha256(bytes));
    assert.equal(outputs["signer-pubkey"], record.signer_pubkey);
    assert.equal(outputs.key, "ephemeral");
    assert.equal(record.implementation.name, "reference-lines");
    assert.ok(
      outputs["record-path"]!.startsWith(join(run.runnerTemp, "canon-conformance", "canon-conformance")),
    );
    assert.equal(outputs["badge-path"], join(outputs["record-path"]!, "..", "badge.svg"));
  });

  test("the uploaded zip holds the run's files, and its record.json is the one on disk and verifies", async () => {
    const { artifacts, requests } = service;
    assert.equal(artifacts.length, 1);
    const artifact = artifacts[0]!;
    assert.equal(artifact.name, "canon-conformance");
    const zip = readZip(artifact.blob);
    for (const name of ARTIFACT_FILES)
      assert.ok(zip.has(name), `${name} is not in the artifact (it has ${[...zip.keys()]})`);
    const record = zip.get("record.json")!;
    assert.deepEqual(record, readFileSync(run.outputs["record-path"]!));
    const verdict = verifyRecord(record);
    assert.deepEqual([verdict.outcome, verdict.outcome === "accept" && verdict.conformant], ["accept", true]);
    assert.equal(
      zip.get("summary.md")!.toString("utf8"),
      readFileSync(join(run.outputs["record-path"]!, "..", "summary.md"), "utf8"),
    );
    assert.match(zip.get("badge.svg")!.toString("utf8"), /^<svg[\s\S]*canon conformance/);
    const badge = JSON.parse(zip.get("badge.json")!.toString("utf8"));
    assert.equal(badge.schemaVersion, 1);
    assert.equal(badge.message, `${run.outputs.passed}/${run.outputs.cases}`);
    // The client went through every step: create, the blocks, the block list, finalize.
    const twirp = "POST /twirp/github.actions.results.api.v1.ArtifactService/";
    assert.equal(requests[0], `${twirp}CreateArtifact`);
    assert.equal(requests.at(-1), `${twirp}FinalizeArtifact`);
    assert.match(requests.at(-2)!, / blocklist$/);
    const blocks = requests.slice(1, -2);
    assert.ok(blocks.length >= 1 && blocks.every((r) => / block$/.test(r)), requests.join("\n"));
    // artifact-* outputs are what the service said and what was sent.
    assert.equal(run.outputs["artifact-id"], "4001");
    assert.equal(
      run.outputs["artifact-url"],
      "https://github.com/octo-org/canon-conformance/actions/runs/4242/artifacts/4001",
    );
    assert.equal(run.outputs["artifact-digest"], sha256(artifact.blob));
    assert.equal(artifact.hash, `sha256:${sha256(artifact.blob)}`);
    assert.equal(artifact.size, String(artifact.blob.length), "FinalizeArtifact's size is the blob's");
  });

  test("retention-days passes through as the artifact's expiry", async () => {
    const artifact = service.artifacts[0]!;
    assert.ok(artifact.expiresAt, "CreateArtifact carried no expires_at");
    const days = (Date.parse(artifact.expiresAt) - Date.now()) / 86_400_000;
    assert.ok(days > 4.9 && days <= 5.01, `expires in ${days} days, not 5`);
  });

  test("the job summary is the summary.md of the artifact, with the verify command", () => {
    const summaryMd = readFileSync(join(run.outputs["record-path"]!, "..", "summary.md"), "utf8");
    assert.ok(run.summary?.startsWith(summaryMd), "the job summary is not summary.md");
    assert.match(run.summary!, /npx --yes 'github:octo-org\/canon-conformance#v1\.2\.3' verify record\.json/);
    // The job summary (not summary.md, which is inside the artifact) links the artifact.
    assert.ok(
      run.summary!.includes(`<a href="${run.outputs["artifact-url"]}">canon-conformance</a>`),
      "the job summary does not link the artifact",
    );
    assert.ok(!summaryMd.includes("**Artifact:**"));
    assert.ok(Buffer.byteLength(run.summary!) < 1024 * 1024, "GitHub refuses a summary of 1 MiB or more");
  });

  test("progress reaches the log as plain lines, never rewritten in place", () => {
    assert.match(run.stdout, new RegExp(`^${run.outputs.cases}/${run.outputs.cases} cases \\(100%\\)`, "m"));
    assert.ok(!run.stdout.includes("\r"), "a carriage return in the log");
    assert.ok(!/\x1b\[/.test(run.stdout), "terminal escapes in the log");
  });
});

describe("the upload fails: a warning, not a lost result", () => {
  for (const mode of ["create-forbidden", "blob-forbidden"] as const) {
    test(`the service answers 403 (${mode})`, async () => {
      const service = await startResultsService(mode);
      try {
        const run = await runAction({ service, inputs: { ...CONFORMANT, suites: "jcs" } });
        assertExit(run, 0);
        const warning = run.annotations.find(
          (a) => a.level === "warning" && /artifact upload failed/.test(a.message),
        );
        assert.ok(warning, `no upload warning in\n${run.stdout}`);
        assert.match(
          warning.message,
          new RegExp(run.outputs["record-path"]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
        );
        assert.equal(run.outputs.conformant, "true");
        assert.equal(run.outputs["artifact-id"], "");
        assert.equal(run.outputs["artifact-url"], "");
        const verdict = verifyRecord(readFileSync(run.outputs["record-path"]!));
        assert.equal(verdict.outcome, "accept");
        assert.equal(service.artifacts.length, 0);
        // The summary names no artifact that is not there: it says the upload failed and where the
        // files are on the runner.
        assert.doesNotMatch(run.summary!, /[Dd]ownload|unzip/);
        assert.match(run.summary!, /The artifact upload failed \(the step's warning says why\)/);
      } finally {
        await service.close();
      }
    });
  }

  test("no results service at all (no ACTIONS_RUNTIME_TOKEN): a warning too", async () => {
    const run = await runAction({ inputs: { ...CONFORMANT, suites: "jcs" } });
    assertExit(run, 0);
    assert.ok(run.annotations.some((a) => a.level === "warning" && /artifact upload failed/.test(a.message)));
    assert.equal(run.outputs.conformant, "true");
  });
});

describe("the signing key", () => {
  test("a supplied key signs the record, is masked first, and never reaches the log", async () => {
    const run = await runAction({
      inputs: { ...CONFORMANT, suites: "jcs", upload: "false", "signing-key": SEED },
    });
    assertExit(run, 0);
    assert.equal(run.outputs.key, "supplied");
    assert.equal(run.outputs["signer-pubkey"], toHex(parseSuppliedKey(SEED).publicKey));
    assert.equal(
      run.outputs["signer-pubkey"],
      "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
    );
    assert.ok(run.stdout.startsWith(`::add-mask::${SEED}`), "the key was not masked before anything else");
    assert.deepEqual(run.masked, [SEED], "mask the key once, whole");
    const unmasked = withoutMasks(run.stdout);
    for (let i = 0; i + 16 <= SEED.length; i += 8)
      assert.ok(!unmasked.includes(SEED.slice(i, i + 16)), "part of the key in the log");
    assert.ok(!run.stderr.includes(SEED.slice(0, 16)));
    const record = readFileSync(run.outputs["record-path"]!, "utf8");
    assert.ok(!record.includes(SEED.slice(0, 16)), "part of the key in the record");
  });

  test("the command under test cannot read the key or the runner's tokens, so they cannot reach the record", async () => {
    const service = await startResultsService("ok");
    try {
      const run = await runAction({
        service,
        env: { ACTIONS_ID_TOKEN_REQUEST_TOKEN: "oidc-request-token-value" },
        inputs: {
          command: "node test/action/fixtures/env-leak.mjs",
          protocol: "lines",
          suites: "jcs",
          "signing-key": SEED,
        },
      });
      assertExit(run, 1);
      const record = readFileSync(run.outputs["record-path"]!, "utf8");
      assert.match(
        record,
        /key=undefined runtime=undefined oidc=undefined/,
        "the fixture did not report its environment",
      );
      // The upload still had its token: the artifact went up.
      assert.equal(service.artifacts.length, 1);
      const files = [...readZip(service.artifacts[0]!.blob).values()].map((b) => b.toString("utf8"));
      for (const text of [record, run.summary!, withoutMasks(run.stdout), ...files]) {
        assert.ok(!text.includes(SEED.slice(0, 16)), "part of the key escaped");
        assert.ok(!text.includes(service.token.slice(0, 24)), "the runtime token escaped");
        assert.ok(!text.includes("oidc-request-token-value"), "the OIDC token escaped");
      }
    } finally {
      await service.close();
    }
  });
});
