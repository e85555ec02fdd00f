import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { inlineText, textBlock, textBlockLengths } from "../../src/escape/markdown.js";
import { showInvisible } from "../../src/escape/visible.js";
import {
  GITHUB_SUMMARY_LIMIT,
  MIN_SUMMARY_BYTES,
  SUMMARY_MARGIN,
  toMarkdownSummary,
} from "../../src/report/index.js";
import { cutText } from "../../src/text.js";
import type { CaseResult } from "../../src/types.js";
import { caseResult, HOSTILE, inputFor, mixedRun } from "./fixtures.js";

const bytes = (s: string) => Buffer.byteLength(s, "utf8");
/** With the `u` flag a surrogate range matches only unpaired surrogates. */
const isWellFormed = (s: string) => !/[\uD800-\uDFFF]/u.test(s);

/** The only tags the summary writes itself; any other `<` would be HTML from the content. */
const OUR_TAGS = /<\/?(?:code|p|details|summary|br)>|<wbr>/g;

/** Asserts the structure that keeps content inert: our tags only, balanced; tables with even rows. */
function assertInert(md: string): void {
  assert.ok(isWellFormed(md), "no lone surrogate reaches the summary");
  assert.doesNotMatch(md.replace(OUR_TAGS, ""), /</, "no raw < from the content");
  for (const tag of ["code", "p", "details", "summary"]) {
    const open = md.split(`<${tag}>`).length - 1;
    const close = md.split(`</${tag}>`).length - 1;
    assert.equal(open, close, `<${tag}> balanced`);
  }
  // One fold per suite's failed cases (six suites at most) and one for the passing cases.
  assert.ok(
    (md.match(/<details>/g) ?? []).length <= 7,
    "a <details> per suite at most, and the passing cases",
  );
  const lines = md.split("\n");
  for (const line of lines) {
    if (line.startsWith("<p><code>")) assert.ok(line.endsWith("</code></p>"), "an output block is one line");
  }
  // Each table: every row has as many raw pipes as its header.
  let pipes = -1;
  for (const line of lines) {
    if (!line.startsWith("|")) {
      pipes = -1;
      continue;
    }
    const count = line.split("|").length - 1;
    if (pipes === -1) pipes = count;
    else assert.equal(count, pipes, `table row keeps its cells: ${line.slice(0, 80)}`);
  }
  // The only fenced block is the verify command's.
  assert.equal((md.match(/^```/gm) ?? []).length, 2);
}

/** What CommonMark makes of inlineText's output: backslash escapes and entities undone, and the
 * `<wbr>` that keeps an autolink from starting gone (it adds no character). */
function renderInline(text: string): string {
  return text
    .replaceAll("<wbr>", "")
    .replace(/\\([!-/:-@[-`{-~])/g, "$1")
    .replace(/&(amp|lt|gt|#124);/g, (_, e: string) =>
      e === "amp" ? "&" : e === "lt" ? "<" : e === "gt" ? ">" : "|",
    );
}

test("the summary states the verdict, what ran, the suites, each failure and how to verify", () => {
  const md = toMarkdownSummary(inputFor(mixedRun()));
  assert.match(md, /^## ❌ Not conformant: 3 of 5 cases passed, 2 failed\n/);
  assert.match(md, /\*\*Implementation:\*\* pycanon 1\.2\.0/);
  assert.match(md, /<code>canon\.py<\/code> \| <code>2{64}<\/code>/);
  assert.match(md, new RegExp(`\\*\\*Signer:\\*\\* <code>${"cd".repeat(32)}</code> \\(ephemeral key`));
  assert.match(md, /\| ❌ \| <code>jcs<\/code> \| 2 \| 1 \| 1 \|/);
  assert.match(md, /\| ✅ \| <code>invariants<\/code> \| 1 \| 1 \| 0 \|/);
  assert.match(md, /#### ❌ <code>jcs\/numbers-float<\/code>/);
  assert.match(
    md,
    /\*\*Expected\*\*\n\n<p><code>\[1,2\]<\/code><\/p>\n\n\*\*Got\*\*\n\n<p><code>\[1,2\.0\]<\/code><\/p>/,
  );
  assert.match(md, /first difference at character 5/);
  assert.match(md, /<details>\n<summary>Passing cases \(3\)<\/summary>/);
  // Causes first, then each suite's cases folded.
  const causes = md.indexOf("### Failures by cause (2 causes, 2 failed cases)");
  assert.ok(causes > 0 && causes < md.indexOf("### Failed cases (2)"), "causes lead the failures");
  assert.match(md, /- \*\*1 case:\*\* .*<br><code>jcs\/numbers-float<\/code>/);
  assert.match(
    md,
    /<details>\n<summary>Failed cases in jcs \(1\)<\/summary>\n\n#### ❌ <code>jcs\/numbers-float/,
  );
  assert.match(md, /<details>\n<summary>Failed cases in reject \(1\)<\/summary>/);
  assert.match(
    md,
    /```sh\nnpx --yes 'github:canon-conformance\/canon-conformance#v1' verify record\.json\n```/,
  );
  assert.doesNotMatch(md, /Trimmed/);
  assertInert(md);
});

test("a conformant run with a supplied key says so and pins the key in the verify command", () => {
  const results = mixedRun().map((r) => ({ ...r, pass: true }));
  const md = toMarkdownSummary(inputFor(results, { key: "supplied" }, { recordPath: "/tmp/x/conform.json" }));
  assert.match(md, /^## ✅ Conformant: 5 of 5 cases passed\n/);
  assert.match(md, /supplied key: the holder of this key ran it/);
  assert.match(
    md,
    new RegExp(
      `npx --yes 'github:canon-conformance/canon-conformance#v1' verify conform\\.json --pubkey ${"cd".repeat(32)}\\n`,
    ),
  );
  assert.doesNotMatch(md, /Failed cases/);
});

test("with nothing uploaded (upload false, or an upload that failed) the summary names no artifact and says where the files are on the runner", () => {
  const artifact = toMarkdownSummary(inputFor(mixedRun()));
  const runner = toMarkdownSummary(inputFor(mixedRun()), {
    recordAt: { runner: "/home/runner/work/temp/cc" },
  });
  const failed = toMarkdownSummary(inputFor(mixedRun()), {
    recordAt: { runner: "/home/runner/work/temp/cc", uploadFailed: true },
  });
  assert.match(artifact, /Download the artifact and check <code>record\.json<\/code> offline:/);
  assert.match(artifact, /download the artifact, unzip it and open `report\.html`/);
  for (const md of [runner, failed]) {
    assert.doesNotMatch(md, /[Dd]ownload|unzip|in the artifact/);
    assert.match(
      md,
      /`report\.html`, beside `record\.json` on the runner in <code>\/home\/runner\/work\/temp\/cc<\/code>/,
    );
    assert.match(
      md,
      /<code>record\.json<\/code> and the other files stay on the runner in <code>\/home\/runner\/work\/temp\/cc<\/code> \(the folder of the step's `record-path` output\)/,
    );
    // The verify command itself is the same either way.
    assert.match(md, /```sh\nnpx --yes \S+ verify record\.json\n```/);
    assertInert(md);
  }
  assert.match(runner, /This run uploaded no artifact \(`upload: false`\): /);
  assert.match(failed, /The artifact upload failed \(the step's warning says why\): /);
  assert.doesNotMatch(failed, /upload: false/);
});

test("a run with no cases is not conformant and says none ran", () => {
  const md = toMarkdownSummary(inputFor([]));
  assert.match(md, /^## ❌ Not conformant: no cases ran\n/);
  assert.match(md, /No cases ran\./);
});

test("a record path that is not a plain file name is not put in the command", () => {
  const md = toMarkdownSummary(inputFor(mixedRun(), {}, { recordPath: "out/`rm -rf`; <b>.json" }));
  assert.match(md, /verify record\.json\n/);
});

test("hostile corpus text and output break nothing and inject no HTML", () => {
  const hostile = (name: string, pass: boolean): CaseResult =>
    caseResult("jcs", `${name} ${HOSTILE}`, pass, {
      why: HOSTILE,
      source: HOSTILE,
      expected: HOSTILE,
      got: `${HOSTILE}!`,
    });
  const input = inputFor([hostile("a", false), hostile("b", true), hostile("c", false)], {
    implementation: {
      adapter: "command",
      impl: HOSTILE,
      name: HOSTILE,
      version: HOSTILE,
      files: [{ path: HOSTILE, sha256: "33".repeat(32) }],
    },
    corpus: { dir: HOSTILE, files: 1, digest: HOSTILE },
  });
  const md = toMarkdownSummary(input);
  assertInert(md);
  for (const bad of [
    "<script",
    "</details><details open>",
    "<img",
    "</pre><b>",
    "\u001b",
    "\u202e",
    "\u0000",
  ]) {
    assert.ok(!md.includes(bad), `no raw ${JSON.stringify(bad)}`);
  }
  // The output shows as itself: the block's content is the visible text, HTML-escaped, nothing else
  // (no <br>: a copied value comes back as it was).
  const block = md.match(/^<p><code>(.*)<\/code><\/p>$/m)![1]!;
  assert.equal(
    block.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&"),
    showInvisible(HOSTILE),
  );
});

test("inline text renders back to exactly the visible content", () => {
  assert.equal(renderInline(inlineText(HOSTILE)), showInvisible(HOSTILE));
  assert.equal(
    inlineText("see https://x.io and WWW.y.com, or a@b.c"),
    "see https:<wbr>//x.io and WWW<wbr>.y.com, or a@<wbr>b.c",
    "no autolink (test/report/links.test.ts)",
  );
  assert.doesNotMatch(
    inlineText(HOSTILE).replaceAll("<wbr>", ""),
    /(?<!\\)[`*_[\]|<>]/,
    "no live Markdown or HTML character",
  );
});

test("passing detail is trimmed first, and the summary says so", () => {
  const results: CaseResult[] = [caseResult("jcs", "broken", false)];
  for (let i = 0; i < 3000; i++) results.push(caseResult("jcs", `case-${i}-${"x".repeat(20)}`, true));
  const full = toMarkdownSummary(inputFor(results), { maxBytes: 10 * 1024 * 1024 });
  assert.ok(bytes(full) > 200_000, "the untrimmed summary would not fit");
  const md = toMarkdownSummary(inputFor(results), { maxBytes: 200_000 });
  assert.ok(bytes(md) <= 200_000);
  assert.doesNotMatch(md, /Passing cases/);
  assert.match(md, /Trimmed to stay under 200000 bytes .*the 3000 passing cases are not listed\./);
  assert.doesNotMatch(md, /cut here/, "outputs untouched while dropping passing detail sufficed");
  assert.match(md, /#### ❌ <code>jcs\/broken<\/code>/);
  assertInert(md);
});

test("1 MB outputs are cut, the longest first, to fit the default limit", () => {
  const mb = "x".repeat(1024 * 1024);
  const results = [
    caseResult("jcs", "huge-got", false, { expected: '{"a":1}', got: `${mb}<script>` }),
    caseResult("jcs", "huge-both", false, { expected: `${mb}\u0001`, got: `🎉${mb}` }),
    caseResult("jcs", "small", false, { expected: "[1]", got: "[1.0]" }),
  ];
  const md = toMarkdownSummary(inputFor(results));
  assert.ok(bytes(md) <= GITHUB_SUMMARY_LIMIT - SUMMARY_MARGIN, `${bytes(md)} bytes`);
  assert.ok(bytes(md) > (GITHUB_SUMMARY_LIMIT - SUMMARY_MARGIN) * 0.9, "it cuts no more than it must");
  assert.match(md, /outputs are cut at \d+ characters/);
  assert.match(md, /<\/code><\/p>\n\n\*…cut here: \d+ more characters not shown\.\*/);
  assert.match(md, /<p><code>\[1\.0\]<\/code><\/p>/, "short outputs are not cut");
  assert.match(md, /<p><code>\{"a":1\}<\/code><\/p>/);
  assertInert(md);
});

test("10,000 failures fit: detail for the first, names for more, a count for the rest", () => {
  const results: CaseResult[] = [];
  for (let i = 0; i < 10_000; i++) {
    results.push(
      caseResult("reject", `case-${i}`, false, {
        why: `why ${i} | <b>`,
        expected: "reject",
        got: `${"```"}${"y".repeat(300)}</details>`,
      }),
    );
  }
  const md = toMarkdownSummary(inputFor(results));
  assert.ok(bytes(md) <= GITHUB_SUMMARY_LIMIT - SUMMARY_MARGIN, `${bytes(md)} bytes`);
  assert.match(md, /### Failed cases \(10000\)/);
  const detailed = (md.match(/^#### ❌/gm) ?? []).length;
  assert.equal(detailed, 100);
  assert.match(md, /detail is shown for the first 100 of 10000 failed cases; \d+ more are listed by name/);
  const named = (md.match(/^\| <code>reject\/case-/gm) ?? []).length;
  assert.ok(named > 1000, `${named} listed by name`);
  const rest = 10_000 - detailed - named;
  if (rest > 0) assert.match(md, new RegExp(`…and ${rest} more failed cases, not listed here for size`));
  assertInert(md);
});

test("a small limit is honoured exactly and a silly one is refused", () => {
  const results: CaseResult[] = [];
  for (let i = 0; i < 500; i++) results.push(caseResult("jcs", `c${i}`, false, { got: "z".repeat(2000) }));
  for (const maxBytes of [MIN_SUMMARY_BYTES, 100_000, 300_000]) {
    const md = toMarkdownSummary(inputFor(results), { maxBytes });
    assert.ok(bytes(md) <= maxBytes, `${bytes(md)} <= ${maxBytes}`);
    assert.match(md, /Trimmed/);
    assertInert(md);
  }
  assert.throws(() => toMarkdownSummary(inputFor(results), { maxBytes: 1000 }), RangeError);
  assert.throws(() => toMarkdownSummary(inputFor(results), { maxBytes: 1.5e6 + 0.5 }), RangeError);
});

test("a cut never splits a surrogate pair", () => {
  const results = [caseResult("jcs", "emoji", false, { got: "😀".repeat(600_000) })];
  const md = toMarkdownSummary(inputFor(results));
  assert.ok(isWellFormed(md));
  assert.match(md, /cut here/);
});

test("a failed case shows its input, shown safely, and its vector file", () => {
  const r = caseResult("reject", "dup", false, {
    got: '{"a":2}',
    input: '{"a":1,"a":2}<b>\u007f',
    vector: "vectors/reject/inputs/dup.json",
  });
  const md = toMarkdownSummary(inputFor([r]));
  assert.ok(md.includes("**Input** (<code>vectors/reject/inputs/dup.json</code>)"), md);
  assert.ok(md.includes('<p><code>{"a":1,"a":2}&lt;b&gt;⟨U+007F⟩</code></p>'));
  assertInert(md);
});

test("an output block's length at every cut, worked out in one pass, is the rendered block's", () => {
  // Wide characters, tags, escapes, pairs and lone surrogates, line breaks.
  const unit = fc.constantFrom("a", " ", "&", "<", "é", "東", "😀", "\u0001", "\n", "\ud800", "\udc00", "⟨");
  fc.assert(
    fc.property(fc.array(unit, { maxLength: 300 }), (units) => {
      const text = units.join("");
      const lengths = textBlockLengths(text);
      for (let cut = 0; cut <= text.length + 1; cut++)
        assert.equal(
          lengths(cut),
          bytes(textBlock(cutText(text, cut))),
          `cut ${cut} of ${JSON.stringify(text)}`,
        );
    }),
    { numRuns: 300, seed: 19 },
  );
});
