// What the HTML pages' browser tests share (report.browser.test.ts in npm test, the rest in
// report.browser.slow.test.ts): a headless Chromium (./browser.ts fileBrowser), a scratch folder, and
// the checks every page must pass. Each page is compared with the CLI's `verify` (./browser.ts cliVerify).
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before } from "node:test";
import { pathToFileURL } from "node:url";
import { reportHtml } from "../../../src/report/html/index.js";
import { type Browser, CHROMIUM, fileBrowser, type probedPage } from "./browser.js";
import type { SignedRun } from "./fixtures.js";

export const ROOT = join(import.meta.dirname, "..", "..", "..");
export const VECTORS = join(ROOT, "vectors", "conform-result");

const available = existsSync(CHROMIUM);
/** Without Chromium a test is skipped here, and fails in CI (CI=true), whose .ci/run installs it. */
export const opts = { skip: available || process.env.CI ? false : `no Chromium at ${CHROMIUM}` };

export interface Session {
  readonly work: string;
  /** Screenshots go here; CC_SCREENSHOTS=DIR keeps them there (docs/screenshots/ holds the committed ones). */
  readonly shots: string;
  readonly browser: Browser;
}

/** Registers the file's before/after hooks; the fields are there once `before` has run. */
export function browserSession(): Session {
  const work = mkdtempSync(join(tmpdir(), "cc-report-html-"));
  const state = {
    work,
    shots: process.env.CC_SCREENSHOTS ?? join(work, "screenshots"),
    browser: undefined as Browser | undefined,
  };
  const chromium = fileBrowser();
  before(async () => {
    if (!available && !process.env.CI) return;
    state.browser = await chromium();
    mkdirSync(state.shots, { recursive: true });
  });
  after(() => rmSync(work, { recursive: true, force: true }));
  return {
    work,
    get shots() {
      return state.shots;
    },
    get browser() {
      if (state.browser === undefined) throw new Error(`no headless Chromium at ${CHROMIUM}`);
      return state.browser;
    },
  };
}

/** Writes a run's record.json and report.html into a folder of their own under `work`. */
export function writeRun(
  work: string,
  name: string,
  run: SignedRun,
  html = reportHtml({ recordBytes: run.bytes, results: run.results }),
) {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "record.json"), run.bytes);
  writeFileSync(join(dir, "report.html"), html);
  return { record: join(dir, "record.json"), page: pathToFileURL(join(dir, "report.html")).href, html };
}

/** Nothing the page did went wrong, reached the network, broke its policy or ran a payload. */
export async function assertClean(probe: Awaited<ReturnType<typeof probedPage>>["probe"]) {
  const seen = await probe.seen();
  assert.deepEqual(probe.consoleErrors, [], "no console errors");
  assert.deepEqual(probe.pageErrors, [], "no page errors");
  assert.deepEqual(probe.requests, [], "no request leaves the file");
  assert.deepEqual(seen.violations, [], "no Content-Security-Policy violation");
  assert.equal(seen.pwned, undefined, "no injected code ran");
}
