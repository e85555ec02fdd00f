// The repository's own src/ keeps every layout rule in .dependency-cruiser.cjs, cruised as npm run lint
// cruises it. (That each rule can fail: test/lint/layout.test.ts. This cruise of all of src/ takes
// some seconds, so it left the fast suite.)
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const REPO = fileURLToPath(new URL("../../", import.meta.url));

test("the repository's own src/ keeps every rule", () => {
  const run = spawnSync(
    join(REPO, "node_modules", ".bin", "depcruise"),
    ["src", "--config", join(REPO, ".dependency-cruiser.cjs")],
    { cwd: REPO, encoding: "utf8" },
  );
  assert.equal(run.status, 0, run.stdout + run.stderr);
});
