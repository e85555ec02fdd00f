// A job summary rendered as GitHub renders it, for a browser test to look at. The Markdown goes through
// micromark with its GFM extension (tables, strikethrough, autolinks, task lists, and the tagfilter
// GitHub applies to raw HTML, all checked by micromark against GitHub's own GFM spec examples), and the
// page wears github-markdown-css, the stylesheet that copies GitHub's `.markdown-body` (pre blocks
// scroll sideways on their own, as on github.com). GitHub also strips attributes it does not allow;
// the summary uses none, so that step is left out.
import { readFileSync } from "node:fs";
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
