// The generated suite against the reference (every property passes), against known-bads (each
// property fails the one it is meant for, shrunk to a smaller input), and its determinism.
import assert from "node:assert/strict";
import { test } from "node:test";
import { generatedInstances, instanceCauseKey } from "../../src/causes/cause.js";
import { runCases } from "../../src/checks/index.js";
import { runProperty } from "../../src/checks/property.js";
import { generatedCases } from "../../src/corpus/generated/index.js";
import { mixSeed } from "../../src/corpus/generated/random.js";
import { generatedProperty, loadCorpus, PROPERTIES } from "../../src/corpus/index.js";
import { inProcessCanonicalizer, nfcReference, referenceCanonicalizer } from "../../src/jcs/canonicalizer.js";
import { knownBad, knownBadCanonicalizer } from "../../src/known-bad/index.js";
import {
  I1_STEPS,
  readCutBytes,
  readCutText,
  readGeneratedGot,
  readInstanceExpectation,
  readInstanceInput,
  readStepText,
  writeReplay,
} from "../../src/text-forms/index.js";
import type { Answer, Canonicalizer, CorpusCase, Profile } from "../../src/types.js";
import { groupFailures } from "../../src/view/causes.js";

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

// At other seeds too: test/generated/seeds.slow.test.ts.
test("the reference passes every generated case at the default seed and runs", async () => {
  const seed = 1;
  const corpus = await loadCorpus({ suites: ["generated"], profile: "rfc8785", numbers: 0, seed });
  assert.equal(corpus.cases.length, PROPERTIES.length * 5);
  const failures = (await judgeAll(corpus.cases, referenceCanonicalizer())).filter((r) => !r.pass);
  assert.deepEqual(failures, [], `seed ${seed}`);
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
    const c = firstChunk(name, profile);
    const outcome = await runProperty(c, context(write));
    assert.equal(outcome.pass, false);
    assert.ok(outcome.first && outcome.smallest);
    assert.ok(
      outcome.smallest.size < outcome.first.size,
      `shrunk ${outcome.smallest.size} bytes, first ${outcome.first.size}`,
    );
    assert.ok(outcome.numShrinks > 0);
    // The case shows the smallest input, the right answer and the wrong one, and how to replay it.
    assert.equal(readInstanceExpectation(outcome.expected)?.input, outcome.smallest.input, outcome.expected);
    assert.equal(readGeneratedGot(outcome.got)?.answer, outcome.smallest.got, outcome.got);
    const replay = writeReplay({ seed: 1, runs: 50, fcSeed: c.fcSeed | 0, path: null });
    assert.ok(outcome.got.includes(`; ${replay.slice(0, -1)}, path `), outcome.got);
  });
}

test("a fixed seed gives the same case names and the same verdicts, word for word, twice", async () => {
  // Fewer runs than a default run's: determinism does not need many.
  const load = () =>
    loadCorpus({ suites: ["generated"], profile: "rfc8785", numbers: 0, seed: 7, generatedRuns: 50 });
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
  // ...and this one fails on the first draw, shrinks (one request per step) within the budget, then
  // draws on. "wrong" for each input is a short edit of its own, so the next failures count as
  // further causes, each shrunk within its own budget, until the case has found as many as it reports.
  assert.equal(exact.pass, false);
  assert.equal(exact.others.length, 2);
  assert.ok(exact.repeats + exact.others.length <= 49);
  assert.ok(requests <= 100 + 50 + 3 * 400, `${requests} requests`);
});

/** An implementation with two faults: it refuses member names that start with U+0000 (which the
 * generator draws often) and writes non-ASCII characters as \uXXXX escapes. */
function twoFaults(): Canonicalizer {
  const nul = knownBad("refuses_nul_names").write;
  const escapes = knownBad("escapes_non_ascii").write;
  return inProcessCanonicalizer("two faults", (input) => {
    nul(input);
    return escapes(input);
  });
}

test("a case goes on drawing past its first failure: a second cause is shrunk and reported too", async () => {
  const outcome = await runProperty(firstChunk("canon-matches-reference"), context(twoFaults()));
  assert.equal(outcome.pass, false, "a case that found a failure fails");
  assert.equal(outcome.others.length, 1, outcome.got);
  const causes = [outcome.smallest!.got, outcome.others[0]!.smallest.got];
  assert.ok(
    causes.some((got) => /reject: member names may not start with NUL/.test(got)),
    outcome.got,
  );
  assert.ok(
    causes.some((got) => /\\u[0-9a-f]{4}/.test(got)),
    outcome.got,
  );
  // Each counterexample is shrunk within its own cause, and small.
  for (const found of [outcome.smallest!, outcome.others[0]!.smallest]) {
    assert.ok(found.size <= 40, `${found.input}: ${found.size} bytes`);
  }
  assert.ok(outcome.repeats > 0, "later failures of a cause already found are counted");
  // The case's got names the further cause as its form's reader reads it.
  const got = readGeneratedGot(outcome.got);
  assert.equal(got?.repeats, outcome.repeats, outcome.got);
  const [further] = got?.also ?? [];
  assert.ok(further?.path, outcome.got);
  assert.equal(readInstanceInput(further.input)?.x !== undefined, true, outcome.got);
  assert.equal(readStepText(further.got)?.step, I1_STEPS.first, outcome.got);
  assert.equal(further.got, outcome.others[0]!.smallest.got);
  // A report reads both causes back from the case's texts, and lists each.
  const results = await judgeAll(
    generatedCases({ seed: 1, runs: 250, profile: "rfc8785" }).filter((c) =>
      c.name.startsWith("canon-matches-reference/"),
    ),
    twoFaults(),
  );
  const groups = groupFailures(results);
  assert.equal(groups.length, 2, JSON.stringify(groups));
  assert.ok(groups.some((g) => g.cause === "refusal:member names may not start with NUL"));
  assert.ok(groups.some((g) => /non-ASCII characters as \\uXXXX/.test(g.title)));
});

test("a narrow defect on every draw fills a case only once: the repeats are counted, the verdict stays", async () => {
  const { write } = knownBadCanonicalizer("refuses_nul_names");
  const outcome = await runProperty(firstChunk("canon-matches-reference"), context(write));
  assert.equal(outcome.pass, false);
  assert.deepEqual(outcome.others, []);
  assert.ok(outcome.repeats > 0);
  assert.match(outcome.got, /^canon\(x\) → reject: member names may not start with NUL; draw \d+ /);
});

test("across a property's cases a shrunk counterexample counts once: later cases draw on, not shrinking it again", async () => {
  // refuses_nul_names fails a draw of nearly every case (the generator draws U+0000 names often).
  const cases = generatedCases({ seed: 1, runs: 250, profile: "rfc8785" }).filter((c) =>
    c.name.startsWith("canon-matches-reference/"),
  );
  assert.equal(cases.length, 5);
  const results = await judgeAll(cases, knownBadCanonicalizer("refuses_nul_names").write);
  assert.ok(
    results.every((r) => !r.pass),
    "a case whose draws failed still fails",
  );
  const gots = results.map((r) => readGeneratedGot(r.got)!);
  // The first case shrinks the counterexample; a later one names a failing draw of its own as drawn,
  // or shrunk only until a report reads its cause from the texts it shows: cut only where that cause
  // reads the same (a refusal's reason does, whatever the input's length).
  assert.ok(gots[0]!.shrinks > 0, results[0]!.got);
  const shownCause = (r: (typeof results)[number]) =>
    instanceCauseKey(generatedInstances({ expected: r.expected, got: r.got, kind: "property" })![0]!);
  assert.equal(shownCause(results[0]!), "refusal:member names may not start with NUL");
  for (const [k, got] of gots.slice(1).entries()) {
    const r = results[k + 1]!;
    assert.equal(shownCause(r), shownCause(results[0]!), r.got);
    assert.match(got.answer, /reject: member names may not start with NUL/);
  }
  // Some are cut: shrinking them only to be shown whole cost a process for each candidate tried.
  assert.ok(
    results.slice(1).some((r) => (readCutText(r.input!) ?? readCutBytes(r.input!)) !== undefined),
    "some later case names a cut draw as drawn",
  );
  assert.ok(
    gots.slice(1).some((got) => got.shrinks === 0),
    "some later case names its draw as drawn",
  );
  // Whatever order the cases end in, the texts are the same: one at a time, as eight at once.
  const oneByOne = await runCases(cases, context(knownBadCanonicalizer("refuses_nul_names").write), {
    concurrency: 1,
  });
  assert.deepEqual(
    oneByOne.map((r) => r.got),
    results.map((r) => r.got),
  );
  // One cause in a report.
  assert.equal(groupFailures(results).length, 1, JSON.stringify(groupFailures(results)));
});

test("a cause one property's case shrank is found for the properties after it: their draws of it are named as drawn, not shrunk again", async () => {
  const cases = generatedCases({ seed: 1, runs: 250, profile: "rfc8785" }).filter((c) =>
    /^(canon-matches-reference|respellings-reconcile)\/seed-1\/0000-0049$/.test(c.name),
  );
  assert.deepEqual(
    cases.map((c) => c.name),
    ["canon-matches-reference/seed-1/0000-0049", "respellings-reconcile/seed-1/0000-0049"],
  );
  const results = await judgeAll(cases, knownBadCanonicalizer("refuses_nul_names").write);
  const [canon, respellings] = results.map((r) => readGeneratedGot(r.got)!);
  assert.ok(canon!.shrinks > 0, results[0]!.got);
  // The same refusal: shrunk once, by the first property; the second names its own draw as drawn.
  assert.equal(respellings!.shrinks, 0, results[1]!.got);
  assert.match(respellings!.answer, /reject: member names may not start with NUL/);
  // Judged one at a time, the texts are the same.
  const oneByOne = await runCases(cases, context(knownBadCanonicalizer("refuses_nul_names").write), {
    concurrency: 1,
  });
  assert.deepEqual(
    oneByOne.map((r) => r.got),
    results.map((r) => r.got),
  );
});
