// Once mode's batches, piece by piece: the byte scans, what may travel, the dry pass, packing,
// confirmation with its narrowing, the sentinels, and the Canonicalizer the checks then ask.
import assert from "node:assert/strict";
import { test } from "node:test";
import { type BatchItem, keyOf } from "../../src/batch/collect.js";
import { arrayOf, confirmBatches, narrowAllowance, packBatches } from "../../src/batch/confirm.js";
import { prepareBatches, SENTINEL_REQUESTS, SENTINELS } from "../../src/batch/index.js";
import { batchForm, MAX_ITEM_BYTES, MAX_ITEM_DEPTH } from "../../src/batch/select.js";
import { doubtOf, NUMBERS_SENTINEL } from "../../src/batch/sentinels.js";
import { shapeOf, splitArray } from "../../src/batch/shape.js";
import { canonicalize } from "../../src/jcs/index.js";
import { knownBadCanonicalizer } from "../../src/known-bad/index.js";
import type { Answer, Canonicalizer, CorpusCase } from "../../src/types.js";

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);

/** `transform` as a Canonicalizer that logs every input it is asked (a process each, in once mode). */
function logged(transform: (input: string) => Answer): Canonicalizer & { asked: string[] } {
  const asked: string[] = [];
  return {
    label: "fake",
    asked,
    async canonicalize(input) {
      asked.push(dec(input));
      return transform(dec(input));
    },
    close: async () => {},
  };
}

const reference = (text: string): Answer => {
  try {
    return { status: "canonical", output: canonicalize(enc(text)) };
  } catch (error) {
    return { status: "rejected", reason: (error as Error).message };
  }
};

const item = (text: string) => ({
  key: keyOf(enc(text)),
  input: enc(text),
  expected: canonicalize(enc(text)),
});

test("splitArray cuts an array answer at its top-level commas, strings and nesting skipped", () => {
  const parts = (s: string) => splitArray(enc(s))?.map(dec) ?? null;
  assert.deepEqual(parts('[{"a":[1,2]},"x,]\\"y",[],3]'), ['{"a":[1,2]}', '"x,]\\"y"', "[]", "3"]);
  assert.deepEqual(parts("[]"), []);
  assert.deepEqual(parts("[1, 2]"), ["1", " 2"], "whitespace is kept, so such an element is not right");
  for (const no of ["", "[", "{}", "[1]]", "[[1]", '["a]', "1"]) assert.equal(parts(no), null, no);
});

test("shapeOf reads the top-level value, what surrounds it and how deep it nests", () => {
  assert.deepEqual(shapeOf(enc(' \r\n{"a":[["]]]"]]}\t')), {
    top: "object",
    leading: 3,
    trailing: 1,
    bom: false,
    depth: 3,
  });
  assert.equal(shapeOf(enc("\ufeff[1]")).bom, true);
  assert.equal(shapeOf(enc(" 12 ")).top, "other");
  assert.equal(shapeOf(enc('"\\\\"')).depth, 0);
});

test("batchForm: what travels and, for the rest, why it stays alone", () => {
  const why = (text: string) => {
    const form = batchForm(enc(text), "rfc8785");
    return "alone" in form ? form.alone : dec(form.expected);
  };
  assert.equal(why(' {"b":1,"a":2}\r\n'), '{"a":2,"b":1}', "whitespace around the text travels");
  assert.match(why("1"), /no object or array/);
  assert.match(why('"x"'), /no object or array/);
  assert.match(why("\ufeff[1]"), /byte-order mark/);
  assert.match(why('{"a":1,"a":2}'), /reference refuses/);
  assert.match(why("[1,]"), /reference refuses/);
  assert.match(why(`${"[".repeat(MAX_ITEM_DEPTH + 1)}${"]".repeat(MAX_ITEM_DEPTH + 1)}`), /deeper/);
  assert.equal(why(`${"[".repeat(MAX_ITEM_DEPTH)}${"]".repeat(MAX_ITEM_DEPTH)}`).length, 2 * MAX_ITEM_DEPTH);
  assert.match(why(`["${"x".repeat(MAX_ITEM_BYTES)}"]`), /larger/);
  // Under nfc, the expected form is the nfc profile's.
  const nfc = batchForm(enc('["A\u030a"]'), "nfc");
  assert.ok("expected" in nfc && dec(nfc.expected) === '["\u00c5"]');
});

test("packBatches keeps each batch within its bytes and its count, in order", () => {
  const items = ["[1]", "[22]", "[333]", "[4444]", "[55555]"].map(item);
  const bytes = (b: BatchItem[][]) => b.map((batch) => dec(arrayOf(batch.map((i) => i.input))));
  assert.deepEqual(bytes(packBatches(items, { bytes: 12, count: 10 })), [
    "[[1],[22]]",
    "[[333]]",
    "[[4444]]",
    "[[55555]]",
  ]);
  assert.deepEqual(bytes(packBatches(items, { bytes: 1000, count: 2 })), [
    "[[1],[22]]",
    "[[333],[4444]]",
    "[[55555]]",
  ]);
  assert.equal(dec(arrayOf([])), "[]");
});

test("a batch answered exactly confirms every input, with one process", async () => {
  const impl = logged(reference);
  const items = ['{"b":1,"a":2}', " [3.0] ", '{"x":"\\u00e9"}'].map(item);
  const { answers, requests } = await confirmBatches(impl, [items], 100);
  assert.equal(requests, 1);
  assert.deepEqual(impl.asked, ['[{"b":1,"a":2}, [3.0] ,{"x":"\\u00e9"}]']);
  assert.deepEqual([...answers.values()].map(dec), ['{"a":2,"b":1}', "[3]", '{"x":"é"}']);
});

test("a wrong element of an array answer is found in its place, without another request", async () => {
  // Writes 1.5 as 1.50: the array is still an array of three.
  const impl = logged((t) => {
    const a = reference(t);
    return a.status === "canonical"
      ? { status: "canonical", output: enc(dec(a.output).replace("1.5", "1.50")) }
      : a;
  });
  const { answers, requests } = await confirmBatches(impl, [["[1]", "[1.5]", "[2]"].map(item)], 100);
  assert.equal(requests, 1);
  assert.deepEqual([...answers.keys()].sort(), ["[1]", "[2]"]);
});

test("a batch refused as a whole is split in halves until the refused input stands alone, unconfirmed", async () => {
  const impl = logged((t) => (t.includes("true") ? { status: "rejected", reason: "no true" } : reference(t)));
  const texts = ["[1]", "[2]", "[3]", "[true]", "[5]", "[6]", "[7]", "[8]"];
  const { answers } = await confirmBatches(impl, [texts.map(item)], 100);
  // The last pair's items are left to their checks, which ask each alone anyway: asking either as an
  // array of one first would cost a process more (and a hang's time limit twice).
  assert.deepEqual([...answers.keys()].sort(), ["[1]", "[2]", "[5]", "[6]", "[7]", "[8]"]);
  // The whole, then halves of 4 and 2 on the culprit's side: 1 + 2 + 2.
  assert.equal(impl.asked.length, 5);
  assert.ok(!impl.asked.some((t) => t === "[[true]]" || t === "[[3]]"));
});

test("a batch with no answer: a part of about √n, then its items are left to their checks", async () => {
  const hang = { status: "failed" as const, reason: "timed out after 10 ms; process group killed" };
  const impl = logged((t) => (t.includes("true") ? hang : reference(t)));
  const texts = Array.from({ length: 100 }, (_, k) => (k === 42 ? "[true]" : `[${k}]`));
  const { answers } = await confirmBatches(impl, [texts.map(item)], 1000);
  assert.equal(answers.size, 90);
  assert.ok(!answers.has("[true]"));
  // Waited out twice: the whole, and the part of 10 that holds it; never as an array of one.
  assert.equal(impl.asked.filter((t) => t.includes("true")).length, 2);
  assert.equal(impl.asked.length, 11);
});

test("narrowing a refused batch pays its way: most inputs refused, it is not halved down to every input", async () => {
  // Issue 36: refuses_nul_names refused about 40% of the generated values, and halving each refused
  // batch down to every input cost more requests than asking each alone. Each request beyond the
  // allowance must be paid for by an input it confirms (a request its check then need not make).
  // Without it: 511 requests, 170 confirmed.
  const impl = logged((t) => (t.includes("true") ? { status: "rejected", reason: "no true" } : reference(t)));
  const texts = Array.from({ length: 512 }, (_, k) => (k % 3 === 0 ? `[true,${k}]` : `[${k}]`));
  const { answers, requests } = await confirmBatches(impl, [texts.map(item)], 10_000);
  assert.ok(
    requests <= 1 + narrowAllowance(512) + answers.size,
    `${requests} requests, ${answers.size} confirmed`,
  );
  for (const key of answers.keys()) assert.ok(!key.includes("true"), key);
  // A few culprits are still narrowed as far as they need: every input confirmed but each culprit
  // and the partner of its last pair (left to its check, as with a hang).
  const few = logged((t) => (t.includes("true") ? { status: "rejected", reason: "no true" } : reference(t)));
  const some = Array.from({ length: 512 }, (_, k) => (k % 100 === 7 ? `[true,${k}]` : `[${k}]`));
  const confirmed = await confirmBatches(few, [some.map(item)], 10_000);
  assert.equal(confirmed.answers.size, 512 - 12);
});

test("narrowing stops at its budget: what it has not placed stays unconfirmed", async () => {
  const impl = logged(() => ({ status: "rejected", reason: "refuses everything" }));
  const texts = Array.from({ length: 64 }, (_, k) => `[${k}]`);
  const { answers, requests } = await confirmBatches(impl, [texts.map(item)], 5);
  assert.equal(answers.size, 0);
  assert.equal(requests, 6);
  assert.equal(impl.asked.length, 6);
});

test("the sentinels agree for the reference, and catch a writer that sorts nested objects only", async () => {
  assert.equal(await doubtOf(logged(reference)), undefined);
  const bad = knownBadCanonicalizer("sorts_nested_not_top_level").write;
  assert.match(
    (await doubtOf(bad)) ?? "",
    /^sentinel 1 of 7 was answered {"b":2,"a":1,.* alone, and {"a":1,"b":2,.* in an array$/,
  );
  // Each sentinel is valid JSON an object or array, asked alone and then all in one array.
  const impl = logged(reference);
  await doubtOf(impl);
  assert.equal(impl.asked.length, SENTINEL_REQUESTS);
  assert.equal(SENTINEL_REQUESTS, SENTINELS.length + 2);
  for (const s of [...SENTINELS, NUMBERS_SENTINEL]) assert.ok("expected" in batchForm(enc(s), "rfc8785"), s);
});

/** The reference, refusing every value that holds a fraction (OLPC canonical JSON, @tufjs). */
const refusesFractions = (text: string): Answer => {
  const answer = reference(text);
  if (answer.status !== "canonical") return answer;
  const bare = dec(answer.output).replace(/"(?:[^"\\]|\\.)*"/g, '""');
  return /(^|[[,:])-?\d+(\.\d|[eE]-)/.test(bare) ? { status: "rejected", reason: "fraction" } : answer;
};

test("the sentinels bet on no other defect: a command refusing every fraction keeps batching", async () => {
  // The top-level sentinels hold no fraction; the numbers shape, refused alone and as an array of
  // one, says nothing about the top level (issue 36: such a command ran every request alone).
  for (const s of SENTINELS) assert.equal(refusesFractions(s).status, "canonical", s);
  const impl = logged(refusesFractions);
  assert.equal(await doubtOf(impl), undefined);
  assert.equal(impl.asked.length, SENTINEL_REQUESTS + 2, "the others' array and the numbers shape apart");
  assert.ok(impl.asked.includes(`[${NUMBERS_SENTINEL}]`));
  // Answered in an array of one but refused alone, the numbers shape is a top-level difference.
  const topOnly = logged((t) =>
    t === NUMBERS_SENTINEL ? { status: "rejected", reason: "no" } : reference(t),
  );
  assert.match(
    (await doubtOf(topOnly)) ?? "",
    /^the numbers sentinel .* alone, and \[\[1,1,-0\.5,100,0\.5\]\] in an array of one$/,
  );
});

test("a command that writes every value wrongly the same way keeps batching, even when its answer cannot be cut", async () => {
  // escapes_twice doubles every backslash: its answers do not parse, so an array answer cannot be cut
  // into elements, but it is exactly the alone answers joined.
  assert.equal(await doubtOf(knownBadCanonicalizer("escapes_twice").write), undefined);
  for (const name of [
    "sorts_nested_not_top_level",
    "stringify_with_key_list",
    "drops_closing_brace",
    "emits_bom",
  ])
    assert.notEqual(await doubtOf(knownBadCanonicalizer(name).write), undefined, name);
});

test("a command that refuses arrays of arrays turns batching off, said why", async () => {
  const impl = logged((t) => (t.startsWith("[{") ? { status: "rejected", reason: "no" } : reference(t)));
  assert.match(
    (await doubtOf(impl)) ?? "",
    /array of the 7 top-level sentinel values was answered reject: no, not as an array of 7/,
  );
});

const info = { why: "w", source: "s" };
const CASES: CorpusCase[] = [
  {
    ...info,
    suite: "jcs",
    name: "c",
    kind: "canon",
    input: enc('{"b":1,"a":2}'),
    expected: enc('{"a":2,"b":1}'),
    sha256: "",
    keccak256: "",
  },
  {
    ...info,
    suite: "jcs",
    name: "scalar",
    kind: "canon",
    input: enc("1.0"),
    expected: enc("1"),
    sha256: "",
    keccak256: "",
  },
  { ...info, suite: "reject", name: "r", kind: "reject", input: enc("[1,]") },
  { ...info, suite: "invariants", name: "i1", kind: "idempotent", input: enc("[1.0, 2]") },
  { ...info, suite: "invariants", name: "i2", kind: "equal", a: enc("[1.0]"), b: enc("[1]") },
];

test("the dry pass plans the sentinels, the batches and every request that goes alone; the checks then ask only those", async () => {
  const impl = logged(reference);
  let planned: number | undefined;
  const { canonicalizer, report } = await prepareBatches(impl, CASES, {
    profile: "rfc8785",
    readIsWrite: true,
    onPlan: (r) => {
      planned = r.planned;
      assert.equal(impl.asked.length, 0, "planned before the first process");
    },
  });
  // Batched: the canon case, I1's input and its canonical form, I2's two inputs; alone: the scalar
  // and the reject case; and the sample rule asks the 5 confirmed inputs alone again (./sample.test.ts).
  const { sampleSeed, ...counts } = report;
  assert.deepEqual(counts, {
    planned: 2 + 1 + SENTINEL_REQUESTS + 5,
    inputs: 5,
    batches: 1,
    confirmed: 5,
    sampled: 5,
  });
  assert.equal(planned, report.planned);
  assert.equal(impl.asked.at(-6), '[{"b":1,"a":2},[1.0, 2],[1,2],[1.0],[1]]');
  assert.deepEqual(impl.asked.slice(-5).sort(), ["[1,2]", "[1.0, 2]", "[1.0]", "[1]", '{"b":1,"a":2}']);
  const before = impl.asked.length;
  const answer = await canonicalizer.canonicalize(enc("[1,2]"));
  assert.equal(answer.status === "canonical" && dec(answer.output), "[1,2]");
  assert.equal(impl.asked.length, before, "a confirmed input starts no process");
  await canonicalizer.canonicalize(enc("1.0"));
  assert.equal(impl.asked.at(-1), "1.0");
});

test("when the sentinels disagree, batching is off: the checks ask the command itself", async () => {
  const bad = knownBadCanonicalizer("sorts_nested_not_top_level").write;
  const { canonicalizer, report } = await prepareBatches(bad, CASES, {
    profile: "rfc8785",
    readIsWrite: true,
  });
  assert.equal(canonicalizer, bad);
  assert.match(report.off ?? "", /^sentinel /);
  assert.equal(report.planned, 7 + SENTINEL_REQUESTS);
});

test("a confirmed input is answered with a copy of its bytes, so a caller cannot change the cache", async () => {
  const { canonicalizer } = await prepareBatches(logged(reference), CASES, {
    profile: "rfc8785",
    readIsWrite: true,
  });
  const first = await canonicalizer.canonicalize(enc("[1.0]"));
  assert.equal(first.status === "canonical" && dec(first.output), "[1]");
  if (first.status === "canonical") first.output[1] = 0x32;
  const again = await canonicalizer.canonicalize(enc("[1.0]"));
  assert.equal(again.status === "canonical" && dec(again.output), "[1]");
});
