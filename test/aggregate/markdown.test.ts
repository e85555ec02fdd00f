import assert from "node:assert/strict";
import { test } from "node:test";
import {
  aggregateBadgeSvg,
  aggregateConsole,
  aggregateMarkdown,
  aggregateRecords,
} from "../../src/aggregate/index.js";
import { file, ok, record } from "./fixtures.js";

const bytes = (text: string) => Buffer.byteLength(text, "utf8");

test("the summary shows each implementation's suites and each differing answer, escaped", () => {
  const evil = "<script>x</script> | `tick` **b**\u001b[2J";
  const a = record("alpha", [ok("jcs/a", '{"a":1}'), ok("jcs/b", "[1]")]);
  const b = record("be|ta", [
    ok("jcs/a", '{"a":1}'),
    { name: "jcs/b", pass: false, expected: "[1]", got: evil },
  ]);
  const md = aggregateMarkdown(aggregateRecords([file("a/record.json", a), file("b/record.json", b)]));
  assert.match(
    md,
    /^## ❌ Aggregate failed: 2 records, 2 implementations, 1 conformant, 1 case answered differently/,
  );
  assert.match(md, /\| ✅ I1 alpha 1\.0 \(a\) \| 2\/2 \| 2\/2 \| <code>[0-9a-f]{16}…<\/code> \|/);
  assert.match(md, /\| ❌ I2 be&#124;ta 1\.0 \(b\) \| 1\/2 \| 1\/2 \|/);
  assert.match(md, /#### <code>jcs\/b<\/code>/);
  // In a table cell: HTML-escaped, `|` as an entity, Markdown punctuation backslash-escaped.
  assert.ok(
    md.includes("<code>&lt;script&gt;x&lt;/script&gt; &#124; \\`tick\\` \\*\\*b\\*\\*⟨U+001B⟩\\[2J</code>"),
    md,
  );
  assert.ok(md.includes("Invisible and control characters are shown as ⟨U+XXXX⟩."));
  assert.ok(!md.includes("<script>"));
  assert.ok(!md.includes("\u001b"));
  assert.ok(md.includes("be&#124;ta"), "a | in a name cannot end a table cell");
});

test("past its size limit the summary leaves out differing cases, says how many, and stays under it", () => {
  const cases = Array.from({ length: 400 }, (_, i) => ok(`jcs/case-${i}`, `"${"x".repeat(900)}${i}"`));
  const other = cases.map((c) => ({ ...c, pass: false, got: `"${"y".repeat(900)}"` }));
  const agg = aggregateRecords([file("a", record("alpha", cases)), file("b", record("beta", other))]);
  assert.equal(agg.disagreements.length, 400);
  const maxBytes = 100 * 1024;
  const md = aggregateMarkdown(agg, { maxBytes });
  assert.ok(bytes(md) <= maxBytes, `${bytes(md)} bytes`);
  const shown = md.match(/^#### /gm)?.length ?? 0;
  assert.ok(shown > 10 && shown < 400, `${shown} shown`);
  assert.match(md, new RegExp(`\\*${400 - shown} more cases answered differently are not shown here`));
  const full = aggregateMarkdown(agg);
  assert.equal(full.match(/^#### /gm)?.length, 400, "the default limit (GitHub's 1 MiB) holds them all");
  assert.ok(bytes(full) < 1024 * 1024);
});

test("the badge is an SVG that says how many implementations are conformant", () => {
  const agg = aggregateRecords([
    file("a", record("alpha", [ok("jcs/a")])),
    file("b", record("beta", [ok("jcs/a")])),
  ]);
  const svg = aggregateBadgeSvg(agg);
  assert.match(svg, /^<svg/);
  assert.match(svg, /2\/2 implementations/);
});

test("however many and however long the records' names, the fixed parts stay within the limit", () => {
  const files = Array.from({ length: 3000 }, (_, i) => ({
    source: `${"<&>".repeat(200)}/${i}/record.json`,
    readError: "EACCES",
  }));
  const maxBytes = 200 * 1024;
  const md = aggregateMarkdown(aggregateRecords(files), { maxBytes });
  assert.ok(bytes(md) <= maxBytes, `${bytes(md)} bytes`);
  assert.match(md, /\| and \d+ more records \(see aggregate\.json\) \|/);
});

test("the Records table marks a verified non-conformant record apart from a conformant one and a refused one", () => {
  const good = record("alpha", [ok("jcs/a")]);
  const bad = record("beta", [{ name: "jcs/a", pass: false, expected: "{}", got: "[]" }]);
  const md = aggregateMarkdown(
    aggregateRecords([
      file("a/record.json", good),
      file("b/record.json", bad),
      file("c/record.json", { ...bad, sig: "00".repeat(64) }),
    ]),
  );
  const rows = md.split("\n").filter((l) => l.includes("record.json</code>"));
  assert.equal(rows.length, 3, md);
  assert.match(
    rows[0]!,
    /^\| ✅ verified, conformant \| <code>a\/record\.json<\/code> \| <code>accept conformant=true<\/code> \|/,
  );
  assert.match(
    rows[1]!,
    /^\| ❌ verified, not conformant \| <code>b\/record\.json<\/code> \| <code>accept conformant=false<\/code> \|/,
  );
  assert.match(rows[2]!, /^\| ⛔ refused \| <code>c\/record\.json<\/code> \| <code>reject step=/);
  assert.ok(!rows.slice(1).some((r) => r.includes("✅")), "✅ only beside a conformant record");
  // The implementations table names its first column (it was empty).
  assert.match(md, /^\| Id \| Implementation \| Adapter \| Suite \| Key: signer \| Records \|$/m);
});

test("in the tables no word of a record's text is longer than the stated width, and the pieces keep it all", () => {
  const name = `impl-${"n".repeat(60)}`;
  const agg = aggregateRecords([file(`${"d".repeat(100)}/record.json`, record(name, [ok("jcs/a")]))]);
  const md = aggregateMarkdown(agg);
  for (const line of md.split("\n").filter((l) => l.startsWith("| "))) {
    // Each cell's text between <br> and tags: its words (runs without a space) are at most 40 wide.
    const words = line
      .replace(/<[^>]+>/g, " ")
      .split(/[\s|]+/)
      .filter(Boolean);
    for (const w of words) assert.ok(w.length <= 40, `${w.length}-character word in ${line.slice(0, 200)}`);
  }
  // Cut nothing here: the cell is the record's folder, its break opportunities <wbr>, which add no
  // character, and the first of them after the folder's own `/`.
  const recordRow = md.split("\n").find((l) => l.startsWith("| ✅ verified"))!;
  const cell = recordRow.split(" | ")[1]!;
  assert.match(cell, /^<code>[^<]*(?:<wbr>[^<]*)*<\/code>$/, "one code span");
  assert.equal(cell.replace(/<\/?code>|<wbr>/g, ""), `${"d".repeat(100)}/record.json`);
});

test("a table cell breaks a long name only between its words, and keys are listed whole", () => {
  const folder = "canon-conformance-mine-shard-1-of-2";
  const agg = aggregateRecords([file(`${folder}/record.json`, record("mine", [ok("jcs/a")]))]);
  const md = aggregateMarkdown(agg);
  const row = md.split("\n").find((l) => l.startsWith("| ✅ I1 "))!;
  const folded = row.match(/\((.*?)\)/)![1]!;
  assert.equal(folded.replaceAll("<wbr>", ""), folder, "the cell copies as the folder's name");
  const pieces = folded.split("<wbr>");
  assert.ok(pieces.length > 1, "the name gets break opportunities");
  for (const piece of pieces.slice(0, -1))
    assert.match(piece, /-$/, `each break follows a hyphen: ${JSON.stringify(pieces)}`);
  // The signer: a short form in the tables, the whole key on a line of its own, in one code span.
  const key = agg.implementations[0]!.signers[0]!;
  assert.match(md, new RegExp(`^- \\*\\*I1\\*\\* signed by <code>${key}</code>$`, "m"));
  assert.ok(!md.includes(`${key.slice(0, 16)}<wbr>`), "no key is broken into pieces");
});

test("the console's suites table cuts a record's long suite name", () => {
  const agg = aggregateRecords([file("a/record.json", record("alpha", [ok(`${"s".repeat(200)}/a`)]))]);
  const text = aggregateConsole(agg);
  const table = text.slice(text.indexOf("Suites (passed/cases):"));
  assert.match(table, new RegExp(`\\n  ${"s".repeat(40)} … \\(160 more characters\\)  1/1\\n`));
  assert.ok(!table.includes("s".repeat(41)), table);
});

test("the console's suites table goes on below itself rather than past 100 columns", () => {
  const files = Array.from({ length: 30 }, (_, i) =>
    file(`r${i}/record.json`, record(`impl${i}`, [ok("jcs/a")])),
  );
  const text = aggregateConsole(aggregateRecords(files));
  const table = text.slice(text.indexOf("Suites (passed/cases):"), text.indexOf("\nAggregate:"));
  const lines = table.split("\n").slice(1);
  for (const line of lines) assert.ok([...line].length <= 100, `${[...line].length} columns: ${line}`);
  // Every implementation still has its column, in order, each table headed by ids and ending in signers.
  const ids = lines.filter((l) => /^ +I\d/.test(l)).flatMap((l) => l.trim().split(/ +/));
  assert.deepEqual(
    ids,
    Array.from({ length: 30 }, (_, i) => `I${i + 1}`),
  );
  assert.ok(lines.filter((l) => /^ +I\d/.test(l)).length > 1, "more than one table");
  assert.equal(
    lines.filter((l) => l.startsWith("  signer")).length,
    lines.filter((l) => /^ +I\d/.test(l)).length,
  );
});
