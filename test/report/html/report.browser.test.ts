// report.html in a real browser, the quick checks npm test runs: headless Chromium loads a page from a
// file URL and the rendered DOM is read back; the outcome line the page shows is compared with what
// `canon-conformance verify` prints for the same bytes. The rest (docs/verify.html over every vector,
// hostile text, 10,000 failures, a failing page, aggregate.html) is in report.browser.slow.test.ts.
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { toHex } from "../../../src/record/index.js";
import { reportHtml } from "../../../src/report/html/index.js";
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
    const [line] = await cliVerify(s.cli, record);
    assert.equal(line, "accept conformant=true");
    assert.equal(await page.textContent("#cc-outcome"), line);
    // A pinned key: the signer's matches; another does not, and the page says so as `verify --pubkey` does.
    const signer = run.record.signer_pubkey;
    await page.fill("#cc-pubkey", signer.toUpperCase());
    assert.equal(await page.textContent("#cc-pubkey-result"), (await cliVerify(s.cli, record, signer))[1]);
    assert.equal(await page.textContent("#cc-pubkey-result"), "pubkey match");
    const other = toHex(OTHER_PUBKEY);
    await page.fill("#cc-pubkey", other);
    const mismatch = (await cliVerify(s.cli, record, other))[1];
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
  const [line] = await cliVerify(s.cli, record);
  assert.match(line!, /^reject step=\d reason=/);
  assert.equal(await page.textContent("#cc-outcome"), line);
  assert.match((await page.textContent("#cc-detail"))!, /^Why: /);
  await assertClean(probe);
  await page.close();
});
