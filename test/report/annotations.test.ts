// The failure annotations the action writes (one implementation: src/report/annotations.ts).
import assert from "node:assert/strict";
import { test } from "node:test";
import { failureAnnotations, GITHUB_ANNOTATIONS_PER_STEP } from "../../src/report/index.js";
import { writeAnswerText } from "../../src/text-forms/index.js";
import type { CaseResult } from "../../src/types.js";
import { caseResult, inputFor, mixedRun } from "./fixtures.js";

const refusal = (reason: string) => writeAnswerText({ status: "rejected", reason });

test("each cause is one annotation titled with the implementation's name: why, input, expected, got, where they differ", () => {
  const notes = failureAnnotations(inputFor(mixedRun()), false, "pycanon 1.2.0");
  assert.equal(notes.length, 2);
  const float = notes.find((n) => n.message.startsWith("jcs/numbers-float"))!;
  assert.match(float.title, /^pycanon 1\.2\.0: jcs\/numbers-float failed: /);
  assert.equal(
    float.message,
    'jcs/numbers-float: numbers-float is what RFC 8785 asks for\nexpected: [1,2]\ngot: [1,2.0]\nfirst difference at character 5: expected U+005D "]", got U+002E "."',
  );
  assert.ok(
    notes.every((n) => !n.title.includes("python3")),
    "the command is not the title",
  );
});

test("74 failures of one cause are one annotation naming the others; a refusal gets no difference note", () => {
  const results: CaseResult[] = [];
  for (let i = 0; i < 74; i++)
    results.push(caseResult("jcs", `na-${i}`, false, { expected: `["é${i}"]`, got: `["\\u00e9${i}"]` }));
  results.push(
    caseResult("reject", "dup", false, { got: refusal("nope"), expected: '{"a":1}', input: "[1]" }),
  );
  const notes = failureAnnotations(inputFor(results), true, "impl");
  assert.equal(notes.length, 2, notes.map((n) => n.title).join("\n"));
  assert.match(notes[0]!.title, /^impl: 74 cases failed: /);
  assert.match(notes[0]!.message, /\nalso: jcs\/na-1, jcs\/na-2, .*jcs\/na-10, and 63 more$/);
  assert.match(notes[1]!.message, /^reject\/dup: .*\ninput: \[1\]\nexpected: \{"a":1\}\ngot: /);
  assert.ok(notes[1]!.message.endsWith(`\ngot: ${refusal("nope")}`));
});

test("past GitHub's 10 per step, the last says how many more causes failed; the step's own failure takes one", () => {
  // Each a cause of its own: different outputs that share nothing.
  const results: CaseResult[] = [];
  for (let i = 0; i < 25; i++)
    results.push(
      caseResult("reject", `r${i}`, false, { got: refusal(`reason number ${"x".repeat(i)} q${i}`) }),
    );
  const groups = new Set(failureAnnotations(inputFor(results), false, "i").map((n) => n.title)).size;
  assert.equal(groups, GITHUB_ANNOTATIONS_PER_STEP);
  const notes = failureAnnotations(inputFor(results), false, "i");
  assert.equal(notes[9]!.title, "i: 25 cases failed");
  assert.match(
    notes[9]!.message,
    /^16 more causes \(16 failed cases\), not annotated \(GitHub shows 10 per step\)/,
  );
  const failing = failureAnnotations(inputFor(results), true, "i");
  assert.equal(failing.length, GITHUB_ANNOTATIONS_PER_STEP - 1);
  assert.match(failing.at(-1)!.message, /^17 more causes/);
  assert.equal(
    failureAnnotations(inputFor(results.slice(0, 10)), false, "i").length,
    10,
    "exactly 10 fit without a count",
  );
  assert.equal(
    failureAnnotations(inputFor(results.slice(0, 9)), true, "i").length,
    9,
    "9 fit beside the step's failure",
  );
  assert.equal(failureAnnotations(inputFor(mixedRun().map((r) => ({ ...r, pass: true }))), true).length, 0);
});

test("values are cut and shown visibly: no control character reaches the runner's log", () => {
  const r = caseResult("jcs", "x", false, { got: `\u001b[2J${"z".repeat(5000)}` });
  const note = failureAnnotations(inputFor([r]), true)[0]!;
  assert.ok(note.message.length < 1000);
  assert.match(note.message, /\ngot: ⟨U\+001B⟩\[2Jz{296}… \(5004 chars\)$/);
  assert.ok(!/[\p{Cc}\p{Cf}]/u.test(note.message.replaceAll("\n", "")));
});

test("a cause whose output holds a line break shows it once as ⟨U+000A⟩ in the title, never ⟨U+27E8⟩", () => {
  const notes = failureAnnotations(
    inputFor([caseResult("jcs", "lf", false, { expected: "[1]", got: "::warning::x\n::error::y" })]),
    false,
    "impl",
  );
  assert.equal(notes.length, 1);
  assert.match(notes[0]!.title, /⟨U\+000A⟩/);
  assert.doesNotMatch(notes[0]!.title, /U\+27E8/);
  assert.doesNotMatch(notes[0]!.title, /\n/);
});
