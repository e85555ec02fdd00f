// Secret hygiene (issue 8 item 4), a good supplied key: `run` signs with it over both protocols,
// from --key-file and from CANON_CONFORMANCE_KEY, and the key shows nowhere: not on stdout or
// stderr, not in record.json, results.json or junit.xml.
import assert from "node:assert/strict";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { parseSuppliedKey, toHex } from "../../src/record/keys.js";
import { verifyRecord } from "../../src/record/verify.js";
import { filesUnder, leaksOfRun, RUN_ARGS, runCli, tempDir } from "./cli.js";
import { GOOD_KEYS, SEED_HEX } from "./material.js";

const PUBLIC = toHex(parseSuppliedKey(SEED_HEX).publicKey);

const plans = [
  { key: GOOD_KEYS[0]!, via: "file", protocol: "once" },
  { key: GOOD_KEYS[2]!, via: "file", protocol: "lines" },
  { key: GOOD_KEYS[1]!, via: "env", protocol: "lines" },
  { key: GOOD_KEYS[2]!, via: "env", protocol: "once" },
] as const;

for (const plan of plans) {
  describe(`run --protocol ${plan.protocol}, the key as ${plan.key.name} from ${plan.via === "file" ? "--key-file" : "CANON_CONFORMANCE_KEY"}`, () => {
    const work = tempDir("run");
    const out = join(work, "out");
    let run: Awaited<ReturnType<typeof runCli>>;
    before(async () => {
      const keyFile = join(work, "signing.key");
      writeFileSync(keyFile, plan.key.text, { mode: 0o600 });
      const args = ["run", ...RUN_ARGS[plan.protocol], "--out", out, "--no-color"];
      run =
        plan.via === "file"
          ? await runCli([...args, "--key-file", keyFile])
          : await runCli(args, { CANON_CONFORMANCE_KEY: plan.key.text.toString("utf8") });
    });
    after(() => rmSync(work, { recursive: true, force: true }));

    test("the run is conformant and the record is signed by the supplied key", () => {
      assert.equal(run.code, 0, `exit ${run.code}\n${run.stdout}\n${run.stderr}`);
      const bytes = readFileSync(join(out, "record.json"));
      const verdict = verifyRecord(bytes);
      assert.equal(verdict.outcome, "accept");
      assert.equal(verdict.outcome === "accept" && verdict.record.key, "supplied");
      assert.equal(verdict.outcome === "accept" && verdict.record.signer_pubkey, PUBLIC);
      assert.ok(run.stdout.includes(PUBLIC), "the verdict names the public key");
    });

    test("the key is in no output and no file the run wrote", () => {
      const files = [...filesUnder(out).keys()].map((p) => p.slice(out.length + 1)).sort();
      assert.deepEqual(files, ["junit.xml", "record.json", "report.html", "results.json"]);
      assert.deepEqual(leaksOfRun(run, [out], plan.key.text), []);
    });
  });
}

test("the leak search finds the key in each form it looks for (so an empty list means something)", () => {
  const seed = Buffer.from(SEED_HEX, "hex");
  for (const text of [
    SEED_HEX,
    SEED_HEX.toUpperCase(),
    `x${SEED_HEX.slice(20, 28)}y`,
    seed.toString("base64"),
    seed.toString("base64url"),
    GOOD_KEYS[2]!.text.toString().split("\n")[1]!,
  ]) {
    assert.notDeepEqual(leaksOfRun({ code: 0, stdout: text, stderr: "" }, [], GOOD_KEYS[2]!.text), [], text);
  }
  assert.deepEqual(leaksOfRun({ code: 0, stdout: SEED_HEX.slice(0, 7), stderr: "" }, []), []);
});
