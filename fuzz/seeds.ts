// Where the fuzzers start: genuine signed records (the accepted vectors, and a few signed here with
// the published test key), and JSON texts (the corpus inputs, and fast-check's JSON arbitraries).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { vectorsRoot } from "../src/corpus/index.js";
import { buildRecord, recordBytes, signingKey, signRecord, THIS_TOOLCHAIN } from "../src/record/index.js";
import type { ConformResult } from "../src/types.js";

interface Manifest {
  test_key: { seed: string; public: string };
  vectors: { file: string; expect: string }[];
}

function manifest(): Manifest {
  return JSON.parse(readFileSync(join(vectorsRoot(), "conform-result", "manifest.json"), "utf8")) as Manifest;
}

/** Records the verifier accepts as they are, each as its bytes on disk. */
export function seedRecords(): { name: string; bytes: Uint8Array }[] {
  const { test_key, vectors } = manifest();
  const dir = join(vectorsRoot(), "conform-result");
  const seeds: { name: string; bytes: Uint8Array }[] = vectors
    .filter((v) => v.expect.startsWith("accept"))
    .map((v) => ({ name: v.file, bytes: Uint8Array.from(readFileSync(join(dir, v.file))) }));
  const key = signingKey("supplied", Buffer.from(test_key.seed, "hex"));
  for (const [name, record] of madeRecords(key)) seeds.push({ name, bytes: recordBytes(record) });
  return seeds;
}

/** Records made here: many cases, hostile strings in every text member, an http run, no files. */
function madeRecords(key: ReturnType<typeof signingKey>): [string, ConformResult][] {
  const texts = ["", "\u0000\u001f", '"\\/', "é\u030a", "😀\u2028", '{"a":1}', "reject: x", "1e+30"];
  const cases = texts.flatMap((text, i) => [
    { name: `jcs/case-${i}`, pass: true, expected: text, got: text },
    { name: `reject/case-${i}`, pass: i % 3 !== 0, expected: "reject", got: `reject: ${text}` },
  ]);
  const base = {
    suite: "rfc8785:jcs,reject",
    standard: "2026.12.0",
    toolchain: THIS_TOOLCHAIN,
    corpus: { dir: "vectors", files: 574, digest: `sha256:${"ab".repeat(32)}` },
    startedAt: new Date(Date.UTC(2026, 11, 1, 20, 0, 0)),
    key: "supplied" as const,
  };
  const command = {
    adapter: "command" as const,
    impl: "python3 canon.py --lines",
    name: "fuzz-seed",
    version: "1.0.0",
    files: [{ path: "canon.py", sha256: "cd".repeat(32) }],
  };
  const http = {
    adapter: "http" as const,
    impl: "http://127.0.0.1:8080/canon",
    name: null,
    version: null,
    files: [],
  };
  return [
    ["made-many-cases", signRecord(buildRecord({ ...base, implementation: command, cases }), key)],
    [
      "made-all-pass-http",
      signRecord(buildRecord({ ...base, implementation: http, cases: cases.filter((c) => c.pass) }), key),
    ],
    [
      "made-one-case",
      signRecord(buildRecord({ ...base, implementation: command, cases: cases.slice(0, 1) }), key),
    ],
  ];
}

/** JSON texts: every corpus input file, then `count` texts from fast-check's `json` arbitrary. */
export function seedTexts(seed: number, count: number): { name: string; bytes: Uint8Array }[] {
  const root = vectorsRoot();
  const seeds: { name: string; bytes: Uint8Array }[] = [];
  for (const suite of readdirSync(root).sort()) {
    let files: string[];
    try {
      files = readdirSync(join(root, suite, "inputs")).sort();
    } catch {
      continue;
    }
    for (const file of files) {
      seeds.push({
        name: `${suite}/${file}`,
        bytes: Uint8Array.from(readFileSync(join(root, suite, "inputs", file))),
      });
    }
  }
  const encoder = new TextEncoder();
  const generated = fc.sample(
    fc.oneof(
      fc.json({ depthSize: "small" }),
      fc.jsonValue().map((v) => JSON.stringify(v)),
    ),
    {
      seed,
      numRuns: count,
    },
  );
  generated.forEach((text, i) => {
    seeds.push({ name: `fast-check/${i}`, bytes: encoder.encode(text) });
  });
  return seeds;
}
