// The fuzzers' own parts: replayable randomness, the tree's round trip, spellings that keep a value,
// the tokenizer, and the I-JSON rules the JSON oracle exempts.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ijsonRuleHit, sameValue } from "../../fuzz/ijson.js";
import { Rng } from "../../fuzz/rng.js";
import { tokens } from "../../fuzz/token-mutators.js";
import { fromValue, write } from "../../fuzz/tree.js";
import { treeMutators } from "../../fuzz/tree-mutators.js";
import { whitespaceGap } from "../../fuzz/whitespace.js";

test("a generator replays from (seed, stream) and differs between streams", () => {
  const draw = (rng: Rng) => Array.from({ length: 5 }, () => rng.u32());
  assert.deepEqual(draw(new Rng(7, 3)), draw(new Rng(7, 3)));
  assert.notEqual(new Rng(7, 3).u32(), new Rng(7, 4).u32());
  const rng = new Rng(1);
  for (let i = 0; i < 1000; i++) {
    const n = rng.int(10);
    assert.ok(n >= 0 && n < 10 && Number.isInteger(n));
  }
});

test("a tree writes back the value it was read from, with legal whitespace or none", () => {
  const value = { a: [1, "x\u0000", { b: null }], c: true, "\u00e9": -1.5 };
  const tree = fromValue(value);
  assert.deepEqual(JSON.parse(write(tree)), value);
  const spaced = write(tree, whitespaceGap(new Rng(2), true, 1));
  assert.notEqual(spaced, write(tree));
  assert.deepEqual(JSON.parse(spaced), value);
});

test("a tree 50,000 deep is read, copied and written without overflowing the stack", () => {
  const text = `${"[".repeat(50_000)}1${"]".repeat(50_000)}`;
  const tree = fromValue(JSON.parse(text));
  assert.equal(write(tree), text);
});

test("string-reescape and member-reorder change the text but never the value", () => {
  const value = { name: "abc/é", list: ["x", "y"], z: { q: "r" } };
  const mutators = treeMutators([]);
  for (const name of ["string-reescape", "member-reorder"]) {
    const m = mutators.find((x) => x.name === name)!;
    let changed = 0;
    for (let i = 0; i < 200; i++) {
      const text = write(m.apply(new Rng(3, i), fromValue(value)));
      assert.deepEqual(JSON.parse(text), value, `${name} changed the value: ${text}`);
      if (text !== JSON.stringify(value)) changed++;
    }
    assert.ok(changed > 50, `${name} rarely changed the text`);
  }
});

test("tokens cut any text, even broken or with a megabyte string, and join back to it", () => {
  for (const text of [
    '{"a": [1, -2.5e3, "x\\"y"], "b": nul',
    '"unterminated',
    "\u0000\ufeff[]",
    `"${"\\\\".repeat(500_000)}"`,
  ]) {
    assert.equal(tokens(text).join(""), text);
  }
  assert.deepEqual(tokens('{"a\\"":1}'), ["{", '"a\\""', ":", "1", "}"]);
});

test("the I-JSON rules are found where they apply and nowhere else", () => {
  assert.equal(ijsonRuleHit('{"a":1,"b":{"a":2}}'), null);
  assert.equal(ijsonRuleHit('{"a":1,"\\u0061":2}'), "duplicate-name");
  assert.equal(ijsonRuleHit('[{"a":1},{"a":1}]'), null);
  assert.equal(ijsonRuleHit('["\\ud800"]'), "lone-surrogate");
  assert.equal(ijsonRuleHit('["\\ud83d\\ude00"]'), null);
  assert.equal(ijsonRuleHit('{"\\udc00":1}'), "lone-surrogate");
  assert.equal(ijsonRuleHit("[1e400]"), "number-overflow");
  assert.equal(ijsonRuleHit("[1e-400, 1.7976931348623157e308]"), null);
  assert.equal(ijsonRuleHit("[[[1]]]", 3), null);
  assert.equal(ijsonRuleHit("[[[[1]]]]", 3), "too-deep");
  // A name's string is a name only before its colon: the value "a" does not clash with the name a.
  assert.equal(ijsonRuleHit('{"a":"a","b":"a"}'), null);
});

test("sameValue tells -0 from 0 and compares members whatever their order", () => {
  assert.ok(sameValue({ a: [1, { b: 2 }], c: "x" }, { c: "x", a: [1, { b: 2 }] }));
  assert.ok(!sameValue([0], [-0]));
  assert.ok(!sameValue({ a: 1 }, { a: 1, b: undefined }));
  assert.ok(!sameValue([1, 2], { 0: 1, 1: 2 }));
});
