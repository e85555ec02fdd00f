// A job summary rendered as GitHub renders it, for a browser test to look at. The Markdown goes through
// micromark with its GFM extension (tables, strikethrough, autolinks, task lists, and the tagfilter
// GitHub applies to raw HTML, all checked by micromark against GitHub's own GFM spec examples), and the
// page wears github-markdown-css, the stylesheet that copies GitHub's `.markdown-body` (pre blocks
// scroll sideways on their own, as on github.com). GitHub also strips attributes it does not allow;
// the summary uses none, so that step is left out. renderCmarkGfm renders with cmark-gfm itself, for
// what micromark does not model (test/report/links.test.ts).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { micromark } from "micromark";
import { gfm, gfmHtml } from "micromark-extension-gfm";
import type { Page } from "playwright-core";

const require = createRequire(import.meta.url);
const GITHUB_CSS = readFileSync(require.resolve("github-markdown-css/github-markdown-light.css"), "utf8");

/**
 * The width of the job summary's card on a run's page in a 1280-pixel window: the jobs list takes the
 * left, the card's padding the rest. An estimate (GitHub's layout is its own), stated so a test can use
 * it; a summary that fits here fits the wider windows too.
 */
export const SUMMARY_WIDTH_PX = 880;

/** The summary's Markdown as GitHub's HTML (raw HTML kept, as GitHub keeps what its filter allows). */
export function renderGfm(markdown: string): string {
  return micromark(markdown, {
    allowDangerousHtml: true,
    extensions: [gfm()],
    htmlExtensions: [gfmHtml()],
  });
}

/** Debian's cmark-gfm, the C library GitHub renders Markdown with (.ci/run installs it). */
const CMARK_GFM = "/usr/bin/cmark-gfm";
/** For a test that needs it: skipped without it, except in CI, where it must run. */
export const cmarkGfmOpts = {
  skip: existsSync(CMARK_GFM) || process.env.CI ? false : `no ${CMARK_GFM} (apt-get install cmark-gfm)`,
};

/**
 * The summary's Markdown as cmark-gfm renders it with the extensions github.com turns on, raw HTML
 * kept: GitHub's own parser (Debian's release, 0.29.0.gfm.6, not GitHub's newest), where micromark
 * only follows GitHub's spec. They differ where it matters for links: cmark-gfm's autolink extension
 * joins adjacent text before it looks for e-mail addresses, so `a\@b.c` and `a&#64;b.c` are links
 * here (and on github.com) but not in micromark.
 */
export function renderCmarkGfm(markdown: string): string {
  const extensions = ["table", "strikethrough", "autolink", "tagfilter", "tasklist", "footnotes"];
  const args = ["--unsafe", ...extensions.flatMap((e) => ["-e", e])];
  const run = spawnSync(CMARK_GFM, args, { input: markdown, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (run.error) throw run.error;
  if (run.status !== 0) throw new Error(`cmark-gfm exited ${run.status}: ${run.stderr}`);
  return run.stdout;
}

/** The link and image tags in rendered HTML: `<a …>` and `<img …>`, as written. */
export function linksIn(html: string): string[] {
  return html.match(/<(?:a|img)\b[^>]*>/gi) ?? [];
}

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** What a reader sees of rendered HTML as text: the tags gone, the character references decoded. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&(?:#x([0-9a-f]+)|#([0-9]+)|([a-z]+));/gi, (ref, hex, dec, name) =>
      hex !== undefined
        ? String.fromCodePoint(Number.parseInt(hex, 16))
        : dec !== undefined
          ? String.fromCodePoint(Number(dec))
          : (NAMED[name] ?? ref),
    );
}

/** One page: the rendered summary in a `.markdown-body` card of the summary's width. */
export function summaryPage(markdown: string): string {
  return [
    "<!DOCTYPE html>",
    '<html lang="en"><head><meta charset="utf-8"><title>job summary</title>',
    `<style>${GITHUB_CSS}</style>`,
    `<style>body{margin:0;background:#f6f8fa}.markdown-body{box-sizing:border-box;width:${SUMMARY_WIDTH_PX}px;margin:16px;padding:24px;border:1px solid #d1d9e0;border-radius:6px;background:#fff}</style>`,
    `</head><body><article class="markdown-body">${renderGfm(markdown)}</article></body></html>`,
  ].join("\n");
}

/** What a reader copies from a rendered summary in `page`: its text, and for each of `values` the
 * lines its first occurrence takes on screen (0 when it is not there). `openDetails` unfolds every
 * <details> first, so what a reader unfolds is read too. */
export async function readBack(
  page: Page,
  values: readonly string[],
  openDetails: boolean,
): Promise<{ text: string; lines: number[] }> {
  return (await page.evaluate(`((values, openDetails) => {
    const body = document.querySelector(".markdown-body");
    if (openDetails) for (const d of body.querySelectorAll("details")) d.open = true;
    const lines = (value) => {
      const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.data.indexOf(value);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + value.length);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      }
      return 0;
    };
    return { text: body.innerText, lines: values.map(lines) };
  })(${JSON.stringify(values)}, ${openDetails})`)) as { text: string; lines: number[] };
}
