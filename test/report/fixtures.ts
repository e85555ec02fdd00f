// Hand-built runs for the reporters' tests: case results, and the record a run would build from them.

import { recordCaseName, writeAnswerText, writeExpectedAnswer } from "../../src/text-forms/index.js";
import type { CaseKind, CaseResult, ConformResult, SuiteName } from "../../src/types.js";
import { type RunFacts, type RunView, runView } from "../../src/view/index.js";
import { unverifiedRecord } from "../helpers/fixtures.js";

export function caseResult(
  suite: SuiteName,
  name: string,
  pass: boolean,
  more: Partial<CaseResult> = {},
): CaseResult {
  const kind: CaseKind = suite === "reject" ? "reject" : "canon";
  return {
    suite,
    name,
    kind,
    pass,
    expected: suite === "reject" ? writeExpectedAnswer({ status: "rejected" }) : '{"a":1}',
    got: pass
      ? suite === "reject"
        ? writeAnswerText({ status: "rejected", reason: "bad input" })
        : '{"a":1}'
      : '{"a":1.0}',
    why: `${name} is what RFC 8785 asks for`,
    source: "RFC 8785 §3.2.2",
    ...more,
  };
}

/** A signed-looking record for `results`: summary and verdict follow from the cases, as seed 003 §2 says. */
export function recordFor(results: CaseResult[], more: Partial<ConformResult> = {}): ConformResult {
  return {
    ...unverifiedRecord({
      suite: "rfc8785",
      standard: "RFC 8785",
      corpus: { dir: "vectors", files: 34, digest: `sha256:${"ab".repeat(32)}` },
      implementation: {
        adapter: "command",
        impl: "python3 canon.py",
        name: "pycanon",
        version: "1.2.0",
        files: [
          { path: "/usr/bin/python3", sha256: "11".repeat(32) },
          { path: "canon.py", sha256: "22".repeat(32) },
        ],
      },
      startedAt: new Date("2026-12-01T19:00:00Z"),
      cases: results.map((r) => ({
        name: recordCaseName(r.suite, r.name),
        pass: r.pass,
        expected: r.expected,
        got: r.got,
      })),
      key: "ephemeral",
    }),
    ...more,
  };
}

/** The view of a run of `results` (src/view runView), its record built from them: what every report
 * reads. `recordPath` is where record.json was written (none: `recordPath: undefined`). */
export function inputFor(
  results: CaseResult[],
  record: Partial<ConformResult> = {},
  more: Partial<RunFacts> & { recordPath?: string | undefined } = {},
): RunView {
  const { recordPath = "out/record.json", ...facts } = more;
  const built = recordFor(results, record);
  const written = "recordPath" in more && more.recordPath === undefined ? {} : { record: recordPath };
  return runView({
    record: built,
    recordBytes: bytesOf(built),
    results,
    elapsedMs: 4321,
    files: written,
    ...facts,
  });
}

/** A small mixed run: two suites, one failure in each of two of them. */
export function mixedRun(): CaseResult[] {
  return [
    caseResult("jcs", "arrays", true),
    caseResult("jcs", "numbers-float", false, { expected: "[1,2]", got: "[1,2.0]" }),
    caseResult("reject", "lone-surrogate", false, {
      expected: writeExpectedAnswer({ status: "rejected" }),
      got: '"\\ud800"',
    }),
    caseResult("reject", "trailing-comma", true),
    caseResult("invariants", "idempotent-1", true, { kind: "idempotent" }),
  ];
}

/** Text that tries every way to break Markdown, HTML, XML or a terminal. */
export const HOSTILE = [
  "```` fence ``` `",
  "</details><details open><summary>x</summary>",
  "<script>alert(1)</script>",
  '<img src=x onerror="alert(1)">',
  "</pre><b>bold</b>",
  "a | b || c \\| d",
  "line1\nline2\r\n\n# heading",
  "*em* _em_ [link](http://x) ![img](x) ~~s~~ $x$",
  "&amp; &lt; &#60; &",
  "\u0000\u0001\u001b[31mred\u001b[0m\u007f\u0085",
  "\u202eevil\u202c \u200b\ufeff\u00a0",
  "lone \ud800 and \udc00 high-low",
  "\ufffe\uffff",
  "]]> <!-- --> <![CDATA[ x ]]>",
  "⟨U+0041⟩",
].join(" ");

/** Text that GFM would link (test/report/links.test.ts): URLs, `www.`, e-mail addresses and Markdown
 * links, alone and in the punctuation that changes where an autolink may start or end. */
export const LINKY = [
  "_www.evil.example/login",
  "www.evil.example",
  "*www.x.y*",
  "(www.x.y)",
  "~www.x.y~",
  "**www.x.y**",
  '"www.x.y"',
  "WWW.X.Y",
  "Www.x.y/path?q=1",
  "https://evil.example",
  "HTTPS://X.Y",
  "(https://x.y/(z)).",
  "*https://x.y*",
  "~~https://x.y~~",
  "ftp://x.y/z",
  "user@evil.example",
  "_a@b.c_",
  "'a@b.c',",
  "a.b@c.d",
  "first.last+tag@sub.evil.example",
  "mailto:a@b.c",
  "MAILTO:a@b.c",
  "xmpp:a@b.c/d",
  "<https://x.y>",
  "<a@b.c>",
  "[x](https://y.z)",
  "![x](https://y.z)",
  "[x]: https://y.z",
  "[x][1] [1]: www.y.z",
  "[^1] [^1]: https://y.z",
  '<a href="https://x.y">x</a>',
  "a\nwww.y.z",
  "a\n\n[x]: https://y.z\n\n[x]",
  "@user",
];

/** The view of a run given as its facts (the record's bytes made from it when not given). */
export function viewOf(facts: Omit<RunFacts, "recordBytes"> & { recordBytes?: Uint8Array }): RunView {
  return runView({ recordBytes: bytesOf(facts.record), ...facts });
}

/** A record's bytes as the reports embed them (JSON in UTF-8: a hand-built record may hold a lone
 * surrogate, which a signed one never does). */
function bytesOf(record: ConformResult): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(record));
}
