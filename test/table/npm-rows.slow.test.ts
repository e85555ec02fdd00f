// The npm rows for real: `npm run table --row ...` (scripts/table.ts) installs a few npm rows from their
// lockfiles into a scratch folder (npm ci, which needs the npm registry), runs the CLI bundle on them, and
// renders the site; each must build and fail exactly the cases its manifest's `checked` records, its
// record must be accepted by the publish step, and every other row must be listed as not run, never as
// failed. The rows: canonicalize (a parsed-value library whose only failures are its parser's),
// json-canonicalize (failures of its own, whose page's reproduce commands are run as printed) and the
// look-alike @tufjs/canonical-json (OLPC canonical JSON, a good control: its failures must read as one
// cause per defect, OLPC_CAUSES below). Every npm row was run so by hand (its manifest's `checked`); the
// whole table is not run here, as its cost grows with every row.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { type IndexEntry, verifyIndex } from "../../src/table/index-file.js";
import type { CaseResult, ConformResult } from "../../src/types.js";
import { groupFailures } from "../../src/view/causes.js";
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

/** The failed cases of the rows run here, as their manifests' `checked` records them. */
const EXPECTED: Record<string, string[]> = {
  "javascript-canonicalize": DUPLICATES,
  "typescript-json-canonicalize": [
    ...DUPLICATES,
    ...SURROGATES,
    "jcs/name-tojson-unsorted-sibling",
    "jcs/name-tojson-every-depth",
  ],
};
const OLPC = "javascript-tufjs-canonical-json";

/**
 * @tufjs/canonical-json 2.0.0 (table/look-alikes/javascript-tufjs-canonical-json, lines mode, fed by
 * JSON.parse after strict UTF-8 decoding): its defects against RFC 8785, each checked by hand in Node
 * (what the package returns for what JSON.parse gives it), and the one cause each must read as.
 *
 * | cause | the defect | checked by hand |
 * |---|---|---|
 * | refusal:cannot encode N | OLPC canonical JSON has no numbers but integers: it throws on any other (RFC 8785 §3.2.2.3), whatever the sign; seen in jcs, invariants, the numbers sweep, the generated suite, and the top-level choice (a top-level 1.5 refused where every other scalar is accepted) | canonicalize(1.5), (-1.5), (1e-7), (5e-324) throw `cannot encode 1.5`, `cannot encode -1.5`, ...; (100), (1e21), (-0) give `100`, `1e+21`, `0` |
 * | difference:raw-controls | it escapes only `"` and `\`, so every control character is written raw (RFC 8785 §3.2.2.2 escapes them), whichever character; in lines mode a raw line feed splits the answer in lines | canonicalize(["\n"]) is `["` LF `"]`; ({"\u0000":1}) holds a raw NUL; (["\u001f"]) a raw U+001F |
 * | acceptance:RFC 8785 §3.1 (I-JSON, RFC 7493 §2.3) | duplicate names reach it as JSON.parse's last value: accepted, not refused | canonicalize(JSON.parse('{"a":1,"a":2}')) is `{"a":2}` |
 * | acceptance:RFC 8785 §3.1 (I-JSON, RFC 7493 §2.1) | lone surrogates (JSON.parse lets "\ud800" through) are written, not refused | canonicalize(JSON.parse('["\\ud800"]')) returns the lone surrogate |
 *
 * Before issue 29 the same run read as 43 causes: 31 "writes ⟨U+00XX⟩ where RFC 8785 writes \u00XX",
 * one per character, 4 "answered with N lines" for the raw line feed, "cannot encode N" and
 * "cannot encode -N" apart, and the top-level choice alone.
 */
const OLPC_CAUSES = [
  "refusal:cannot encode N",
  "difference:raw-controls",
  "acceptance:RFC 8785 §3.1 (I-JSON, RFC 7493 §2.3)",
  "acceptance:RFC 8785 §3.1 (I-JSON, RFC 7493 §2.1)",
];

test("npm run table --row: npm rows build, run, and fail exactly the cases their manifests record", () => {
  const scratch = mkdtempSync(join(tmpdir(), "cc-table-npm-"));
  after(() => rmSync(scratch, { recursive: true, force: true }));
  const out = join(scratch, "site");
  const run = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "scripts/table.ts",
      "run",
      ...[...Object.keys(EXPECTED), OLPC].flatMap((id) => ["--row", id]),
      "--work",
      join(scratch, "work"),
      "--out",
      out,
    ],
    { cwd: REPO, encoding: "utf8", timeout: 15 * 60_000 },
  );
  assert.equal(run.status, 0, run.stdout + run.stderr);
  // A row failing only duplicate names (which JSON.parse erased) is conformant in what its library answers for.
  for (const [id, failures] of Object.entries(EXPECTED)) {
    const verdict = failures === DUPLICATES ? "conformant in what it answers for" : "NOT CONFORMANT";
    assert.match(run.stdout, new RegExp(`[ \\]] ${id}: ${verdict}`), id);
  }
  assert.match(run.stdout, /python-rfc8785: not-run: not selected in this build \(--row\)/);
  assert.match(run.stdout, /rows were not run in this build/);
  // The headline judges the library: canonicalize's output rules pass, JSON.parse's share is named.
  assert.match(
    run.stdout,
    / {2}javascript-canonicalize: conformant in what it answers for \(input validation by JSON\.parse: 12 accepted that must be refused\); the record: not conformant 580\/592/,
  );
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
  // The look-alike's results, as the run wrote them, grouped as every report groups them.
  const olpc = join(scratch, "work", "results", "rows", OLPC, "run", "results.json");
  const results = (JSON.parse(readFileSync(olpc, "utf8")) as { results: CaseResult[] }).results;
  const groups = groupFailures(results);
  assert.deepEqual(
    groups.map((g) => g.cause).sort(),
    [...OLPC_CAUSES].sort(),
    groups.map((g) => `${g.count} ${g.cause}: ${g.title}`).join("\n"),
  );
  const site = readFileSync(join(out, "index.html"), "utf8");
  assert.match(site, /data-row="javascript-canonicalize" data-state="accepted"/);
  assert.match(site, /data-row="python-rfc8785" data-state="not-run"/);
  reproducedAsPrinted(join(out, "impl", "typescript-json-canonicalize.html"), scratch);
});

const unescapeHtml = (html: string) =>
  html
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&");

/**
 * A failing row's page prints, for each cause, the commands that reproduce it from a checkout of
 * canon-conformance: run here as printed, in a copy of the checkout (its committed dist/, vectors/ and
 * the row's folder, as a clone has them), the first cause's case fails with the got the page shows, and
 * its input piped to the wrapper prints that same got.
 */
function reproducedAsPrinted(page: string, scratch: string): void {
  const html = readFileSync(page, "utf8");
  const block = /<div class="cause" id="cause-1">.*?<pre class="reproduce">(.*?)<\/pre>/s.exec(html);
  assert.ok(block, "the first cause has its reproduce commands");
  const got = /<th>got<\/th><td><code>(.*?)<\/code>/s.exec(block[0])?.[1];
  assert.ok(got !== undefined, "the first cause shows what it got");
  const lines = unescapeHtml(block[1]!).split("\n");
  assert.match(
    lines[0]!,
    /^git clone https:\/\/github\.com\/canon-conformance\/canon-conformance && cd canon-conformance$/,
  );
  const checkout = join(scratch, "checkout");
  for (const part of [
    "dist",
    "vectors",
    "package.json",
    "table/implementations/typescript-json-canonicalize",
  ])
    cpSync(join(REPO, part), join(checkout, part), { recursive: true });
  const outputs = lines
    .slice(1)
    .filter((l) => !l.startsWith("#"))
    .map((line) => spawnSync("sh", ["-c", line], { cwd: checkout, encoding: "utf8", timeout: 10 * 60_000 }));
  const [install, rerun, piped] = outputs;
  assert.equal(install?.status, 0, install?.stderr);
  assert.equal(rerun?.status, 1, `the case fails: ${rerun?.stdout}${rerun?.stderr}`);
  const name = /--case (\S+)/.exec(lines[2]!)?.[1];
  assert.ok(name);
  assert.match(rerun!.stdout + rerun!.stderr, new RegExp(name.replaceAll("/", "\\/").replaceAll(".", "\\.")));
  assert.ok(
    (rerun!.stdout + rerun!.stderr).includes(unescapeHtml(got!)),
    "the run shows the got the page shows",
  );
  assert.equal(piped?.stdout, `${unescapeHtml(got!)}\n(exit 0)\n`, "the wrapper, fed the input, prints it");
}
