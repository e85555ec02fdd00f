import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { BROWSER_SCRIPT, LIMITS, reportHtml } from "../../../src/report/html/index.js";
import { groupFailures } from "../../../src/view/causes.js";
import { hostileRun, judged, manyFailures, signedRun } from "./fixtures.js";

/** The page's parts the tests look at: the policy, the inline script and style, the embedded bytes. */
function partsOf(html: string) {
  const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1];
  const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({
    attrs: m[1]!,
    body: m[2]!,
  }));
  const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
  return { csp, scripts, styles };
}

const hash = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

test("report.html embeds the record's exact bytes and allows only its own script and style", async () => {
  const run = signedRun(await judged("escapes_non_ascii"));
  const html = reportHtml({ recordBytes: run.bytes, results: run.results, elapsedMs: 1234 });
  const { csp, scripts, styles } = partsOf(html);
  assert.equal(scripts.length, 2, "the embedded record and the one script");
  const [data, code] = scripts;
  assert.match(data!.attrs, /type="application\/octet-stream" id="cc-record"/);
  assert.deepEqual(
    new Uint8Array(Buffer.from(data!.body, "base64")),
    run.bytes,
    "exactly the bytes, not re-serialized",
  );
  assert.equal(code!.attrs, "");
  assert.equal(code!.body, BROWSER_SCRIPT);
  assert.equal(styles.length, 1);
  assert.equal(
    csp,
    [
      "default-src 'none'",
      `script-src ${hash(code!.body)}`,
      `style-src ${hash(styles[0]!)}`,
      "img-src 'none'",
      "connect-src 'none'",
      "base-uri 'none'",
      "form-action 'none'",
    ].join("; "),
  );
  // The policy comes before anything it governs.
  assert.ok(html.indexOf("Content-Security-Policy") < html.indexOf("<style>"));
  // Self-contained: nothing is fetched from anywhere.
  assert.doesNotMatch(html, /\b(?:src|href)=["']?(?:https?:|\/\/)/i);
  assert.doesNotMatch(html, /@import|url\(/i);
});

test("without JavaScript the page already shows the verdict, what ran, the suites and the causes", async () => {
  const results = await judged("escapes_non_ascii");
  const run = signedRun(results, { name: "escapes-non-ascii" });
  const html = reportHtml({ recordBytes: run.bytes, results });
  assert.match(html, /<header class="verdict fail"><p class="mark">Not conformant<\/p>/);
  const failed = results.filter((r) => !r.pass).length;
  assert.ok(html.includes(`${results.length - failed} of ${results.length} cases passed, ${failed} failed`));
  assert.ok(
    html.includes("<code>/usr/bin/python3</code></td><td><code>" + "11".repeat(32)),
    "a file with its SHA-256",
  );
  assert.ok(html.includes(`sha256:${"ab".repeat(32)}`), "the corpus digest");
  assert.match(html, /<tr class="fail"><td><code>jcs<\/code><\/td><td>\d+<\/td>/);
  const [top] = groupFailures(results);
  assert.ok(
    html.includes(
      `<span class="count">${top!.count}</span> <span class="kind">difference</span> writes non-ASCII characters as \\uXXXX escapes`,
    ),
  );
  // Each failed case shows why, expected and got, the difference marked in place.
  assert.ok(html.includes("<h3><code>jcs/latin1-raw</code></h3>"));
  assert.ok(
    html.includes(
      '<dt>input</dt><dd><pre>[&quot;café&quot;]</pre></dd><dt>expected</dt><dd><pre>[&quot;caf<mark class="del">é</mark>&quot;]</pre></dd><dt>got</dt><dd><pre>[&quot;caf<mark class="ins">\\u00e9</mark>&quot;]</pre>',
    ),
  );
  // Invisible characters as the console shows them.
  assert.ok(html.includes("⟨U+2028⟩"));
  // Without JavaScript the page says it did not verify, and why.
  assert.ok(
    html.includes('<code id="cc-outcome" data-outcome="none">not verified here: JavaScript is off</code>'),
  );
});

test("the input of a case is shown when the result carries one", () => {
  const run = signedRun([
    {
      suite: "reject",
      name: "dup",
      kind: "reject",
      pass: false,
      expected: "reject",
      got: '{"a":2}',
      why: "w",
      source: "s",
      input: '{"a":1,"a":2}',
    },
  ]);
  const html = reportHtml({ recordBytes: run.bytes, results: run.results });
  assert.ok(html.includes("<dt>input</dt><dd><pre>{&quot;a&quot;:1,&quot;a&quot;:2}</pre></dd>"));
});

test("a record with 10,000 failed cases folds its lists and caps what it shows", () => {
  const run = manyFailures(10_000);
  const html = reportHtml({ recordBytes: run.bytes, results: run.results });
  const articles = html.split('<article class="case">').length - 1;
  assert.ok(articles <= LIMITS.detailTotal, `${articles} cases in full`);
  assert.ok(articles > 0);
  // The four causes, each with its count; the cases beyond the cap are listed by name, folded.
  assert.match(
    html,
    /<span class="count">2500<\/span> <span class="kind">difference<\/span> writes non-ASCII/,
  );
  assert.match(html, /<span class="count">2500<\/span> <span class="kind">refusal<\/span>/);
  assert.match(html, /<span class="count">2500<\/span> <span class="kind">failure<\/span>/);
  assert.match(html, /<details class="more"><summary>2480 more cases with this cause, by name<\/summary>/);
  assert.ok(html.includes("and 480 more (see record.json)"), "a group's list of names is capped too");
});

test("report.html refuses results that are not the record's cases, and bytes that are no record", () => {
  const run = signedRun([
    { suite: "jcs", name: "a", kind: "canon", pass: true, expected: "1", got: "1", why: "", source: "" },
  ]);
  assert.throws(
    () => reportHtml({ recordBytes: run.bytes, results: [{ ...run.results[0]!, name: "b" }] }),
    /case 1 is "jcs\/a" in the record but "jcs\/b" in the results/,
  );
  assert.throws(() => reportHtml({ recordBytes: run.bytes, results: [] }), /1 cases but 0 results/);
  assert.throws(() => reportHtml({ recordBytes: new TextEncoder().encode("[]") }), /not an object/);
  assert.throws(() => reportHtml({ recordBytes: new Uint8Array([0xff]) }), /not JSON in UTF-8/);
  assert.throws(
    () => reportHtml({ recordBytes: new TextEncoder().encode('{"wai":"x"}') }),
    /not well formed/,
  );
});

test("hostile text in every field stays text in the static page", () => {
  const run = hostileRun();
  const html = reportHtml({ recordBytes: run.bytes, results: run.results });
  const { scripts, styles } = partsOf(html);
  assert.equal(scripts.length, 2, "no script element but the page's own");
  assert.equal(styles.length, 1, "no style element but the page's own");
  // No markup from the payloads: each of their tags and comments arrives escaped.
  for (const tag of ["<img", "<svg", "<h1>forged", "<!--", "<style>body"])
    assert.ok(!html.includes(tag), tag);
  assert.ok(html.includes("&lt;img src=x onerror=&quot;window.__pwned=1&quot;&gt;"));
  assert.ok(!/href="javascript:/i.test(html));
  // Line and paragraph separators, bidi controls and lone surrogates are shown, not sent.
  for (const ch of ["\u2028", "\u2029", "\u202e", "\ufeff"])
    assert.ok(!html.includes(ch), `U+${ch.codePointAt(0)!.toString(16)}`);
  assert.ok(
    !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(html),
    "no lone surrogate",
  );
  // Each tag in a span the stylesheet keeps on one line (never split by a wrap).
  assert.ok(html.includes('<span class="cp">⟨U+2028⟩</span><span class="cp">⟨U+2029⟩</span>'));
  // Every id and link in the markup is the page's own, made from indices.
  const markup = html.slice(0, html.indexOf("<script"));
  const ids = [...markup.matchAll(/\bid="([^"]*)"/g)].map((m) => m[1]!);
  for (const id of ids) assert.match(id, /^(?:cc-[a-z-]+|cause-\d+|causes|suites|failures|ran|passing)$/);
  const links = [...markup.matchAll(/\bhref="([^"]*)"/g)].map((m) => m[1]!);
  for (const link of links) assert.match(link, /^#cause-\d+$/);
});
