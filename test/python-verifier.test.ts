import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

// The second, independent conform-result/1 verifier (verifiers/python): its own unit tests, then
// every committed vector, which must reach the outcome its manifest names.
const root = fileURLToPath(new URL("..", import.meta.url));
const pythonDir = join(root, "verifiers", "python");
const vectorsDir = join(root, "vectors", "conform-result");
const python = process.env.PYTHON ?? "python3";

function runPython(args: string[]) {
  const result = spawnSync(python, args, { cwd: root, encoding: "utf8", timeout: 300_000 });
  if (result.error) throw result.error;
  return result;
}

test("the Python verifier's unit tests pass", () => {
  const result = runPython(["-m", "unittest", "discover", "-s", pythonDir]);
  assert.equal(result.status, 0, result.stderr + result.stdout);
  assert.match(result.stderr, /\nOK\b/);
});

test("the Python verifier reaches every committed vector's outcome", () => {
  const manifestPath = join(vectorsDir, "manifest.json");
  assert.ok(existsSync(manifestPath), `${manifestPath} is missing: the vectors must be committed`);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { vectors: { file: string }[] };
  assert.ok(manifest.vectors.length > 0, "the manifest lists no vectors");

  const result = runPython([join(pythonDir, "conform_result_verify.py"), "--vectors", vectorsDir]);
  assert.equal(result.status, 0, result.stdout + result.stderr);
  const lines = result.stdout.trimEnd().split("\n");
  const summary = lines.pop();
  assert.equal(summary, `${manifest.vectors.length} passed, 0 failed`);
  assert.equal(lines.length, manifest.vectors.length);
  manifest.vectors.forEach((vector, index) => {
    assert.ok(lines[index]?.startsWith(`ok ${vector.file}: `), `not ok: ${lines[index]}`);
  });
});
