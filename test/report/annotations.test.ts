import assert from "node:assert/strict";
import { test } from "node:test";
import { failureAnnotations, GITHUB_ANNOTATIONS_PER_STEP } from "../../src/report/index.js";
import type { CaseResult } from "../../src/types.js";
import { caseResult, inputFor, mixedRun } from "./fixtures.js";

test("each failed case is an annotation naming it, with why, expected and got", () => {
  const notes = failureAnnotations(inputFor(mixedRun()));
  assert.deepEqual(notes[0], {
    title: "canon conformance: jcs/numbers-float failed",
    message: "numbers-float is what RFC 8785 asks for (RFC 8785 §3.2.2)\nexpected: [1,2]\ngot: [1,2.0]",
  });
  assert.equal(notes.length, 2);
});

test("past GitHub's 10 per step, the tenth says how many more failed", () => {
  const results: CaseResult[] = [];
  for (let i = 0; i < 25; i++) results.push(caseResult("reject", `r${i}`, false));
  const notes = failureAnnotations(inputFor(results));
  assert.equal(notes.length, GITHUB_ANNOTATIONS_PER_STEP);
  assert.equal(notes[8]!.title, "canon conformance: reject/r8 failed");
  assert.equal(notes[9]!.title, "canon conformance: 16 more failed cases");
  assert.equal(
    failureAnnotations(inputFor(results.slice(0, 10))).length,
    10,
    "exactly 10 fit without a count",
  );
  assert.equal(failureAnnotations(inputFor(mixedRun().map((r) => ({ ...r, pass: true })))).length, 0);
});

test("values are cut and shown visibly: no control character reaches the runner's log", () => {
  const r = caseResult("jcs", "x", false, { got: `\u001b[2J${"z".repeat(5000)}` });
  const note = failureAnnotations(inputFor([r]))[0]!;
  assert.ok(note.message.length < 1000);
  assert.match(note.message, /got: ⟨U\+001B⟩\[2Jz+…$/);
  assert.throws(() => failureAnnotations(inputFor([r]), 0), RangeError);
});
