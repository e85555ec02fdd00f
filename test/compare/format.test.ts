import assert from "node:assert/strict";
import { test } from "node:test";
import {
  type CompareReport,
  compareMarkdown,
  formatCompare,
  MARKDOWN_DETAIL_MAX,
} from "../../src/compare/index.js";

const base: CompareReport = {
  seed: 7,
  compared: 1034,
  corpus: 534,
  generated: 500,
  generatedDisagreeing: 3,
  labels: { a: "reference", b: "python3 canon.py", reference: "reference" },
  disagreements: [
    {
      name: "generated #114 (seed 7)",
      input: '{"\ue000":0,"𐀀":0}',
      original: '[ {"\ue000":0, "𐀀":0, "z":[1,2]} ]',
      a: '{"𐀀":0,"\ue000":0}',
      b: '{"\ue000":0,"𐀀":0}',
      reference: '{"𐀀":0,"\ue000":0}',
      agrees: "a",
      kind: "output",
    },
  ],
  choices: [{ name: "canon-or-reject/deep", input: "[[[]]]", a: "[[[]]]", b: "reject: too deep" }],
  elapsedMs: 1200,
};

test("the console view names both implementations, the seed, each disagreement and who is right", () => {
  const text = formatCompare(base);
  assert.match(text, /^a: reference\nb: python3 canon\.py\n/);
  assert.match(
    text,
    /1 disagreement between a and b in 1034 inputs \(534 from the corpus, 500 generated with seed 7\)/,
  );
  assert.match(text, /3 generated values disagreed; the first of each kind is shown, shrunk/);
  assert.match(
    text,
    /✗ generated #114 \(seed 7\): both accepted, different output; a agrees with the reference \(reference\)/,
  );
  assert.ok(text.includes('    input:     {"⟨U+E000⟩":0,"𐀀":0}\n'), text);
  assert.match(text, /shrunk from: \[ \{/);
  assert.match(text, /1 input where the RFC leaves a choice/);
  assert.match(
    text,
    /~ canon-or-reject\/deep\n {4}input: \[\[\[\]\]\]\n {4}a: {5}\[\[\[\]\]\]\n {4}b: {5}reject: too deep/,
  );
  const agreeing = formatCompare({ ...base, disagreements: [], choices: [], generatedDisagreeing: 0 });
  assert.equal(
    agreeing,
    "a: reference\nb: python3 canon.py\na and b agree on all 1034 inputs (534 from the corpus, 500 generated with seed 7)",
  );
});

test("no answer can drive the terminal: controls are shown as tags", () => {
  const hostile = { ...base.disagreements[0]!, b: "\x1b[2J\x1b[31mred\r" };
  const text = formatCompare({ ...base, disagreements: [hostile] });
  assert.ok(!/[\x00-\x08\x0b-\x1f\x7f]/.test(text), JSON.stringify(text));
  assert.match(text, /⟨U\+001B⟩\[2J/);
});

test("the Markdown view escapes whatever the inputs and answers hold", () => {
  const hostile = {
    ...base.disagreements[0]!,
    name: "x | y <script>",
    input: "`|`<img src=x>**b** [l](https://e.x)",
    b: "</pre>\n# heading",
  };
  const md = compareMarkdown({
    ...base,
    labels: { ...base.labels, b: "cmd | tee <x>" },
    disagreements: [hostile],
  });
  assert.match(md, /^## ❌ Differential run: 1 disagreement between a and b in 1034 inputs/);
  assert.match(md, /- \*\*b:\*\* <code>cmd &#124; tee &lt;x&gt;<\/code>/);
  assert.match(md, /fast-check seed <code>7<\/code>/);
  assert.ok(!md.includes("<script>") && !md.includes("<img") && !md.includes("</pre>"));
  assert.ok(!md.includes("\n# heading"));
  // Every table row keeps its two cells: no raw | from the content.
  for (const row of md.split("\n").filter((l) => l.startsWith("| ") && !l.startsWith("| case"))) {
    assert.equal(row.split("|").length, row.startsWith("| <code>canon") ? 6 : 4, row);
  }
  assert.match(md, /a agrees with the reference \(reference\)/);
  assert.match(md, /\| shrunk from \| <code>/);
  // Every table's header names its columns (it was `| | |`).
  const headers = md.split("\n").filter((_, i, lines) => /^\|-/.test(lines[i + 1] ?? ""));
  assert.ok(headers.length >= 2, md);
  for (const header of headers)
    assert.ok(!/\|\s*\|/.test(header), `an empty header cell in ${JSON.stringify(header)}`);
  assert.match(md, /### 1 input where the RFC leaves a choice/);
});

test("a long answer in a table gets break opportunities every 64 columns, and copies as itself", () => {
  const long = { ...base.disagreements[0]!, b: "9".repeat(152) };
  const md = compareMarkdown({ ...base, disagreements: [long] });
  const row = md.split("\n").find((l) => l.startsWith("| b |"))!;
  const cell = row.match(/<code>(.*?)<\/code>/)![1]!;
  const pieces = cell.split("<wbr>");
  assert.equal(pieces.join(""), "9".repeat(152), "the pieces joined are the answer");
  assert.deepEqual(
    pieces.map((s) => s.length),
    [64, 64, 24],
  );
  assert.ok(!row.includes("<br>"), "no line break inside the answer: a copy of it is the answer");
});

test("the Markdown view caps the detail it shows and says how much it left out", () => {
  const many = Array.from({ length: MARKDOWN_DETAIL_MAX + 5 }, (_, i) => ({
    ...base.disagreements[0]!,
    name: `case ${i}`,
  }));
  const md = compareMarkdown({ ...base, disagreements: many });
  assert.equal(md.match(/^### \d+\. /gm)!.length, MARKDOWN_DETAIL_MAX);
  assert.match(md, /… and 5 more disagreements, not shown here\./);
  const agreeing = compareMarkdown({ ...base, disagreements: [], choices: [] });
  assert.match(agreeing, /^## ✅ Differential run: a and b agree on all 1034 inputs/);
});
