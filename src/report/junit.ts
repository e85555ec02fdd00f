// JUnit XML for test reporters (GitHub checks, GitLab, Jenkins): one <testsuite> per suite, one
// <testcase> per case. The harness does not time single cases, so only <testsuites> carries a time,
// and only when the run's was measured. Any text becomes XML 1.0 that parses: invisible characters
// are shown as ⟨U+XXXX⟩ (which also removes every character XML 1.0 cannot carry), then escaped.
// With an expected-failures list the file follows the step's gate, as a test reporter beside the step
// must: a listed failure is a skipped testcase that says it was expected (its list line and reason),
// and only the failures the list does not name are <failure>s, each saying it fails the step.

import { codePointTag, showInvisible } from "../escape/visible.js";
import { cutText } from "../text.js";
import { isNoAnswer } from "../text-forms/index.js";
import type { CaseResult } from "../types.js";
import type { FailedCase, RunView } from "../view/index.js";
import { implementationName } from "./format.js";
import { exitText, firstCrashLine } from "./protocol.js";

// XML 1.0 §2.2 Char, complemented: what must never reach the file.
const NOT_XML_CHAR = /[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** `text` as XML character data or an attribute value (quoted with `"`). */
export function xmlEscape(text: string): string {
  return showInvisible(text)
    .replace(NOT_XML_CHAR, (ch) => codePointTag(ch.codePointAt(0)!))
    .replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A failure's one-line message is cut here; the element's text holds the full values. */
const MESSAGE_VALUE_MAX = 200;

function short(text: string): string {
  const kept = cutText(text, MESSAGE_VALUE_MAX);
  return kept === text ? text : `${kept}…`;
}

function attrs(pairs: Record<string, string | number>): string {
  return Object.entries(pairs)
    .map(([k, v]) => ` ${k}="${xmlEscape(String(v))}"`)
    .join("");
}

/** `failed` is the view of a failed case; `gated`, whether an expected-failures list decides the step. */
function testcase(r: CaseResult, failed: FailedCase | undefined, gated: boolean): string {
  const open = `    <testcase${attrs({ classname: r.suite, name: r.name })}`;
  if (failed === undefined) return `${open}/>`;
  // A case the implementation never answered (hang, crash, lost framing) differs from a wrong answer.
  const type = isNoAnswer(r.got) ? "no-answer" : "wrong-answer";
  const message = `${r.why}: expected ${short(r.expected)}, got ${short(r.got)}`;
  const body = [`why: ${r.why}`, `source: ${r.source}`, `expected: ${r.expected}`, `got: ${r.got}`]
    .map(xmlEscape)
    .join("\n");
  if (failed.listed) {
    const expected = `expected failure (list line ${failed.listed.line}): ${short(failed.listed.reason)}`;
    return `${open}>\n      <skipped${attrs({ message: expected })}/>\n      <system-out>${body}</system-out>\n    </testcase>`;
  }
  const said = gated
    ? `unexpected failure, not in the expected-failures list: fails the step: ${message}`
    : message;
  return `${open}>\n      <failure${attrs({ message: said, type })}>${body}</failure>\n    </testcase>`;
}

/** The run as a JUnit XML document. */
export function toJUnitXml(input: RunView): string {
  const { record, results } = input;
  const s = record.summary;
  // With a list, the listed failures are skipped (expected), and only the others count as failures.
  const failedByIndex = failuresByIndex(input);
  const expectedIn = (suite?: string) =>
    input.failures.filter((f) => f.listed && (suite === undefined || f.result.suite === suite)).length;
  const root: Record<string, string | number> = {
    name: `${record.toolchain.name} ${record.suite}`,
    tests: s.cases,
    failures: s.failed - expectedIn(),
    errors: 0,
    skipped: expectedIn(),
  };
  if (input.elapsedMs !== undefined) root.time = (input.elapsedMs / 1000).toFixed(3);
  const restarts = input.protocol?.restarts;
  root.timestamp = record.started_at;

  const properties = {
    implementation: implementationName(record),
    adapter: record.implementation.adapter,
    impl: record.implementation.impl,
    profile: record.suite,
    "corpus.digest": record.corpus.digest,
    conformant: String(record.conformant),
    key: record.key,
    signer_pubkey: record.signer_pubkey,
    ...(input.gate ? { gate: input.gate.pass ? "pass" : "fail", "gate.list": input.gate.source } : {}),
    // A lines command that ended mid-run and was started again: how often, and how (src/view/protocol.ts).
    ...(restarts
      ? {
          restarts: String(restarts.count),
          "restarts.last_exit": exitText(restarts.lastExit),
          "restarts.first_crash": firstCrashLine(restarts.firstCrash),
        }
      : {}),
  };
  const propertyLines = Object.entries(properties).map(
    ([name, value]) => `      <property${attrs({ name, value })}/>`,
  );

  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites${attrs(root)}>`];
  input.tally.forEach((t, id) => {
    const expected = expectedIn(t.suite);
    const suiteAttrs = {
      name: t.suite,
      id,
      tests: t.cases,
      failures: t.failed - expected,
      errors: 0,
      skipped: expected,
      timestamp: record.started_at,
    };
    lines.push(
      `  <testsuite${attrs(suiteAttrs)}>`,
      "    <properties>",
      ...propertyLines,
      "    </properties>",
    );
    results.forEach((r, i) => {
      if (r.suite === t.suite) lines.push(testcase(r, failedByIndex.get(i), input.gate !== undefined));
    });
    lines.push("  </testsuite>");
  });
  lines.push("</testsuites>", "");
  return lines.join("\n");
}

/** Each failed case's view by its index in the results (the results may repeat a name). */
function failuresByIndex(view: RunView): Map<number, FailedCase> {
  const byIndex = new Map<number, FailedCase>();
  let next = 0;
  view.results.forEach((r, i) => {
    if (!r.pass) byIndex.set(i, view.failures[next++]!);
  });
  return byIndex;
}
