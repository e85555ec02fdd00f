// docs/protocol.md's table of lines forms is the corpus's: every stored case that lines mode sends in
// its lines form is a row, with the same lines-mode why, and no row names a case that has none.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { casesForLines } from "../../src/adapters/index.js";
import { loadCorpus } from "../../src/corpus/index.js";

const REPO = join(import.meta.dirname, "..", "..");

test("protocol.md lists exactly the stored cases lines mode sends in their lines form", async () => {
  const corpus = await loadCorpus({
    suites: ["jcs", "reject", "canon-or-reject", "invariants"],
    profile: "rfc8785",
    numbers: 0,
  });
  const sent = casesForLines(corpus.cases);
  const withForms = sent
    .filter((c, i) => c !== corpus.cases[i] && c.notRun === undefined)
    .map((c) => `${c.suite}/${c.name}`)
    .sort();
  const doc = readFileSync(join(REPO, "docs/protocol.md"), "utf8");
  const section = doc.slice(doc.indexOf("### How each stored case travels in lines mode"));
  const table = section.slice(
    section.indexOf("| case |"),
    section.indexOf("\n\n", section.indexOf("| case |")),
  );
  const rows = [...table.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]!).sort();
  assert.ok(rows.length > 0, "the table of lines forms is there");
  assert.deepEqual(rows, withForms);
  assert.match(
    section,
    new RegExp(
      `The corpus today has ${["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"][withForms.length]} lines forms`,
    ),
  );
  // Each case's why in lines mode quotes its manifest's linesWhy, which the table paraphrases: the
  // sent case says so in its why.
  for (const c of sent.filter((c, i) => c !== corpus.cases[i]))
    assert.match(c.why, /\(in lines mode: .+\)$/, `${c.suite}/${c.name}`);
});
