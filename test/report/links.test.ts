// Untrusted text makes no link (docs/sandbox.md, "What the harness promises", rule 11): no answer, case
// name, reason, implementation name, refusal or expected-failures reason becomes a link in the job
// summary, whatever it holds. GitHub renders the summary as GFM, whose autolink extension links text
// that merely looks like a URL (`www.x.y`, `https://x.y`) or an e-mail address (`a@b.c`, `mailto:`,
// `xmpp:`). Each escape of src/escape/markdown.ts is rendered here in every place the writers
// put it, by micromark (GFM's spec) and by cmark-gfm (GitHub's own parser, which joins text that
// micromark keeps apart: ./github-render.ts), for strings made of what links are made of; then the
// writers' whole summaries of runs, lists, aggregates and differential runs holding such text.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { aggregateMarkdown, aggregateRecords } from "../../src/aggregate/index.js";
import { runCases } from "../../src/checks/run-cases.js";
import type { CompareReport } from "../../src/compare/index.js";
import { loadCorpus } from "../../src/corpus/index.js";
import {
  cellCode,
  cellText,
  inlineCode,
  inlineShown,
  inlineText,
  textBlock,
} from "../../src/escape/markdown.js";
import { showInvisible } from "../../src/escape/visible.js";
import { decideGate, parseExpectedFailures } from "../../src/expected/index.js";
import { inProcessCanonicalizer } from "../../src/jcs/canonicalizer.js";
import { runSummaryMarkdown } from "../../src/report/index.js";
import { writeAnswerText } from "../../src/text-forms/index.js";
import { file, record } from "../aggregate/fixtures.js";
import { LINKY, viewOf } from "./fixtures.js";
import { cmarkGfmOpts, linksIn, renderCmarkGfm, renderGfm, textOf } from "./github-render.js";
import { signedRun } from "./html/fixtures.js";

/** Each escape, as the writers call it. `columns` is a cell's break width. */
const ESCAPES: [string, (text: string, columns: number) => string][] = [
  ["inlineText", (t) => inlineText(t)],
  ["inlineShown", (t) => inlineShown(showInvisible(t))],
  ["inlineCode", (t) => inlineCode(t)],
  ["cellText", (t, columns) => cellText(t, columns)],
  ["cellCode", (t, columns) => cellCode(t, columns)],
];

/** The harness's own link, where a writer puts escaped text inside one (the artifact's name). */
const OUR_HREF = "https://github.example/o/r/actions/runs/1/artifacts/2";

/** Where the writers put inline text: each place as Markdown around the escaped text between « and »,
 * and the number of links the harness itself wrote there. What the reader sees between « and » must
 * be the text itself. */
const PLACES: [string, (escaped: string) => string, number][] = [
  ["a paragraph", (e) => `« ${e} »`, 0],
  ["after a parenthesis", (e) => `«(${e})»`, 0],
  ["after bold", (e) => `**Why:** « ${e} »`, 0],
  ["in emphasis", (e) => `*« ${e} »*`, 0],
  ["a heading", (e) => `#### « ${e} »`, 0],
  ["a list item", (e) => `- **Implementation:** « ${e} »`, 0],
  ["a table cell", (e) => `| Case | Why |\n| --- | --- |\n| x | « ${e} » |`, 0],
  ["a quoted warning", (e) => `> [!WARNING]\n> **Signing key:** « ${e} ».`, 0],
  ["a <sub>", (e) => `<sub>« ${e} »</sub>`, 0],
  ["the artifact's link", (e) => `**Artifact:** <a href="${OUR_HREF}">« ${e} »</a>`, 1],
];

/** Places, one a block, apart by a rule the renderers write as <hr />. */
const SEPARATOR = "\n\n* * *\n\n";
const RULE = /<hr \/>/;

interface Piece {
  what: string;
  markdown: string;
  /** What the reader must see between « and ». */
  shown: string;
  ours: number;
}

/** `text` through every escape in every place, and alone as a block. */
function pieces(text: string, columns: number): Piece[] {
  const shown = showInvisible(text);
  const out: Piece[] = [];
  for (const [name, escapeFn] of ESCAPES) {
    const escaped = escapeFn(text, columns);
    for (const [place, around, ours] of PLACES) {
      const markdown = around(escaped);
      out.push({
        what: `${name} in ${place}`,
        markdown,
        shown: place === "after a parenthesis" ? `«(${shown})»` : `« ${shown} »`,
        ours,
      });
    }
  }
  // A block is a line of its own after a blank line, as the writers put it: the text is its content.
  out.push({ what: "textBlock", markdown: textBlock(`« ${text} »`), shown: `« ${shown} »`, ours: 0 });
  return out;
}

/** What is wrong with `pieces` rendered by `render` (empty when nothing is): a link or an image that
 * the harness did not write, or text shown otherwise than it is. */
function problems(list: readonly Piece[], render: (markdown: string) => string): string[] {
  const html = render(list.map((p) => p.markdown).join(SEPARATOR)).split(RULE);
  assert.equal(html.length, list.length, "one rendered piece per piece");
  const found: string[] = [];
  list.forEach((piece, i) => {
    const part = html[i]!;
    const links = linksIn(part);
    const allowed = links.filter((l) => l === `<a href="${OUR_HREF}">`);
    if (links.length !== allowed.length || allowed.length !== piece.ours)
      found.push(`${piece.what}: ${JSON.stringify(piece.markdown)} made ${JSON.stringify(links)}`);
    const text = textOf(part);
    const seen = text.slice(text.indexOf("«"), text.lastIndexOf("»") + 1);
    if (seen !== piece.shown)
      found.push(`${piece.what}: ${JSON.stringify(piece.markdown)} reads ${JSON.stringify(seen)}`);
  });
  return found;
}

/** Strings made of what links are made of: the characters around and inside them, and whole words. */
const linkyText = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(..."w.@:/_*()[]<>!~ wWhtpsmailxo&#;|\\`$-+\"'?=1^") },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          "www.",
          "WWW.",
          "http",
          "https://",
          "ftp://",
          "mailto:",
          "xmpp:",
          "evil.example",
          "a@b.c",
          "\n",
        ),
      },
    ),
    { maxLength: 40 },
  )
  .map((units) => units.join(""));

test("the text that GFM links, in every escape and every place: no link, and it reads as itself (micromark)", () => {
  const found = LINKY.flatMap((text) => problems(pieces(text, 16), renderGfm));
  assert.deepEqual(found, []);
});

test("property: any text of link characters, in every escape and every place, makes no link and reads as itself (micromark)", () => {
  fc.assert(
    fc.property(linkyText, fc.integer({ min: 1, max: 20 }), (text, columns) => {
      assert.deepEqual(problems(pieces(text, columns), renderGfm), []);
    }),
    { numRuns: 80 },
  );
});

test(
  "the same with cmark-gfm, GitHub's parser: the list, and 400 strings of link characters",
  cmarkGfmOpts,
  () => {
    const texts = [...LINKY, ...fc.sample(linkyText, { numRuns: 400, seed: 8785 })];
    const list = texts.flatMap((text, i) => pieces(text, 1 + (i % 20)));
    assert.deepEqual(problems(list, renderCmarkGfm), []);
  },
);

test(
  "why a <wbr> and not a backslash or an entity: cmark-gfm links what micromark does not",
  cmarkGfmOpts,
  () => {
    // The control: each of these is a link on GitHub, so a test by micromark alone would pass them.
    for (const markdown of ["user\\@evil.example", "user&#64;evil.example", "mailto:a\\@b.c"]) {
      assert.equal(linksIn(renderGfm(markdown)).length, 0, `micromark: ${markdown}`);
      assert.equal(linksIn(renderCmarkGfm(markdown)).length, 1, `cmark-gfm: ${markdown}`);
    }
    // The old `www.` rule, `\b` before it: `_` is a word character, so `\_www.` went through as it was.
    assert.equal(linksIn(renderCmarkGfm("\\_www.evil.example/login")).length, 1);
    // A raw <code> in a line is no shelter from autolinks; a <p> block of the writers' is.
    assert.equal(linksIn(renderCmarkGfm("x <code>a@b.c www.x.y https://x.y</code>")).length, 3);
    assert.equal(linksIn(renderCmarkGfm("<p><code>a@b.c www.x.y https://x.y</code></p>")).length, 0);
    assert.equal(linksIn(renderGfm("x <code>a@b.c www.x.y https://x.y</code>")).length, 3);
    assert.equal(linksIn(renderGfm("<p><code>a@b.c www.x.y https://x.y</code></p>")).length, 0);
  },
);

test("property: the rule as cmark-gfm's autolink extension reads it: no `www.` or `://` in the source, no `@` with text after it in one text node", () => {
  // cmark-gfm (extensions/autolink.c) matches `www.` and `<scheme>://` on the source as it parses a
  // line, and e-mail addresses (`mailto:`/`xmpp:` ones too) in each text node after joining
  // adjacent ones: a text node ends at an HTML tag, and its text is the source with backslash
  // escapes and character references undone.
  // The escapes make four character references, and no other: a `&` of the text is `&amp;`.
  const undone = (source: string) =>
    source
      .replace(/\\([!-/:-@[-`{-~])/g, "$1")
      .replace(/&(amp|lt|gt|#124);/g, (_, e: string) =>
        e === "amp" ? "&" : e === "lt" ? "<" : e === "gt" ? ">" : "|",
      );
  fc.assert(
    fc.property(linkyText, fc.integer({ min: 1, max: 20 }), (text, columns) => {
      for (const [name, escapeFn] of ESCAPES) {
        const source = escapeFn(text, columns);
        assert.doesNotMatch(source, /www\./i, name);
        assert.ok(!source.includes("://"), name);
        assert.doesNotMatch(source.replace(/&(amp|lt|gt|#124);/g, ""), /&/, `${name}: another reference`);
        for (const node of source.split(/<[^>]*>/).map(undone))
          assert.doesNotMatch(node, /@[\s\S]/, `${name}: an @ with text after it in ${JSON.stringify(node)}`);
      }
    }),
    { numRuns: 500 },
  );
});

/** A whole summary's links by micromark, and by cmark-gfm where it is there (or in CI), and the text
 * a reader sees of it. */
function rendered(markdown: string): { links: string[]; cmarkLinks: string[]; text: string } {
  const html = renderGfm(markdown);
  const cmarkLinks = cmarkGfmOpts.skip === false ? linksIn(renderCmarkGfm(markdown)) : [];
  return { links: linksIn(html), cmarkLinks, text: textOf(html) };
}

/** Reasons for an expected-failures list: one line each, at most 300 characters, none starting with
 * `[` (that would be the entry's pins). */
const REASONS = LINKY.filter((t) => !t.includes("\n")).map((t) => `known: ${t} and ${t}`);

/** Case names a corpus could hold: LINKY without spaces or line breaks. */
const NAMES = LINKY.filter((t) => !/\s/.test(t));

test("a run whose implementation answers such text, under such a name, with such reasons listed: its job summary makes no link", async () => {
  const { cases } = await loadCorpus({ suites: ["jcs", "reject"], profile: "rfc8785", numbers: 0 });
  let asked = 0;
  // Answers such text to every case, and refuses every third with such a reason.
  const impl = inProcessCanonicalizer("linky", () => {
    const text = LINKY[asked % LINKY.length]!;
    asked += 1;
    if (asked % 3 === 0) throw new Error(text);
    return new TextEncoder().encode(text);
  });
  const judged = await runCases(cases, { write: impl, read: impl }, { concurrency: 1 });
  // Some cases under names such text, with reasons and sources of it.
  const results = judged.map((r, i) =>
    i < NAMES.length
      ? { ...r, name: `${r.name}-${NAMES[i]}`, why: LINKY[i]!, source: LINKY[i]!, input: LINKY[i]! }
      : r,
  );
  const failed = results.filter((r) => !r.pass);
  assert.ok(failed.length > 100 && failed.length < results.length, "failures and passes both");
  // Every failure listed, and one passing case (a fixed entry, allowed): the gate passes.
  const passed = results.find((r) => r.pass)!;
  const lines = [...failed, passed].map((r, i) => `${r.suite}/${r.name}  ${REASONS[i % REASONS.length]}`);
  const list = parseExpectedFailures(lines.join("\n"), "lists/www.evil.example/user@evil.example.txt");
  const gate = decideGate(results, list, true);
  assert.ok(gate.pass, "a passing gate");
  assert.equal(gate.fixed.length, 1, "the passing case's entry is fixed");
  const run = signedRun(results, {
    name: LINKY.join(" "),
    impl: `python3 canon.py ${LINKY.join(" ")}`,
    files: NAMES.map((n) => ({ path: n, sha256: "33".repeat(32) })),
    suite: `rfc8785:jcs,reject ${NAMES.join(" ")}`,
  });
  const markdown = runSummaryMarkdown(
    viewOf({
      record: run.record,
      results,
      gate,
      rerun: {
        command: `canon-conformance run ${LINKY.join(" ")}`,
        failed: failed.length,
        note: LINKY.join(" "),
      },
      protocol: { name: "lines", linesForms: NAMES.map((n) => `jcs/${n}`) },
      compare: hostileCompare(),
    }),
  );
  const { links, cmarkLinks, text } = rendered(markdown);
  assert.deepEqual(links, []);
  assert.deepEqual(cmarkLinks, []);
  // Not a vacuous pass: the text is there, as itself, for a reader.
  for (const t of ["_www.evil.example/login", "user@evil.example", "xmpp:a@b.c/d", "[x](https://y.z)"])
    assert.ok(text.includes(t), `the summary shows ${t}`);
  assert.match(text, /Step passes by the expected-failures list/);
  assert.ok(text.includes(`known: mailto:a@b.c and mailto:a@b.c`), "a list's reason, shown as itself");
});

/** A differential run whose labels, inputs and answers are such text. */
function hostileCompare(): CompareReport {
  return {
    seed: 7,
    compared: 10,
    corpus: 5,
    generated: 5,
    generatedDisagreeing: 1,
    labels: { a: "reference", b: `python3 https://evil.example ${LINKY[0]}`, reference: "reference" },
    disagreements: LINKY.slice(0, 6).map((t, i) => ({
      name: `generated #${i} ${t}`,
      input: t,
      original: t,
      a: t,
      b: `${t} user@evil.example`,
      reference: t,
      agrees: "a",
      kind: "output",
    })),
    choices: [
      {
        name: `canon-or-reject/${NAMES[1]}`,
        input: LINKY[2]!,
        a: LINKY[3]!,
        b: writeAnswerText({ status: "rejected", reason: LINKY[4]! }),
      },
    ],
    elapsedMs: 1200,
  };
}

test("an aggregate of records naming such implementations, answering such text, read from such paths: its summary makes no link", () => {
  const linky = (name: string) =>
    record(
      name,
      LINKY.map((t, i) => ({ name: `jcs/c${i}`, pass: false, expected: "[1]", got: t })),
    );
  const aggregate = aggregateRecords([
    file("records/www.evil.example/record.json", linky("user@evil.example")),
    file("records/https://x.y/record.json", linky("_www.evil.example/login")),
    { source: "records/a.b@c.d/broken.json", bytes: new TextEncoder().encode(LINKY.join(" ")) },
  ]);
  const markdown = aggregateMarkdown(aggregate);
  const { links, cmarkLinks, text } = rendered(markdown);
  assert.deepEqual(links, []);
  assert.deepEqual(cmarkLinks, []);
  for (const t of ["user@evil.example", "records/https://x.y/record.json", "a.b@c.d/broken.json"])
    assert.ok(text.includes(t), `the summary shows ${t}`);
});
