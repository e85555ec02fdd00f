// The page shell and the two pages built on it in Node: report.html (one run's record, shown as static
// HTML and verified by the page's script) and the empty verifier page (docs/verify.html). A page is
// one self-contained file: its only script and its only stylesheet are inline, and its
// Content-Security-Policy allows exactly those two by their SHA-256 and nothing else (no network,
// no images, no frames, no forms, no other script). The record is embedded as its exact bytes, in
// base64 (an alphabet that cannot close the element holding it): verification is over bytes, so
// nothing is re-serialized.
import { sha256 } from "@noble/hashes/sha2.js";
import type { Gate } from "../../expected/index.js";
import { wellFormed } from "../../record/build.js";
import { membersProblem } from "../../record/members.js";
import { recordCaseName } from "../../text-forms/index.js";
import type { CaseResult, ConformResult } from "../../types.js";
import type { FailureGroup } from "../../view/causes.js";
import type { ProtocolUsed } from "../../view/protocol.js";
import { BROWSER_SCRIPT_BASE64 } from "./browser-script.generated.js";
import { escapeHtml } from "./escape.js";
import { GATE_STYLE, STYLE } from "./style.js";
import { type CaseDetail, recordBodyHtml, verdictHtml } from "./view.js";

/** The pages' script, as scripts/build-verify-page.ts bundled it. */
export const BROWSER_SCRIPT = Buffer.from(BROWSER_SCRIPT_BASE64, "base64").toString("utf8");

function hashSource(text: string): string {
  return `'sha256-${Buffer.from(sha256(new TextEncoder().encode(text))).toString("base64")}'`;
}

/** The policy for a page whose inline script (if any) and stylesheet are exactly these texts. */
export function contentSecurityPolicy(script: string | undefined, style: string): string {
  return [
    "default-src 'none'",
    `script-src ${script === undefined ? "'none'" : hashSource(script)}`,
    `style-src ${hashSource(style)}`,
    "img-src 'none'",
    "connect-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
}

export interface PageParts {
  title: string;
  /** Markup, already escaped. */
  main: string;
  /** Run the verifier script (report and verify pages; the aggregate page runs none). */
  script: boolean;
  /** Bytes to embed for the script to verify. */
  recordBytes?: Uint8Array;
  /** Rules the page adds to the shared stylesheet (allowed by the policy's hash like the rest). */
  extraStyle?: string;
}

export function pageHtml(parts: PageParts): string {
  const script = parts.script ? BROWSER_SCRIPT : undefined;
  const style = `${STYLE}${parts.extraStyle ?? ""}`;
  const embedded =
    parts.recordBytes === undefined
      ? ""
      : `<script type="application/octet-stream" id="cc-record" data-bytes="${parts.recordBytes.length}">${Buffer.from(
          parts.recordBytes,
        ).toString("base64")}</script>\n`;
  return [
    "<!DOCTYPE html>",
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(script, style)}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(parts.title)}</title>`,
    `<style>${style}</style>`,
    "</head><body>",
    `<main>${parts.main}</main>`,
    `${embedded}${script === undefined ? "" : `<script>${script}</script>`}`,
    "</body></html>",
    "",
  ].join("\n");
}

/** The verification panel: the §4 outcome line, the pinned-key field, and the file chooser. */
export function verifyPanel(embedded: boolean): string {
  return [
    '<section class="verify" id="cc-verify" aria-live="polite">',
    `<div class="line"><span class="label">${embedded ? "This record, verified in this page" : "Outcome"} (seed 003 §4):</span> <code id="cc-outcome" data-outcome="none">not verified here: JavaScript is off</code></div>`,
    '<p id="cc-detail" class="detail"></p><p id="cc-source" class="dim"></p>',
    `<noscript><p>With JavaScript off this page ${embedded ? "shows the record but does not check its signature" : "cannot check a record"}: run <code>canon-conformance verify record.json</code>, or open the page with JavaScript on.</p></noscript>`,
    '<div class="controls" id="cc-controls" hidden>',
    '<label>Pinned public key <input id="cc-pubkey" type="text" inputmode="text" autocomplete="off" spellcheck="false" placeholder="64 hex digits"></label>',
    '<output id="cc-pubkey-result" for="cc-pubkey"></output>',
    '<label id="cc-drop">Check another record.json: <input id="cc-file" type="file" accept=".json,application/json"> or drop it on the page</label>',
    "</div></section>",
  ].join("");
}

/** A judged case as the page takes it: a CaseResult, with the input display issue 14 adds. */
export type ReportCase = CaseResult & { input?: string };

export interface ReportHtmlInput {
  /** record.json exactly as written: the page shows these bytes and verifies them. */
  recordBytes: Uint8Array;
  /** The judged cases behind the record, in its order: they add each case's why, rule and input. */
  results?: readonly ReportCase[];
  /** How long the run took. */
  elapsedMs?: number;
  /** How the implementation was spoken to: a row of "What ran" (the record cannot say it). */
  protocol?: ProtocolUsed;
  /** The run's expected-failures gate: the step's status under the verdict, each listed case marked
   * as expected and each unexpected one as what fails the step. */
  gate?: Gate;
  /** The run's failures grouped by cause (its view's), so the page shows the groups every other
   * report shows; grouped here from the record when absent (a record alone, as sign mode draws it). */
  causes?: readonly FailureGroup[];
}

/** The record's value, refusing bytes that are not a well-formed record: report.html shows only those. */
function readRecord(bytes: Uint8Array): ConformResult {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch (error) {
    throw new Error(`report.html: the record is not JSON in UTF-8 (${(error as Error).message})`);
  }
  const problem =
    typeof value === "object" && value !== null && !Array.isArray(value)
      ? membersProblem(value as never)
      : "the record is not an object";
  if (problem !== null) throw new Error(`report.html: the record is not well formed: ${problem}`);
  return value as ConformResult;
}

/** report.html for one run. */
export function reportHtml(input: ReportHtmlInput): string {
  const record = readRecord(input.recordBytes);
  const details = new Map<string, CaseDetail>();
  if (input.results !== undefined) {
    if (input.results.length !== record.cases.length) {
      throw new Error(
        `report.html: the record has ${record.cases.length} cases but ${input.results.length} results were given`,
      );
    }
    input.results.forEach((r, i) => {
      // The record writes a lone surrogate as U+FFFD; the results keep the name as the case gave it.
      const name = wellFormed(recordCaseName(r.suite, r.name));
      const c = record.cases[i]!;
      if (c.name !== name || c.pass !== r.pass) {
        throw new Error(
          `report.html: case ${i + 1} is ${JSON.stringify(c.name)} in the record but ${JSON.stringify(name)} in the results`,
        );
      }
      details.set(name, {
        why: r.why,
        source: r.source,
        kind: r.kind,
        ...(r.input !== undefined ? { input: r.input } : {}),
      });
    });
  }
  const main = [
    `<div id="cc-head">${verdictHtml(record, input.gate)}</div>`,
    verifyPanel(true),
    `<div id="cc-body">${recordBodyHtml(record, {
      details,
      ...(input.elapsedMs !== undefined ? { elapsedMs: input.elapsedMs } : {}),
      ...(input.protocol ? { protocol: input.protocol } : {}),
      ...(input.gate ? { gate: input.gate } : {}),
      // The view's groups name cases as the results do; the record writes a lone surrogate as U+FFFD.
      ...(input.causes
        ? { groups: input.causes.map((g) => ({ ...g, cases: g.cases.map(wellFormed) })) }
        : {}),
    })}</div>`,
  ].join("\n");
  return pageHtml({
    title: `canon-conformance: ${record.conformant ? "conformant" : "not conformant"}`,
    main,
    script: true,
    recordBytes: input.recordBytes,
    // The marks of the gate's cases are drawn only on a page that shows a gate.
    ...(input.gate ? { extraStyle: GATE_STYLE } : {}),
  });
}

/** The empty verifier page: choose or drop a record.json, see its outcome line and what it says. */
export function verifyPageHtml(): string {
  const main = [
    '<div id="cc-head"><header class="intro"><h1>Verify a conform-result/1 record</h1>',
    "<p>Choose or drop a <code>record.json</code> written by canon-conformance. This page checks it offline, in the browser, by seed 003 §4 with the same verifier code as <code>canon-conformance verify</code> (the strict Ed25519 rule included), prints the same outcome line, and then shows what the record says. Nothing is uploaded: the page fetches nothing and sends nothing.</p></header></div>",
    verifyPanel(false),
    '<div id="cc-body"></div>',
  ].join("\n");
  return pageHtml({ title: "canon-conformance: verify a record", main, script: true });
}
