import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { cli } from "../helpers/cli.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const vectors = join(root, "vectors/conform-result");

function badge(record: string, out: string) {
  return cli(["badge", record, "--out", out]);
}

test("badge draws both files from a record that verifies, with its counts", async () => {
  const out = mkdtempSync(join(tmpdir(), "badge-"));
  try {
    const record = JSON.parse(readFileSync(join(vectors, "accept-conformant.json"), "utf8"));
    const result = await badge(join(vectors, "accept-conformant.json"), out);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /^accept conformant=true\n/);
    const json = JSON.parse(readFileSync(join(out, "badge.json"), "utf8"));
    assert.equal(json.schemaVersion, 1);
    assert.equal(json.message, `${record.summary.passed}/${record.summary.cases}`);
    assert.match(readFileSync(join(out, "badge.svg"), "utf8"), /^<svg/);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test("badge refuses a record that does not verify and draws nothing", async () => {
  const out = mkdtempSync(join(tmpdir(), "badge-"));
  try {
    const manifest = JSON.parse(readFileSync(join(vectors, "manifest.json"), "utf8"));
    const refused = manifest.vectors.find((v: { expect: string }) => v.expect.includes("signature_invalid"));
    const result = await badge(join(vectors, refused.file), out);
    assert.equal(result.status, 1);
    assert.equal(result.stdout.trim(), refused.expect);
    assert.equal(existsSync(join(out, "badge.svg")), false);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
