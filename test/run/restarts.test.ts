// Issue 37 items 1, 5 and 7: what a lines run changed is said where its verdict stands. A command
// that died and was started again (a Go program that panics on every 7th request) is said in the
// console's final lines, summary.md, report.html, results.json and junit.xml: how often, the last
// exit status, and the first crash in full (its exit status, the case it died on, its stderr's first
// line, shown safely), and the protocol is no longer "one process". The stored cases sent in their
// lines form are named with the bytes sent, in every report but junit.xml. The record stays exactly
// seed 003's members (docs/record.md): it cannot say either. Every expected text is made by the
// writers the reports use (src/report/protocol.ts), from facts the test finds on its own: the
// progress line's count of restarts, the fixture's own stderr, the manifest's lines forms.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { casesForLines, encodeRequestLine } from "../../src/adapters/index.js";
import { firstLine } from "../../src/adapters/text.js";
import { INPUT_LIMIT, showBytes } from "../../src/checks/show.js";
import { loadCorpus } from "../../src/corpus/index.js";
import { inlineText } from "../../src/escape/markdown.js";
import { showInvisible } from "../../src/escape/visible.js";
import { shownHtml } from "../../src/report/html/escape.js";
import { formatVerdict } from "../../src/report/index.js";
import { xmlEscape } from "../../src/report/junit.js";
import {
  exitText,
  firstCrashLine,
  LINES_FORMS_NOTE,
  linesFormLine,
  protocolLine,
  restartsLine,
} from "../../src/report/protocol.js";
import { runConformance } from "../../src/run/index.js";
import type { RunOutcome } from "../../src/run/types.js";
import type { Progress } from "../../src/types.js";
import type { LinesFormSent, RestartsUsed } from "../../src/view/protocol.js";
import { fixture, newTag } from "../adapters/helpers.js";
import { REPO } from "../helpers/dist.js";
import { runOptions } from "../helpers/fixtures.js";

const out = mkdtempSync(join(tmpdir(), "cc-lines-said-"));
after(() => rmSync(out, { recursive: true, force: true }));

/** The stored cases of jcs and reject that have a lines form, and their forms' bytes as a report
 * shows bytes, from the manifests. */
function linesFormsOnDisk(): LinesFormSent[] {
  return ["jcs", "reject"].flatMap((suite) => {
    const manifest = JSON.parse(readFileSync(join(REPO, "vectors", suite, "manifest.json"), "utf8"));
    return manifest.cases
      .filter((c: { linesInput?: string }) => c.linesInput !== undefined)
      .map((c: { name: string; linesInput: string }) => ({
        case: `${suite}/${c.name}`,
        sent: showBytes(readFileSync(join(REPO, "vectors", suite, c.linesInput)), INPUT_LIMIT),
      }));
  });
}

/** A lines run of framing.py (JSON.parse, then JSON.stringify) over jcs and the reject cases that
 * have a lines form, with `args`; the reports written, and the progress line's last restarts. */
async function linesRun(dir: string, ...args: string[]) {
  let restartsSeen = 0;
  const outcome = await runConformance(
    runOptions({
      command: fixture("framing.py", newTag(), "--lines", ...args),
      suites: ["jcs", "reject"],
      cases: ["jcs/*", ...linesFormsOnDisk().flatMap((f) => (f.case.startsWith("reject/") ? [f.case] : []))],
      timeoutMs: 10_000,
      outDir: join(out, dir),
      sandbox: { mode: "none" },
      reports: { summary: true, summaryRecordAt: "runner" },
      onProgress: (p: Progress) => {
        restartsSeen = p.askedAlone?.restarts ?? restartsSeen;
      },
    }),
  );
  const read = (name: string) => readFileSync(join(out, dir, name), "utf8");
  return {
    outcome,
    restartsSeen,
    console: formatVerdict(outcome, { color: false }),
    summary: read("summary.md"),
    html: read("report.html"),
    junit: read("junit.xml"),
    results: JSON.parse(read("results.json")),
    record: JSON.parse(read("record.json")),
  };
}

/** A console field as the verdict prints it. */
const field = (label: string, value: string) => `  ${label.padEnd(15)} ${value}`;

let panics: Awaited<ReturnType<typeof linesRun>>;
let calm: Awaited<ReturnType<typeof linesRun>>;
before(async () => {
  panics = await linesRun("panics", "--panic-every=7");
  calm = await linesRun("calm");
});

function restartsOf(outcome: RunOutcome): RestartsUsed {
  const r = outcome.protocol.restarts;
  assert.ok(r !== undefined, "the run says it restarted the command");
  return r;
}

test("a command that panics on every 7th request: the restarts, the last exit and the first crash are the run's facts", async () => {
  const r = restartsOf(panics.outcome);
  assert.ok(r.count >= 5, `${r.count} restarts`);
  assert.equal(r.count, panics.restartsSeen, "the count the progress line showed last");
  assert.deepEqual(r.lastExit, { code: 2 });
  assert.deepEqual(r.firstCrash.exit, { code: 2 });
  // The case it died on sent the very line the fixture's stderr names (framing.py: `panic: line 7:
  // <the line>`, then a blank line and more): of its stderr, the first line, as the adapter keeps it.
  const crash = r.firstCrash;
  assert.ok("case" in crash, `died on a request of the harness's: ${JSON.stringify(crash)}`);
  const corpus = await loadCorpus({ suites: ["jcs", "reject"], profile: "rfc8785", numbers: 0 });
  const c = casesForLines(corpus.cases).find((k) => `${k.suite}/${k.name}` === crash.case);
  assert.ok(c !== undefined && "input" in c, `${crash.case} is a stored case of the run`);
  const line = new TextDecoder().decode(encodeRequestLine(c.input)).replace(/\n$/, "");
  const stderr = new TextEncoder().encode(`panic: line 7: ${line}\n\ngoroutine 1 [running]:\n`);
  assert.equal(r.firstCrash.stderr, firstLine(stderr));
  assert.deepEqual(panics.results.protocol.restarts, r, "results.json's protocol says the same");
});

test("the console's final lines, summary.md, report.html and junit.xml say the restarts, and not 'one process'", () => {
  const { protocol } = panics.outcome;
  const r = restartsOf(panics.outcome);
  const lines = panics.console.split("\n");
  assert.ok(lines.includes(field("protocol", showInvisible(protocolLine(protocol)))));
  assert.ok(lines.includes(field("restarts", showInvisible(restartsLine(r)))));
  assert.ok(lines.includes(field("first crash", showInvisible(firstCrashLine(r.firstCrash)))));
  assert.ok(protocolLine(protocol).includes(`restarted ${r.count} times`));
  for (const report of [panics.console, panics.summary, panics.junit])
    assert.ok(!report.includes("one process"), "a restarted command is not one process");
  // (report.html's script holds the words for a run that never restarted: its facts do not.)
  assert.ok(panics.html.includes(`<tr><th>protocol</th><td>${shownHtml(protocolLine(protocol))}</td></tr>`));

  assert.ok(panics.summary.includes(`- **Restarts:** ${inlineText(restartsLine(r))}\n`));
  assert.ok(panics.summary.includes(`- **First crash:** ${inlineText(firstCrashLine(r.firstCrash))}\n`));
  assert.ok(panics.html.includes(`<tr><th>restarts</th><td>${shownHtml(restartsLine(r))}</td></tr>`));
  assert.ok(
    panics.html.includes(`<tr><th>first crash</th><td>${shownHtml(firstCrashLine(r.firstCrash))}</td></tr>`),
  );
  for (const [name, value] of <[string, string][]>[
    ["restarts", String(r.count)],
    ["restarts.last_exit", exitText(r.lastExit)],
    ["restarts.first_crash", firstCrashLine(r.firstCrash)],
  ])
    assert.ok(panics.junit.includes(`<property name="${name}" value="${xmlEscape(value)}"/>`), name);
});

test("a run that never restarted says none of it: one process, no restarts anywhere", () => {
  assert.equal(calm.outcome.protocol.restarts, undefined);
  assert.equal(calm.results.protocol.restarts, undefined);
  assert.ok(protocolLine(calm.outcome.protocol).startsWith("lines (one process, a line per request;"));
  for (const report of [calm.console, calm.summary, calm.junit])
    assert.doesNotMatch(report, /restart|first crash|first_crash/i);
  assert.ok(!/<th>(restarts|first crash)<\/th>/.test(calm.html));
});

test("the record cannot say it (seed 003 fixes its members): the same members whether or not it restarted", () => {
  const members = (record: Record<string, unknown>) => Object.keys(record).sort();
  assert.deepEqual(members(panics.record), members(calm.record));
  assert.ok(!JSON.stringify(panics.record).includes("restart"));
});

test("the cases sent in their lines form are named with the bytes sent, in every report of a lines run", () => {
  const forms = linesFormsOnDisk();
  assert.ok(forms.length >= 7, "jcs and reject have their lines forms");
  for (const run of [panics, calm]) {
    assert.deepEqual(run.results.protocol.linesFormsSent, forms, "results.json");
    assert.deepEqual(
      run.results.protocol.linesForms,
      forms.map((f) => f.case),
      "the names as before",
    );
    const lines = run.console.split("\n");
    const at = lines.indexOf(field("lines forms", showInvisible(linesFormLine(forms[0]!))));
    assert.ok(at > 0, "the console names the first");
    assert.deepEqual(lines.slice(at, at + forms.length + 1), [
      ...forms.map((f, i) => field(i === 0 ? "lines forms" : "", showInvisible(linesFormLine(f)))),
      field("", `(${LINES_FORMS_NOTE})`),
    ]);
    assert.ok(run.summary.includes(`- **Lines forms** (${inlineText(LINES_FORMS_NOTE)}):\n`));
    for (const f of forms) {
      assert.ok(run.summary.includes(`\n  - ${inlineText(linesFormLine(f))}\n`), `summary.md: ${f.case}`);
      assert.ok(run.html.includes(shownHtml(linesFormLine(f))), `report.html: ${f.case}`);
    }
  }
  // A raw U+0001 sent for a raw line break is shown, never printed raw.
  assert.ok(calm.console.includes('reject/raw-control-u000a sent as ["a⟨U+0001⟩b"]'));
});
