import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { build } from "esbuild";
import { corpusFiles, loadCorpus, SUITES_ON_DISK, vectorsRoot } from "../../src/corpus/index.js";
import { OptionError, type RunValues, runSettings } from "../../src/options/index.js";
import { SUITES } from "../../src/types.js";

const stored = SUITES_ON_DISK.filter((s) => s !== "numbers");

test("vectorsRoot() is the repository's vectors/ folder", () => {
  const root = vectorsRoot();
  assert.equal(root, join(import.meta.dirname, "..", "..", "vectors"));
  assert.match(readFileSync(join(root, "VERSION"), "utf8"), /^\d+\.\d+\.\d+\n$/);
});

test("vectorsRoot() from an esbuild bundle in dist/ finds the vectors/ beside the package.json above it", async () => {
  const pkg = realpathSync(mkdtempSync(join(tmpdir(), "corpus-root-")));
  try {
    writeFileSync(join(pkg, "package.json"), "{}");
    mkdirSync(join(pkg, "vectors"));
    await build({
      stdin: {
        contents: `import { vectorsRoot } from "./src/corpus/root.js"; console.log(vectorsRoot());`,
        resolveDir: join(import.meta.dirname, "..", ".."),
        loader: "ts",
      },
      outfile: join(pkg, "dist", "cli.js"),
      bundle: true,
      platform: "node",
      format: "esm",
      logLevel: "silent",
    });
    const found = execFileSync(process.execPath, [join(pkg, "dist", "cli.js")], { encoding: "utf8" }).trim();
    assert.equal(found, join(pkg, "vectors"));
  } finally {
    rmSync(pkg, { recursive: true, force: true });
  }
});

test("at least 300 named cases outside numbers, each with its why and source", async () => {
  const corpus = await loadCorpus({ suites: [...stored], profile: "rfc8785", numbers: 0 });
  assert.ok(corpus.cases.length >= 300, `only ${corpus.cases.length} cases`);
  for (const c of corpus.cases) {
    assert.ok(c.why.trim().length > 0 && !c.why.includes("\n"), `${c.suite}/${c.name}: why`);
    assert.ok(c.source.trim().length > 0, `${c.suite}/${c.name}: source`);
  }
  const bySuite = Object.fromEntries(
    stored.map((s) => [s, corpus.cases.filter((c) => c.suite === s).length]),
  );
  for (const suite of stored) assert.ok(bySuite[suite]! > 0, `suite ${suite} is empty`);
});

test("every case name is unique and cases come in SUITES order, manifest order within", async () => {
  const corpus = await loadCorpus({ suites: [...SUITES], profile: "rfc8785", numbers: 250_000 });
  const names = corpus.cases.map((c) => `${c.suite}/${c.name}`);
  assert.equal(new Set(names).size, names.length);
  const suiteOrder = corpus.cases.map((c) => SUITES.indexOf(c.suite));
  assert.deepEqual(
    suiteOrder,
    [...suiteOrder].sort((a, b) => a - b),
  );
  for (const suite of stored) {
    const manifest = JSON.parse(readFileSync(join(vectorsRoot(), suite, "manifest.json"), "utf8"));
    const inManifest = manifest.cases.map((c: { name: string }) => c.name);
    assert.deepEqual(
      corpus.cases.filter((c) => c.suite === suite).map((c) => c.name),
      inManifest,
    );
  }
});

test("the suites asked for, and only those, in SUITES order whatever the order asked", async () => {
  const corpus = await loadCorpus({ suites: ["invariants", "jcs"], profile: "rfc8785", numbers: 0 });
  const suites = [...new Set(corpus.cases.map((c) => c.suite))];
  assert.deepEqual(suites, ["jcs", "invariants"]);
  assert.ok(corpus.files.every((f) => /^vectors\/(VERSION|jcs\/|invariants\/)/.test(f.path)));
});

test("the files a run reads are exactly corpusFiles(), VERSION and the manifests included", async () => {
  const corpus = await loadCorpus({ suites: [...SUITES], profile: "nfc", numbers: 1000 });
  assert.deepEqual(corpus.files, await corpusFiles(vectorsRoot(), [...SUITES]));
  const paths = corpus.files.map((f) => f.path);
  assert.equal(new Set(paths).size, paths.length);
  for (const p of ["vectors/VERSION", "vectors/jcs/manifest.json", "vectors/numbers/manifest.json"]) {
    assert.ok(paths.includes(p), p);
  }
  assert.ok(paths.includes("vectors/jcs/expected/rfc-testdata-weird.nfc.json"));
  assert.equal(corpus.dir, "vectors");
  assert.equal(corpus.version, readFileSync(join(vectorsRoot(), "VERSION"), "utf8").trim());
  assert.match(corpus.digest, /^sha256:[0-9a-f]{64}$/);
});

test("input bytes are loaded exactly as stored (BOM, invalid UTF-8, odd whitespace)", async () => {
  const corpus = await loadCorpus({ suites: ["reject", "canon-or-reject"], profile: "rfc8785", numbers: 0 });
  const input = (name: string) => {
    const c = corpus.cases.find((k) => k.name === name);
    assert.ok(c && "input" in c, name);
    return Buffer.from(c.input).toString("hex");
  };
  // Sent inside an array, so that a refusal of top-level scalars cannot pass them.
  assert.equal(input("surrogate-raw-high"), "5b22eda080225d");
  assert.equal(input("byte-ff"), "5b22ff225d");
  assert.ok(input("bom-object").startsWith("efbbbf"));
  assert.equal(input("ws-vertical-tab"), "5b312c0b325d");
  assert.equal(input("empty-input"), "");
});

test("bad options never reach the corpus: their reader refuses them (src/options), a suite it does not know is refused here", async () => {
  const refused = (values: RunValues) =>
    assert.throws(() => runSettings({ command: "x", ...values }), OptionError, JSON.stringify(values));
  refused({ profile: "nfd" as "nfc" });
  refused({ numbers: -1 });
  refused({ numbers: 1.5 });
  refused({ seed: -3 });
  refused({ shard: { index: 3, count: 2 } });
  assert.deepEqual(runSettings({ command: "x", suites: ["jcs", "jcs"] }).suites, ["jcs"], "each suite once");
  await assert.rejects(
    loadCorpus({ suites: ["json" as "jcs"], profile: "rfc8785", numbers: 0 }),
    /unknown suite "json"/,
  );
});

test("all of seed 000's fixtures are there, as the kinds the brief maps them to, their [measured] labels kept", async () => {
  const corpus = await loadCorpus({ suites: ["invariants"], profile: "rfc8785", numbers: 0 });
  const kinds = (prefix: string) =>
    corpus.cases
      .filter((c) => c.name.startsWith(prefix) && c.source.startsWith("seed 000"))
      .map((c) => c.kind);
  assert.deepEqual(kinds("semantic-"), ["differ", "differ", "differ", "differ", "differ"]);
  // The NFC/NFD pair is the one representational fixture RFC 8785 keeps apart (equal under nfc).
  assert.deepEqual(kinds("representational-"), ["equal", "equal", "differ", "equal", "equal"]);
  assert.equal(kinds("i1-sample-").filter((k) => k === "idempotent").length, 6);
  assert.equal(kinds("i4-sample-").filter((k) => k === "roundtrip").length, 5);
  const measured = corpus.cases.filter((c) => c.why.includes("[measured]"));
  assert.equal(measured.length, 4);
  assert.ok(measured.every((c) => c.source === "seed 000 [measured]"));
});
