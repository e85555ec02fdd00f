// The script report.html and verify.html run, bundled for the browser by scripts/build-verify-page.ts.
// It verifies records with the CLI's own verifier (src/record/verify.ts: the strict parser, the member
// checks, the strict Ed25519 rule on noble's arithmetic, all in JavaScript: no WebCrypto), and prints
// seed 003 §4's outcome line exactly as `canon-conformance verify` does. It checks the record embedded
// in the page on load, and any record.json the reader chooses or drops, which it then draws with the
// same view code the page was drawn with. It reads no URL and sends nothing anywhere.
import { MAX_RECORD_BYTES } from "../../record/format.js";
import { outcomeLine, type VerifyResult, verifyRecord } from "../../record/verify.js";
import type { ConformResult } from "../../types.js";
import { escapeHtml, shownCut } from "./escape.js";
import { recordBodyHtml, verdictHtml } from "./view.js";

// The few DOM shapes this script uses, declared here: the project compiles without the DOM library
// (whose fetch and body types differ from Node's), and this file is the only one that runs in a page.
interface PickedFile {
  name: string;
  slice(start: number, end: number): { arrayBuffer(): Promise<ArrayBuffer> };
}
interface Element {
  textContent: string | null;
  innerHTML: string;
  hidden: boolean;
  value: string;
  files: ArrayLike<PickedFile> | null;
  dataset: Record<string, string | undefined>;
  classList: { add(name: string): void; remove(name: string): void };
  addEventListener(type: string, listener: () => void): void;
}
interface DragEvent {
  preventDefault(): void;
  dataTransfer: { files: ArrayLike<PickedFile> } | null;
}
interface Page {
  title: string;
  body: Element;
  documentElement: Element;
  getElementById(id: string): Element | null;
  addEventListener(type: string, listener: (event: DragEvent) => void): void;
}
const document = (globalThis as unknown as { document: Page }).document;

const byId = (id: string) => document.getElementById(id);

function fromBase64(text: string): Uint8Array {
  const binary = atob(text.replace(/\s+/g, ""));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The result shown now: the pinned-key line is checked against its signer. */
let current: VerifyResult | undefined;
let checks = 0;

function showOutcome(result: VerifyResult, what: string, ms: number): void {
  const outcome = byId("cc-outcome")!;
  outcome.textContent = outcomeLine(result);
  outcome.dataset.outcome = result.outcome;
  // An accepted record that says not conformant is genuine, and red like its verdict.
  outcome.dataset.conformant = result.outcome === "accept" ? String(result.record.conformant) : "";
  byId("cc-detail")!.textContent = result.outcome === "reject" ? `Why: ${result.detail}` : "";
  byId("cc-source")!.textContent = `${what}, checked in this page in ${Math.round(ms)} ms.`;
  current = result;
  showPubkey();
  checks++;
  document.documentElement.dataset.checks = String(checks);
  document.documentElement.dataset.verifyMs = ms.toFixed(1);
}

/** `pubkey match` / `pubkey mismatch got=<signer_pubkey>`, as `verify --pubkey` prints them. */
function showPubkey(): void {
  const field = byId("cc-pubkey");
  const out = byId("cc-pubkey-result");
  if (!field || !out) return;
  const value = field.value.trim().toLowerCase();
  let text = "";
  let match = "";
  if (value === "") text = "";
  else if (!/^[0-9a-f]{64}$/.test(value)) text = "a pinned key is an Ed25519 public key as 64 hex digits";
  else if (current === undefined) text = "no record checked yet";
  else if (current.outcome !== "accept") text = "pubkey not checked: the record was refused";
  else {
    const got = current.record.signer_pubkey;
    match = got === value ? "yes" : "no";
    // The given key is not echoed back, as the CLI does not: it could be a secret seed pasted by mistake.
    text = got === value ? "pubkey match" : `pubkey mismatch got=${got}`;
  }
  out.textContent = text;
  out.dataset.match = match;
}

function verifyTimed(bytes: Uint8Array): { result: VerifyResult; ms: number } {
  const started = performance.now();
  const result = verifyRecord(bytes);
  return { result, ms: performance.now() - started };
}

/** A record the reader chose: verified, then drawn (under a warning when it was refused). */
async function checkFile(file: PickedFile): Promise<void> {
  // Like the CLI, read at most one byte past the limit: enough for the verifier to refuse it.
  const bytes = new Uint8Array(await file.slice(0, MAX_RECORD_BYTES + 1).arrayBuffer());
  const { result, ms } = verifyTimed(bytes);
  showOutcome(result, `${file.name} (${bytes.length} bytes)`, ms);
  const head = byId("cc-head")!;
  const body = byId("cc-body")!;
  const line = escapeHtml(outcomeLine(result));
  if (result.outcome === "accept") {
    head.innerHTML = verdictHtml(result.record);
    body.innerHTML = recordBodyHtml(result.record);
    document.title = `canon-conformance: ${result.record.conformant ? "conformant" : "not conformant"}`;
    return;
  }
  document.title = "canon-conformance: record refused";
  if (result.step >= 4) {
    // Steps 1-3 passed: the members are well formed and can be drawn, but nothing they say is vouched for.
    const record = JSON.parse(new TextDecoder().decode(bytes)) as ConformResult;
    head.innerHTML = `<p class="refused">This record was refused (${line}): what follows is what it claims, not what a run showed.</p>${verdictHtml(record)}`;
    body.innerHTML = recordBodyHtml(record);
  } else {
    head.innerHTML = `<p class="refused">This file is not a record this page can show (${line}): ${shownCut(result.detail, 500)}</p>`;
    body.innerHTML = "";
  }
}

function start(): void {
  const controls = byId("cc-controls");
  if (controls) controls.hidden = false;
  const embedded = byId("cc-record");
  if (embedded) {
    const { result, ms } = verifyTimed(fromBase64(embedded.textContent ?? ""));
    showOutcome(result, `The record embedded in this page (${embedded.dataset.bytes ?? "?"} bytes)`, ms);
  } else {
    byId("cc-outcome")!.textContent = "no record yet: choose or drop a record.json";
    document.documentElement.dataset.checks = "0";
  }
  byId("cc-pubkey")?.addEventListener("input", showPubkey);
  const input = byId("cc-file");
  input?.addEventListener("change", () => {
    const file = input.files?.[0];
    if (file) void checkFile(file);
  });
  document.addEventListener("dragover", (event) => {
    event.preventDefault();
    document.body.classList.add("dragging");
  });
  document.addEventListener("dragleave", () => document.body.classList.remove("dragging"));
  document.addEventListener("drop", (event) => {
    event.preventDefault();
    document.body.classList.remove("dragging");
    const file = event.dataTransfer?.files[0];
    if (file) void checkFile(file);
  });
}

start();
