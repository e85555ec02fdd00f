// The `property` check: a property case is data (which property, which runs, which seeds); the check
// runs it and judges each drawn instance by its kind's rule. A case whose property cannot be run is a
// failed case (runCases), never a lost run. The self-test's "property" check is this kind.
import assert from "node:assert/strict";
import { test } from "node:test";
import { checkFor, checkIdOf, kindOfCheck, runCases } from "../../src/checks/index.js";
import { generatedCases } from "../../src/corpus/generated/index.js";
import { inProcessCanonicalizer, referenceCanonicalizer } from "../../src/jcs/canonicalizer.js";
import {
  I1_STEPS,
  readGeneratedGot,
  readInstanceExpectation,
  readInstanceInput,
  readStepText,
  writeStepText,
} from "../../src/text-forms/index.js";
import type { CorpusCase } from "../../src/types.js";

/** The first chunk (runs 0-49, seed 1) of `property`, as the corpus makes it. */
function propertyCase(property: string): CorpusCase {
  const found = generatedCases({ seed: 1, runs: 50, profile: "rfc8785" }).find(
    (c) => c.kind === "property" && c.property === property,
  );
  assert.ok(found, property);
  return found;
}

const ctx = { write: referenceCanonicalizer(), read: referenceCanonicalizer() };

test("a property case is data, and the check runs it: the reference passes, a wrong answer fails", async () => {
  const c = propertyCase("canon-matches-reference");
  assert.deepEqual(
    JSON.parse(JSON.stringify(c)),
    {
      suite: "generated",
      name: "canon-matches-reference/seed-1/0000-0049",
      why: c.why,
      source: c.source,
      kind: "property",
      property: "canon-matches-reference",
      profile: "rfc8785",
      seed: 1,
      from: 0,
      to: 49,
      fcSeed: c.kind === "property" ? c.fcSeed : -1,
      total: 50,
    },
    "nothing but data: it survives JSON",
  );
  const passed = await checkFor("property")(c, ctx);
  assert.deepEqual(
    { pass: passed.pass, expected: passed.expected, got: passed.got, kind: passed.kind },
    {
      pass: true,
      expected: "50 runs (0–49) of: canon(x) = the reference's RFC 8785 bytes",
      got: "50 of 50 runs passed",
      kind: "property",
    },
  );
  const one = new TextEncoder().encode("1");
  const failed = await checkFor("property")(c, { ...ctx, write: inProcessCanonicalizer("one", () => one) });
  assert.equal(failed.pass, false);
  // Its texts read back as a generated case's: a canon instance, answered 1, and how it was found.
  const instance = readInstanceExpectation(failed.expected);
  assert.ok(instance && readInstanceInput(instance.input)?.x !== undefined, failed.expected);
  assert.equal(readStepText(instance.expected)?.step, I1_STEPS.first, failed.expected);
  assert.equal(readGeneratedGot(failed.got)?.answer, writeStepText(I1_STEPS.first, "1"), failed.got);
  assert.equal(checkIdOf(failed.kind), "property");
  assert.equal(kindOfCheck("property"), "property");
});

test("a property that cannot be run fails its case with the reason, and the run goes on", async () => {
  const [thrown, fine] = await runCases(
    [{ ...propertyCase("idempotent"), property: "p" } as CorpusCase, propertyCase("idempotent")],
    ctx,
    { concurrency: 2 },
  );
  assert.equal(thrown!.pass, false);
  assert.match(thrown!.got, /the property check threw: no generated property named "p"/);
  assert.equal(thrown!.expected, "runs 0–49 of p pass");
  assert.equal(fine!.pass, true);
});
