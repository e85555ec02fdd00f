// report.html, docs/verify.html and aggregate.html in a real browser, the slow part (npm run test:slow):
// every vector of vectors/conform-result through docs/verify.html and the CLI, hostile text in every
// field, a record with 10,000 failed cases, a failing run's page and the aggregate page. Headless
// Chromium loads each from a file URL and the rendered DOM is read back; every outcome line the page
// shows is compared with what `canon-conformance verify` prints for the same bytes, not with a table.
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { aggregateHtml, caseInputs } from "../../../src/aggregate/html.js";
import { aggregateRecords } from "../../../src/aggregate/index.js";
import { groupFailures } from "../../../src/view/causes.js";
import { checked, cliVerify, probedPage } from "./browser.js";
import { corpus, hostileRun, judged, manyFailures, type SignedRun, signedRun } from "./fixtures.js";
import { assertClean, browserSession, opts, ROOT, VECTORS, writeRun } from "./session.js";

// The callbacks handed to page.evaluate run in the page, where this exists; the project compiles without
// the DOM library, so it is declared for this file alone.
// biome-ignore lint/suspicious/noExplicitAny: the page's globals, typed by the browser, not by this project
declare const document: any;

const s = browserSession();

test(
  "a failing run's page shows the verdict, accept conformant=false and the failure groups first",
  opts,
  async () => {
    const results = await judged("escapes_non_ascii");
    const run = signedRun(results, {
      name: "escapes-non-ascii",
      impl: "node dist/cli.js known-bad escapes_non_ascii --lines",
    });
    const { record, page: url } = writeRun(s.work, "fail", run);
    const { page, probe } = await probedPage(s.browser);
    await page.goto(url);
    await checked(page, 1);
    assert.equal(await page.textContent(".verdict .mark"), "Not conformant");
    const [line] = await cliVerify(record);
    assert.equal(line, "accept conformant=false");
    assert.equal(await page.textContent("#cc-outcome"), line);
    const groups = groupFailures(results);
    const items = await page.$$eval("#causes li", (lis) => lis.map((li) => li.textContent ?? ""));
    assert.equal(items.length, groups.length);
    assert.ok(items[0]!.startsWith(`${groups[0]!.count} difference ${groups[0]!.title}`), items[0]);
    // With its first case, so the first screen shows what broke and where.
    assert.match(items[0]!, new RegExp(`${groups[0]!.cases[0]!}: expected .+, got `));
    assert.match(items[0]!, /non-ASCII/);
    assert.equal(await page.locator("details.group").count(), groups.length);
    // The cause and its first case are in the first screen.
    const box = await page.locator("#causes li").first().boundingBox();
    assert.ok(box !== null && box.y + box.height <= 900, "the first cause is visible without scrolling");
    await page.screenshot({ path: join(s.shots, "report-fail.png") });
    await assertClean(probe);
    await page.close();
  },
);

test(
  "docs/verify.html reaches the CLI's outcome line on every vector of vectors/conform-result",
  opts,
  async () => {
    const manifest = JSON.parse(readFileSync(join(VECTORS, "manifest.json"), "utf8")) as {
      test_key: { public: string };
      vectors: { file: string; expect: string }[];
    };
    const { page, probe } = await probedPage(s.browser);
    await page.goto(pathToFileURL(join(ROOT, "docs", "verify.html")).href);
    await checked(page, 0);
    assert.equal(await page.textContent("#cc-outcome"), "no record yet: choose or drop a record.json");
    await page.fill("#cc-pubkey", manifest.test_key.public);
    // The CLI's answers first, a few processes at a time.
    const cliLines = new Map<string, string[]>();
    const queue = [...manifest.vectors];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let v = queue.shift(); v !== undefined; v = queue.shift()) {
          cliLines.set(v.file, await cliVerify(join(VECTORS, v.file), manifest.test_key.public));
        }
      }),
    );
    const kinds = new Set<string>();
    let n = 0;
    for (const vector of manifest.vectors) {
      const file = join(VECTORS, vector.file);
      const [cliLine, cliPubkey] = cliLines.get(vector.file)!;
      await page.setInputFiles("#cc-file", file);
      await checked(page, ++n);
      const line = await page.textContent("#cc-outcome");
      assert.equal(line, cliLine, vector.file);
      assert.equal(line, vector.expect, vector.file);
      kinds.add(line!);
      const head = (await page.textContent("#cc-head"))!;
      if (line!.startsWith("accept")) {
        assert.equal(await page.textContent("#cc-pubkey-result"), cliPubkey, vector.file);
        assert.match(head, /Conformant|Not conformant/);
      } else {
        assert.equal(
          await page.textContent("#cc-pubkey-result"),
          "pubkey not checked: the record was refused",
        );
        assert.match(head, /refused|not a record this page can show/, vector.file);
      }
    }
    // Every kind of outcome the vectors hold: each reason at each step, and both verdicts.
    assert.ok(kinds.size >= 8, [...kinds].join(", "));
    await assertClean(probe);
    await page.close();
  },
);

test(
  "hostile text in every field runs nothing and breaks no layout, in the page and dropped on it",
  opts,
  async () => {
    const run = hostileRun();
    const { record, page: url } = writeRun(s.work, "hostile", run);
    const { page, probe } = await probedPage(s.browser);
    await page.goto(url);
    await checked(page, 1);
    const [line] = await cliVerify(record);
    assert.equal(await page.textContent("#cc-outcome"), line);
    const shape = () =>
      page.evaluate(() => ({
        scripts: document.querySelectorAll("script").length,
        styles: document.querySelectorAll("style").length,
        forbidden: document.querySelectorAll(
          "img, svg, iframe, object, embed, a[href^='javascript'], h1, body style",
        ).length,
        overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        cases: document.querySelectorAll("article.case").length,
        verdict: document.querySelector(".verdict .mark")?.textContent,
      }));
    const expected = {
      scripts: 2,
      styles: 1,
      forbidden: 0,
      overflow: 0,
      cases: 3,
      verdict: "Not conformant",
    };
    assert.deepEqual(await shape(), expected);
    assert.ok(
      (await page.textContent("#cc-head"))!.includes("<img src=x onerror="),
      "the payload is there, as text",
    );
    await page.screenshot({ path: join(s.shots, "report-hostile.png") });

    // The same record dropped on the page is drawn by the browser-side view, as safely.
    await page.setInputFiles("#cc-file", record);
    await checked(page, 2);
    assert.equal(await page.textContent("#cc-outcome"), line);
    assert.deepEqual(await shape(), expected);

    // Refused at step 4 (a signature digit changed), it is drawn under the refusal, as safely.
    const text = new TextDecoder().decode(run.bytes);
    const sig = JSON.parse(text).sig as string;
    const broken = join(s.work, "hostile", "broken-sig.json");
    writeFileSync(broken, text.replace(sig, (sig[0] === "0" ? "1" : "0") + sig.slice(1)));
    await page.setInputFiles("#cc-file", broken);
    await checked(page, 3);
    const [refusal] = await cliVerify(broken);
    assert.equal(refusal, "reject step=4 reason=signature_invalid");
    assert.equal(await page.textContent("#cc-outcome"), refusal);
    assert.deepEqual(await shape(), { ...expected, scripts: 2 });

    // Bytes that are not UTF-8 inside a string: refused at step 1, by both.
    const bytes = Buffer.from(run.bytes);
    const at = bytes.indexOf(Buffer.from("hostile-"));
    const invalid = join(s.work, "hostile", "not-utf8.json");
    writeFileSync(
      invalid,
      Buffer.concat([bytes.subarray(0, at), Buffer.from([0xc3, 0x28, 0xff]), bytes.subarray(at)]),
    );
    await page.setInputFiles("#cc-file", invalid);
    await checked(page, 4);
    const [notUtf8] = await cliVerify(invalid);
    assert.equal(notUtf8, "reject step=1 reason=malformed");
    assert.equal(await page.textContent("#cc-outcome"), notUtf8);
    assert.equal((await shape()).forbidden, 0);
    await assertClean(probe);
    await page.close();
  },
);

test("a record with 10,000 failed cases opens and verifies", opts, async () => {
  const { record, page: url, html } = writeRun(s.work, "many", manyFailures(10_000));
  const { page, probe } = await probedPage(s.browser);
  await page.goto(url);
  await checked(page, 1);
  assert.equal(await page.textContent("#cc-outcome"), (await cliVerify(record))[0]);
  assert.equal(await page.textContent("#cc-outcome"), "accept conformant=false");
  assert.equal(await page.locator("#causes li").count(), 4);
  assert.ok(html.length > 1_000_000, "a large page, still opened");
  await assertClean(probe);
  await page.close();
});

test(
  "aggregate.html: implementations × suites, the answers side by side, each record's outcome",
  opts,
  async () => {
    const hostile = hostileRun();
    const runs: [string, SignedRun][] = [
      ["reference/record.json", signedRun(await judged(null), { name: "reference" })],
      ["escapes/record.json", signedRun(await judged("escapes_non_ascii"), { name: "escapes-non-ascii" })],
      [
        "scalars/record.json",
        signedRun(await judged("rejects_top_level_scalars"), { name: "rejects-scalars" }),
      ],
      ["slashes/record.json", signedRun(await judged("escapes_slashes"), { name: "escapes-slashes" })],
      ["hostile/record.json", hostile],
    ];
    const files = runs.map(([source, run]) => ({ source, bytes: run.bytes }));
    const text = new TextDecoder().decode(runs[1]![1].bytes);
    files.push({
      source: "tampered/record.json",
      bytes: new TextEncoder().encode(text.replace('"pass":false', '"pass":true')),
    });
    const aggregate = aggregateRecords(files);
    const html = aggregateHtml(aggregate, { inputs: caseInputs((await corpus()).cases) });
    const file = join(s.work, "aggregate.html");
    writeFileSync(file, html);
    const { page, probe } = await probedPage(s.browser);
    await page.goto(pathToFileURL(file).href);
    const dom = await page.evaluate(() => ({
      scripts: document.querySelectorAll("script").length,
      rows: document.querySelectorAll("#suites tbody tr").length,
      disagreements: document.querySelectorAll("#differences .disagreement").length,
      // Open choices made differently are shown apart (issue 30 item 6), never among the differences.
      choices: document.querySelectorAll("#choices .disagreement").length,
      firstAnswers: document.querySelector("#differences .disagreement")?.querySelectorAll(".answer").length,
      firstInput: document.querySelector("#differences .disagreement dl.io pre")?.textContent,
      records: [...document.querySelectorAll("#records tbody tr")].map((tr) => tr.textContent ?? ""),
      forbidden: document.querySelectorAll("img, svg, iframe, a[href^='javascript'], h1").length,
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    }));
    assert.equal(dom.scripts, 0, "the aggregate page runs no script");
    assert.equal(dom.rows, aggregate.implementations.length);
    assert.equal(dom.disagreements, Math.min(aggregate.disagreements.length, 600));
    assert.equal(dom.choices, Math.min(aggregate.choices.length, 600));
    assert.ok(aggregate.disagreements.length > 0);
    assert.equal(dom.firstAnswers, aggregate.disagreements[0]!.answers.length);
    assert.ok(dom.firstInput !== undefined && dom.firstInput.length > 0, "the input, once");
    assert.equal(dom.records.length, files.length);
    for (const [i, entry] of aggregate.records.entries())
      assert.ok(dom.records[i]!.includes(entry.outcome), entry.source);
    assert.ok(
      dom.records.some(
        (r) => r.includes("⛔ refused:") && r.includes("reject step=4 reason=signature_invalid"),
      ),
    );
    assert.ok(dom.records.some((r) => r.includes("✗ genuine, not conformant:")));
    assert.equal(dom.forbidden, 0);
    assert.equal(dom.overflow, 0);
    await page.screenshot({ path: join(s.shots, "aggregate.png") });
    await assertClean(probe);
    await page.close();
  },
);
