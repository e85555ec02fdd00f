// The workflows and the workflow snippets in docs/action.md are YAML GitHub can read, and self-test.yml
// runs the two-job flow docs/action.md recommends: a run job with no secret that attests record.json
// (with the permissions an attestation needs), and a `mode: sign` job that re-signs the run job's record.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { parse, parseDocument } from "yaml";

const REPO = join(import.meta.dirname, "..", "..");
const read = (path: string) => readFileSync(join(REPO, path), "utf8");

interface Step {
  uses?: string;
  id?: string;
  if?: string;
  run?: string;
  with?: Record<string, string>;
}
interface Job {
  needs?: string | string[];
  permissions?: Record<string, string>;
  outputs?: Record<string, string>;
  steps: Step[];
}

function jobs(path: string): Record<string, Job> {
  return (parse(read(path)) as { jobs: Record<string, Job> }).jobs;
}

test("every workflow parses, and every job has steps", () => {
  const files = readdirSync(join(REPO, ".github/workflows")).filter((f) => /\.ya?ml$/.test(f));
  assert.ok(files.includes("self-test.yml"));
  for (const file of files) {
    const doc = parseDocument(read(`.github/workflows/${file}`));
    assert.deepEqual(doc.errors, [], file);
    for (const [name, job] of Object.entries(jobs(`.github/workflows/${file}`)))
      assert.ok(Array.isArray(job.steps) && job.steps.length > 0, `${file}: job ${name} has no steps`);
  }
});

test("self-test.yml: the run job attests record.json with id-token and attestations write, and checks it", () => {
  const all = jobs(".github/workflows/self-test.yml");
  const attesting = Object.entries(all).filter(([, job]) =>
    job.steps.some((s) => s.uses?.startsWith("actions/attest-build-provenance@")),
  );
  assert.equal(attesting.length, 1, "one job attests");
  const [name, job] = attesting[0]!;
  assert.equal(job.permissions?.["id-token"], "write", `${name}: id-token: write`);
  assert.equal(job.permissions?.attestations, "write", `${name}: attestations: write`);
  const run = job.steps.find((s) => s.uses === "./")!;
  assert.equal(run.with?.["signing-key"], undefined, "the attested run holds no key");
  const attest = job.steps.find((s) => s.uses?.startsWith("actions/attest-build-provenance@"))!;
  assert.equal(attest.with?.["subject-path"], `\${{ steps.${run.id}.outputs.record-path }}`);
  assert.match(attest.if ?? "", /head\.repo\.full_name == github\.repository/, "skipped for forks");
  const check = job.steps.find((s) => s.run?.includes("gh attestation verify"));
  assert.match(check?.run ?? "", /gh attestation verify "\$RECORD_PATH" --repo "\$GITHUB_REPOSITORY"/);
});

test("self-test.yml: a mode: sign job re-signs the run job's record, pinned to the run job's key", () => {
  const all = jobs(".github/workflows/self-test.yml");
  const signing = Object.entries(all).filter(([, job]) =>
    job.steps.some((s) => s.uses === "./" && s.with?.mode === "sign"),
  );
  assert.equal(signing.length, 1, "one mode: sign job");
  const [, job] = signing[0]!;
  const needs = [job.needs ?? []].flat();
  assert.equal(needs.length, 1);
  const runJob = all[needs[0]!]!;
  const runStep = runJob.steps.find((s) => s.uses === "./")!;
  const download = job.steps.find((s) => s.uses?.startsWith("actions/download-artifact@"));
  assert.equal(download?.with?.name, runStep.with?.["artifact-name"], "downloads the run job's artifact");
  const sign = job.steps.find((s) => s.with?.mode === "sign")!;
  assert.equal(sign.with?.record, download?.with?.path);
  assert.equal(sign.with?.["expected-signer"], `\${{ needs.${needs[0]}.outputs.signer-pubkey }}`);
  assert.ok(runJob.outputs?.["signer-pubkey"], "the run job passes its signer on");
  // Sign knows the sandbox (docs/sandbox.md rule 10): the run job says, and an unsandboxed run is refused.
  assert.equal(runJob.outputs?.sandboxed, `\${{ steps.${runStep.id}.outputs.sandboxed }}`);
  assert.equal(sign.with?.["run-sandboxed"], `\${{ needs.${needs[0]}.outputs.sandboxed }}`);
  assert.equal(sign.with?.["allow-unsandboxed"], undefined);
  assert.equal(job.permissions?.["id-token"], undefined, "the signing job mints no token");
});

test("docs/action.md's YAML blocks parse, and its attestation snippet asks for the permissions", () => {
  const doc = read("docs/action.md");
  const blocks = [...doc.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!);
  assert.ok(blocks.length >= 4, `${blocks.length} yaml blocks`);
  for (const block of blocks) {
    // A job snippet is indented under a `jobs:` it leaves out: parse it as such.
    const text = /^ {2}\S/.test(block) ? `jobs:\n${block}` : block;
    assert.deepEqual(parseDocument(text).errors, [], block.slice(0, 200));
  }
  const attest = blocks.find((b) => b.includes("actions/attest-build-provenance@"));
  assert.ok(attest, "an attestation snippet");
  assert.match(attest, /id-token: write/);
  assert.match(attest, /attestations: write/);
  assert.match(doc, /gh attestation verify record\.json --repo OWNER\/REPO/);
  assert.match(doc, /## Versions and pinning/);
});
