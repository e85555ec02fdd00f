// JUnit XML for test reporters (GitHub checks, GitLab, Jenkins): one <testsuite> per suite, one
// <testcase> per case. The harness does not time single cases, so only <testsuites> carries a time,
// and only when the run's was measured. Any text becomes XML 1.0 that parses: invisible characters
// are shown as ⟨U+XXXX⟩ (which also removes every character XML 1.0 cannot carry), then escaped.

import { cutText } from "../text.js";
import { isNoAnswer } from "../text-forms/index.js";
import type { CaseResult } from "../types.js";
import { implementationName } from "./format.js";
import { assertConsistent, tallyBySuite } from "./tally.js";
import type { ReportInput } from "./types.js";
import { codePointTag, showInvisible } from "./visible.js";

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

function testcase(r: CaseResult): string {
  const open = `    <testcase${attrs({ classname: r.suite, name: r.name })}`;
  if (r.pass) return `${open}/>`;
  // A case the implementation never answered (hang, crash, lost framing) differs from a wrong answer.
  const type = isNoAnswer(r.got) ? "no-answer" : "wrong-answer";
  const message = `${r.why}: expected ${short(r.expected)}, got ${short(r.got)}`;
  const body = [`why: ${r.why}`, `source: ${r.source}`, `expected: ${r.expected}`, `got: ${r.got}`]
    .map(xmlEscape)
    .join("\n");
  return `${open}>\n      <failure${attrs({ message, type })}>${body}</failure>\n    </testcase>`;
}

/** The run as a JUnit XML document. */
export function toJUnitXml(input: ReportInput): string {
  assertConsistent(input);
  const { record, results } = input;
  const s = record.summary;
  const root: Record<string, string | number> = {
    name: `${record.toolchain.name} ${record.suite}`,
    tests: s.cases,
    failures: s.failed,
    errors: 0,
    skipped: 0,
  };
  if (input.elapsedMs !== undefined) root.time = (input.elapsedMs / 1000).toFixed(3);
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
  };
  const propertyLines = Object.entries(properties).map(
    ([name, value]) => `      <property${attrs({ name, value })}/>`,
  );

  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites${attrs(root)}>`];
  tallyBySuite(results).forEach((t, id) => {
    const suiteAttrs = {
      name: t.suite,
      id,
      tests: t.cases,
      failures: t.failed,
      errors: 0,
      skipped: 0,
      timestamp: record.started_at,
    };
    lines.push(
      `  <testsuite${attrs(suiteAttrs)}>`,
      "    <properties>",
      ...propertyLines,
      "    </properties>",
    );
    for (const r of results) if (r.suite === t.suite) lines.push(testcase(r));
    lines.push("  </testsuite>");
  });
  lines.push("</testsuites>", "");
  return lines.join("\n");
}
