import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { after, test } from "node:test";
import { generate } from "../../scripts/gen-vectors.js";
import { vectorsRoot } from "../../src/corpus/index.js";
import { SUITES } from "../../src/types.js";

const out = mkdtempSync(join(tmpdir(), "gen-vectors-"));
after(() => rmSync(out, { recursive: true, force: true }));

function tree(root: string, dir = root, files = new Map<string, string>()): Map<string, string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) tree(root, path, files);
    else files.set(relative(root, path), readFileSync(path).toString("hex"));
  }
  return files;
}

test("vectors/ is exactly what scripts/gen-vectors.ts writes (the data and its table agree)", () => {
  generate(out);
  const written = tree(out);
  const stored = new Map(
    [...tree(vectorsRoot())].filter(
      ([path]) => path === "VERSION" || SUITES.some((s) => path.startsWith(`${s}/`)),
    ),
  );
  assert.deepEqual([...written.keys()].sort(), [...stored.keys()].sort());
  for (const [path, bytes] of written) assert.equal(stored.get(path), bytes, path);
});
