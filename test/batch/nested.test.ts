// What once mode's batches show beyond what they confirm (src/batch/nested.ts): the slices of wrong
// answers stand in for generated draws only once probes asked alone agreed with them; a shrink's
// candidates are asked many to a process; the run says how many slices there were, and why they were
// not used when they were not.
import assert from "node:assert/strict";
import { test } from "node:test";
import { prepareBatches } from "../../src/batch/index.js";
import { nestedAnswersOf, spread } from "../../src/batch/nested.js";
import { loadCorpus } from "../../src/corpus/index.js";
import { canonicalize } from "../../src/jcs/index.js";
import type { Answer, Canonicalizer, CorpusCase } from "../../src/types.js";

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);

/** The reference with every number of 16 or more significant digits written with `digits(input)`
 * significant digits instead: wrong the same way at every depth when `digits` is a constant. */
function roundsNumbers(digits: (input: Uint8Array) => number): Canonicalizer & { asked: number } {
  const impl = {
    label: "rounds numbers",
    asked: 0,
    async canonicalize(input: Uint8Array): Promise<Answer> {
      impl.asked++;
      let output: string;
      try {
        output = dec(canonicalize(input));
      } catch (error) {
        return { status: "rejected", reason: String(error) };
      }
      const d = digits(input);
      const rounded = output.replace(/-?\d\.?\d{15,}(e[+-]\d+)?/g, (n) =>
        String(Number(Number(n).toPrecision(d))),
      );
      return { status: "canonical", output: enc(rounded) };
    },
    close: async () => {},
  };
  return impl;
}

let generated: CorpusCase[] | undefined;
async function generatedCases(): Promise<CorpusCase[]> {
  generated ??= (await loadCorpus({ suites: ["generated"], profile: "rfc8785", numbers: 0, seed: 1 })).cases;
  return generated;
}

/** A generated input the implementation answers wrongly: a draw with a long number. */
const LONG = '{"a":[0.30000000000000004,{"b":1}]}';

test("slices that agree with answers alone stand in for them, after a few probes", async () => {
  const impl = roundsNumbers(() => 15);
  const { report, nested } = await prepareBatches(impl, await generatedCases(), {
    profile: "rfc8785",
    readIsWrite: true,
  });
  assert.equal(report.off, undefined);
  assert.ok((report.sliced ?? 0) > 100, JSON.stringify(report));
  assert.equal(report.slicesOff, undefined);
  // `show` asks inputs no batch carried, many to one process, and then answers them.
  const inputs = [LONG, '[1.2345678901234567,"x"]', '{"z":0.1,"y":[0.12345678901234568]}'].map(enc);
  const asked = impl.asked;
  assert.equal(await nested.show(inputs, false), true);
  assert.ok(impl.asked - asked <= 1, `${impl.asked - asked} processes for ${inputs.length} inputs`);
  // What it shows is what the implementation answers alone (two of them are wrong, one right).
  for (const input of inputs) {
    const alone = (await impl.canonicalize(input)) as { output: Uint8Array };
    assert.equal(dec((await nested.answer(input))!), dec(alone.output));
  }
  assert.notEqual(dec((await nested.answer(inputs[0]!))!), dec(canonicalize(inputs[0]!)));
});

test("slices that differ from answers alone are not used: the run says why, and confirmed answers stay", async () => {
  // Wrong alone and wrong in a batch, but not the same way (a batch is a large input here).
  const impl = roundsNumbers((input) => (input.length > 4000 ? 14 : 15));
  const { report, nested } = await prepareBatches(impl, await generatedCases(), {
    profile: "rfc8785",
    readIsWrite: true,
  });
  assert.equal(report.off, undefined, "the sentinels hold: they are right values");
  assert.ok((report.sliced ?? 0) > 100);
  assert.match(report.slicesOff ?? "", /^a wrong input was answered .* alone, and .* in a batch$/);
  assert.ok(report.confirmed > 0);
  assert.equal(await nested.show([enc(LONG)], false), false, "a wrong answer shows nothing here");
  assert.equal(await nested.answer(enc(LONG)), undefined);
  assert.equal(dec((await nested.answer(enc('{"b":1}'))) ?? enc("not shown")), "not shown");
});

test("the probes are spread over the slices, from the first to the last", () => {
  assert.deepEqual(spread([1, 2, 3], 4), [1, 2, 3]);
  assert.deepEqual(spread([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 4), [0, 3, 6, 9]);
});

test("the slices kept are bounded in bytes: past the bound a slice is not kept, and its draw is asked alone", async () => {
  const key = (s: string) => Buffer.from(s).toString("latin1");
  const slices = new Map([
    [key("[1]"), enc("[1.0]")],
    [key("[2]"), enc("[2.0]")],
    [key("[3]"), enc("[3.0]")],
  ]);
  const sliced = [...slices.keys()].map((k) => ({ key: k, input: enc(k), expected: enc(k) }));
  const first = Promise.resolve({ shown: { confirmed: new Map(), slices, sliced }, trusted: true });
  const impl = roundsNumbers(() => 15);
  const nested = nestedAnswersOf(first, impl, "rfc8785", 10);
  assert.equal(dec((await nested.answer(enc("[1]")))!), "[1.0]");
  assert.equal(dec((await nested.answer(enc("[2]")))!), "[2.0]");
  assert.equal(await nested.answer(enc("[3]")), undefined, "10 bytes hold two slices of 5");
});
