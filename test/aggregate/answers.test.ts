import assert from "node:assert/strict";
import { test } from "node:test";
import { comparableAnswer } from "../../src/aggregate/index.js";

test("two refusals agree whatever their reasons; a refusal and an output do not", () => {
  const a = comparableAnswer("reject: duplicate member name 'a'");
  const b = comparableAnswer('reject: duplicate member name "a" at character 10');
  assert.equal(a, b);
  assert.notEqual(comparableAnswer("reject: x"), comparableAnswer('{"a":1}'));
  assert.notEqual(comparableAnswer("reject: x"), comparableAnswer("failed: timed out after 10 s"));
  assert.equal(comparableAnswer('{"a":"reject: x"}'), '{"a":"reject: x"}', "an output is kept whole");
});

test("in a pair, each side's reason is left out, and outputs stay as they are", () => {
  assert.equal(comparableAnswer("a: reject: bad | b: {}"), comparableAnswer("a: reject: worse | b: {}"));
  assert.notEqual(comparableAnswer("a: reject: bad | b: {}"), comparableAnswer("a: reject: bad | b: []"));
  assert.equal(comparableAnswer("a: {} | b: failed: crashed"), "a: {} | b: failed");
  // A separator twice: the split is not certain, so the pair is compared whole.
  const ambiguous = 'a: reject: x | b: y | b: {"k":1}';
  assert.equal(comparableAnswer(ambiguous), ambiguous);
});
