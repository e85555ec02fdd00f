// Secret hygiene (issue 8 item 4) in the GitHub face: the action (in this process, with a port that
// writes the log as @actions/core does: test/action/runner.ts runActionHere) with a supplied signing-key. Good or malformed,
// the key shows nowhere but in the ::add-mask:: commands the runner consumes: not in the log, not in
// the step outputs, the job summary, the files under RUNNER_TEMP, nor the uploaded artifact.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { parseSuppliedKey, toHex } from "../../src/record/keys.js";
import { verifyRecord } from "../../src/record/verify.js";
import { type ResultsService, startResultsService } from "../action/results-service.js";
import { type ActionRun, runActionHere } from "../action/runner.js";
import { readZip } from "../action/zip.js";
import { filesUnder } from "./cli.js";
import { BAD_KEYS, GOOD_KEYS, leaksIn, SEED_HEX } from "./material.js";

const LINES = {
  command: "python3 examples/python/canon.py --lines",
  protocol: "lines",
  suites: "jcs",
  numbers: "0",
};

/** Everything the step leaves that someone could read, less the mask commands the runner eats. */
function leaksOfAction(run: ActionRun, supplied: Buffer, uploads: ResultsService["artifacts"]): string[] {
  const log = run.stdout.replace(/^::add-mask::.*$/gm, "");
  const problems = [
    ...leaksIn("stdout", log, supplied),
    ...leaksIn("stderr", run.stderr, supplied),
    ...leaksIn("outputs", JSON.stringify(run.outputs), supplied),
    ...leaksIn("summary", run.summary ?? "", supplied),
  ];
  for (const [path, text] of filesUnder(run.runnerTemp)) problems.push(...leaksIn(path, text, supplied));
  for (const artifact of uploads) {
    for (const [name, bytes] of readZip(artifact.blob)) {
      problems.push(
        ...leaksIn(`artifact ${name}`, `${bytes.toString("utf8")}\n${bytes.toString("latin1")}`, supplied),
      );
    }
  }
  return problems;
}

function parsesTrimmed(text: Buffer): boolean {
  try {
    parseSuppliedKey(text.toString("utf8").trim());
    return true;
  } catch {
    return false;
  }
}

for (const key of [GOOD_KEYS[0]!, GOOD_KEYS[2]!]) {
  describe(`a good key (${key.name}) in signing-key`, () => {
    let service: ResultsService;
    let run: ActionRun;
    before(async () => {
      service = await startResultsService("ok");
      run = await runActionHere({ service, inputs: { ...LINES, "signing-key": key.text.toString() } });
    });
    after(() => service.close());

    test("the step passes and the uploaded record is signed by it", () => {
      assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
      assert.equal(run.outputs.key, "supplied");
      assert.equal(run.outputs["signer-pubkey"], toHex(parseSuppliedKey(SEED_HEX).publicKey));
      assert.equal(service.artifacts.length, 1);
      const files = readZip(service.artifacts[0]!.blob);
      for (const name of [
        "record.json",
        "summary.md",
        "junit.xml",
        "report.html",
        "badge.svg",
        "badge.json",
      ]) {
        assert.ok(files.has(name), `the artifact has no ${name}`);
      }
      assert.equal(verifyRecord(files.get("record.json")!).outcome, "accept");
    });

    test("the key is masked, and appears in no log, output, summary, file or artifact", () => {
      assert.ok(run.masked.length > 0, "the key was not masked");
      assert.deepEqual(leaksOfAction(run, key.text, service.artifacts), []);
    });
  });
}

describe("a malformed signing-key fails the step clearly, and shows nowhere", () => {
  // The runner passes inputs trimmed (core.getInput), so a key that is only padded is a good key there.
  const keys = BAD_KEYS.filter((k) => k.text.length > 0 && !k.text.includes(0) && !parsesTrimmed(k.text));
  for (const key of keys) {
    test(key.name, async () => {
      const service = await startResultsService("ok");
      try {
        const run = await runActionHere({
          service,
          inputs: { ...LINES, "signing-key": key.text.toString("utf8") },
        });
        assert.notEqual(run.code, 0, "a malformed key must fail the step");
        assert.ok(
          run.annotations.some((a) => a.level === "error" && /signing-key/.test(a.message)),
          `no error annotation names signing-key:\n${run.stdout}`,
        );
        assert.equal(service.artifacts.length, 0, "nothing is uploaded");
        assert.deepEqual(leaksOfAction(run, key.text, service.artifacts), []);
      } finally {
        await service.close();
      }
    });
  }
});
