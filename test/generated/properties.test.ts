// The generated suite against the reference (every property passes), against known-bads (each
// property fails the one it is meant for, shrunk to a smaller input), and its determinism.
import assert from "node:assert/strict";
import { test } from "node:test";
import { runCases } from "../../src/checks/index.js";
import { runProperty } from "../../src/checks/property.js";
import { generatedCases } from "../../src/corpus/generated/index.js";
import { mixSeed } from "../../src/corpus/generated/random.js";
import { generatedProperty, loadCorpus, PROPERTIES } from "../../src/corpus/index.js";
import { inProcessCanonicalizer, nfcReference, referenceCanonicalizer } from "../../src/jcs/canonicalizer.js";
import { knownBadCanonicalizer } from "../../src/known-bad/index.js";
import type { Answer, Canonicalizer, CorpusCase, Profile } from "../../src/types.js";

function context(write: Canonicalizer) {
  return { write, read: write };
}

async function judgeAll(cases: CorpusCase[], impl: Canonicalizer) {
  return runCases(cases, context(impl), { concurrency: 8 });
}

/** Runs 0..runs-1 of property `name` from run seed `seed`, as one case. */
function firstChunk(name: string, profile: Profile = "rfc8785", seed = 1, runs = 50) {
  const property = generatedProperty(name);
  return {
    suite: "generated" as const,
    name: `${name}/seed-${seed}/0000-${String(runs - 1).padStart(4, "0")}`,
    why: property.why,
    source: property.source,
    kind: "property" as const,
    property: name,
    profile,
    seed,
    fcSeed: mixSeed(seed, 0, 0),
    from: 0,
    to: runs - 1,
    total: runs,
  };
}

test("the reference passes every generated case at the default seed and runs, and a few other seeds", async () => {
  for (const seed of [1, 2, 0xffffffff]) {
    const corpus = await loadCorpus({ suites: ["generated"], profile: "rfc8785", numbers: 0, seed });
    assert.equal(corpus.cases.length, PROPERTIES.length * 5);
    const failures = (await judgeAll(corpus.cases, referenceCanonicalizer())).filter((r) => !r.pass);
    assert.deepEqual(failures, [], `seed ${seed}`);
  }
});

test("under profile nfc the reference after NFC passes every generated case", async () => {
  const corpus = await loadCorpus({ suites: ["generated"], profile: "nfc", numbers: 0 });
  const failures = (await judgeAll(corpus.cases, nfcReference("nfc reference"))).filter((r) => !r.pass);
  assert.deepEqual(failures, []);
});

// Each property, and a known-bad it exists to catch (a fault the other properties may not see).
const CATCHES: { property: string; bad: string; profile: Profile }[] = [
  { property: "canon-matches-reference", bad: "sorts_by_code_point", profile: "rfc8785" },
  { property: "canon-matches-reference", bad: "python_repr_numbers", profile: "rfc8785" },
  { property: "canon-matches-reference", bad: "escapes_non_ascii", profile: "rfc8785" },
  { property: "respellings-reconcile", bad: "no_canonicalization", profile: "rfc8785" },
  { property: "respellings-reconcile", bad: "no_unicode_nfc", profile: "nfc" },
  { property: "mutations-stay-visible", bad: "omits_null_members", profile: "rfc8785" },
  { property: "mutations-stay-visible", bad: "drops_string_values", profile: "rfc8785" },
  { property: "idempotent", bad: "escapes_twice", profile: "rfc8785" },
];

for (const { property: name, bad, profile } of CATCHES) {
  test(`${name} catches ${bad}, shrunk to a smaller input than the first failure`, async () => {
    const { write } = knownBadCanonicalizer(bad);
    const outcome = await runProperty(firstChunk(name, profile), context(write));
    assert.equal(outcome.pass, false);
    assert.ok(outcome.first && outcome.smallest);
    assert.ok(
      outcome.smallest.size < outcome.first.size,
      `shrunk ${outcome.smallest.size} bytes, first ${outcome.first.size}`,
    );
    assert.ok(outcome.numShrinks > 0);
    // The case shows the smallest input, the right answer and the wrong one, and how to replay it.
    assert.ok(outcome.expected.startsWith(`for ${outcome.smallest.input}: `), outcome.expected);
    assert.ok(outcome.got.startsWith(outcome.smallest.got), outcome.got);
    assert.match(outcome.got, /replay: --seed 1 --generated-runs 50 \(fast-check seed -?\d+, path [\d:]+\)/);
  });
}

test("a fixed seed gives the same case names and the same verdicts, word for word, twice", async () => {
  const load = () => loadCorpus({ suites: ["generated"], profile: "rfc8785", numbers: 0, seed: 7 });
  const [a, b] = [await load(), await load()];
  assert.deepEqual(
    a.cases.map((c) => c.name),
    b.cases.map((c) => c.name),
  );
  assert.ok(
    a.cases.every((c) => /^[a-z-]+\/seed-7\/\d{4}-\d{4}$/.test(c.name)),
    a.cases[0]!.name,
  );
  const judge = async (cases: CorpusCase[]) =>
    judgeAll(cases, knownBadCanonicalizer("keeps_minus_zero").write);
  const [ra, rb] = [await judge(a.cases), await judge(b.cases)];
  assert.ok(
    ra.some((r) => !r.pass),
    "the known-bad fails some case, so failures are compared too",
  );
  assert.deepEqual(ra, rb);
});

test("another seed draws other inputs", async () => {
  const seen = async (seed: number) => {
    const inputs: string[] = [];
    const recording: Canonicalizer = {
      label: "recording",
      async canonicalize(input): Promise<Answer> {
        inputs.push(Buffer.from(input).toString("hex"));
        return referenceCanonicalizer().canonicalize(input);
      },
      async close() {},
    };
    const cases = generatedCases({ seed, runs: 10, profile: "rfc8785" });
    await runCases(cases, context(recording), { concurrency: 1 });
    return inputs;
  };
  const [one, again, two] = [await seen(1), await seen(1), await seen(2)];
  assert.deepEqual(one, again);
  assert.notDeepEqual(one, two);
  assert.equal(one.length, 10 * (1 + 2 + 2 + 2));
});

test("the default suite stays within its request budget: 1,750 requests when every run passes", async () => {
  let requests = 0;
  const reference = referenceCanonicalizer();
  const counting: Canonicalizer = {
    label: "counting",
    canonicalize(input) {
      requests++;
      return reference.canonicalize(input);
    },
    async close() {},
  };
  const corpus = await loadCorpus({ suites: ["generated"], profile: "rfc8785", numbers: 0 });
  await judgeAll(corpus.cases, counting);
  assert.equal(requests, 1750);
});

test("an implementation that stops answering is not shrunk against: one failed answer ends the case", async () => {
  let requests = 0;
  const silent: Canonicalizer = {
    label: "silent",
    async canonicalize(): Promise<Answer> {
      requests++;
      return { status: "failed", reason: "timed out after 10 ms" };
    },
    async close() {},
  };
  const outcome = await runProperty(firstChunk("canon-matches-reference"), context(silent));
  assert.equal(outcome.pass, false);
  assert.match(outcome.got, /failed: timed out after 10 ms/);
  assert.equal(requests, 1);
});

test("shrinking a failure that shows on every input stays within the shrink budget", async () => {
  let requests = 0;
  const wrong = inProcessCanonicalizer("always wrong", () => {
    requests++;
    return new TextEncoder().encode("wrong");
  });
  const outcome = await runProperty(firstChunk("respellings-reconcile"), context(wrong));
  // Every output is "wrong" for a and b alike, so they always agree: this property passes...
  assert.equal(outcome.pass, true);
  const exact = await runProperty(firstChunk("canon-matches-reference"), context(wrong));
  // ...and this one fails on the first draw, then shrinks (one request per step) within the budget.
  assert.equal(exact.pass, false);
  assert.ok(requests <= 100 + 1 + 400, `${requests} requests`);
});
