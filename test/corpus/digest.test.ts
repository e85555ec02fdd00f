import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { dirname } from "node:path";
import { test } from "node:test";
import { corpusDigest, loadCorpus, vectorsRoot } from "../../src/corpus/index.js";
import { SUITES } from "../../src/types.js";

// The same digest computed another way: sha256sum over the files the run read, its lines sorted
// bytewise and made unique by the shell, then sha256sum of that.
function shellDigest(paths: string[]): string {
  const script = 'sha256sum -- "$@" | LC_ALL=C sort -u | sha256sum | cut -d" " -f1';
  const out = execFileSync("sh", ["-c", script, "sh", ...paths], {
    cwd: dirname(vectorsRoot()),
    encoding: "utf8",
  });
  return `sha256:${out.trim()}`;
}

test("the corpus digest equals sha256sum lines sorted in a shell", async () => {
  for (const suites of [[...SUITES], ["jcs"], ["reject", "numbers"]] as const) {
    const corpus = await loadCorpus({ suites: [...suites], profile: "rfc8785", numbers: 10 });
    assert.equal(corpus.digest, shellDigest(corpus.files.map((f) => f.path)), suites.join(","));
  }
});

test("each file's sha256 is what sha256sum says", async () => {
  const corpus = await loadCorpus({ suites: ["invariants"], profile: "rfc8785", numbers: 0 });
  const out = execFileSync("sha256sum", ["--", ...corpus.files.map((f) => f.path)], {
    cwd: dirname(vectorsRoot()),
    encoding: "utf8",
  });
  const fromShell = out
    .trim()
    .split("\n")
    .map((line) => ({ sha256: line.slice(0, 64), path: line.slice(66) }));
  assert.deepEqual(fromShell, corpus.files);
});

test("the digest depends on the set of files, not their order, and counts a repeated line once", () => {
  const files = [
    { path: "vectors/b", sha256: "b".repeat(64) },
    { path: "vectors/a", sha256: "a".repeat(64) },
  ];
  const digest = corpusDigest(files);
  assert.equal(corpusDigest([...files].reverse()), digest);
  assert.equal(corpusDigest([...files, files[0]!]), digest);
  assert.notEqual(corpusDigest([files[0]!]), digest);
  assert.notEqual(corpusDigest([{ ...files[0]!, sha256: "c".repeat(64) }, files[1]!]), digest);
});

test("the profile does not change which files a run reads", async () => {
  const a = await loadCorpus({ suites: [...SUITES], profile: "rfc8785", numbers: 0 });
  const b = await loadCorpus({ suites: [...SUITES], profile: "nfc", numbers: 0 });
  assert.equal(a.digest, b.digest);
});
