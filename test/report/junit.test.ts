import assert from "node:assert/strict";
import { test } from "node:test";
import { XMLParser } from "fast-xml-parser";
import { showInvisible } from "../../src/escape/visible.js";
import { decideGate, parseExpectedFailures } from "../../src/expected/index.js";
import { toJUnitXml } from "../../src/report/index.js";
import { writeAnswerText } from "../../src/text-forms/index.js";
import { caseResult, HOSTILE, inputFor, mixedRun, viewOf } from "./fixtures.js";
import { parseStrictXml, type XmlElement } from "./xml-check.js";

const children = (el: XmlElement, name: string) => el.children.filter((c) => c.name === name);

test("one testsuite per suite and one testcase per case, with the counts and the run's time", () => {
  const input = inputFor(mixedRun());
  const root = parseStrictXml(toJUnitXml(input));
  assert.equal(root.name, "testsuites");
  assert.deepEqual(
    {
      tests: root.attrs.tests,
      failures: root.attrs.failures,
      errors: root.attrs.errors,
      time: root.attrs.time,
    },
    { tests: "5", failures: "2", errors: "0", time: "4.321" },
  );
  const suites = children(root, "testsuite");
  assert.deepEqual(
    suites.map((s) => [s.attrs.name, s.attrs.tests, s.attrs.failures]),
    [
      ["jcs", "2", "1"],
      ["reject", "2", "1"],
      ["invariants", "1", "0"],
    ],
  );
  for (const s of suites) {
    const cases = children(s, "testcase");
    assert.equal(String(cases.length), s.attrs.tests);
    assert.equal(String(cases.filter((c) => children(c, "failure").length === 1).length), s.attrs.failures);
    for (const c of cases) assert.equal(c.attrs.classname, s.attrs.name);
  }
  const float = children(suites[0]!, "testcase").find((c) => c.attrs.name === "numbers-float")!;
  const failure = children(float, "failure")[0]!;
  assert.match(
    failure.attrs.message!,
    /numbers-float is what RFC 8785 asks for: expected \[1,2\], got \[1,2\.0\]/,
  );
  assert.equal(failure.attrs.type, "wrong-answer");
  assert.equal(
    failure.text,
    "why: numbers-float is what RFC 8785 asks for\nsource: RFC 8785 §3.2.2\nexpected: [1,2]\ngot: [1,2.0]",
  );
  const properties = children(children(suites[0]!, "properties")[0]!, "property");
  const prop = Object.fromEntries(properties.map((p) => [p.attrs.name, p.attrs.value]));
  assert.equal(prop.signer_pubkey, "cd".repeat(32));
  assert.equal(prop.conformant, "false");
});

test("a time attribute is only written when the run was timed", () => {
  const root = parseStrictXml(toJUnitXml(inputFor(mixedRun(), {}, { elapsedMs: undefined })));
  assert.equal(root.attrs.time, undefined);
});

test("a case that got no answer is typed apart from a wrong answer", () => {
  const r = caseResult("jcs", "hang", false, {
    got: writeAnswerText({ status: "failed", reason: "timed out after 10000 ms" }),
  });
  const root = parseStrictXml(toJUnitXml(inputFor([r])));
  const failure = children(children(children(root, "testsuite")[0]!, "testcase")[0]!, "failure")[0]!;
  assert.equal(failure.attrs.type, "no-answer");
});

test("hostile text still parses, and reads back as the text with invisible characters shown", () => {
  const r = caseResult("jcs", HOSTILE, false, {
    why: HOSTILE,
    source: HOSTILE,
    expected: HOSTILE,
    got: HOSTILE,
  });
  const input = inputFor([r], {
    implementation: {
      adapter: "command",
      impl: HOSTILE,
      name: HOSTILE,
      version: null,
      files: [],
    },
  });
  const xml = toJUnitXml(input);
  const root = parseStrictXml(xml);
  const testcase = children(children(root, "testsuite")[0]!, "testcase")[0]!;
  assert.equal(testcase.attrs.name, showInvisible(HOSTILE));
  const failure = children(testcase, "failure")[0]!;
  assert.equal(failure.text.split("\n")[3], `got: ${showInvisible(HOSTILE)}`);
  // A second, independent parser reads the same structure.
  const parsed = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "",
    htmlEntities: true,
  }).parse(xml);
  assert.equal(parsed.testsuites.testsuite.testcase.name, showInvisible(HOSTILE));
});

test("a run with no cases is still a document", () => {
  const root = parseStrictXml(toJUnitXml(inputFor([])));
  assert.equal(root.attrs.tests, "0");
  assert.equal(children(root, "testsuite").length, 0);
});

test("a record that disagrees with its results makes no view, so no junit.xml", () => {
  const input = inputFor(mixedRun());
  assert.throws(
    () => viewOf({ record: input.record, results: input.results.slice(1) }),
    /the record has 5 cases but 4 results/,
  );
});

test("with an expected-failures list the file follows the gate: listed failures are skipped as expected, the others fail the step", () => {
  const results = mixedRun();
  // jcs/numbers-float is listed; reject/lone-surrogate is not.
  const gate = decideGate(results, parseExpectedFailures("jcs/numbers-* floats, #4\n", "known.txt"), false);
  const gated = toJUnitXml(inputFor(results, {}, { gate }));
  const plain = toJUnitXml(inputFor(results));
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(gated);
  const cases = (doc.testsuites.testsuite as { testcase: unknown }[]).flatMap((s) =>
    [s.testcase].flat(),
  ) as Record<string, unknown>[];
  const byName = new Map(cases.map((c) => [c.name, c]));
  const listed = byName.get("numbers-float")!;
  assert.equal(listed.failure, undefined, "a listed failure is no <failure>");
  assert.deepEqual(listed.skipped, { message: "expected failure (list line 1): floats, #4" });
  assert.match(String(listed["system-out"]), /^why: /);
  const unexpected = byName.get("lone-surrogate")!;
  assert.match(
    (unexpected.failure as { message: string }).message,
    /^unexpected failure, not in the expected-failures list: fails the step: /,
  );
  assert.equal(doc.testsuites.failures, "1");
  assert.equal(doc.testsuites.skipped, "1");
  assert.match(
    gated,
    /<property name="gate" value="fail"\/>\n {6}<property name="gate.list" value="known.txt"\/>/,
  );
  // Without a list nothing of it: no skipped case, no gate property, each failure as it always was.
  assert.doesNotMatch(plain, /<skipped|name="gate|unexpected failure/);
  assert.equal((plain.match(/<failure /g) ?? []).length, 2);
});
