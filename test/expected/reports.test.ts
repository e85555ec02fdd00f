// The gate as the reports say it: the summary and the console state the step's status and each list,
// keep within the summary's byte budget, and show a reason's text safely (a reason is the list's
// author's text, read in a terminal, a log and a pull request).
import assert from "node:assert/strict";
import { test } from "node:test";
import { decideGate, parseExpectedFailures } from "../../src/expected/index.js";
import { failureAnnotations, formatVerdict, gateAnnotations } from "../../src/report/index.js";
import { MIN_SUMMARY_BYTES, toMarkdownSummary } from "../../src/report/markdown.js";
import { caseResult, inputFor, recordFor, viewOf } from "../report/fixtures.js";

const results = [
  caseResult("jcs", "control-del", false),
  caseResult("jcs", "plain", true),
  caseResult("reject", "dup", false),
  caseResult("reject", "lone", true),
];
const HOSTILE = "see [here](https://evil.example) `x` <img src=x> | pipe **bold** \u202Eevil";
const list = parseExpectedFailures(`jcs/control-* ${HOSTILE}\nreject/lone was broken\n`, "known.txt");
const gate = decideGate(results, list, false);
const record = recordFor(results);

test("the summary: the step's status under the headline, the record's verdict kept, reasons escaped", () => {
  const md = toMarkdownSummary(viewOf({ record, results, gate }));
  const lines = md.split("\n");
  assert.match(lines[0]!, /^## ❌ Not conformant: /);
  assert.equal(lines[2], "### ❌ Step fails by the expected-failures list");
  assert.match(
    md,
    /The step fails by the expected-failures list: 1 unexpected failure, 1 listed entry fixed, 1 expected failure; the record still says not conformant/,
  );
  assert.match(md, /\*\*Unexpected failures \(1\), not in the list:\*\* <code>reject\/dup<\/code>/);
  assert.match(
    md,
    /\| 2 \| <code>reject\/lone<\/code> \| fixed: remove it from the list \(1 case passed\) \| was broken \|/,
  );
  assert.match(md, /#### ☑️ <code>jcs\/control-del<\/code> \(expected failure\)/);
  assert.match(md, /#### ❌ <code>reject\/dup<\/code>\n/);
  // The reason makes no link, image, tag, code span or table cell, and its bidi override is shown.
  assert.doesNotMatch(md, /(?<!\\)\[here|<img|\| pipe|\u202E/);
  assert.match(md, /⟨U\+202E⟩evil/);
  // Without a list the summary is what it was.
  assert.doesNotMatch(toMarkdownSummary(viewOf({ record, results })), /expected-failures|expected failure|☑️/);
});

test("the summary keeps its byte budget with the gate in it", () => {
  const many = Array.from({ length: 400 }, (_, i) =>
    caseResult("jcs", `c${i}`, false, { got: "x".repeat(2000) }),
  );
  const g = decideGate(many, parseExpectedFailures(`jcs/* ${"r".repeat(300)}`, "k"), false);
  const md = toMarkdownSummary(viewOf({ record: recordFor(many), results: many, gate: g }), {
    maxBytes: MIN_SUMMARY_BYTES,
  });
  assert.ok(Buffer.byteLength(md) <= MIN_SUMMARY_BYTES);
  assert.match(md, /### ✅ Step passes by the expected-failures list/);
});

test("the console: the gate's section, and each expected case marked with its reason, visibly", () => {
  const text = formatVerdict(viewOf({ record, results, gate }), { color: false });
  // The first line: the step fails by the list, and why; the record's verdict beside it (issue 22).
  assert.match(
    text,
    /^FAILS BY THE EXPECTED-FAILURES LIST \(1 unexpected failure, 1 listed entry fixed\): 2 of 4 cases passed, 2 failed; the record says NOT CONFORMANT\n/,
  );
  assert.match(text, /Expected failures \(known\.txt\):/);
  assert.match(text, /1 unexpected failure \(not in the list: fails the step\):\n {4}reject\/dup\n/);
  assert.match(
    text,
    /line 2 {2}reject\/lone {2}fixed: remove it from the list \(1 case passed; it said: was broken\)/,
  );
  assert.match(
    text,
    /jcs\/control-del \(expected failure\)\n {4}listed +expected failure \(see .*⟨U\+202E⟩evil\), line 1/,
  );
  assert.doesNotMatch(text, /\u202E/);
});

test("annotations: expected failures are a notice, fixed entries a warning, never errors", () => {
  const notes = gateAnnotations(gate, true, "pycanon");
  assert.deepEqual(
    notes.map((n) => n.level),
    ["notice", "warning"],
  );
  assert.match(notes[0]!.title, /^pycanon: 1 expected failure \(listed in known\.txt\)$/);
  assert.match(notes[1]!.message, /^line 2: reject\/lone: fixed: remove it from the list \(1 case passed\)$/);
  assert.match(notes[1]!.title, /this fails the step until the list is updated/);
  assert.doesNotMatch(JSON.stringify(notes), /\u202E/);
  // Listed failures are not annotated as failures: the notice above counts them.
  assert.equal(failureAnnotations(inputFor(results), true).length, 2);
  const unexpected = failureAnnotations(inputFor(results, {}, { gate }), true);
  assert.equal(unexpected.length, 1);
  assert.match(unexpected[0]!.message, /^reject\/dup: /);
});
