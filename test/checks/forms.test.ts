// The registry's text forms hold: what each kind's check writes as `got` reads back, with
// src/text-forms, as the form its row names, whatever the implementation answers.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { checkFor, gotFormOf, runCases } from "../../src/checks/index.js";
import { generatedCases } from "../../src/corpus/generated/index.js";
import { knownBadCanonicalizer } from "../../src/known-bad/index.js";
import {
  I1_STEPS,
  I4_STEPS,
  readAnswerText,
  readGeneratedGot,
  readPairExpectation,
  readPairInputs,
  readPairText,
  readStepText,
  readTwiceExpectation,
} from "../../src/text-forms/index.js";
import type { Answer, Canonicalizer, CaseKind, CorpusCase } from "../../src/types.js";
import {
  bytes,
  canonCase,
  canonOrRejectCase,
  context,
  idempotentCase,
  pairCase,
  rejectCase,
  roundtripCase,
} from "./fakes.js";

/** Answers of every status, with texts that may look like anything, a pair's words included; only an
 * output that starts like a refusal is left out (the answer form cannot tell it from one). */
const answer: fc.Arbitrary<Answer> = fc.oneof(
  fc
    .oneof(fc.string(), fc.constantFrom("a: 1 | b: 2", "both: 1", "x | b: y"))
    .filter((text) => !/^(reject|failed): /.test(text))
    .map((text) => ({ status: "canonical" as const, output: bytes(text) })),
  fc.string().map((reason) => ({ status: "rejected" as const, reason })),
  fc.string().map((reason) => ({ status: "failed" as const, reason })),
);

/** An implementation that gives these answers in turn. */
function giving(answers: Answer[]): Canonicalizer {
  let next = 0;
  return { label: "fake", canonicalize: async () => answers[next++ % answers.length]!, async close() {} };
}

const STORED: [CaseKind, CorpusCase][] = [
  ["canon", canonCase("[1]", "[1]")],
  ["reject", rejectCase("[")],
  ["canon-or-reject", canonOrRejectCase("[1]", "[1]")],
  ["equal", pairCase("equal", "[1]", "[1.0]")],
  ["differ", pairCase("differ", "[1]", "[2]")],
  ["idempotent", idempotentCase("[1]")],
  ["roundtrip", roundtripCase("[1]")],
];

for (const [kind, c] of STORED) {
  test(`a ${kind} case's got reads back as the ${gotFormOf(kind)} form`, async () => {
    await fc.assert(
      fc.asyncProperty(answer, answer, async (x, y) => {
        const r = await checkFor(kind)(c, context(giving([x, y])));
        const form = gotFormOf(kind);
        if (form === "answer") assert.equal(readAnswerText(r.got).status, x.status, r.got);
        else if (form === "pair") {
          const pair = readPairText(r.got);
          // The answers' texts may hold the separator; the form then reads as no pair, never a wrong one.
          if (pair && "a" in pair) {
            assert.equal(readAnswerText(pair.a).status, x.status);
          } else if (pair) assert.equal(x.status, "canonical");
          else assert.ok(r.got.split(" | b: ").length > 2, r.got);
          // Its expectation names the rule and the inputs, which read back as the case's own.
          assert.equal(readPairExpectation(r.expected)?.equal, kind === "equal", r.expected);
          if (!r.pass) assert.ok(readPairInputs(r.input ?? ""), r.input);
        } else {
          // A form of its own: it reads as no refusal, no failure and no pair.
          assert.equal(readAnswerText(r.got).status, "canonical", r.got);
          assert.equal(readPairText(r.got), undefined, r.got);
          // I1's and I4's: each text led by the step that gave it, the expectation read back.
          const steps = kind === "idempotent" ? I1_STEPS : I4_STEPS;
          assert.equal(readTwiceExpectation(r.expected)?.steps, steps, r.expected);
          const step = readStepText(r.got)?.step;
          assert.ok(step === steps.first || step === steps.second, r.got);
        }
      }),
      { numRuns: 300, seed: 8 },
    );
  });
}

test("a failing property case's got starts with its failing instance's own form", async () => {
  assert.equal(gotFormOf("property"), "instance");
  const cases = generatedCases({ seed: 1, runs: 50, profile: "rfc8785" });
  const results = await runCases(cases, context(knownBadCanonicalizer("no_canonicalization").write), {
    concurrency: 4,
  });
  const got = (property: string) => results.find((r) => r.name.startsWith(`${property}/`))!.got;
  // canon instance: the step form, then how it was found; equal instance: the pair form, then the same.
  const canon = readGeneratedGot(got("canon-matches-reference"));
  assert.equal(readStepText(canon?.answer ?? "")?.step, I1_STEPS.first, got("canon-matches-reference"));
  const pair = readPairText(readGeneratedGot(got("respellings-reconcile"))?.answer ?? "");
  assert.ok(pair && "a" in pair, got("respellings-reconcile"));
});
