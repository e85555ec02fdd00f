import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { TOOL_NAME, TOOL_VERSION } from "../src/version.js";

test("the toolchain name and version the record states are package.json's", () => {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  assert.equal(TOOL_NAME, pkg.name);
  assert.equal(TOOL_VERSION, pkg.version);
});
