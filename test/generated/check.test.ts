// The `property` check: the case's verdict becomes its CaseResult; a case whose property throws is a
// failed case (runCases), never a lost run. The self-test's "generated" check is this kind.
import assert from "node:assert/strict";
import { test } from "node:test";
import { checkFor, checkIdOf, kindOfCheck, runCases } from "../../src/checks/index.js";
import { referenceCanonicalizer } from "../../src/jcs/canonicalizer.js";
import type { CorpusCase, PropertyVerdict } from "../../src/types.js";

function propertyCase(run: () => Promise<PropertyVerdict>): CorpusCase {
  return {
    suite: "generated",
    name: "p/seed-1/0000-0049",
    why: "a test property",
    source: "test",
    kind: "property",
    property: "p",
    seed: 1,
    from: 0,
    to: 49,
    run,
  };
}

const ctx = { write: referenceCanonicalizer(), read: referenceCanonicalizer() };

test("a property case is judged by its own verdict", async () => {
  const failing = propertyCase(async () => ({
    pass: false,
    expected: "for x = 1: canon(x) → 1",
    got: "canon(x) → 2",
  }));
  const result = await checkFor("property")(failing, ctx);
  assert.deepEqual(
    { pass: result.pass, expected: result.expected, got: result.got, kind: result.kind },
    { pass: false, expected: "for x = 1: canon(x) → 1", got: "canon(x) → 2", kind: "property" },
  );
  assert.equal(checkIdOf(result), "generated");
  assert.equal(kindOfCheck("generated"), "property");
});

test("a property that throws fails its case with the reason, and the run goes on", async () => {
  const [thrown, fine] = await runCases(
    [
      propertyCase(async () => {
        throw new Error("boom");
      }),
      propertyCase(async () => ({ pass: true, expected: "e", got: "g" })),
    ],
    ctx,
    { concurrency: 2 },
  );
  assert.equal(thrown!.pass, false);
  assert.match(thrown!.got, /the property check threw: boom/);
  assert.equal(thrown!.expected, "runs 0–49 of p pass");
  assert.equal(fine!.pass, true);
});
