// The npm rows for real: `npm run table` (scripts/table.ts) installs every npm row from its lockfile into
// a scratch folder (npm ci, which needs the npm registry), runs the CLI bundle on it, and renders the
// site; every npm row must build and give the verdict and the failed cases table/README.md's closing note
// records, each row's record must be accepted by the publish step, and the rows of other registries must
// be listed as not run here, with why.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { type IndexEntry, verifyIndex } from "../../src/table/index-file.js";
import type { ConformResult } from "../../src/types.js";
import { REPO } from "./fixtures.js";

const DUPLICATES = [
  "dup-top-level",
  "dup-same-value",
  "dup-nested",
  "dup-in-array",
  "dup-not-adjacent",
  "dup-escaped-equal",
  "dup-both-escaped",
  "dup-solidus-escape",
  "dup-hex-case",
  "dup-astral-raw-and-escaped",
  "dup-empty-name",
  "dup-deep",
].map((n) => `reject/${n}`);
const SURROGATES = [
  "lone-high-surrogate",
  "lone-low-surrogate",
  "lone-high-at-end",
  "high-then-letter",
  "high-then-high",
  "reversed-pair",
  "lone-surrogate-in-key",
  "lone-surrogate-nested",
].map((n) => `reject/${n}`);
const OVERFLOW = ["overflow-1e400", "overflow-minus-1e400", "overflow-nested", "overflow-long-integer"].map(
  (n) => `reject/${n}`,
);

/** The closing note's failed cases, row by row. */
const EXPECTED: Record<string, string[]> = {
  "javascript-canonicalize": DUPLICATES,
  "javascript-json-canon": DUPLICATES,
  "typescript-json-canonicalize": [
    ...DUPLICATES,
    ...SURROGATES,
    "jcs/name-tojson-unsorted-sibling",
    "jcs/name-tojson-every-depth",
  ],
  "typescript-truestamp-canonify": [...DUPLICATES, ...SURROGATES, ...OVERFLOW],
  "javascript-canonical-json": [
    ...DUPLICATES,
    ...SURROGATES,
    ...OVERFLOW,
    "jcs/sort-digits-as-strings",
    "jcs/rfc-sorting-example",
    "jcs/rfc-testdata-structures",
    "jcs/name-js-proto-every-depth",
  ],
};

test("npm run table: every npm row builds, runs, and fails exactly the cases the closing note records", () => {
  const scratch = mkdtempSync(join(tmpdir(), "cc-table-npm-"));
  const out = join(scratch, "site");
  const run = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/table.ts", "run", "--work", join(scratch, "work"), "--out", out],
    { cwd: REPO, encoding: "utf8", timeout: 15 * 60_000 },
  );
  assert.equal(run.status, 0, run.stdout + run.stderr);
  for (const id of Object.keys(EXPECTED)) assert.match(run.stdout, new RegExp(`  ${id}: NOT conformant`), id);
  assert.match(run.stdout, /python-rfc8785: not-run: its registry \(pypi\) is not one this machine reaches/);
  assert.match(run.stdout, /rows could not be built or run here/);
  const checked = verifyIndex(readFileSync(join(out, "index.json")));
  if (!checked.ok) throw new Error(`index.json refused: ${checked.why}`);
  const rows: IndexEntry[] = checked.index.rows;
  for (const [id, failures] of Object.entries(EXPECTED)) {
    const entry = rows.find((r) => r.id === id);
    assert.equal(entry?.record?.accepted, true, `${id}: accepted by the publish step`);
    const record = JSON.parse(readFileSync(join(out, entry!.record!.path), "utf8")) as ConformResult;
    const failed = record.cases.filter((c) => !c.pass).map((c) => c.name);
    assert.deepEqual(failed.sort(), [...failures].sort(), id);
    assert.equal(record.summary.cases, 592, `${id}: a default run`);
  }
  const site = readFileSync(join(out, "index.html"), "utf8");
  assert.match(site, /data-row="javascript-canonicalize" data-state="accepted"/);
  assert.match(site, /data-row="python-rfc8785" data-state="not-run"/);
});
