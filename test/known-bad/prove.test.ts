// The self-test's claims against the real corpus in vectors/: the reference passes everything, each
// known-bad is caught by every check it declares, every check is shown able to fail. And the prover
// itself is proven: a claim that does not hold is reported, not waved through. One whole proof is made
// (every known-bad over the whole corpus, test/helpers/proof.ts) and every test reads it, the CLI's
// self-test command too.
import assert from "node:assert/strict";
import { before, test } from "node:test";
import { CHECK_IDS } from "../../src/checks/index.js";
import { runFromArgv } from "../../src/commands/command.js";
import { selfTestWith } from "../../src/commands/self-test.js";
import { canonicalize } from "../../src/jcs/index.js";
import { KNOWN_BADS, type KnownBad } from "../../src/known-bad/index.js";
import { formatProof, problemsOf } from "../../src/known-bad/proof-report.js";
import { type Proof, type ProveOptions, prove } from "../../src/known-bad/prove.js";
import { withIo } from "../helpers/cli.js";
import { sharedProof } from "../helpers/proof.js";

let proof: Proof;
before(async () => {
  proof = await sharedProof();
});

test("the reference passes every case of the corpus, and the nfc reference every case nfc changes", () => {
  const [main, other] = proof.references;
  assert.equal(main!.profile, "rfc8785");
  assert.ok(main!.cases >= 300, `${main!.cases} cases`);
  assert.deepEqual(main!.failures, []);
  assert.equal(other!.profile, "nfc");
  assert.ok(
    other!.cases >= 2,
    "the nfc profile changes at least the NFC/NFD pair and the RFC's unicode case",
  );
  assert.deepEqual(other!.failures, []);
});

for (const bad of KNOWN_BADS) {
  test(`${bad.name} is caught by every check it declares (${bad.caughtBy.join(", ")})`, () => {
    const run = proof.runs.find((r) => r.bad.name === bad.name)!;
    for (const id of bad.caughtBy) assert.ok(run.failed[id] > 0, `${id} caught nothing`);
    assert.deepEqual(run.missed, []);
  });
}

test("seed 000's gap is closed: too_aggressive and drops_string_values are caught by I3 itself", () => {
  for (const name of ["too_aggressive", "drops_string_values"]) {
    const run = proof.runs.find((r) => r.bad.name === name)!;
    assert.ok(run.failed.I3 > 0, name);
    assert.equal(run.firstFailure.I3?.kind, "differ");
  }
});

test("every check is shown able to fail, and the whole proof holds", () => {
  assert.deepEqual(proof.kindsNeverFailed, []);
  assert.deepEqual(proof.kindsWithoutCases, []);
  for (const id of CHECK_IDS)
    assert.ok(
      proof.runs.some((r) => r.failed[id] > 0),
      id,
    );
  assert.equal(proof.complete, true);
  assert.equal(proof.ok, true);
  assert.deepEqual(problemsOf(proof), []);
});

test("the printout has a row per known-bad, marks declared checks, and says it passed", () => {
  const text = formatProof(proof);
  for (const bad of KNOWN_BADS) {
    assert.match(text, new RegExp(`^${bad.name}( \\(nfc\\))?( \\(legitimate\\))? +\\d`, "m"));
  }
  assert.match(text, /^rejects_top_level_scalars \(legitimate\)( +0 ){10}/m);
  assert.match(text, /^too_aggressive +\d+\* +\d+ +\d+ +\d+ +\d+ +\d+ +\d+\* /m);
  assert.match(text, /^ {2}I3 +\d+ cases/m);
  assert.match(text, /SELF-TEST PASSED/);
  assert.doesNotMatch(text, /!!/);
});

test("self-test, the CLI command, proves with its options and prints the table and its verdict, exit 0", async () => {
  let asked: ProveOptions | undefined;
  const selfTest = selfTestWith(async (options) => {
    asked = options;
    return proof;
  });
  const r = await withIo((io) => runFromArgv("self-test", selfTest, ["--numbers", "1000"], io));
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.deepEqual(asked, { profile: "rfc8785", numbers: 1000 });
  assert.match(r.stdout, /reference \(profile rfc8785\): \d+ cases, all pass/);
  assert.match(
    r.stdout,
    /^known-bad +canon +reject +canon-or-reject +consistent-choice +I1 +I2 +I3 +I4 +numbers +property/m,
  );
  assert.match(r.stdout, /SELF-TEST PASSED/);
  assert.match(r.stdout, /\(1000 generated numbers per run, known-bads in-process, [\d.]+ s\)\n$/);
});

test("self-test exits 1 when the proof does not hold", async () => {
  const selfTest = selfTestWith(async () => ({ ...proof, ok: false }));
  const r = await withIo((io) => runFromArgv("self-test", selfTest, [], io));
  assert.equal(r.status, 1);
});

test("a known-bad whose claim does not hold fails the proof, and is named", async () => {
  const overclaiming: KnownBad = {
    name: "overclaims",
    description: "the reference, claiming I3 catches it",
    caughtBy: ["I3"],
    write: (input) => canonicalize(input),
  };
  // The proofs below are about the prover, not the corpus: the smallest sweeps that show it keep them quick.
  const failing = await prove({ profile: "rfc8785", numbers: 100, generatedRuns: 1, bads: [overclaiming] });
  assert.equal(failing.ok, false);
  assert.deepEqual(failing.runs[0]!.missed, ["I3"]);
  assert.deepEqual(problemsOf(failing), [
    "overclaims is not caught by I3, which it declares (profile rfc8785)",
  ]);
  const text = formatProof(failing);
  assert.match(text, /^overclaims +0 +0 +0 +0 +0 +0 +0! /m);
  assert.match(text, /SELF-TEST FAILED \(1 problem\)/);
});

test("a full run in which some kind never fails is not a pass", async () => {
  // Only the numbers formatter: nothing but jcs/numbers-ish checks fail, so most kinds are never shown failing.
  const only = KNOWN_BADS.filter((b) => b.name === "keeps_minus_zero");
  const partial = await prove({ profile: "rfc8785", numbers: 100, generatedRuns: 5, bads: only });
  assert.equal(partial.complete, false, "an explicit list is a partial run");
  assert.equal(partial.ok, true, "its own claims hold");
  assert.ok(partial.kindsNeverFailed.includes("roundtrip"));
  assert.match(formatProof(partial), /a partial run: whether every check can fail was not judged/);
});

test("a legitimate choice that fails a case fails the proof, naming the case that blames it", async () => {
  const blamed: KnownBad = {
    name: "refuses_arrays",
    description: "claims refusing arrays is a choice the RFCs leave open",
    caughtBy: [],
    legitimate: true,
    write: (input) => {
      if (new TextDecoder().decode(input).trimStart().startsWith("[")) throw new Error("no arrays");
      return canonicalize(input);
    },
  };
  const proof = await prove({ profile: "rfc8785", numbers: 0, generatedRuns: 1, bads: [blamed] });
  assert.equal(proof.ok, false);
  assert.ok(proof.runs[0]!.blamed.length > 0);
  assert.match(problemsOf(proof)[0]!, /^refuses_arrays makes a choice the RFCs leave open, yet fails jcs\//);
});
