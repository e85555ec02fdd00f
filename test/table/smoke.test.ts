// `npm run table -- smoke` asks a new row a few cases by name: each must be a case of the shipped corpus
// (a renamed vector once made smoke fail for every row, whatever the row did).
import assert from "node:assert/strict";
import { test } from "node:test";
import { SMOKE_CASES } from "../../src/table/build.js";
import { caseNames } from "./fixtures.js";

test("the smoke check's cases are cases of the shipped corpus", async () => {
  const names = new Set(await caseNames());
  for (const name of SMOKE_CASES) assert.ok(names.has(name), `${name} is not a case of the corpus`);
});
