import assert from "node:assert/strict";
import { test } from "node:test";
import { createCanonicalizer } from "../../src/adapters/index.js";
import {
  type CompareReport,
  compareImplementations,
  corpusInputCount,
  corpusInputs,
  formatCompare,
} from "../../src/compare/index.js";
import { loadCorpus } from "../../src/corpus/index.js";
import { referenceCanonicalizer } from "../../src/jcs/canonicalizer.js";
import { knownBadCanonicalizer } from "../../src/known-bad/index.js";
import type { Canonicalizer, Progress } from "../../src/types.js";
import { SUITES } from "../../src/types.js";
import { implCommand } from "../helpers/cli.js";
import { bytes, referenceExcept, rewordedReference } from "./helpers.js";

const corpus = await loadCorpus({ suites: [...SUITES], profile: "rfc8785", numbers: 500 });
const corpusAll = () => [...corpusInputs(corpus.cases, { numbers: true })];
const codePoints = (shown: string) => [...shown].length;

test("the reference against itself: no disagreement over the whole corpus and generated values", async () => {
  const progress: Progress[] = [];
  const inputs = corpusAll();
  const report = await compareImplementations({
    a: referenceCanonicalizer(),
    b: rewordedReference(),
    inputs,
    generated: { seed: 42, runs: 300 },
    concurrency: 4,
    onProgress: (p) => progress.push(p),
  });
  assert.deepEqual(report.disagreements, []);
  assert.deepEqual(report.choices, []);
  assert.equal(report.seed, 42);
  assert.equal(report.generated, 300);
  const distinct = new Set(inputs.map((i) => Buffer.from(i.input).toString("latin1"))).size;
  assert.equal(report.corpus, distinct);
  assert.equal(report.compared, distinct + 300);
  // Progress: one call per input compared, ending at the total, nothing counted as failed.
  assert.equal(progress.length, report.compared);
  assert.equal(progress.at(-1)!.done, report.compared);
  assert.ok(progress.every((p) => p.failed === 0 && p.done <= p.total));
});

test("the Node example through the real command path agrees with the reference (choices aside)", async () => {
  const example = createCanonicalizer({
    command: "node examples/node/canon.mjs --lines",
    protocol: "lines",
    shell: false,
    cwd: process.cwd(),
    jobs: 2,
    timeoutMs: 30_000,
    maxOutputBytes: 16 * 1024 * 1024,
  });
  try {
    const report = await compareImplementations({
      a: referenceCanonicalizer(),
      b: example,
      inputs: corpusAll(),
      generated: { seed: 7, runs: 300 },
      concurrency: 4,
    });
    assert.deepEqual(report.disagreements, [], JSON.stringify(report.disagreements, null, 1));
    assert.equal(report.labels.b, "node examples/node/canon.mjs --lines");
    // The example refuses nesting past 1,000 levels where the reference accepts 10,000: the RFC
    // allows both, so those are listed as choices, each from a canon-or-reject case.
    assert.ok(report.choices.length > 0);
    for (const c of report.choices) {
      assert.match(c.name, /^canon-or-reject\//);
      assert.match(c.b, /^reject: /);
    }
  } finally {
    await example.close();
  }
});

test("a planted key-order bug among generated values is found and shrunk; the reference sides with a", async () => {
  const report = await compareImplementations({
    a: referenceCanonicalizer(),
    b: knownBadCanonicalizer("sorts_by_code_point").write,
    inputs: [],
    generated: { seed: 3, runs: 300 },
    concurrency: 4,
  });
  assert.equal(report.disagreements.length, 1);
  const d = report.disagreements[0]!;
  assert.match(d.name, /^generated #\d+ \(seed 3\)$/);
  assert.equal(d.kind, "output");
  assert.equal(d.agrees, "a");
  assert.equal(d.a, d.reference);
  assert.notEqual(d.a, d.b);
  assert.ok(d.original !== undefined && codePoints(d.original) > codePoints(d.input));
  // Two names, one past U+FFFF and one in U+E000..U+FFFF: {"X":0,"Y":0} is 13 code points.
  assert.ok(codePoints(d.input) <= 20, `shrunk to ${d.input}`);
  assert.ok(report.generatedDisagreeing >= 1);
});

test("the planted bug is found and shrunk small whatever the seed", async () => {
  for (const seed of [1, 2, 4, 5, 6]) {
    const report = await compareImplementations({
      a: referenceCanonicalizer(),
      b: knownBadCanonicalizer("sorts_by_code_point").write,
      inputs: [],
      generated: { seed, runs: 400 },
      concurrency: 2,
    });
    const d = report.disagreements[0];
    assert.ok(d, `seed ${seed}: no disagreement found`);
    assert.ok(codePoints(d.input) <= 20, `seed ${seed}: shrunk only to ${d.input}`);
  }
});

test("with the bad one as a, the reference sides with b; one report per kind of disagreement", async () => {
  const report = await compareImplementations({
    a: knownBadCanonicalizer("escapes_non_ascii").write,
    b: referenceCanonicalizer(),
    inputs: [],
    generated: { seed: 11, runs: 300 },
    concurrency: 4,
  });
  assert.equal(report.disagreements.length, 1);
  const d = report.disagreements[0]!;
  assert.equal(d.agrees, "b");
  assert.equal(d.b, d.reference);
  // One non-ASCII character in a string is all it takes: `"é"` is 3 code points; a name and a value 6.
  assert.ok(codePoints(d.input) <= 8, `shrunk to ${d.input}`);
  assert.match(d.a, /\\u[0-9a-f]{4}/);
});

test("accepting what must be refused is found among generated values, shrunk to the bad token", async () => {
  const report = await compareImplementations({
    a: referenceCanonicalizer(),
    b: knownBadCanonicalizer("accepts_leading_zeros").write,
    inputs: [],
    generated: { seed: 5, runs: 400 },
    concurrency: 4,
  });
  const d = report.disagreements.find((x) => x.kind === "accept-reject");
  assert.ok(d, JSON.stringify(report.disagreements));
  assert.equal(d.agrees, "a");
  assert.match(d.a, /^reject: /);
  assert.ok(codePoints(d.input) <= 4, `shrunk to ${d.input}`);
});

test("a corpus input that disagrees is shrunk by deleting members, keeping the rest byte for byte", async () => {
  const input =
    '{"list": [1, 2, 3, {"deep": [true, false, null]}], "\\ue000": 1, "name": "a long string value",' +
    ' "\\ud83d\\ude00": 2, "n": 1.5e3}';
  const report = await compareImplementations({
    a: referenceCanonicalizer(),
    b: knownBadCanonicalizer("sorts_by_code_point").write,
    inputs: [{ name: "planted/keys", input: bytes(input) }],
    generated: { seed: 1, runs: 0 },
    concurrency: 1,
  });
  assert.equal(report.disagreements.length, 1);
  const d = report.disagreements[0]!;
  assert.equal(d.name, "planted/keys");
  assert.equal(d.original, input);
  // The two names that disagree stay as written (escapes and all); everything else goes.
  assert.equal(d.input, '{"\\ue000": 1, "\\ud83d\\ude00": 2}');
  assert.equal(d.agrees, "a");
});

test("shrinking can be turned off, and stops at its budget", async () => {
  const input = `[${Array.from({ length: 50 }, (_, i) => i).join(",")},{"\\ue000":1,"\\ud83d\\ude00":2}]`;
  const whole = await compareImplementations({
    a: referenceCanonicalizer(),
    b: knownBadCanonicalizer("sorts_by_code_point").write,
    inputs: [{ name: "x", input: bytes(input) }],
    generated: { seed: 1, runs: 0 },
    concurrency: 1,
    shrinkBudget: 0,
  });
  assert.equal(whole.disagreements[0]!.input, input);
  assert.equal(whole.disagreements[0]!.original, undefined);

  const b = referenceExcept("counting", (text) =>
    text.includes("\\ue000") ? { status: "rejected", reason: "planted" } : undefined,
  );
  await compareImplementations({
    a: referenceCanonicalizer(),
    b,
    inputs: [{ name: "x", input: bytes(input) }],
    generated: { seed: 1, runs: 0 },
    concurrency: 1,
    shrinkBudget: 5,
  });
  assert.equal(b.calls, 1 + 5);
});

test("two rejections agree whatever their reasons; a failed answer agrees with nothing", async () => {
  const failing = referenceExcept("failing", (text) =>
    text === "[1]" || text === "[" ? { status: "failed", reason: "timed out after 10 s" } : undefined,
  );
  const alsoFailing = referenceExcept("also failing", (text) =>
    text === "[" ? { status: "failed", reason: "crashed" } : undefined,
  );
  const report = await compareImplementations({
    a: failing,
    b: alsoFailing,
    inputs: [
      { name: "rejected by both", input: bytes("[1,]") },
      { name: "a fails", input: bytes("[1]") },
      { name: "both fail", input: bytes("[") },
    ],
    generated: { seed: 1, runs: 0 },
    concurrency: 2,
  });
  assert.deepEqual(
    report.disagreements.map((d) => [d.name, d.kind, d.agrees, d.input]),
    [
      ["a fails", "failed", "b", "[1]"],
      ["both fail", "failed", "neither", "["],
    ],
  );
  assert.equal(report.disagreements[0]!.a, "failed: timed out after 10 s");
});

test("an adapter that throws counts as a failed answer, not a crashed run", async () => {
  const report = await compareImplementations({
    a: referenceCanonicalizer(),
    b: {
      label: "throws",
      async canonicalize() {
        throw new Error("socket closed");
      },
      async close() {},
    },
    inputs: [{ name: "x", input: bytes("1") }],
    generated: { seed: 1, runs: 0 },
    concurrency: 1,
  });
  assert.equal(report.disagreements[0]!.b, "failed: the adapter threw: socket closed");
});

test("where the RFC leaves a choice, two allowed answers are a choice; anything else a disagreement", async () => {
  const deep = "[".repeat(50) + "]".repeat(50);
  const refusesDeep = referenceExcept("refuses deep", (text) =>
    text.startsWith("[[[[") ? { status: "rejected", reason: "too deep" } : undefined,
  );
  const wrongDeep = referenceExcept("wrong deep", (text) =>
    text.startsWith("[[[[") ? { status: "canonical", output: bytes("[]") } : undefined,
  );
  const inputs = [{ name: "canon-or-reject/deep", input: bytes(deep), either: bytes(deep) }];
  const allowed = await compareImplementations({
    a: referenceCanonicalizer(),
    b: refusesDeep,
    inputs,
    generated: { seed: 1, runs: 0 },
    concurrency: 1,
  });
  assert.deepEqual(allowed.disagreements, []);
  assert.deepEqual(allowed.choices, [
    { name: "canon-or-reject/deep", input: deep, a: deep, b: "reject: too deep" },
  ]);

  const wrong = await compareImplementations({
    a: referenceCanonicalizer(),
    b: wrongDeep,
    inputs,
    generated: { seed: 1, runs: 0 },
    concurrency: 1,
  });
  assert.deepEqual(wrong.choices, []);
  assert.equal(wrong.disagreements.length, 1);
  assert.equal(wrong.disagreements[0]!.agrees, "a");
});

test("the same seed sends the same values and gives the same report; the seed is recorded", async () => {
  const run = (seed: number): Promise<CompareReport> =>
    compareImplementations({
      a: referenceCanonicalizer(),
      b: knownBadCanonicalizer("python_repr_numbers").write,
      inputs: [],
      generated: { seed, runs: 200 },
      concurrency: 3,
    });
  const strip = (r: CompareReport) => ({ ...r, elapsedMs: 0 });
  const first = await run(-123456);
  assert.equal(first.seed, -123456);
  assert.ok(first.disagreements.length > 0);
  assert.deepEqual(strip(await run(-123456)), strip(first));
});

test("corpus inputs: each pair case sends both inputs, canon-or-reject says what it allows", () => {
  const plain = [...corpusInputs(corpus.cases)];
  assert.equal(plain.length, corpusInputCount(corpus.cases));
  assert.ok(plain.every((i) => !i.name.startsWith("numbers/")));
  const pair = corpus.cases.find((c) => c.kind === "equal")!;
  const halves = plain.filter((i) => i.name.startsWith(`${pair.suite}/${pair.name} [input `));
  assert.equal(halves.length, 2);
  const choice = corpus.cases.find((c) => c.kind === "canon-or-reject")!;
  const entry = plain.find((i) => i.name === `${choice.suite}/${choice.name}`)!;
  assert.ok(entry.either && choice.kind === "canon-or-reject");
  assert.deepEqual(entry.either, choice.expected);

  const withNumbers = [...corpusInputs(corpus.cases, { numbers: true })];
  assert.equal(withNumbers.length, corpusInputCount(corpus.cases, { numbers: true }));
  assert.ok(withNumbers.some((i) => /^numbers\/.* block 1$/.test(i.name)));
});

test("bad options are refused with what was wrong", async () => {
  const base = {
    a: referenceCanonicalizer(),
    b: referenceCanonicalizer(),
    inputs: [],
    generated: { seed: 1, runs: 1 },
    concurrency: 1,
  };
  await assert.rejects(
    compareImplementations({ ...base, concurrency: 0 }),
    /concurrency must be an integer >= 1/,
  );
  await assert.rejects(compareImplementations({ ...base, shrinkBudget: 1.5 }), /shrink budget/);
});

test("any run seed draws values (0 to 2^32-1, src/options): its 32 bits are fast-check's seed", async () => {
  // What each implementation was asked, in order, and the report's seed.
  const asked = async (seed: number) => {
    const inputs: string[] = [];
    const recording = {
      label: "recording",
      canonicalize: (input: Uint8Array) => {
        inputs.push(new TextDecoder().decode(input));
        return referenceCanonicalizer().canonicalize(input);
      },
      close: async () => {},
    };
    const report = await compareImplementations({
      a: recording,
      b: referenceCanonicalizer(),
      inputs: [],
      generated: { seed, runs: 5 },
      concurrency: 1,
    });
    return { inputs, seed: report.seed };
  };
  const high = await asked(3_000_000_000);
  assert.equal(high.seed, 3_000_000_000, "the report names the run's seed");
  assert.equal(high.inputs.length, 5);
  assert.deepEqual(high.inputs, (await asked(3_000_000_000 | 0)).inputs);
  assert.notDeepEqual(high.inputs, (await asked(1)).inputs);
});

test("shrinking a generated value stays within its budget", async () => {
  const runs = 300;
  const budget = 3;
  const reference = referenceCanonicalizer();
  const bad = knownBadCanonicalizer("sorts_by_code_point").write;
  let calls = 0;
  const counted = {
    label: bad.label,
    canonicalize: (input: Uint8Array) => {
      calls++;
      return bad.canonicalize(input);
    },
    close: () => bad.close(),
  };
  const report = await compareImplementations({
    a: reference,
    b: counted,
    inputs: [],
    generated: { seed: 3, runs },
    concurrency: 2,
    shrinkBudget: budget,
  });
  assert.equal(report.disagreements.length, 1);
  // The main pass, the replay, fast-check's candidates, deleting and lifting, and one last ask.
  assert.ok(calls <= runs + 1 + budget + budget + 1, `${calls} calls`);
  const unlimited = await compareImplementations({
    a: reference,
    b: bad,
    inputs: [],
    generated: { seed: 3, runs },
    concurrency: 2,
  });
  assert.ok(codePoints(unlimited.disagreements[0]!.input) < codePoints(report.disagreements[0]!.input));
});

test("two commands through the real command path: a planted disagreement is found and shrunk", async () => {
  const command = (line: string) =>
    createCanonicalizer({
      command: line,
      protocol: "lines",
      shell: false,
      cwd: process.cwd(),
      jobs: 2,
      timeoutMs: 60_000,
      maxOutputBytes: 16 * 1024 * 1024,
    });
  const a = command("node examples/node/canon.mjs --lines");
  const b = command(implCommand("known-bad sorts_by_code_point --lines"));
  try {
    const jcs = corpus.cases.filter((c) => c.suite === "jcs");
    const report = await compareImplementations({
      a,
      b,
      inputs: [...corpusInputs(jcs)],
      generated: { seed: 3, runs: 300 },
      concurrency: 4,
    });
    assert.ok(report.disagreements.length >= 2, JSON.stringify(report.disagreements, null, 1));
    for (const d of report.disagreements) {
      assert.equal(d.agrees, "a", d.name);
      assert.equal(d.kind, "output", d.name);
    }
    const generated = report.disagreements.find((d) => d.name.startsWith("generated #"));
    assert.ok(generated && codePoints(generated.input) <= 20, generated?.input);
    const stored = report.disagreements.find((d) => d.name === "jcs/rfc-sorting-example");
    assert.ok(stored && stored.original !== undefined && codePoints(stored.input) <= 40, stored?.input);
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
});

test("one strips a byte-order mark, the other refuses it: open choices, listed apart, no disagreement", async () => {
  const reference = referenceCanonicalizer();
  const strips: Canonicalizer = {
    label: "strips-bom",
    canonicalize: (input) =>
      reference.canonicalize(
        input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf ? input.subarray(3) : input,
      ),
    async close() {},
  };
  const report = await compareImplementations({
    a: referenceCanonicalizer(),
    b: strips,
    inputs: corpusAll(),
    generated: { seed: 5, runs: 50 },
    concurrency: 4,
  });
  assert.deepEqual(report.disagreements, [], JSON.stringify(report.disagreements, null, 1));
  const names = report.choices.map((c) => c.name);
  assert.ok(names.length > 0);
  for (const c of report.choices) {
    assert.match(c.name, /^canon-or-reject\/.*bom/);
    assert.match(c.a, /^reject: /);
    assert.doesNotMatch(c.b, /^reject: /);
  }
  assert.match(
    formatCompare(report),
    /where the RFC leaves a choice, and a and b chose differently \(both allowed, not counted\)/,
  );
});
