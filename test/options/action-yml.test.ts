// action.yml is held to the option table: every input the action declares is a row of the table with
// the same name, default and description, and every row the action reads is declared.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { ROWS } from "../../src/options/index.js";

const REPO = join(dirname(fileURLToPath(import.meta.url)), "../..");
const action = parse(readFileSync(join(REPO, "action.yml"), "utf8")) as {
  inputs: Record<string, { description?: unknown; default?: unknown; required?: unknown }>;
};
const rows = ROWS.filter((r) => r.input !== undefined);

test("action.yml declares exactly the table's action inputs", () => {
  const declared = Object.keys(action.inputs);
  const missing = rows.map((r) => r.name).filter((n) => !declared.includes(n));
  const extra = declared.filter((n) => !rows.some((r) => r.name === n));
  assert.deepEqual(missing, [], "rows with an input that action.yml does not declare");
  assert.deepEqual(extra, [], "inputs of action.yml that no row of the table reads");
});

for (const row of rows) {
  test(`input ${row.name}: action.yml's default and description are the table's`, () => {
    const input = action.inputs[row.name];
    assert.ok(input, `action.yml has no input ${row.name}`);
    // The runner passes every default as text, so the table states it as text too.
    assert.equal(typeof input.default, "string", `${row.name}'s default is not quoted text in action.yml`);
    assert.equal(input.default, row.default);
    assert.equal(input.description, row.input);
    assert.equal(input.required, false, "every input has a default, so none is required");
  });
}

test("the CLI-only rows have no input, and every row has a face", () => {
  for (const row of ROWS) assert.ok(row.cli || row.input, `${row.name} is neither a flag nor an input`);
  const cliOnly = ROWS.filter((r) => r.input === undefined).map((r) => r.name);
  assert.deepEqual(cliOnly, [
    "once-batch-seed",
    "cases-from",
    "max-output-bytes",
    "key-file",
    "quiet",
    "no-color",
    "help",
  ]);
});
