// The failure annotations the action writes (one implementation: src/report/annotations.ts).
import assert from "node:assert/strict";
import { test } from "node:test";
import { failureAnnotations, GITHUB_ANNOTATIONS_PER_STEP } from "../../src/report/index.js";
import type { CaseResult } from "../../src/types.js";
import { caseResult, mixedRun } from "./fixtures.js";

test("each failed case is an annotation naming it, with why, expected, got and where they differ", () => {
  const notes = failureAnnotations(mixedRun(), false);
  assert.deepEqual(notes[0], {
    title: "canon-conformance: jcs/numbers-float failed",
    message:
      'numbers-float is what RFC 8785 asks for\nexpected: [1,2]\ngot: [1,2.0]\nfirst difference at character 5: expected U+005D "]", got U+002E "."',
  });
  assert.equal(notes[1]!.title, "canon-conformance: reject/lone-surrogate failed");
  assert.equal(notes.length, 2);
});

test("past GitHub's 10 per step, the last says how many more failed; the step's own failure takes one", () => {
  const results: CaseResult[] = [];
  for (let i = 0; i < 25; i++) results.push(caseResult("reject", `r${i}`, false));
  const notes = failureAnnotations(results, false);
  assert.equal(notes.length, GITHUB_ANNOTATIONS_PER_STEP);
  assert.equal(notes[8]!.title, "canon-conformance: reject/r8 failed");
  assert.equal(notes[9]!.title, "canon-conformance: 25 cases failed");
  assert.match(notes[9]!.message, /^16 more failed cases, not annotated \(GitHub shows 10 per step\)/);
  // When the step will fail, its failure is the tenth: 8 cases and the count.
  const failing = failureAnnotations(results, true);
  assert.equal(failing.length, GITHUB_ANNOTATIONS_PER_STEP - 1);
  assert.match(failing.at(-1)!.message, /^17 more failed cases/);
  assert.equal(failureAnnotations(results.slice(0, 10), false).length, 10, "exactly 10 fit without a count");
  assert.equal(failureAnnotations(results.slice(0, 9), true).length, 9, "9 fit beside the step's failure");
  assert.equal(
    failureAnnotations(results.slice(0, 11), false).at(-1)!.message.slice(0, 16),
    "2 more failed ca",
  );
  assert.equal(
    failureAnnotations(
      mixedRun().map((r) => ({ ...r, pass: true })),
      true,
    ).length,
    0,
  );
});

test("values are cut and shown visibly: no control character reaches the runner's log", () => {
  const r = caseResult("jcs", "x", false, { got: `\u001b[2J${"z".repeat(5000)}` });
  const note = failureAnnotations([r], true)[0]!;
  assert.ok(note.message.length < 1000);
  assert.match(note.message, /\ngot: ⟨U\+001B⟩\[2Jz{296}… \(5004 chars\)$/);
  assert.ok(!/[\p{Cc}\p{Cf}]/u.test(note.message.replaceAll("\n", "")));
});
