// report.html in a real browser, the quick checks npm test runs: headless Chromium loads a page from a
// file URL and the rendered DOM is read back; the outcome line the page shows is compared with what
// `canon-conformance verify` prints for the same bytes. The rest (docs/verify.html over every vector,
// hostile text, 10,000 failures, a failing page, aggregate.html) is in report.browser.slow.test.ts.
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { aggregateHtml } from "../../../src/aggregate/html.js";
import { aggregateRecords } from "../../../src/aggregate/index.js";
import { showInvisible } from "../../../src/escape/visible.js";
import { decideGate, parseExpectedFailures } from "../../../src/expected/index.js";
import { toHex } from "../../../src/record/index.js";
import { reportHtml } from "../../../src/report/html/index.js";
import { recordCaseName } from "../../../src/text-forms/index.js";
import { runView } from "../../../src/view/index.js";
import { file, ok, record } from "../../aggregate/fixtures.js";
import { checked, cliVerify, probedPage } from "./browser.js";
import { judged, OTHER_PUBKEY, signedRun } from "./fixtures.js";
import { assertClean, browserSession, opts, writeRun } from "./session.js";

const s = browserSession();

test(
  "a genuine passing record verifies in the page: accept conformant=true, pinned key match and mismatch",
  opts,
  async () => {
    const run = signedRun(await judged(null), { name: "reference" });
    const { record, page: url } = writeRun(s.work, "pass", run);
    const { page, probe } = await probedPage(s.browser);
    await page.goto(url);
    await checked(page, 1);
    assert.equal(await page.textContent(".verdict .mark"), "Conformant");
    const [line] = await cliVerify(record);
    assert.equal(line, "accept conformant=true");
    assert.equal(await page.textContent("#cc-outcome"), line);
    // A pinned key: the signer's matches; another does not, and the page says so as `verify --pubkey` does.
    const signer = run.record.signer_pubkey;
    await page.fill("#cc-pubkey", signer.toUpperCase());
    assert.equal(await page.textContent("#cc-pubkey-result"), (await cliVerify(record, signer))[1]);
    assert.equal(await page.textContent("#cc-pubkey-result"), "pubkey match");
    const other = toHex(OTHER_PUBKEY);
    await page.fill("#cc-pubkey", other);
    const mismatch = (await cliVerify(record, other))[1];
    assert.equal(mismatch, `pubkey mismatch got=${signer}`);
    assert.equal(await page.textContent("#cc-pubkey-result"), mismatch);
    await page.fill("#cc-pubkey", "not a key");
    assert.match((await page.textContent("#cc-pubkey-result"))!, /64 hex digits/);
    await page.fill("#cc-pubkey", "");
    await page.screenshot({ path: join(s.shots, "report-pass.png") });
    await assertClean(probe);
    await page.close();
  },
);

test("a report whose embedded record was tampered with shows the CLI's refusal line", opts, async () => {
  const run = signedRun(await judged("escapes_slashes"));
  const good = reportHtml({ recordBytes: run.bytes, results: run.results });
  // The failed case now says it passed: the bytes change, the signature no longer holds.
  const text = new TextDecoder().decode(run.bytes);
  const tampered = new TextEncoder().encode(text.replace('"pass":false', '"pass":true'));
  const page64 = (b: Uint8Array) => Buffer.from(b).toString("base64");
  const html = good.replace(page64(run.bytes), page64(tampered));
  assert.notEqual(html, good);
  const { record, page: url } = writeRun(s.work, "tampered", { ...run, bytes: tampered }, html);
  const { page, probe } = await probedPage(s.browser);
  await page.goto(url);
  await checked(page, 1);
  const [line] = await cliVerify(record);
  assert.match(line!, /^reject step=\d reason=/);
  assert.equal(await page.textContent("#cc-outcome"), line);
  assert.match((await page.textContent("#cc-detail"))!, /^Why: /);
  await assertClean(probe);
  await page.close();
});

test(
  "a failing run that passes by its list: the chip is red like the verdict, the step's status under it, a 64-digit key fits its field",
  opts,
  async () => {
    const results = await judged("escapes_non_ascii");
    const run = signedRun(results, { name: "escapes-non-ascii" });
    const failed = results.filter((r) => !r.pass).map((r) => `${r.suite}/${r.name}  we escape, #12`);
    const gate = decideGate(
      results,
      parseExpectedFailures(failed.join("\n"), "expected-failures.txt"),
      false,
    );
    const html = reportHtml({ recordBytes: run.bytes, results: run.results, gate });
    const { page: url } = writeRun(s.work, "listed", run, html);
    const { page, probe } = await probedPage(s.browser);
    await page.goto(url);
    await checked(page, 1);
    assert.equal(await page.textContent("#cc-outcome"), "accept conformant=false");
    const colour = (selector: string) =>
      page.evaluate(`getComputedStyle(document.querySelector(${JSON.stringify(selector)})).color`);
    assert.equal(
      await colour("#cc-outcome"),
      await colour(".verdict .mark"),
      "the chip is the verdict's red",
    );
    assert.match(
      (await page.textContent(".verdict .gate"))!,
      new RegExp(
        `^The step passes by the expected-failures list expected-failures\\.txt: ${failed.length} expected failures\\. The record says not conformant`,
      ),
    );
    // The pinned-key field shows a whole key: no part of it scrolls out of view.
    await page.fill("#cc-pubkey", run.record.signer_pubkey);
    const field = await page.$eval("#cc-pubkey", (e) => ({
      scroll: (e as unknown as { scrollWidth: number }).scrollWidth,
      client: (e as unknown as { clientWidth: number }).clientWidth,
    }));
    assert.ok(field.scroll <= field.client, `a key of 64 hex digits fits: ${field.scroll} > ${field.client}`);
    // Every key and hash reads back from the page's text exactly as the record has it.
    const text = (await page.evaluate("document.body.innerText")) as string;
    for (const value of [
      run.record.signer_pubkey,
      run.record.corpus.digest,
      ...run.record.implementation.files.map((f) => f.sha256),
    ])
      assert.ok(text.includes(value), `${value} reads back from the page`);
    await page.screenshot({ path: join(s.shots, "report-listed.png") });
    await assertClean(probe);
    await page.close();
  },
);

test(
  "a run that fails by its list: the page marks exactly the unexpected failures, red, and the listed ones as expected",
  opts,
  async () => {
    const results = await judged("escapes_non_ascii");
    const run = signedRun(results, { name: "escapes-non-ascii" });
    const failed = results.filter((r) => !r.pass).map((r) => recordCaseName(r.suite, r.name));
    assert.ok(failed.length >= 3, "the fixture fails several cases");
    // Every failure listed but the first two: those two fail the step.
    const listed = failed.slice(2).map((n) => `${n}  we escape, #12`);
    const gate = decideGate(
      results,
      parseExpectedFailures(listed.join("\n"), "expected-failures.txt"),
      false,
    );
    assert.deepEqual(gate.unexpected, failed.slice(0, 2));
    // The page as the run writes it: from the run's view.
    const view = runView({ record: run.record, recordBytes: run.bytes, results: run.results, gate });
    const html = reportHtml({ recordBytes: run.bytes, results: run.results, gate, causes: view.causes });
    const { page: url } = writeRun(s.work, "gate-fails", run, html);
    const { page, probe } = await probedPage(s.browser);
    await page.goto(url);
    await checked(page, 1);
    assert.match(
      (await page.textContent(".verdict .gate"))!,
      /^The step fails by the expected-failures list .*: 2 unexpected failures/,
    );
    // Each mark stands beside its case's name, in an article or a list of names.
    const marks = (await page.evaluate(`[...document.querySelectorAll(".listed.unexpected")].map((m) => ({
      name: m.parentElement.querySelector("code").textContent,
      text: m.textContent,
      background: getComputedStyle(m).backgroundColor,
      fail: getComputedStyle(document.querySelector(".verdict .gate.fail")).backgroundColor,
    }))`)) as { name: string; text: string; background: string; fail: string }[];
    assert.deepEqual(marks.map((m) => m.name).sort(), [...gate.unexpected].sort());
    for (const m of marks) {
      assert.equal(m.text, "unexpected failure: not in the expected-failures list, fails the step");
      assert.equal(m.background, m.fail, "the mark is red, as the step's failure");
    }
    // The listed ones say they were expected, with their list line.
    const expectedMarks = (await page.evaluate(
      `[...document.querySelectorAll(".listed:not(.unexpected)")].map((m) => m.textContent)`,
    )) as string[];
    assert.ok(expectedMarks.length > 0);
    for (const text of expectedMarks) assert.match(text, /^expected failure, list line \d+: we escape, #12$/);
    await page.screenshot({ path: join(s.shots, "report-gate-fails.png") });
    await assertClean(probe);
    await page.close();
  },
);

/** In the page: each answer's width against the page's, its text, and for each ⟨U+XXXX⟩ tag in the
 * answers (found in the text itself, whatever elements hold it) how many lines it takes. */
const MEASURE_ANSWERS = `(() => {
  const answers = [...document.querySelectorAll(".disagreement .answer")];
  const main = document.querySelector("main").getBoundingClientRect().width;
  const tops = [];
  for (const pre of document.querySelectorAll(".answer pre")) {
    const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/⟨U\\+[0-9A-F]{4,6}⟩/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        tops.push(new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size);
      }
    }
  }
  const scrolls = (p) => p.scrollHeight > p.clientHeight + 1 || p.scrollWidth > p.clientWidth + 1;
  return {
    widths: answers.map((a) => a.getBoundingClientRect().width / main),
    texts: answers.map((a) => a.querySelector("pre").textContent),
    cut: document.querySelectorAll(".answer .cut").length,
    tags: tops.length,
    split: tops.filter((n) => n !== 1).length,
    scrolls: answers.filter((a) => scrolls(a.querySelector("pre"))).length,
  };
})()`;

test(
  "the aggregate page shows a long answer whole, full width, and never splits a ⟨U+XXXX⟩ tag",
  opts,
  async () => {
    // Runs of letters, each ending in a U+0080 shown as ⟨U+0080⟩: a run has no break opportunity
    // (a letter before ⟨ allows none), so a wrap must fall inside it, at every offset in turn.
    const answer = `"${Array.from({ length: 35 }, (_, i) => `${"a".repeat(30 + (i % 47))}\u0080`).join("")}" and then some words`;
    const files = [
      file("a/record.json", record("alpha", [ok("jcs/x", '"ok"')])),
      file("b/record.json", record("beta", [{ name: "jcs/x", pass: false, expected: '"ok"', got: answer }])),
    ];
    const aggregate = aggregateRecords(files);
    assert.equal(aggregate.disagreements.length, 1);
    const where = join(s.work, "aggregate-long.html");
    writeFileSync(where, aggregateHtml(aggregate));
    const { page, probe } = await probedPage(s.browser);
    await page.goto(pathToFileURL(where).href);
    type Measured = {
      widths: number[];
      texts: string[];
      cut: number;
      tags: number;
      split: number;
      scrolls: number;
    };
    const measure = async () => (await page.evaluate(MEASURE_ANSWERS)) as Measured;
    // A wide window: each answer takes the page's width (they were ~200 px boxes side by side).
    const wide = await measure();
    assert.ok(
      wide.widths.every((w) => w > 0.85),
      `each answer takes the page's width: ${wide.widths}`,
    );
    assert.ok(wide.texts.includes(showInvisible(answer)), "the long answer is there whole");
    assert.equal(wide.cut, 0, "nothing is cut");
    assert.equal(wide.scrolls, 0, "no answer hides part of itself behind a scroll");
    assert.equal(wide.tags, 35);
    // A phone's width: a run of letters and its tag is wider than a line, so a wrap falls inside it.
    await page.setViewportSize({ width: 400, height: 900 });
    const narrow = await measure();
    assert.equal(narrow.tags, 35);
    assert.equal(narrow.split, 0, "no ⟨U+0080⟩ is split across lines");
    await assertClean(probe);
    await page.close();
  },
);
