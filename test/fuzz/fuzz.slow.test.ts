// The fuzzers' short run (issue 8 item 2), as CI runs it: 20,000 iterations of each target from a
// fixed seed find nothing, and the mutators really reach every verifier step and many parser
// refusals, so a fuzzer that silently tested nothing would fail here. Each oracle is also shown to
// catch a deliberately broken verifier or parser.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { type CampaignResult, runCampaign } from "../../fuzz/campaign.js";
import { jsonTarget } from "../../fuzz/json.js";
import { recordsTarget } from "../../fuzz/records.js";
import { JcsError, parse } from "../../src/jcs/index.js";
import { verifyRecord } from "../../src/record/index.js";

const SEED = 20261201;
const ITERATIONS = 20_000;

function count(result: CampaignResult, match: (outcome: string) => boolean): number {
  let n = 0;
  for (const [outcome, k] of result.outcomes) if (match(outcome)) n += k;
  return n;
}

function findingsText(result: CampaignResult): string {
  return result.findings
    .slice(0, 5)
    .map((f) => `iteration ${f.iteration} (${f.mutation}): ${f.what}`)
    .join("\n");
}

describe("records: mutated signed records through verifyRecord", () => {
  const result = runCampaign(recordsTarget(), { seed: SEED, iterations: ITERATIONS });

  test("no finding: nothing threw, hung, or accepted changed signed content", () => {
    assert.equal(result.findings.length, 0, findingsText(result));
    assert.equal(
      count(result, (o) => o === "threw" || o.includes("CHANGED")),
      0,
    );
  });

  test("the mutations are refused at every step that can refuse them, and some are rightly accepted", () => {
    const steps = new Set([...result.outcomes.keys()].flatMap((o) => /^reject step=(\d)/.exec(o)?.[1] ?? []));
    for (const step of ["1", "2", "3", "4"])
      assert.ok(steps.has(step), `no mutation was refused at step ${step}`);
    for (const step of ["1", "3", "4"]) {
      assert.ok(
        count(result, (o) => o.startsWith(`reject step=${step}`)) >= 500,
        `few refusals at step ${step}`,
      );
    }
    // Reorders, legal whitespace and re-escapes keep the signed content: they must be accepted.
    assert.ok(count(result, (o) => o === "accept (signed content unchanged)") >= 500);
  });

  test("each kind of mutation ran, and each member-level edit was refused at least once", () => {
    for (const name of [
      "bit-flip",
      "truncate",
      "utf16",
      "utf8-bom",
      "random-bytes",
      "member-duplicate",
      "number-respell",
    ]) {
      assert.ok((result.byMutation.get(name)?.size ?? 0) > 0, `${name} never ran`);
    }
    const reescape = result.byMutation.get("string-reescape");
    assert.ok(
      (reescape?.get("accept (signed content unchanged)") ?? 0) > 0,
      "no re-escaped record was accepted",
    );
  });

  test("the oracle catches a verifier that skips the signature check", () => {
    const lax: typeof verifyRecord = (bytes) => {
      const real = verifyRecord(bytes);
      if (real.outcome === "reject" && real.step === 4) {
        return { outcome: "accept", conformant: true, record: JSON.parse(new TextDecoder().decode(bytes)) };
      }
      return real;
    };
    const broken = runCampaign(recordsTarget(lax), { seed: SEED, iterations: 2_000 });
    assert.ok(broken.findings.length > 0);
    assert.match(broken.findings[0]!.what, /signed content differs/);
  });
});

describe("json: mutated JSON texts through the strict parser, against JSON.parse", () => {
  const result = runCampaign(jsonTarget(SEED), { seed: SEED, iterations: ITERATIONS });

  test("no finding: only JcsError thrown, no hang, no disagreement with JSON.parse", () => {
    assert.equal(result.findings.length, 0, findingsText(result));
    assert.equal(
      count(result, (o) => o.startsWith("DISAGREE") || o.startsWith("threw")),
      0,
    );
  });

  test("both verdicts are compared many times, over many refusal codes", () => {
    assert.ok(count(result, (o) => o === "agree: accepted, same value") >= 1_000);
    const codes = new Set(
      [...result.outcomes.keys()].flatMap((o) => /^agree: rejected \((.+)\)$/.exec(o)?.[1] ?? []),
    );
    assert.ok(codes.size >= 8, `only ${codes.size} refusal codes reached: ${[...codes].join(", ")}`);
    // Every I-JSON exclusion is exercised, so the oracle's exemptions are not hiding everything.
    for (const rule of [
      "invalid UTF-8",
      "BOM",
      "duplicate-name",
      "lone-surrogate",
      "number-overflow",
      "too-deep",
    ]) {
      assert.ok(count(result, (o) => o.startsWith(`not compared (${rule})`)) > 0, `no text hit ${rule}`);
    }
    assert.ok(
      count(result, (o) => o.startsWith("not compared")) < ITERATIONS / 2,
      "most texts were not compared",
    );
  });

  test("the oracle catches a parser that refuses valid JSON, or throws something other than JcsError", () => {
    const refusesOnePointZero = (bytes: Uint8Array) => {
      if (new TextDecoder().decode(bytes).includes("1.0")) throw new JcsError("invented", 0, "refuses 1.0");
      return parse(bytes);
    };
    const broken = runCampaign(jsonTarget(SEED, 200, refusesOnePointZero), { seed: SEED, iterations: 3_000 });
    assert.ok(broken.findings.some((f) => /rejected \(invented\)/.test(f.what)));
    const throwsSyntaxError = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes)) as unknown;
    const crashing = runCampaign(jsonTarget(SEED, 200, throwsSyntaxError), { seed: SEED, iterations: 500 });
    assert.ok(crashing.findings.some((f) => /not JcsError/.test(f.what)));
  });
});
