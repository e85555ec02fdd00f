// The README and the docs are held to what they describe: the action's tables to action.yml, the badge
// example to the number of cases a default run has, the examples' count to the examples there are.
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { actionTables, MARKERS, REPO, withTables } from "../../scripts/action-tables.js";
import { loadCorpus } from "../../src/corpus/index.js";
import {
  DEFAULT_GENERATED_RUNS,
  DEFAULT_NUMBERS,
  DEFAULT_PROFILE,
  DEFAULT_SEED,
} from "../../src/options/index.js";
import { SUITES } from "../../src/types.js";
import { cli } from "../helpers/cli.js";

const read = (path: string) => readFileSync(join(REPO, path), "utf8");

test("README's input and output tables are action.yml's, every input and output in its order", () => {
  const readme = read("README.md");
  const tables = actionTables(read("action.yml"));
  assert.equal(withTables(readme, tables), readme, "README.md is stale: run npm run docs:tables");
  // The check can fail: an input missing from the README is seen.
  const firstRow = tables.inputs.split("\n")[2]!;
  assert.notEqual(withTables(readme.replace(firstRow, ""), tables), readme.replace(firstRow, ""));
  const [open, close] = MARKERS.inputs;
  const inputsTable = readme.slice(readme.indexOf(open), readme.indexOf(close));
  const names = [...inputsTable.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]);
  const action = read("action.yml");
  for (const name of names) assert.match(action, new RegExp(`^  ${name}:$`, "m"), name);
  assert.ok(names.length >= 30, `only ${names.length} rows`);
  for (const [open, close] of Object.values(MARKERS))
    assert.ok(readme.includes(open) && readme.includes(close));
});

test("the badge example everywhere is a default run's count of cases", async () => {
  const corpus = await loadCorpus({
    suites: [...SUITES],
    profile: DEFAULT_PROFILE,
    numbers: DEFAULT_NUMBERS,
    seed: DEFAULT_SEED,
    generatedRuns: DEFAULT_GENERATED_RUNS,
  });
  const n = corpus.cases.length;
  const help = await cli(["help", "badge"]);
  assert.equal(help.status, 0, help.stderr);
  for (const [where, text] of [
    ["README.md", read("README.md")],
    ["docs/action.md", read("docs/action.md")],
    ["help badge", help.stdout],
  ] as const) {
    const shown = [...text.matchAll(/canon conformance \| (\d+)\/(\d+)/g)];
    assert.ok(shown.length > 0, `${where} shows no badge`);
    for (const [badge, passed, total] of shown)
      assert.deepEqual(
        [Number(passed), Number(total)],
        [n, n],
        `${where}: ${badge}, a default run has ${n} cases`,
      );
  }
});

test("examples/README counts the examples there are", () => {
  const examples = readdirSync(join(REPO, "examples")).filter((e) =>
    statSync(join(REPO, "examples", e)).isDirectory(),
  );
  const words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
  const text = read("examples/README.md");
  assert.match(text, new RegExp(`^${words[examples.length]} conformant`, "im"));
  for (const e of examples)
    assert.match(text, new RegExp(`\\]\\(${e}/`), `examples/${e} is not in the table`);
});
