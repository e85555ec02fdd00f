import assert from "node:assert/strict";
import { test } from "node:test";
import { aggregateBadgeSvg, aggregateMarkdown, aggregateRecords } from "../../src/aggregate/index.js";
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
