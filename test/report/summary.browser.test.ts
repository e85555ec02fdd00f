// The job summary of a failing run, rendered as GitHub renders it (./github-render.ts: micromark's GFM
// and GitHub's CSS) and looked at in headless Chromium: the headings a reader navigates by are there,
// nothing in the failure list scrolls sideways (a long line there hid the `replay: --seed` part), and
// every value a reader copies (the seeds, the re-run command, the keys and hashes) reads back from the
// rendered page's text exactly, each on one line (a <br> once wrapped a seed into another seed).
// The first screen is saved as docs/screenshots/summary-fail.png when CC_SCREENSHOTS=docs/screenshots.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { pathToFileURL } from "node:url";
import { decideGate, parseExpectedFailures } from "../../src/expected/index.js";
import { runSummaryMarkdown } from "../../src/report/index.js";
import { rerunCommand } from "../../src/report/rerun-command.js";
import { viewOf } from "./fixtures.js";
import { readBack, renderGfm, SUMMARY_WIDTH_PX, summaryPage } from "./github-render.js";
import { fileBrowser, probedPage } from "./html/browser.js";
import { judged, signedRun } from "./html/fixtures.js";

interface Measured {
  headings: string[];
  failureListFound: boolean;
  /** Output blocks (a <div> of inline code) in the failure list. */
  measured: number;
  scrolling: { tag: string; overflowPx: number; text: string }[];
  cardWidth: number;
  pageOverflow: number;
}

// Run in the page, as text: the test's own functions, compiled by tsx, carry helpers the page lacks.
// The failure list runs from the first heading that names failures or causes to the "verify" heading.
const MEASURE = `(() => {
  const body = document.querySelector(".markdown-body");
  // Folded cases are opened, so what a reader unfolds is measured too.
  for (const d of body.querySelectorAll("details")) d.open = true;
  const all = [...body.querySelectorAll("h1, h2, h3, h4")];
  const start = all.find((h) => /fail|cause/i.test(h.textContent));
  const end = all.find((h) => /verify/i.test(h.textContent));
  const FOLLOWING = 4;
  const inList = (e) =>
    start !== undefined &&
    (start.compareDocumentPosition(e) & FOLLOWING) !== 0 &&
    (end === undefined || (e.compareDocumentPosition(end) & FOLLOWING) !== 0);
  const scrolling = [...body.querySelectorAll("pre, code, table, p, li, dd, summary")]
    .filter(inList)
    .filter((e) => e.scrollWidth > e.clientWidth + 1)
    .map((e) => ({ tag: e.tagName, overflowPx: e.scrollWidth - e.clientWidth, text: e.textContent.slice(0, 120) }));
  return {
    headings: all.map((h) => h.textContent.trim()),
    failureListFound: start !== undefined,
    measured: [...body.querySelectorAll("p > code")].filter(inList).length,
    scrolling,
    cardWidth: body.getBoundingClientRect().width,
    pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  };
})()`;

/** One Chromium for this file's tests. */
const chromium = fileBrowser();
const work = mkdtempSync(join(tmpdir(), "cc-summary-render-"));
const shots = process.env.CC_SCREENSHOTS ?? join(work, "screenshots");
after(() => rmSync(work, { recursive: true, force: true }));

test("the renderer is GFM: a table, a task list and a filtered <script> come out as on GitHub", () => {
  const html = renderGfm("| a | b |\n| --- | ---: |\n| 1 | 2 |\n\n- [x] done\n\n<script>x</script>\n");
  assert.match(html, /<table>[\s\S]*<th>a<\/th>[\s\S]*<td align="right">2<\/td>/);
  assert.match(html, /<input type="checkbox" disabled="" checked="" \/> done/);
  assert.match(html, /&lt;script>x&lt;\/script>/, "GFM's tagfilter disarms <script>");
});

// Chromium is installed by .ci/run: in CI a missing browser fails this test rather than skipping it.
test("a failing run's job summary in a browser: its headings, and no sideways scroll in its failures", async () => {
  const results = await judged("escapes_non_ascii");
  const run = signedRun(results, { name: "escapes-non-ascii" });
  const markdown = runSummaryMarkdown(viewOf({ record: run.record, results }));
  assert.ok(results.some((r) => !r.pass));
  const file = join(work, "summary.html");
  writeFileSync(file, summaryPage(markdown));

  const browser = await chromium();
  const { page, probe } = await probedPage(browser);
  await page.goto(pathToFileURL(file).href);
  mkdirSync(shots, { recursive: true });
  // The first screen a reader sees, the card and its margin.
  const clip = { x: 0, y: 0, width: SUMMARY_WIDTH_PX + 32, height: 900 };
  await page.screenshot({ path: join(shots, "summary-fail.png"), clip });
  const dom = (await page.evaluate(MEASURE)) as Measured;
  assert.equal(dom.cardWidth, SUMMARY_WIDTH_PX);
  assert.ok(
    dom.headings.some((h) => /not conformant/i.test(h)),
    `no verdict heading in ${dom.headings.slice(0, 8)}`,
  );
  assert.ok(dom.failureListFound, `no heading of the failures in ${dom.headings.slice(0, 8)}`);
  assert.ok(
    dom.headings.some((h) => /verify/i.test(h)),
    "no heading for verifying the record",
  );
  assert.ok(dom.measured > 0, "the failure list shows the cases' answers in output blocks");
  assert.deepEqual(dom.scrolling, [], "elements of the failure list that scroll sideways");
  assert.equal(dom.pageOverflow, 0, "the page itself scrolls sideways");
  assert.deepEqual(probe.pageErrors, []);
  assert.deepEqual(probe.requests, [], "the rendered summary fetches nothing");
  await page.close();
});

test("what a reader copies from the rendered summary is what was written: seeds, the re-run command, keys, hashes", async () => {
  const results = await judged("escapes_non_ascii");
  const run = signedRun(results, { name: "escapes-non-ascii" });
  const failed = results.filter((r) => !r.pass);
  const list = parseExpectedFailures(
    failed.map((r) => `${r.suite}/${r.name}  we escape non-ASCII, issue #12`).join("\n"),
    "expected-failures.txt",
  );
  const rerun = rerunCommand(
    {
      command: "python3 canon.py --lines",
      protocol: "lines",
      shell: false,
      profile: "rfc8785",
      numbers: 1000,
      seed: 1,
      generatedRuns: 50,
      timeoutMs: 10_000,
      maxOutputBytes: 16 * 1024 * 1024,
      workingDirectory: process.cwd(),
      sandbox: { mode: "auto", allowNetwork: false, passEnv: [], writablePaths: [] },
    },
    results,
  )!;
  const markdown = runSummaryMarkdown(
    viewOf({
      record: run.record,
      results,
      gate: decideGate(results, list, false),
      rerun,
      protocol: { name: "lines", linesForms: ["jcs/ws-everywhere"] },
    }),
  );
  const seeds = [...new Set(failed.flatMap((r) => r.got.match(/fast-check seed \d+, path [\d:]+/g) ?? []))];
  assert.ok(seeds.length > 0, "the fixture has a generated failure with its seed");
  const keys = [
    run.record.signer_pubkey,
    run.record.corpus.digest,
    ...run.record.implementation.files.map((f) => f.sha256),
  ];
  const values = [...seeds, rerun.command, ...keys];
  const file = join(work, "copy.html");
  writeFileSync(file, summaryPage(markdown));

  const browser = await chromium();
  const { page } = await probedPage(browser);
  await page.goto(pathToFileURL(file).href);
  const read = await readBack(page, values, true);
  values.forEach((value, i) => {
    assert.ok(read.text.includes(value), `${JSON.stringify(value)} reads back from the page's text`);
    assert.equal(read.lines[i], 1, `${JSON.stringify(value)} is on one line on screen`);
  });
  await page.close();
});
