// One fault, one cause: every known-bad, run over the corpus in this process as a run judges it, comes
// out in a report's "Failures by cause" as one cause, or as what its definition says (`causes`: a
// fault with two faces, two at most; a known-bad that is several faults, one cause each). A grouping
// that split one fault by where it showed (a suite, a number's form, a refusal of its own output)
// would fail here.
import assert from "node:assert/strict";
import { before, test } from "node:test";
import { KNOWN_BADS } from "../../src/known-bad/index.js";
import type { Proof } from "../../src/known-bad/prove.js";
import { groupFailures } from "../../src/view/causes.js";
import { sharedProof } from "../helpers/proof.js";

// Every suite, the sweeps shorter than a default run's (one block of numbers, 10 runs a property): the
// known-bads' results of the proof the self-test's tests make too (test/helpers/proof.ts). Made in a
// hook, not at import: npm test imports a group's files at once, and a proof made then would hold up
// the group's first files (their time limits ran out while it ran).
let proof: Proof;
before(async () => {
  proof = await sharedProof();
});

for (const bad of KNOWN_BADS) {
  const declared = bad.causes;
  const most = declared === undefined ? 1 : "faces" in declared ? 2 : declared.faults.length;
  const said = declared === undefined ? "one cause" : `at most ${most} causes (its definition says so)`;
  test(`${bad.name}: ${bad.legitimate ? "no failure, no cause" : said}`, async () => {
    const { results } = proof.runs.find((r) => r.bad.name === bad.name)!;
    const groups = groupFailures(results);
    const shown = groups.map((g) => `${g.count} ${g.cause}: ${g.title}`).join("\n");
    if (bad.legitimate) {
      assert.deepEqual(groups, []);
      return;
    }
    assert.ok(groups.length >= 1, "the corpus catches it");
    if (declared === undefined) assert.equal(groups.length, 1, shown);
    else assert.ok(groups.length <= most, shown);
    // Each failed case is under exactly one cause.
    const failed = results.filter((r) => !r.pass).length;
    assert.equal(
      groups.reduce((sum, g) => sum + g.count, 0),
      failed,
    );
  });
}

test("the definitions that say a fault has two faces, or several faults, say each in words", () => {
  for (const bad of KNOWN_BADS) {
    if (bad.causes === undefined) continue;
    const words = "faces" in bad.causes ? bad.causes.faces : bad.causes.faults;
    assert.ok(words.length >= 2, bad.name);
    for (const w of words) assert.ok(w.length > 10, `${bad.name}: ${w}`);
  }
});
