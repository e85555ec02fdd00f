// One story per run (issue 22): when the step passes by an expected-failures list, the console's first
// line says so with the record's verdict beside it, the badge says how many failures were expected,
// the summary's suites table marks the suites whose failures are all listed, and report.html states
// the step's status under the record's verdict and marks each listed case.
import assert from "node:assert/strict";
import { test } from "node:test";
import { decideGate, parseExpectedFailures } from "../../src/expected/index.js";
import { reportHtml } from "../../src/report/html/index.js";
import { badgeJson, badgeSvg, formatVerdict, toMarkdownSummary } from "../../src/report/index.js";
import type { CaseResult } from "../../src/types.js";
import { caseResult, inputFor, recordFor } from "./fixtures.js";
import { signedRun } from "./html/fixtures.js";

const results: CaseResult[] = [
  caseResult("jcs", "a", true),
  caseResult("jcs", "control-del", false, { expected: '"\\u007f"', got: '"\u007f"' }),
  caseResult("jcs", "control-nel", false, { expected: '"\u0085"', got: '"\\u0085"' }),
  caseResult("reject", "dup", false, { expected: "reject", got: '{"a":2}' }),
  caseResult("reject", "b", true),
];
const gateBy = (list: string) =>
  decideGate(results, parseExpectedFailures(list, "expected-failures.txt"), false);
const everyFailure = "jcs/control-* we escape controls, #12\nreject/dup keeps the last, #3\n";

test("the console's first line: the step passes by the list, the record's verdict beside it", () => {
  const gate = gateBy(everyFailure);
  assert.ok(gate.pass);
  const first = formatVerdict(inputFor(results, {}, { gate }), { color: false }).split("\n")[0];
  assert.equal(
    first,
    "PASSES BY THE EXPECTED-FAILURES LIST: 2 of 5 cases passed, 3 failed; all 3 failures are listed in expected-failures.txt; the record says NOT CONFORMANT",
  );
  // Without a list, the record's verdict alone.
  assert.equal(
    formatVerdict(inputFor(results), { color: false }).split("\n")[0],
    "NOT CONFORMANT: 2 of 5 cases passed, 3 failed",
  );
});

test("the console's first line when the list does not cover a failure: the step fails, and why", () => {
  const gate = gateBy("jcs/control-* we escape controls, #12\n");
  assert.ok(!gate.pass);
  const first = formatVerdict(inputFor(results, {}, { gate }), { color: false }).split("\n")[0];
  assert.equal(
    first,
    "FAILS BY THE EXPECTED-FAILURES LIST (1 unexpected failure): 2 of 5 cases passed, 3 failed; the record says NOT CONFORMANT",
  );
});

test("the badge of a step that passes by its list says how many failures were expected, not red", () => {
  const record = recordFor(results);
  const gate = gateBy(everyFailure);
  assert.deepEqual(badgeJson(record, gate), {
    schemaVersion: 1,
    label: "canon conformance",
    message: "2/5, 3 expected",
    color: "yellow",
  });
  assert.match(badgeSvg(record, gate), /aria-label="canon conformance: 2\/5, 3 expected"/);
  // A list that fails the step leaves the badge red; no list: as before.
  assert.equal(badgeJson(record, gateBy("jcs/control-* x\n")).color, "red");
  assert.deepEqual([badgeJson(record).message, badgeJson(record).color], ["2/5", "red"]);
});

test("the summary's suites table: ☑️ where every failure is listed, ❌ where one is not", () => {
  const all = toMarkdownSummary(inputFor(results, {}, { gate: gateBy(everyFailure) }));
  assert.match(all, /^\| ☑️ \| <code>jcs<\/code> \| 3 \| 1 \| 2 \|$/m);
  assert.match(all, /^\| ☑️ \| <code>reject<\/code> \| 2 \| 1 \| 1 \|$/m);
  const some = toMarkdownSummary(inputFor(results, {}, { gate: gateBy("jcs/control-* x\n") }));
  assert.match(some, /^\| ☑️ \| <code>jcs<\/code> /m);
  assert.match(some, /^\| ❌ \| <code>reject<\/code> /m);
  assert.doesNotMatch(toMarkdownSummary(inputFor(results)), /☑️ \| <code>/, "no list: no ☑️");
});

test("report.html states the step's status under the record's verdict and marks each listed case", () => {
  const run = signedRun(results);
  const gate = gateBy(everyFailure);
  const html = reportHtml({ recordBytes: run.bytes, results: run.results, gate });
  const head = html.slice(html.indexOf('<header class="verdict fail">'), html.indexOf("</header>"));
  assert.match(head, /<p class="mark">Not conformant<\/p>/);
  assert.match(
    head,
    /<p class="gate pass">The step passes by the expected-failures list <code>expected-failures\.txt<\/code>: 3 expected failures\. The record says not conformant/,
  );
  assert.match(
    html,
    /<code>reject\/dup<\/code><span class="listed">expected failure, list line 2: keeps the last, #3<\/span>/,
  );
  const failing = reportHtml({
    recordBytes: run.bytes,
    results: run.results,
    gate: gateBy("jcs/control-* x\n"),
  });
  assert.match(
    failing,
    /<p class="gate fail">The step fails by the expected-failures list .*: 1 unexpected failure, 2 expected failures\./,
  );
  // Without a list, neither (the markup before the page's script, which carries the view's code).
  const plain = reportHtml({ recordBytes: run.bytes, results: run.results });
  assert.doesNotMatch(plain.slice(0, plain.indexOf("<script")), /class="gate|class="listed"/);
});
