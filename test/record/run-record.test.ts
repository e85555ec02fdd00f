// A real run's record (the pipeline of src/run.ts against the reference canonicalizer) is accepted
// by the verifier, and its corpus digest is what the shipped corpus gives for the suites it names.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { suitesOf } from "../../src/commands/verify.js";
import { corpusDigest, corpusFiles, vectorsRoot } from "../../src/corpus/index.js";
import { toHex } from "../../src/record/hex.js";
import { signingKey } from "../../src/record/keys.js";
import { outcomeLine, verifyRecord } from "../../src/record/verify.js";
import { runConformance } from "../../src/run/index.js";
import { implCommand } from "../helpers/cli.js";
import { implScript } from "../helpers/dist.js";
import { runOptions } from "../helpers/fixtures.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

test("a run of the reference canonicalizer writes a record.json the verifier accepts", async () => {
  const out = mkdtempSync(join(tmpdir(), "run-record-"));
  const key = signingKey("supplied", new Uint8Array(32).fill(3));
  const outcome = await runConformance(
    runOptions({
      command: implCommand("canonicalize --lines", ROOT),
      workingDirectory: ROOT,
      outDir: out,
      key,
    }),
  );
  const bytes = new Uint8Array(readFileSync(join(out, "record.json")));
  assert.deepEqual(bytes, outcome.recordBytes);
  const result = verifyRecord(bytes);
  assert.equal(outcomeLine(result), "accept conformant=true");
  assert.ok(result.outcome === "accept");
  const { record } = result;
  assert.equal(record.kind, "canonicalizer");
  // The protocol it was spoken to in: lines mode sends some stored cases in their lines form.
  assert.equal(record.suite, "rfc8785:jcs,reject protocol=lines");
  assert.equal(record.key, "supplied");
  assert.equal(record.signer_pubkey, toHex(key.publicKey));
  assert.equal(record.implementation.files[0]!.path, process.execPath, "the program as found");
  assert.ok(
    record.implementation.files.some((f) => f.path === relative(ROOT, implScript())),
    "the file argument, as spelled",
  );
  const files = await corpusFiles(vectorsRoot(), suitesOf(record.suite)!);
  assert.equal(record.corpus.digest, corpusDigest(files));
  assert.equal(record.corpus.files, files.length);
  assert.ok(record.cases.every((c) => /^(jcs|reject)\//.test(c.name)));
});
