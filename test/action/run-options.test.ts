// The run's newer inputs, through the action (in this process: test/action/runner.ts runActionHere): the seed, the generated suite and a shard reach
// the signed record's `suite`; a differential run (compare-command) reaches the summary and the status.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { verifyRecord } from "../../src/record/verify.js";
import { assertExit, CONFORMANT, errors, KNOWN_BAD } from "./common.js";
import { type ActionRun, runActionHere } from "./runner.js";

function recordOf(run: ActionRun) {
  const verdict = verifyRecord(readFileSync(run.outputs["record-path"]!));
  if (verdict.outcome !== "accept") assert.fail(`the record is refused: ${verdict.detail}`);
  return verdict.record;
}

describe("seed, generated-runs and shard reach the record", () => {
  test("seed 7, 20 generated runs, shard 2/3: the record's suite says so, and it verifies", async () => {
    const run = await runActionHere({
      inputs: {
        ...CONFORMANT,
        suites: "numbers,generated",
        seed: "7",
        "generated-runs": "20",
        shard: "2/3",
        upload: "false",
      },
    });
    assertExit(run, 0);
    const { suite, summary } = recordOf(run);
    assert.equal(suite, "rfc8785:numbers,generated numbers=300 generated=20 shard=2/3 seed=7 protocol=lines");
    assert.ok(summary.cases > 0 && summary.failed === 0);
  });

  test("the shards of a run together make the whole run's cases", async () => {
    const inputs = { ...CONFORMANT, suites: "generated", "generated-runs": "30", seed: "7", upload: "false" };
    const whole = await runActionHere({ inputs });
    assertExit(whole, 0);
    assert.equal(recordOf(whole).suite, "rfc8785:generated generated=30 seed=7 protocol=lines");
    let shardCases = 0;
    for (const shard of ["1/3", "2/3", "3/3"]) {
      const part = await runActionHere({ inputs: { ...inputs, shard } });
      assertExit(part, 0);
      assert.match(recordOf(part).suite, new RegExp(` shard=${shard} seed=7 protocol=lines$`));
      shardCases += Number(part.outputs.cases);
    }
    assert.equal(shardCases, Number(whole.outputs.cases));
  });

  test("seed random: one is drawn, printed so it can be replayed, and is the record's", async () => {
    const run = await runActionHere({
      inputs: { ...CONFORMANT, suites: "numbers", seed: "random", upload: "false" },
    });
    assertExit(run, 0);
    const drawn = /seed: random, drew (\d+) \(set the input seed: \1 to replay this run\)/.exec(run.stdout);
    assert.ok(drawn, `no drawn seed in the log:\n${run.stdout}`);
    assert.match(recordOf(run).suite, new RegExp(` seed=${drawn[1]} protocol=lines$`));
  });
});

describe("a differential run: the reference against a known-bad (compare-command)", () => {
  const inputs = {
    ...CONFORMANT,
    suites: "jcs",
    "compare-command": KNOWN_BAD.command,
    "compare-protocol": "lines",
    "compare-runs": "50",
    upload: "false",
  };

  test("the disagreements are in the summary after the run's view, counted in an output, and fail the step", async () => {
    const run = await runActionHere({ inputs });
    assertExit(run, 1);
    // The main command is the reference: the run itself is conformant; only the comparison fails.
    assert.equal(run.outputs.conformant, "true");
    const disagreements = Number(run.outputs["compare-disagreements"]);
    assert.ok(disagreements > 0, `compare-disagreements is '${run.outputs["compare-disagreements"]}'`);
    const summary = run.summary ?? "";
    const differential = summary.indexOf("Differential run");
    assert.ok(differential > 0, "no differential section in the job summary");
    assert.ok(
      summary.indexOf("canon-conformance verify") < differential,
      "the differential run follows the run's own summary",
    );
    assert.match(summary.slice(differential), /a agrees with the reference/);
    assert.match(
      errors(run).at(-1)?.message ?? "",
      new RegExp(
        `differential run found ${disagreements} disagreements? between \`command\` and \`compare-command\``,
      ),
    );
    // The log carries the comparison too (formatCompare), naming both sides.
    assert.match(run.stdout, /^b: .*known-bad sorts_by_code_point/m);
  });

  test("with fail-on-nonconformant false the step passes, with a notice", async () => {
    const run = await runActionHere({ inputs: { ...inputs, "fail-on-nonconformant": "false" } });
    assertExit(run, 0);
    assert.ok(Number(run.outputs["compare-disagreements"]) > 0);
    assert.ok(
      run.annotations.some(
        (a) =>
          a.level === "notice" && /differential run found .*fail-on-nonconformant is false/.test(a.message),
      ),
    );
  });

  test("two implementations that agree: zero disagreements, and the step passes", async () => {
    const run = await runActionHere({ inputs: { ...inputs, "compare-command": CONFORMANT.command } });
    assertExit(run, 0);
    assert.equal(run.outputs["compare-disagreements"], "0");
    assert.match(run.summary ?? "", /Differential run/);
  });
});
