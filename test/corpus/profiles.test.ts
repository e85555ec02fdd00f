import assert from "node:assert/strict";
import { test } from "node:test";
import { loadCorpus } from "../../src/corpus/index.js";
import { canonicalizeFor } from "../../src/jcs/index.js";
import type { CorpusCase } from "../../src/types.js";

const suites = ["jcs", "reject", "canon-or-reject", "invariants"] as const;
const rfc = await loadCorpus({ suites: [...suites], profile: "rfc8785", numbers: 0 });
const nfc = await loadCorpus({ suites: [...suites], profile: "nfc", numbers: 0 });
const find = (corpus: typeof rfc, suite: string, name: string) => {
  const c = corpus.cases.find((k) => k.suite === suite && k.name === name);
  assert.ok(c, `${suite}/${name}`);
  return c;
};
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("utf8");
const comparable = (c: CorpusCase) =>
  JSON.stringify(c, (_key, value) =>
    value instanceof Uint8Array ? Buffer.from(value).toString("hex") : value,
  );

test("the NFC/NFD pair is differ under rfc8785 and equal under nfc", () => {
  assert.equal(find(rfc, "invariants", "representational-unicode-nfc-nfd").kind, "differ");
  assert.equal(find(nfc, "invariants", "representational-unicode-nfc-nfd").kind, "equal");
});

test("under nfc the unnormalized-Unicode cases expect the NFC form; the RFC's own stays as it is", () => {
  const ring = find(nfc, "jcs", "not-normalized-a-ring");
  assert.ok(ring.kind === "canon");
  assert.equal(text(ring.expected), '["\u00c5"]');
  assert.ok(find(rfc, "jcs", "not-normalized-a-ring").kind === "canon");
  // U+1E0D U+0307 has no precomposed form: it is already NFC, so both profiles expect the same bytes.
  assert.equal(
    comparable(find(nfc, "jcs", "rfc-testdata-unicode")),
    comparable(find(rfc, "jcs", "rfc-testdata-unicode")),
  );
});

test("the profile changes only the cases whose strings NFC changes, and each to the NFC form", () => {
  const changed: string[] = [];
  rfc.cases.forEach((a, i) => {
    const b = nfc.cases[i]!;
    assert.equal(`${b.suite}/${b.name}`, `${a.suite}/${a.name}`);
    if (comparable(a) === comparable(b)) return;
    changed.push(`${a.suite}/${a.name}`);
    if (a.kind === "canon" && b.kind === "canon") {
      // The nfc expectation is the reference's output with every string normalized, re-sorted: what
      // the nfc profile's reference (src/jcs/profile.ts) makes of it.
      assert.equal(text(b.expected), text(canonicalizeFor("nfc", a.expected)), a.name);
      assert.notEqual(b.sha256, a.sha256);
    }
  });
  assert.deepEqual(changed.sort(), [
    "invariants/representational-unicode-nfc-nfd",
    "jcs/name-not-normalized",
    "jcs/not-normalized-a-ring",
    "jcs/rfc-sorting-example",
    "jcs/rfc-testdata-weird",
  ]);
});
