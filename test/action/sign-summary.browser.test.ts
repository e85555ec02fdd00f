// The sign job's summary rendered as GitHub renders it (test/report/github-render.ts) and read back in
// headless Chromium (issue 30 item 7): the implementation's command line and the verify command are
// code blocks of their own, so each reads back whole and none of their words is split over two lines
// (in running text a browser broke `python3 canon.py --lines` after its `--`).
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { pathToFileURL } from "node:url";
import { buildRecord } from "../../src/record/build.js";
import { ephemeralKey, parseSuppliedKey, toHex } from "../../src/record/keys.js";
import { recordBytes, signRecord } from "../../src/record/sign.js";
import { recordInput } from "../record/fixtures.js";
import { readBack, summaryPage } from "../report/github-render.js";
import { fileBrowser, probedPage } from "../report/html/browser.js";
import { SEED_HEX } from "../secrets/material.js";
import { runActionHere } from "./runner.js";

const work = mkdtempSync(join(tmpdir(), "cc-sign-render-"));
after(() => rmSync(work, { recursive: true, force: true }));
const chromium = fileBrowser();

test("the sign summary in a browser: the command line and the verify command read back whole, no word split", async () => {
  // A command line long enough to wrap, with options that a browser may break after their hyphens.
  const impl = `python3 /home/runner/work/my-canonicalizer/my-canonicalizer/tools/canon.py --lines --max-depth=1000 --profile strict-rfc8785`;
  const key = ephemeralKey();
  const input = recordInput({ key: "ephemeral" });
  const record = signRecord(
    buildRecord({ ...input, implementation: { ...input.implementation, impl } }),
    key,
  );
  mkdirSync(join(work, "run"));
  writeFileSync(join(work, "run", "record.json"), recordBytes(record));
  const run = await runActionHere({
    inputs: {
      mode: "sign",
      record: join(work, "run"),
      "signing-key": SEED_HEX,
      "expected-signer": toHex(key.publicKey),
      "run-sandboxed": "true",
      upload: "false",
    },
  });
  const summary = run.summary ?? "";
  const team = toHex(parseSuppliedKey(SEED_HEX).publicKey);
  const verify = `npx --yes 'github:octo-org/canon-conformance#v1.2.3' verify record.json --pubkey ${team}`;
  assert.ok(summary.includes(impl) && summary.includes(verify), summary);

  const page = join(work, "sign.html");
  writeFileSync(page, summaryPage(summary));
  const browser = await chromium();
  const { page: tab } = await probedPage(browser);
  await tab.goto(pathToFileURL(page).href);
  const words = [...new Set([...impl.split(" "), ...verify.split(" ")])];
  const read = await readBack(tab, [impl, verify, ...words], false);
  assert.equal(read.lines[0], 1, "the command line is on one line");
  assert.equal(read.lines[1], 1, "the verify command is on one line");
  for (const [i, word] of words.entries()) assert.equal(read.lines[2 + i], 1, `'${word}' is on one line`);
  await tab.close();
});
