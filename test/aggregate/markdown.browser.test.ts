// The aggregate's job summary rendered as GitHub renders it (test/report/github-render.ts: micromark's
// GFM and GitHub's CSS) and measured in headless Chromium: with the longest names, command lines,
// paths and answers a record can bring, no table scrolls sideways and the page does not either
// (GitHub's tables grow to their widest unbreakable word, then scroll). The first screen is saved as
// aggregate-wide.png under CC_SCREENSHOTS when that is set.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { pathToFileURL } from "node:url";
import { aggregateMarkdown, aggregateRecords } from "../../src/aggregate/index.js";
import { readBack, SUMMARY_WIDTH_PX, summaryPage } from "../report/github-render.js";
import { fileBrowser, probedPage } from "../report/html/browser.js";
import { file, ok, record } from "./fixtures.js";

interface Measured {
  tables: number;
  headers: string[][];
  scrolling: { tag: string; overflowPx: number; text: string }[];
  pageOverflow: number;
}

// Run in the page, as text (the test's compiled functions carry helpers the page lacks).
const MEASURE = `(() => {
  const body = document.querySelector(".markdown-body");
  const scrolling = [...body.querySelectorAll("table, pre, p, li, h2, h3, h4")]
    // A command line is a code block of its own, which keeps it whole: a long one scrolls inside it.
    .filter((e) => !(e.tagName === "PRE" && e.closest("li")))
    .filter((e) => e.scrollWidth > e.clientWidth + 1)
    .map((e) => ({ tag: e.tagName, overflowPx: e.scrollWidth - e.clientWidth, text: e.textContent.slice(0, 120) }));
  return {
    tables: body.querySelectorAll("table").length,
    headers: [...body.querySelectorAll("table")].map((t) => [...t.querySelectorAll("th")].map((th) => th.textContent.trim())),
    scrolling,
    pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  };
})()`;

/** One Chromium for this file's tests. */
const chromium = fileBrowser();
const work = mkdtempSync(join(tmpdir(), "cc-aggregate-render-"));
const shots = process.env.CC_SCREENSHOTS ?? join(work, "screenshots");
after(() => rmSync(work, { recursive: true, force: true }));

/** Two implementations with every value as long and unbroken as a record may make it, one of them
 * not conformant and answering differently, and a refused record with a long path. */
function wideAggregate() {
  const long = (stem: string, n: number) => `${stem}${"x".repeat(n)}`;
  const impl = `/opt/toolchains/${"very-long-directory-name/".repeat(8)}canon --lines --flag=${"v".repeat(120)}`;
  const cases = [
    ok("jcs/a", '{"a":1}'),
    ok("jcs/b", "[1]"),
    ok(long("jcs/case-with-a-long-name-", 150), "[2]"),
  ];
  const other = cases.map((c, i) =>
    i === 0 ? { ...c, pass: false, got: `{"a":"${"ÿ".repeat(40)}${"0123456789".repeat(60)}"}` } : c,
  );
  const overrides = (name: string) => ({
    implementation: {
      adapter: "command" as const,
      impl,
      name,
      version: "1.0.0-rc.1+build.20261202.abcdef0123456789",
      files: [{ path: `/usr/bin/${name}`, sha256: "01".repeat(32) }],
    },
    suite: `rfc8785:jcs,reject,numbers,${"custom-suite-name-".repeat(4)}`,
  });
  const a = record("alpha", cases, overrides(long("implementation-with-a-very-long-name-", 120)));
  const b = record("beta", other, overrides(long("another-implementation-", 140)));
  const folder = long("artifact-folder-of-a-matrix-job-", 90);
  const bad = { ...b, sig: "00".repeat(64) };
  return aggregateRecords([
    file(`${folder}-a/record.json`, a),
    file(`${folder}-b/record.json`, b),
    file(`${folder}-c/record.json`, bad),
  ]);
}

// Chromium is installed by .ci/run: in CI a missing browser fails this test rather than skipping it.
test("the aggregate's summary in a browser: no table or line scrolls sideways, every header names its column", async () => {
  const aggregate = wideAggregate();
  assert.ok(aggregate.disagreements.length > 0, "the fixture answers differently");
  assert.ok(aggregate.verdict.refused > 0, "the fixture has a refused record");
  const markdown = aggregateMarkdown(aggregate);
  const page = join(work, "aggregate.html");
  writeFileSync(page, summaryPage(markdown));

  const browser = await chromium();
  const { page: tab, probe } = await probedPage(browser);
  await tab.goto(pathToFileURL(page).href);
  mkdirSync(shots, { recursive: true });
  await tab.screenshot({
    path: join(shots, "aggregate-wide.png"),
    clip: { x: 0, y: 0, width: SUMMARY_WIDTH_PX + 32, height: 900 },
  });
  const dom = (await tab.evaluate(MEASURE)) as Measured;
  assert.ok(dom.tables >= 4, `records, implementations, suites and a disagreement: ${dom.tables} tables`);
  assert.deepEqual(dom.scrolling, [], "elements that scroll sideways");
  assert.equal(dom.pageOverflow, 0, "the page itself scrolls sideways");
  for (const header of dom.headers)
    assert.ok(
      header.every((th) => th !== ""),
      `a table header with an empty cell: ${JSON.stringify(header)}`,
    );
  assert.deepEqual(probe.pageErrors, []);
  await tab.close();
});

test("the aggregate's summary in a browser: a folder's name and every key read back exactly, each key on one line", async () => {
  const folder = (k: number) => `canon-conformance-mine-shard-${k}-of-2`;
  const aggregate = aggregateRecords([
    file(`${folder(1)}/record.json`, record("mine", [ok("jcs/a")])),
    file(`${folder(2)}/record.json`, record("theirs", [ok("jcs/a")])),
  ]);
  const keys = aggregate.implementations.flatMap((i) => i.signers);
  assert.ok(keys.length > 0);
  const page = join(work, "aggregate-copy.html");
  writeFileSync(page, summaryPage(aggregateMarkdown(aggregate)));
  const browser = await chromium();
  const { page: tab } = await probedPage(browser);
  await tab.goto(pathToFileURL(page).href);
  const values = [folder(1), folder(2), ...keys];
  const read = await readBack(tab, values, false);
  for (const value of values) assert.ok(read.text.includes(value), `${value} reads back from the page`);
  keys.forEach((key, i) => {
    assert.equal(read.lines[2 + i], 1, `${key} is on one line`);
  });
  await tab.close();
});

test("the aggregate's summary in a browser: every command line reads back whole, no token of it split over two lines", async () => {
  const commands = [
    "./canon --lines",
    "python3 canon.py --lines",
    `/opt/toolchains/${"long-directory-name/".repeat(3)}canon --lines --profile=strict --max-depth 1000`,
  ];
  const aggregate = aggregateRecords(
    commands.map((impl, k) =>
      file(
        `job-${k}/record.json`,
        record(`impl-${k}`, [ok("jcs/a")], {
          implementation: {
            adapter: "command",
            impl,
            name: `impl-${k}`,
            version: "1.0",
            files: [{ path: "/usr/bin/x", sha256: "01".repeat(32) }],
          },
        }),
      ),
    ),
  );
  const page = join(work, "aggregate-commands.html");
  writeFileSync(page, summaryPage(aggregateMarkdown(aggregate)));
  const browser = await chromium();
  const { page: tab } = await probedPage(browser);
  await tab.goto(pathToFileURL(page).href);
  const tokens = [...new Set(commands.flatMap((c) => c.split(" ")))];
  const read = await readBack(tab, [...commands, ...tokens], false);
  for (const command of commands) assert.ok(read.text.includes(command), `${command} reads back whole`);
  tokens.forEach((token, i) => {
    assert.equal(read.lines[commands.length + i], 1, `'${token}' is on one line`);
  });
  await tab.close();
});
