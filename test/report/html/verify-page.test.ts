import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import vm from "node:vm";
import {
  browserScript,
  GENERATED,
  generatedModule,
  VERIFY_PAGE,
} from "../../../scripts/build-verify-page.js";
import { outcomeLine, verifyRecord } from "../../../src/record/verify.js";
import { BROWSER_SCRIPT, verifyPageHtml } from "../../../src/report/html/index.js";

// The pages embed a bundle of src/report/html/browser.ts and everything it imports (the verifier
// included): a change to any of them must come with `node --import tsx scripts/build-verify-page.ts`.
test("the embedded browser script is exactly what the bundler makes from src/ now", async () => {
  const code = await browserScript();
  assert.ok(
    code === BROWSER_SCRIPT,
    "src/report/html/browser-script.generated.ts is stale: run scripts/build-verify-page.ts",
  );
  assert.equal(readFileSync(GENERATED, "utf8"), generatedModule(code));
});

test("docs/verify.html is exactly what verifyPageHtml() writes", () => {
  assert.ok(
    readFileSync(VERIFY_PAGE, "utf8") === verifyPageHtml(),
    "docs/verify.html is stale: run node --import tsx scripts/build-verify-page.ts",
  );
});

/** Runs the page's script in a bare context: no Node, no `crypto` (so no WebCrypto), a stub DOM. */
function runScriptOn(recordBase64: string): string {
  const element = (text = "") => ({
    textContent: text,
    innerHTML: "",
    hidden: true,
    value: "",
    files: null,
    dataset: {} as Record<string, string>,
    classList: { add() {}, remove() {} },
    addEventListener() {},
  });
  const elements: Record<string, ReturnType<typeof element>> = {};
  for (const id of [
    "cc-outcome",
    "cc-detail",
    "cc-source",
    "cc-pubkey",
    "cc-pubkey-result",
    "cc-controls",
    "cc-file",
    "cc-head",
    "cc-body",
  ]) {
    elements[id] = element();
  }
  elements["cc-record"] = element(recordBase64);
  const document = {
    title: "",
    body: element(),
    documentElement: element(),
    getElementById: (id: string) => elements[id] ?? null,
    addEventListener() {},
  };
  const context = vm.createContext({ document, TextEncoder, TextDecoder, atob, performance });
  vm.runInContext(BROWSER_SCRIPT, context);
  assert.equal(vm.runInContext("typeof crypto", context), "undefined");
  return elements["cc-outcome"]!.textContent;
}

test("the browser script verifies by the strict rule alone: with no crypto object at all, as the CLI", () => {
  const dir = join(import.meta.dirname, "..", "..", "..", "vectors", "conform-result");
  const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as {
    vectors: { file: string; expect: string }[];
  };
  for (const v of manifest.vectors) {
    const bytes = readFileSync(join(dir, v.file));
    const line = runScriptOn(bytes.toString("base64"));
    assert.equal(line, outcomeLine(verifyRecord(bytes)), v.file);
    assert.equal(line, v.expect, v.file);
  }
  assert.doesNotMatch(BROWSER_SCRIPT, /require\(|node:/);
});
