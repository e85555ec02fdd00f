// Headless Chromium (Debian's /usr/bin/chromium) driven by playwright-core, for the HTML pages' tests and
// bench/report-html.ts: a fresh profile, no network of its own, and a probe in every page that records
// console errors, page errors, Content-Security-Policy violations and whether an injected payload ran.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after } from "node:test";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { cli } from "../../helpers/cli.js";

// The callbacks handed to page.evaluate run in the page, where these exist; the project compiles without
// the DOM library, so they are declared for this file alone.
// biome-ignore lint/suspicious/noExplicitAny: the page's globals, typed by the browser, not by this project
declare const window: any;
// biome-ignore lint/suspicious/noExplicitAny: as above
declare const document: any;

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// The flags /work/.library/env/machines/node.md gives: without the background-networking ones Chromium
// keeps trying hosts this machine cannot reach.
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launch(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), "cc-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: 1280, height: 900 },
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Where a group process (scripts/test-group.mjs) takes cleanups to run after its last test file. */
const AT_PROCESS_END = Symbol.for("canon-conformance.test.at-process-end");
let processBrowser: Promise<Browser> | undefined;

/**
 * The Chromium for the calling file's tests, launched when first asked for (a launch costs about a
 * second of CPU). In npm test's group processes one serves every browser test file of the process and
 * is closed after the last (scripts/test.mjs puts them in one group); a file run alone has one of its
 * own, closed after its last test. Call at the file's top level.
 */
export function fileBrowser(): () => Promise<Browser> {
  const atEnd = (globalThis as Record<symbol, unknown>)[AT_PROCESS_END] as
    | (() => Promise<void>)[]
    | undefined;
  const start = () =>
    launch().catch((error) => {
      throw new Error(`no headless Chromium at ${CHROMIUM} (.ci/run installs it): ${error}`);
    });
  const closing = (browser: Promise<Browser> | undefined) => async () => {
    await (await browser?.catch(() => undefined))?.close();
  };
  if (atEnd) {
    return () => {
      if (processBrowser === undefined) {
        processBrowser = start();
        atEnd.push(closing(processBrowser));
      }
      return processBrowser;
    };
  }
  let own: Promise<Browser> | undefined;
  after(() => closing(own)());
  return () => {
    own ??= start();
    return own;
  };
}

export interface Probe {
  consoleErrors: string[];
  pageErrors: string[];
  requests: string[];
  /** What the page itself saw: CSP violations and the payloads' marker. */
  seen(): Promise<{ violations: string[]; pwned: unknown }>;
}

/** A new page with the probe installed before any of the page's own code runs. */
export async function probedPage(browser: Browser): Promise<{ page: Page; probe: Probe }> {
  const page = await browser.context.newPage();
  const probe: Omit<Probe, "seen"> = { consoleErrors: [], pageErrors: [], requests: [] };
  page.on("console", (m) => {
    if (m.type() === "error") probe.consoleErrors.push(m.text());
  });
  page.on("pageerror", (e) => probe.pageErrors.push(e.message));
  page.on("request", (r) => {
    if (!r.url().startsWith("file:")) probe.requests.push(r.url());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener(
      "securitypolicyviolation",
      (e: { violatedDirective: string; blockedURI: string }) => {
        w.__violations.push(`${e.violatedDirective} ${e.blockedURI}`);
      },
    );
  });
  return {
    page,
    probe: {
      ...probe,
      seen: () =>
        page.evaluate(() => {
          const w = window as unknown as { __violations: string[]; __pwned?: unknown };
          return { violations: [...w.__violations], pwned: w.__pwned };
        }),
    },
  };
}

/** Waits until the page's script has checked `count` records in all. */
export async function checked(page: Page, count: number): Promise<void> {
  await page.waitForFunction((n) => Number(document.documentElement.dataset.checks ?? -1) >= n, count);
}

/** `canon-conformance verify FILE [--pubkey HEX]`'s stdout lines, the CLI run in this process
 * (test/helpers/cli.ts; the bundle's own verify: test/e2e/cli.slow.test.ts). */
export async function cliVerify(file: string, pubkey?: string): Promise<string[]> {
  const { stdout } = await cli(["verify", file, ...(pubkey === undefined ? [] : ["--pubkey", pubkey])]);
  return stdout.split("\n").filter((l) => l !== "");
}
