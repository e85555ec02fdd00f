import assert from "node:assert/strict";
import { test } from "node:test";
import { comparableAnswer } from "../../src/aggregate/index.js";
import {
  answerWithoutReason,
  readPairText,
  writeAnswerText,
  writePairText,
} from "../../src/text-forms/index.js";

// The answers as the checks write them (src/text-forms): a refusal, no answer, an output; a pair.
const refusal = (reason: string) => writeAnswerText({ status: "rejected", reason });
const noAnswer = (reason: string) => writeAnswerText({ status: "failed", reason });

test("two refusals agree whatever their reasons; a refusal and an output do not", () => {
  const a = comparableAnswer(refusal("duplicate member name 'a'"));
  const b = comparableAnswer(refusal('duplicate member name "a" at character 10'));
  assert.equal(a, b);
  assert.notEqual(comparableAnswer(refusal("x")), comparableAnswer('{"a":1}'));
  assert.notEqual(comparableAnswer(refusal("x")), comparableAnswer(noAnswer("timed out after 10 s")));
  const output = `{"a":"${refusal("x")}"}`;
  assert.equal(comparableAnswer(output), output, "an output is kept whole");
});

test("in a pair, each side's reason is left out, and outputs stay as they are", () => {
  const pair = (a: string, b: string) => writePairText({ a, b });
  assert.equal(comparableAnswer(pair(refusal("bad"), "{}")), comparableAnswer(pair(refusal("worse"), "{}")));
  assert.notEqual(comparableAnswer(pair(refusal("bad"), "{}")), comparableAnswer(pair(refusal("bad"), "[]")));
  assert.equal(
    comparableAnswer(pair("{}", noAnswer("crashed"))),
    pair("{}", answerWithoutReason(noAnswer("crashed"))),
  );
  // A refusal whose reason holds the separator: the split is not certain, so the pair is compared whole.
  const ambiguous = pair(refusal("x | b: y"), '{"k":1}');
  assert.equal(readPairText(ambiguous), undefined);
  assert.equal(comparableAnswer(ambiguous), ambiguous);
});
