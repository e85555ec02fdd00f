// The protocol is part of what a run says (issue 22): the console's header, the job summary,
// results.json and report.html each state how the implementation was spoken to, and in lines mode
// which stored cases went in their lines form (issue 37: with the bytes sent), and a lines command
// started again (issue 37: how often, the last exit, the first crash). Also: each names report.html and how to open it, and a
// cause's title is escaped once (its ⟨U+000D⟩ is not shown again as ⟨U+27E8⟩U+000D⟩).
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { inlineText } from "../../src/escape/markdown.js";
import { shownHtml } from "../../src/report/html/escape.js";
import { formatVerdict, toMarkdownSummary, writeReports } from "../../src/report/index.js";
import {
  exitText,
  firstCrashLine,
  LINES_FORMS_NOTE,
  linesFormLine,
  protocolLine,
  restartsLine,
} from "../../src/report/protocol.js";
import type { ProtocolUsed } from "../../src/view/protocol.js";
import { caseResult, inputFor, mixedRun } from "./fixtures.js";

const tmp = mkdtempSync(join(tmpdir(), "report-protocol-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

const lines: ProtocolUsed = { name: "lines", linesForms: ["reject/comment-line", "jcs/ws-everywhere"] };

test("the console states the protocol beside the command, and the lines forms it used", () => {
  const text = formatVerdict(inputFor(mixedRun(), {}, { protocol: lines }), { color: false });
  const at = text.split("\n").indexOf("  command         python3 canon.py");
  assert.equal(
    text.split("\n")[at + 1],
    "  protocol        lines (one process, a line per request; 2 stored cases sent in their lines form)",
  );
  const once = formatVerdict(inputFor(mixedRun(), {}, { protocol: { name: "once" } }), { color: false });
  assert.match(once, /^ {2}protocol {8}once \(a process per request, the input on stdin\)$/m);
  const http = formatVerdict(inputFor(mixedRun(), {}, { protocol: { name: "http" } }), { color: false });
  assert.match(http, /^ {2}protocol {8}http \(a POST per request\)$/m);
});

test("the job summary states the protocol under the command", () => {
  const md = toMarkdownSummary(inputFor(mixedRun(), {}, { protocol: lines }));
  assert.match(
    md,
    /^- \*\*Command:\*\* <code>python3 canon\.py<\/code>\n- \*\*Protocol:\*\* lines \(one process, a line per request; 2 stored cases sent in their lines form\)$/m,
  );
});

test("results.json states the protocol first, and report.html in what ran", async () => {
  const written = await writeReports(join(tmp, "out"), inputFor(mixedRun(), {}, { protocol: lines }));
  const results = JSON.parse(readFileSync(written.results!, "utf8"));
  assert.deepEqual(Object.keys(results)[0], "protocol");
  assert.deepEqual(results.protocol, lines);
  const html = readFileSync(written.html!, "utf8");
  assert.match(
    html,
    /<tr><th>protocol<\/th><td>lines \(one process, a line per request; 2 stored cases sent in their lines form\)<\/td><\/tr>/,
  );
});

test("the console and the job summary name report.html and say how to open it", () => {
  const local = formatVerdict(inputFor(mixedRun(), {}, { files: { html: "out/report.html" } }), {
    color: false,
  });
  assert.match(local, /Open the report page in a browser .*:\n {2}out\/report\.html\n/);
  const action = formatVerdict(inputFor(mixedRun()), {
    color: false,
    reportAt: { artifact: "conformance-run" },
  });
  assert.match(
    action,
    /The report page is report\.html in the artifact 'conformance-run': download the artifact, unzip it and open report\.html in a browser/,
  );
  const md = toMarkdownSummary(inputFor(mixedRun()));
  assert.match(
    md,
    /^- \*\*Report page:\*\* download the artifact, unzip it and open `report\.html` in a browser/m,
  );
  const kept = toMarkdownSummary(inputFor(mixedRun()), { recordAt: { runner: "/tmp/run/out" } });
  assert.match(
    kept,
    /^- \*\*Report page:\*\* `report\.html`, beside `record\.json` on the runner in <code>\/tmp\/run\/out<\/code>/m,
  );
});

test("a cause's title is escaped once: a CR shows as ⟨U+000D⟩ in the console and the summary", () => {
  // Three cases whose answers carry an extra CR make one cause, "writes an extra “⟨U+000D⟩”".
  const results = ["a", "b", "c"].map((n) =>
    caseResult("jcs", n, false, { expected: `[1,"${n}"]`, got: `[1,\r"${n}"]` }),
  );
  const text = formatVerdict(inputFor(results), { color: false });
  assert.match(text, /^ {2}3 cases: writes an extra “⟨U\+000D⟩”$/m);
  const md = toMarkdownSummary(inputFor(results));
  assert.match(md, /^- \*\*3 cases:\*\* writes an extra “⟨U\+000D⟩”<br>/m);
  for (const shown of [text, md]) assert.ok(!shown.includes("⟨U+27E8⟩"), "no tag is shown twice");
});

test("once mode's batches: the console and the summary say the processes planned and started, or why batches were off", () => {
  const batches = { planned: 283, started: 290, inputs: 1990, batches: 9, confirmed: 1985 };
  const on = formatVerdict(inputFor(mixedRun(), {}, { protocol: { name: "once", batches } }), {
    color: false,
  });
  assert.match(
    on,
    /^ {2}protocol {8}once \(a process per request, the input on stdin; 283 processes planned, 290 started; 1990 inputs in 9 batches, 1985 confirmed\)$/m,
  );
  const off = { ...batches, off: "sentinel 1 of 7 was answered\u001b[2J otherwise" };
  const summary = toMarkdownSummary(inputFor(mixedRun(), {}, { protocol: { name: "once", batches: off } }));
  assert.match(
    summary,
    /283 processes planned, 290 started; batches off, every request alone: sentinel 1 of 7/,
  );
  const console = formatVerdict(inputFor(mixedRun(), {}, { protocol: { name: "once", batches: off } }), {
    color: false,
  });
  assert.ok(
    !console.includes("\u001b[2J"),
    "the reason, which holds the implementation's answer, is shown safely",
  );
  // Wrong answers found in place: how many, and whether they stood in for generated draws.
  const sliced = { ...batches, confirmed: 990, sliced: 1000 };
  assert.match(
    formatVerdict(inputFor(mixedRun(), {}, { protocol: { name: "once", batches: sliced } }), {
      color: false,
    }),
    /1990 inputs in 9 batches, 990 confirmed, 1000 wrong \(their place in the answer stands in for generated draws\)\)$/m,
  );
  const doubted = {
    ...sliced,
    slicesOff: "a wrong input was answered\u001b[2J [1] alone, and [2] in a batch",
  };
  const doubtedText = formatVerdict(
    inputFor(mixedRun(), {}, { protocol: { name: "once", batches: doubted } }),
    {
      color: false,
    },
  );
  assert.match(
    doubtedText,
    /990 confirmed, 1000 wrong \(not used for generated draws: a wrong input was answered/,
  );
  assert.ok(!doubtedText.includes("\u001b[2J"));
});

// Issue 37 items 1 and 7: a lines command that ended mid-run and was started again.
const hostile = `panic: "quoted" \\ path\u001b[2J\u202e http://evil.example ${"x".repeat(300)}`;
const restarted: ProtocolUsed = {
  ...lines,
  restarts: {
    count: 1425,
    lastExit: { signal: "SIGSEGV" },
    firstCrash: { exit: { code: 2 }, case: "jcs/arrays", stderr: hostile },
  },
};

test("a restarted lines command: the protocol is not 'one process', and each report says how often and how", async () => {
  const r = restarted.restarts!;
  assert.equal(
    protocolLine(restarted),
    "lines (a line per request, to a process restarted 1425 times: it ended mid-run; 2 stored cases sent in their lines form)",
  );
  assert.equal(
    restartsLine(r),
    "restarted 1425 times (it ended mid-run); the last time: killed by signal SIGSEGV",
  );
  assert.equal(exitText({ code: 2 }), "exit code 2");
  const text = formatVerdict(inputFor(mixedRun(), {}, { protocol: restarted }), { color: false });
  assert.ok(!text.includes("one process"));
  assert.match(text, /^ {2}restarts {8}restarted 1425 times \(it ended mid-run\)/m);
  assert.match(
    text,
    /^ {2}first crash {5}exit code 2 on jcs\/arrays, stderr "panic: \\"quoted\\" \\\\ path/m,
  );
  const md = toMarkdownSummary(inputFor(mixedRun(), {}, { protocol: restarted }));
  assert.ok(md.includes(`- **First crash:** ${inlineText(firstCrashLine(r.firstCrash))}\n`));
  const written = await writeReports(
    join(tmp, "restarted"),
    inputFor(mixedRun(), {}, { protocol: restarted }),
  );
  assert.deepEqual(JSON.parse(readFileSync(written.results!, "utf8")).protocol, restarted);
  const junit = readFileSync(written.junit!, "utf8");
  assert.ok(junit.includes(`<property name="restarts.last_exit" value="killed by signal SIGSEGV"/>`));
  const html = readFileSync(written.html!, "utf8");
  assert.ok(
    html.includes(`<tr><th>first crash</th><td>${shownHtml(firstCrashLine(r.firstCrash))}</td></tr>`),
  );
  // Its stderr is untrusted: escaped as a JSON string, cut, and shown visibly in every report.
  for (const shown of [text, md, junit, html]) {
    assert.ok(!shown.includes("\u001b") && !shown.includes("\u202e"), "no raw control character");
    assert.ok(!shown.includes("x".repeat(201)), "cut");
  }
  assert.ok(!md.includes("http://evil"), "no link in the summary");
});

test("the first crash names a request of the harness's own as such, and an exit without a status", () => {
  const on = (request: "sync request" | "setup probe") =>
    firstCrashLine({ exit: { code: null }, request, stderr: "" });
  assert.equal(on("sync request"), "no exit status seen on a sync request (no case's), nothing on stderr");
  assert.equal(on("setup probe"), "no exit status seen on a setup probe (no case's), nothing on stderr");
});

test("the cases sent in their lines form: each named with the form sent, once mode's note beside them", () => {
  const forms: ProtocolUsed = {
    ...lines,
    linesFormsSent: [
      { case: "reject/comment-line", sent: "/* note */ [1]" },
      { case: "reject/raw-control-in-key", sent: '{"a\u0001b":1}' },
    ],
  };
  assert.equal(linesFormLine(forms.linesFormsSent![0]!), "reject/comment-line sent as /* note */ [1]");
  const text = formatVerdict(inputFor(mixedRun(), {}, { protocol: forms }), { color: false }).split("\n");
  const at = text.indexOf("  lines forms     reject/comment-line sent as /* note */ [1]");
  assert.deepEqual(text.slice(at, at + 3), [
    "  lines forms     reject/comment-line sent as /* note */ [1]",
    '                  reject/raw-control-in-key sent as {"a⟨U+0001⟩b":1}',
    `                  (${LINES_FORMS_NOTE})`,
  ]);
  const md = toMarkdownSummary(inputFor(mixedRun(), {}, { protocol: forms }));
  assert.ok(
    md.includes(
      `- **Lines forms** (${inlineText(LINES_FORMS_NOTE)}):\n  - ${inlineText(linesFormLine(forms.linesFormsSent![0]!))}\n`,
    ),
  );
  // Without the sent forms (a protocol written before them), nothing more is said.
  const plain = formatVerdict(inputFor(mixedRun(), {}, { protocol: lines }), { color: false });
  assert.ok(!plain.includes("lines forms") && !plain.includes(LINES_FORMS_NOTE));
});
