// A partial build (`npm run table -- --row ID`) shows every row it did not select as not run, never as a
// row that did not build: the site's summary, its index.json and the script's own lines say so. The
// selected row's registry is declared out of reach (--registries none), so nothing is installed and the
// test needs no network.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { verifyIndex } from "../../src/table/index-file.js";
import { loadRows } from "../../src/table/manifest.js";
import { REPO } from "./fixtures.js";

test("--row: the rows it did not select are not run, none did not build", () => {
  const scratch = mkdtempSync(join(tmpdir(), "cc-table-partial-"));
  after(() => rmSync(scratch, { recursive: true, force: true }));
  const out = join(scratch, "site");
  const run = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "scripts/table.ts",
      "--row",
      "javascript-canonicalize",
      "--registries",
      "none",
      "--work",
      join(scratch, "work"),
      "--out",
      out,
    ],
    { cwd: REPO, encoding: "utf8", timeout: 120_000 },
  );
  assert.equal(run.status, 0, run.stdout + run.stderr);
  const rows = loadRows(join(REPO, "table")).rows;
  assert.match(
    run.stdout,
    /javascript-canonicalize: not-run: its registry \(npm\) is not one this machine reaches/,
  );
  assert.match(run.stdout, /javascript-json-canon: not-run: not selected in this build \(--row\)/);
  assert.doesNotMatch(run.stdout, /did not build|did-not-build/);
  const index = verifyIndex(readFileSync(join(out, "index.json")));
  if (!index.ok) throw new Error(index.why);
  assert.equal(index.index.rows.length, rows.length);
  assert.deepEqual(
    index.index.rows.filter((r) => r.status !== "not-run").map((r) => r.id),
    [],
    "every row is not run",
  );
  const summary = /<p id="summary">(.*?)<\/p>/.exec(readFileSync(join(out, "index.html"), "utf8"))?.[1] ?? "";
  assert.match(summary, /0 did not build/);
  const impls = rows.filter((r) => r.section === "implementations").length;
  assert.match(summary, new RegExp(`${impls} not run in this build`));
});

test("--row with a row that does not exist: a clear error, nothing built", () => {
  const run = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/table.ts", "--row", "no-such-row", "--registries", "none"],
    { cwd: REPO, encoding: "utf8", timeout: 60_000 },
  );
  assert.equal(run.status, 2);
  assert.match(run.stderr, /no such row: no-such-row/);
});
