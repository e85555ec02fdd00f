// Causes as they are found (issue 29): a failing run says each cause between its progress lines when a
// case first shows it, in the words its verdict ends with, once per cause; not with --quiet.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { watchCauses } from "../../src/report/found-causes.js";
import { cli, implCommand } from "../helpers/cli.js";

const tmp = mkdtempSync(join(tmpdir(), "found-causes-"));

test("a run with two causes says each once, before its last progress line, as its results.json titles them", {
  timeout: 60_000,
}, async () => {
  const out = join(tmp, "two");
  const r = await cli([
    "run",
    "--command",
    implCommand("known-bad keeps_big_integers_exact --lines"),
    "--protocol",
    "lines",
    "--no-color",
    "--out",
    out,
  ]);
  assert.equal(r.status, 1, r.stderr);
  const found = r.stderr.split("\n").filter((l) => l.startsWith("found: "));
  const titles = (
    JSON.parse(readFileSync(join(out, "results.json"), "utf8")).causes as { title: string }[]
  ).map((c) => c.title);
  assert.equal(titles.length, 2);
  // One line per cause, in its verdict's words; a family of forms (numbers) names those seen so far, so
  // its final title may list more.
  const said = found.map((l) => l.replace(/^found: /, "").replace(/ \([^()]*\)$/, ""));
  assert.equal(said.length, titles.length, r.stderr);
  for (const title of titles)
    assert.equal(said.filter((s) => title.startsWith(s)).length, 1, `${title} in:\n${found.join("\n")}`);
  // Said while the run went on: a progress line comes after the first of them.
  const lines = r.stderr.split("\n");
  const first = lines.findIndex((l) => l.startsWith("found: "));
  assert.ok(
    lines.slice(first + 1).some((l) => /^\d+\/\d+ cases/.test(l)),
    r.stderr,
  );

  const quiet = await cli([
    "run",
    "--command",
    implCommand("known-bad keeps_big_integers_exact --lines"),
    "--protocol",
    "lines",
    "--quiet",
    "--out",
    join(tmp, "quiet"),
  ]);
  assert.doesNotMatch(quiet.stderr, /^found: /m);
});

test("after stop, nothing more is said", () => {
  const said: string[] = [];
  const w = watchCauses((line) => said.push(line));
  w.stop();
  w.failed({
    suite: "reject",
    name: "x",
    kind: "reject",
    pass: false,
    expected: "reject",
    got: "[1]",
    why: "",
    source: "",
  } as never);
  assert.deepEqual(said, []);
});
