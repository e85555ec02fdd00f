// The table's site, built from a small set of records (test/table/fixtures.ts) and read back in Chromium:
// the matrix by rule group, a row's page with its record verified in the page, a badge, the
// add-your-implementation page; a doctored record shown refused, in the matrix and in its page; the
// self-reported rows, one shown and three refused, each with its reason; a row that did not build, with
// its log shown as text. Every page fetches nothing, breaks no policy and runs no injected text.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { before, test } from "node:test";
import type { Locator, Page } from "playwright-core";
import { ephemeralKey } from "../../src/record/keys.js";
import { verifyIndex } from "../../src/table/index-file.js";
import { buildSite, type SiteOutput } from "../../src/table/site.js";
import { checked, fileBrowser, probedPage } from "../report/html/browser.js";
import { type Fixture, makeFixture } from "./fixtures.js";

const browser = fileBrowser();
let fixture: Fixture;
let site: SiteOutput;

before(async () => {
  fixture = await makeFixture();
  site = await buildSite({
    table: fixture.table,
    results: fixture.results,
    out: fixture.out,
    key: ephemeralKey(),
    builtAt: new Date("2026-12-02T00:00:00Z"),
  });
});

async function open(path: string): Promise<{ page: Page; clean: () => Promise<void> }> {
  const { page, probe } = await probedPage(await browser());
  await page.goto(`file://${join(fixture.out, path)}`);
  return {
    page,
    clean: async () => {
      const seen = await probe.seen();
      assert.deepEqual(seen.violations, [], `${path}: no policy violation`);
      assert.equal(seen.pwned, undefined, `${path}: no injected text ran`);
      assert.deepEqual(probe.pageErrors, [], `${path}: no page error`);
      assert.deepEqual(probe.requests, [], `${path}: fetches nothing`);
      await page.close();
    },
  };
}

const text = async (l: Locator) => (await l.textContent()) ?? "";
const rowState = (page: Page, id: string) =>
  page.locator(`tr[data-row="${id}"]`).first().getAttribute("data-state");
const rowText = (page: Page, id: string) => text(page.locator(`tr[data-row="${id}"]`).first());

test("the matrix: implementations by rule group, each row's state, look-alikes apart", async () => {
  const { page, clean } = await open("index.html");
  assert.match(await text(page.locator("h1")), /RFC 8785 conformance table/);
  const heads = await text(page.locator("#matrix thead"));
  for (const word of [
    "Output rules",
    "Input validation",
    "Open choices",
    "jcs",
    "numbers",
    "reject",
    "canon-or-reject",
  ])
    assert.ok(heads.includes(word), word);
  assert.equal(await rowState(page, "javascript-canonicalize"), "accepted");
  const canonicalize = await rowText(page, "javascript-canonicalize");
  assert.match(canonicalize, /232\/232/, "jcs all passed");
  assert.match(canonicalize, /206\/208/, "reject: the two duplicate-name cases failed");
  // A parsed-value library is judged on what it answers for; JSON.parse's share is named beside it.
  assert.doesNotMatch(canonicalize, /not conformant/);
  assert.match(
    canonicalize,
    /conformant in what it answers for \(input validation by JSON\.parse: 2 accepted that must be refused\)/,
  );
  assert.match(await text(page.locator("#summary")), /1 conformant \(of which 1 take a parsed value/);
  assert.match(await text(page.locator("#how")), /Verdict, by responsibility/);
  assert.equal(await rowState(page, "javascript-json-canon"), "refused", "the doctored record");
  assert.match(
    await rowText(page, "javascript-json-canon"),
    /record refused.*reject step=4 reason=signature_invalid/s,
  );
  assert.equal(await rowState(page, "javascript-canonical-json"), "did-not-build");
  assert.match(await rowText(page, "javascript-canonical-json"), /did not build.*npm ci/s);
  assert.equal(await rowState(page, "typescript-json-canonicalize"), "not-run");
  assert.equal(await page.locator('#matrix tr[data-row="javascript-json-stable-stringify"]').count(), 0);
  assert.equal(await rowState(page, "javascript-json-stable-stringify"), "accepted", "in the look-alikes");
  assert.match(await text(page.locator("#look-alikes")), /Look-alikes \(not RFC 8785\)/);
  assert.match(await text(page.locator("#wanted")), /Python.*Rust/s, "the languages still wanted");
  assert.equal((await page.locator('a[href="add.html"]').count()) > 0, true);
  await clean();
});

test("self-reported rows: the genuine one shown, another key, another corpus and a doctored verdict refused with their reasons", async () => {
  const { page, clean } = await open("index.html");
  assert.equal(await rowState(page, "good-impl"), "accepted");
  assert.match(await rowText(page, "good-impl"), /self-reported/);
  assert.equal(await rowState(page, "wrong-key"), "refused");
  assert.match(await rowText(page, "wrong-key"), /not by the key the table lists/);
  assert.equal(await rowState(page, "other-corpus"), "refused");
  assert.match(await rowText(page, "other-corpus"), /another corpus/);
  assert.equal(await rowState(page, "doctored-verdict"), "refused");
  assert.match(
    await rowText(page, "doctored-verdict"),
    /reject step=4 reason=signature_invalid.*does not verify/s,
  );
  assert.equal(await rowState(page, "never-downloaded"), "not-downloaded");
  await clean();
  const self = await open("self/wrong-key.html");
  assert.match(await text(self.page.locator("#state")), /record refused.*not by the key the table lists/s);
  await checked(self.page, 1);
  assert.equal(
    await text(self.page.locator("#cc-outcome")),
    "accept conformant=true",
    "its signature holds; its key is not the listed one",
  );
  await self.clean();
});

test("a row's page: its failures by cause with the commands and the maintainers' text, its record verified in the page", async () => {
  const { page, clean } = await open("impl/javascript-canonicalize.html");
  await checked(page, 1);
  assert.equal(await text(page.locator("#cc-outcome")), "accept conformant=false");
  const causes = await text(page.locator("#by-cause"));
  assert.match(causes, /accepts input that must be refused/);
  assert.match(causes, /RFC 8785 §3\.1/);
  assert.match(causes, /the parser's: JSON\.parse \(canonicalize takes a value it parsed\)/);
  // The smallest failing input of the cause, what RFC 8785 expects and what it got.
  const smallest = await text(page.locator("#cause-1 table.smallest"));
  assert.match(smallest, /smallest failing case\s*reject\/dup-top-level/);
  assert.match(smallest, /input\s*\{"a":1,"a":2\}/);
  assert.match(smallest, /expected\s*reject/);
  assert.match(smallest, /got\s*\{"a":2\}/);
  const reproduce = await text(page.locator("#cause-1 pre.reproduce"));
  assert.match(reproduce, /\(cd table\/implementations\/javascript-canonicalize && npm ci --ignore-scripts/);
  assert.match(
    reproduce,
    /node dist\/cli\.js run --protocol lines --command 'node wrapper\.mjs --lines' --working-directory table\/implementations\/javascript-canonicalize --case reject\/dup-top-level/,
  );
  assert.match(reproduce, /printf '\{"a":1,"a":2\}' \| node wrapper\.mjs/);
  const both = await text(page.locator("#responsibility"));
  assert.match(both, /canonicalize: conformant in what it answers for/);
  assert.match(both, /input validation by JSON\.parse: 2 accepted that must be refused/);
  assert.match(both, /The signed record.*not conformant, \d+\/\d+/s);
  const issue = await page.locator("pre.issue").first().textContent();
  assert.match(issue ?? "", /canonicalize 5\.1\.0 does not conform to RFC 8785/);
  assert.match(issue ?? "", /the table's wrapper parsed the input with JSON\.parse/);
  assert.match(await text(page.locator("#groups")), /Input validation/);
  assert.match(await text(page.locator("#choices")), /canonicalized/);
  assert.match(await text(page.locator("#cc-body")), /dup-top-level/);
  await clean();
});

test("agreement: the implementations with an accepted record, grouped by identical bytes, and where they split", async () => {
  const { page, clean } = await open("index.html");
  const section = await text(page.locator("#agreement"));
  // canonicalize and good-impl: good-impl refuses the duplicates canonicalize writes, so those cases are
  // not common; on every other case both wrote {"a":1}.
  assert.match(section, /all 2 implementations with an accepted record canonicalized/);
  assert.match(section, /1 group that write identical bytes/);
  assert.equal(await page.locator("#agreement-classes li").count(), 1);
  assert.match(await text(page.locator("#agreement-classes")), /canonicalize.*good-impl/s);
  await clean();
});

test("a doctored record: refused by the publish step, and by the page's own verifier", async () => {
  const { page, clean } = await open("impl/javascript-json-canon.html");
  assert.match(await text(page.locator("#state")), /record refused/);
  await checked(page, 1);
  assert.equal(await text(page.locator("#cc-outcome")), "reject step=4 reason=signature_invalid");
  await clean();
});

test("a row that did not build: its log, as text", async () => {
  const { page, clean } = await open("impl/javascript-canonical-json.html");
  assert.match(await text(page.locator("#state")), /did not build/);
  assert.match(await text(page.locator("#log pre")), /<script>window.__pwned = "log"<\/script>/);
  await clean();
});

test("a badge: the SVG and the shields endpoint", async () => {
  const svg = join(fixture.out, "badges/javascript-canonicalize.svg");
  const endpoint = JSON.parse(readFileSync(join(fixture.out, "badges/javascript-canonicalize.json"), "utf8"));
  assert.deepEqual(endpoint, {
    schemaVersion: 1,
    label: "canon conformance",
    message: `${endpoint.message}`,
    color: "red",
  });
  assert.match(endpoint.message, /^\d+\/\d+$/);
  const { page, clean } = await open("badges/javascript-canonicalize.svg");
  assert.match(await page.content(), new RegExp(endpoint.message.replace("/", "\\/")));
  assert.ok(existsSync(svg));
  assert.equal(
    existsSync(join(fixture.out, "badges/javascript-json-canon.svg")),
    false,
    "no badge for a refused record",
  );
  await clean();
});

test("add your implementation: the template, the schema's fields, the smoke command", async () => {
  const { page, clean } = await open("add.html");
  const main = await text(page.locator("main"));
  assert.match(main, /Add your implementation/);
  assert.match(main, /cp -r table\/template table\/implementations/);
  assert.match(main, /npm run --silent table -- smoke/);
  assert.match(await text(page.locator("#fields")), /registry.*api.*protocol/s);
  assert.match(await text(page.locator("#template")), /"registry": "npm"/);
  assert.ok(existsSync(join(fixture.out, "schema/manifest.schema.json")));
  await clean();
});

test("the signed index names every record by its digest", () => {
  const checkedIndex = verifyIndex(readFileSync(join(fixture.out, "index.json")));
  assert.ok(checkedIndex.ok, checkedIndex.ok ? "" : checkedIndex.why);
  const rows = new Map(checkedIndex.index.rows.map((r) => [r.id, r]));
  assert.equal(rows.get("javascript-canonicalize")?.record?.accepted, true);
  assert.equal(rows.get("javascript-json-canon")?.record?.accepted, false);
  assert.equal(rows.get("javascript-canonical-json")?.status, "did-not-build");
  assert.equal(rows.get("wrong-key")?.record?.accepted, false);
  for (const row of site.rows.filter((r) => r.judged)) {
    assert.equal(rows.get(row.id)?.record?.sha256, row.judged?.sha256);
  }
  const tampered = readFileSync(join(fixture.out, "index.json"), "utf8").replace(
    '"accepted":false',
    '"accepted":true',
  );
  assert.equal(verifyIndex(new TextEncoder().encode(tampered)).ok, false, "a changed index is refused");
});
