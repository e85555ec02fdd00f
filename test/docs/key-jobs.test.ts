// A long-lived key appears only in a job that runs no code under test (docs/sandbox.md "What the
// harness promises"; issue 18, attack 5): in README.md and docs/action.md, `signing-key` is given only
// to a `mode: sign` step, and the first workflow a reader sees is the two-job one. And sign knows the
// sandbox (rule 10): that workflow's run job passes its `sandboxed` output on, and its sign step reads
// it as `run-sandboxed`, with no `allow-unsandboxed`.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { parse } from "yaml";
import { REPO } from "../helpers/dist.js";

interface Step {
  uses?: string;
  id?: string;
  with?: Record<string, unknown>;
}

interface Job {
  needs?: string | string[];
  outputs?: Record<string, string>;
  steps?: Step[];
}

/** Every step of every job of every YAML block in `doc`, with the block's index. */
function steps(doc: string): { block: number; step: Step }[] {
  const blocks = [...doc.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!);
  return blocks.flatMap((text, block) => {
    const parsed = parse(/^ {2}\S/.test(text) ? `jobs:\n${text}` : text) as {
      jobs?: Record<string, { steps?: Step[] }>;
      steps?: Step[];
    } | null;
    const jobs = Object.values(parsed?.jobs ?? {});
    return [...jobs.flatMap((j) => j.steps ?? []), ...(parsed?.steps ?? [])].map((step) => ({ block, step }));
  });
}

for (const path of ["README.md", "docs/action.md"]) {
  test(`${path}: signing-key only in a mode: sign step, and the first workflow signs in a job of its own`, () => {
    const all = steps(readFileSync(join(REPO, path), "utf8")).filter((s) =>
      s.step.uses?.includes("canon-conformance"),
    );
    const keyed = all.filter((s) => s.step.with?.["signing-key"] !== undefined);
    assert.ok(keyed.length > 0, "the key is shown somewhere");
    for (const { step } of keyed) assert.equal(step.with?.mode, "sign", JSON.stringify(step));
    const first = Math.min(...all.map((s) => s.block));
    const modes = all.filter((s) => s.block === first).map((s) => s.step.with?.mode ?? "run");
    assert.deepEqual(modes, ["run", "sign"], "the first workflow is the two-job one");
  });
}

for (const path of ["README.md", "docs/action.md"]) {
  test(`${path}: the first workflow's run job passes sandboxed on, and its sign job reads it as run-sandboxed`, () => {
    const doc = readFileSync(join(REPO, path), "utf8");
    const first = [...doc.matchAll(/```yaml\n([\s\S]*?)```/g)]
      .map((m) => parse(m[1]!) as { jobs?: Record<string, Job> } | null)
      .find((w) => w?.jobs !== undefined);
    const jobs = first?.jobs ?? {};
    const ours = (s: Step) => s.uses?.includes("canon-conformance") ?? false;
    const signing = Object.values(jobs).filter((j) =>
      j.steps?.some((s) => ours(s) && s.with?.mode === "sign"),
    );
    assert.equal(signing.length, 1, "one sign job");
    const sign = signing[0]!;
    const needs = [sign.needs ?? []].flat();
    assert.equal(needs.length, 1, "the sign job needs the run job");
    const run = jobs[needs[0]!]!;
    const runStep = run.steps?.find(ours);
    assert.ok(runStep?.id, "the run step has an id to read its outputs by");
    assert.equal(run.outputs?.sandboxed, `\${{ steps.${runStep.id}.outputs.sandboxed }}`);
    const signStep = sign.steps!.find((s) => ours(s) && s.with?.mode === "sign")!;
    assert.equal(signStep.with?.["run-sandboxed"], `\${{ needs.${needs[0]}.outputs.sandboxed }}`);
    assert.equal(
      signStep.with?.["allow-unsandboxed"],
      undefined,
      "the documented sign job refuses an unsandboxed run",
    );
  });
}
