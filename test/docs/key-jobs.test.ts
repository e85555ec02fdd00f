// A long-lived key appears only in a job that runs no code under test (docs/sandbox.md "What the
// harness promises"; issue 18, attack 5): in README.md and docs/action.md, `signing-key` is given only
// to a `mode: sign` step, and the first workflow a reader sees is the two-job one.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { parse } from "yaml";
import { REPO } from "../helpers/dist.js";

interface Step {
  uses?: string;
  with?: Record<string, unknown>;
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
