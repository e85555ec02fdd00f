// The generated suite with once mode's batches as evidence (src/checks/property.ts judgeDraw,
// src/batch/nested.ts): what a report shows is always an answer alone. When a batch's evidence and
// the answer alone disagree (a command that writes a value otherwise at the top level than inside an
// array, which the probes exist to catch), the shrunk counterexample is still one confirmed alone:
// shrinking walks back from the last step taken on a batch's word to the last one that fails alone.
import assert from "node:assert/strict";
import { test } from "node:test";
import { runProperty } from "../../src/checks/property.js";
import { mixSeed } from "../../src/corpus/generated/random.js";
import { generatedProperty } from "../../src/corpus/index.js";
import { referenceCanonicalizer } from "../../src/jcs/canonicalizer.js";
import { knownBadCanonicalizer } from "../../src/known-bad/index.js";
import { readGeneratedGot } from "../../src/text-forms/index.js";
import type { Canonicalizer, NestedAnswers } from "../../src/types.js";

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

function chunk(name: string, seed: number) {
  const property = generatedProperty(name);
  return {
    suite: "generated" as const,
    name: `${name}/seed-${seed}/0000-0049`,
    why: property.why,
    source: property.source,
    kind: "property" as const,
    property: name,
    profile: "rfc8785" as const,
    seed,
    fcSeed: mixSeed(seed, 0, 0),
    from: 0,
    to: 49,
    total: 50,
  };
}

test("a shrink step a batch took that fails for nothing alone is walked back: the counterexample fails alone", async () => {
  const fifteen = knownBadCanonicalizer("fifteen_digit_numbers").write;
  const reference = referenceCanonicalizer();
  // Alone, the number defect shows only for an input that starts with whitespace...
  const write: Canonicalizer = {
    label: "fifteen digits after leading whitespace",
    canonicalize: (input) =>
      WHITESPACE.has(input[0] ?? 0) ? fifteen.canonicalize(input) : reference.canonicalize(input),
    close: async () => {},
  };
  // ...while the batches claim it for every input.
  const nested: NestedAnswers = {
    async answer(input) {
      const a = await fifteen.canonicalize(input);
      return a.status === "canonical" ? a.output : undefined;
    },
    show: async () => true,
  };
  let walkedBack = 0;
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    const outcome = await runProperty(chunk("canon-matches-reference", seed), { write, read: write, nested });
    if (outcome.pass) continue;
    const { first, smallest } = outcome;
    assert.ok(first && smallest);
    // The counterexample starts with whitespace: alone, nothing else fails.
    assert.match(smallest.input, /^x = [ \t\n\r]/, `seed ${seed}: ${smallest.input}`);
    // Its answer is its own: what the command answers it alone.
    if (outcome.numShrinks === 0) assert.equal(smallest, first);
    else assert.ok(smallest.size < first.size, `seed ${seed}: shrunk ${outcome.numShrinks} times`);
    if (outcome.numShrinks > 0) walkedBack++;
  }
  assert.ok(walkedBack > 0, "some case shrank");
});

test("once a case has failed, a draw no batch answered is not asked: the verdict and what it shows are the same, the draws not asked counted", async () => {
  // Issue 36: a refusal defect refuses every batch that holds one refused value, so the batches
  // answer few draws, and each draw they leave was asked alone only to count a repeat.
  const bad = knownBadCanonicalizer("refuses_nul_names").write;
  let asked = 0;
  const write: Canonicalizer = {
    label: bad.label,
    canonicalize: (input) => {
      asked++;
      return bad.canonicalize(input);
    },
    close: async () => {},
  };
  // Batches that answered only some of the inputs the command does not refuse (those of an even
  // length), the same each time an input is looked up.
  const nested: NestedAnswers = {
    async answer(input) {
      const a = await bad.canonicalize(input);
      return a.status === "canonical" && input.length % 2 === 0 ? a.output : undefined;
    },
    show: async () => false,
  };
  const c = chunk("canon-matches-reference", 1);
  const alone = await runProperty(c, { write, read: write });
  const askedAlone = asked;
  asked = 0;
  const batched = await runProperty(c, { write, read: write, nested });
  assert.equal(batched.pass, false);
  const [a, b] = [readGeneratedGot(alone.got)!, readGeneratedGot(batched.got)!];
  // The same draw named, shrunk the same way, with the same answer; only the counts differ.
  assert.deepEqual([b.answer, b.draw, b.shrinks], [a.answer, a.draw, a.shrinks]);
  assert.equal(batched.expected, alone.expected);
  assert.equal(a.unasked, 0);
  assert.ok(b.unasked > 0, batched.got);
  assert.ok(b.repeats <= a.repeats && a.repeats <= b.repeats + b.unasked, `${alone.got}\n${batched.got}`);
  assert.match(
    batched.got,
    /; \d+ more draws? not asked \(once the case had failed, only draws a batch answered were judged\)/,
  );
  // Each draw not asked is a request not made.
  assert.ok(asked <= askedAlone - b.unasked, `${asked} requests through batches, ${askedAlone} alone`);
});
