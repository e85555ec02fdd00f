import assert from "node:assert/strict";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { loadCorpus, SUITES_ON_DISK, vectorsRoot } from "../../src/corpus/index.js";
import { SUITES } from "../../src/types.js";

const MANIFESTS = SUITES_ON_DISK.map((suite) => `${suite}/manifest.json`);
const TOUCHED = ["VERSION", ...MANIFESTS, "jcs/inputs/literal-true.json", "jcs/expected/literal-true.json"];

/** `to` made as a tree of symbolic links to the files below `from`. */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.isDirectory()) linkTree(join(from, entry.name), join(to, entry.name));
    else symlinkSync(join(from, entry.name), join(to, entry.name));
  }
}

// One copy of vectors/; each case edits it, loads it, and puts the edited files back. Only the files
// a case edits are copied; every other one is a link to its original (copying all of vectors/ cost
// 2 s of CPU, at import).
const root = mkdtempSync(join(tmpdir(), "corpus-errors-"));
after(() => rmSync(root, { recursive: true, force: true }));
for (const suite of SUITES_ON_DISK) linkTree(join(vectorsRoot(), suite), join(root, suite));
for (const path of TOUCHED) {
  rmSync(join(root, path), { force: true });
  copyFileSync(join(vectorsRoot(), path), join(root, path));
}

/** The copy with one change made by `edit`, loaded; the copy is restored afterwards. */
async function loadBroken(edit: (root: string) => void) {
  const saved = TOUCHED.map((path) => [path, readFileSync(join(root, path))] as const);
  try {
    edit(root);
    return await loadCorpus({ suites: [...SUITES], profile: "rfc8785", numbers: 10, root });
  } finally {
    for (const [path, bytes] of saved) writeFileSync(join(root, path), bytes);
  }
}
function editManifest(
  suite: string,
  change: (doc: { cases: Record<string, unknown>[] } & Record<string, unknown>) => void,
) {
  return (root: string) => {
    const file = join(root, suite, "manifest.json");
    const doc = JSON.parse(readFileSync(file, "utf8"));
    change(doc);
    writeFileSync(file, JSON.stringify(doc));
  };
}

test("an unmodified copy loads, with the same digest as vectors/", async () => {
  const copy = await loadBroken(() => {});
  const original = await loadCorpus({ suites: [...SUITES], profile: "rfc8785", numbers: 10 });
  assert.equal(copy.digest, original.digest);
});

test("each malformed manifest is refused with the file and the case named", async () => {
  const jcs = "vectors/jcs/manifest\\.json";
  const expectations: [string, (root: string) => void, RegExp][] = [
    [
      "unknown kind",
      editManifest("jcs", (d) => (d.cases[0]!.kind = "canonical")),
      new RegExp(`${jcs}: case "literal-null": "kind" must be one of`),
    ],
    [
      "unknown member",
      editManifest("jcs", (d) => (d.cases[1]!.expectd = "x")),
      /case "literal-true": unknown member "expectd"/,
    ],
    [
      "missing member",
      editManifest("reject", (d) => delete d.cases[0]!.input),
      /vectors\/reject\/manifest\.json: case "dup-top-level": "input" is missing/,
    ],
    [
      "empty why",
      editManifest("invariants", (d) => (d.cases[0]!.why = " ")),
      /case "semantic-tag-strip-id": "why" must be a non-empty/,
    ],
    [
      "duplicate name",
      editManifest("jcs", (d) => (d.cases[1]!.name = d.cases[0]!.name)),
      /case "literal-null": the name is used twice/,
    ],
    [
      "name not kebab-case",
      editManifest("jcs", (d) => (d.cases[0]!.name = "Literal_Null")),
      /case "Literal_Null": the name must be kebab-case/,
    ],
    [
      "path escaping the suite",
      editManifest("jcs", (d) => (d.cases[0]!.input = "../reject/inputs/byte-ff.json")),
      /case "literal-null": "input" must be a relative path inside the suite folder/,
    ],
    [
      "bad digest form",
      editManifest("jcs", (d) => (d.cases[0]!.sha256 = "ABC")),
      /case "literal-null": "sha256" must be 64 lowercase hex digits/,
    ],
    [
      "wrong pinned digest",
      editManifest("jcs", (d) => (d.cases[0]!.sha256 = "0".repeat(64))),
      /case "literal-null": vectors\/jcs\/expected\/literal-null\.json: its SHA-256 is [0-9a-f]{64}, the manifest pins 0{64}/,
    ],
    [
      "unknown profile",
      editManifest("jcs", (d) => (d.cases[0]!.profiles = { nfkc: {} })),
      /case "literal-null": unknown profile "nfkc"/,
    ],
    [
      "bad override",
      editManifest(
        "invariants",
        (d) => ((d.cases[7]!.profiles as { nfc: Record<string, unknown> }).nfc.kind = "same"),
      ),
      /case "representational-unicode-nfc-nfd": "kind" must be one of .* \(profile "nfc"\)/,
    ],
    [
      "wrong suite",
      editManifest("jcs", (d) => (d.suite = "reject")),
      /vectors\/jcs\/manifest\.json: "suite" must be "jcs"/,
    ],
    [
      "wrong pinned keccak",
      editManifest("jcs", (d) => (d.cases[2]!.keccak256 = "f".repeat(64))),
      /case "literal-false": vectors\/jcs\/expected\/literal-false\.json: its Keccak-256 is [0-9a-f]{64}, the manifest pins f{64}/,
    ],
    [
      "missing file",
      (root) => unlinkSync(join(root, "jcs", "inputs", "literal-true.json")),
      /case "literal-true": vectors\/jcs\/inputs\/literal-true\.json cannot be read \(ENOENT\)/,
    ],
    [
      "edited expected output",
      (root) => writeFileSync(join(root, "jcs", "expected", "literal-true.json"), "True"),
      /case "literal-true": vectors\/jcs\/expected\/literal-true\.json: its SHA-256 is/,
    ],
    [
      "not JSON",
      (root) => writeFileSync(join(root, "jcs", "manifest.json"), "{"),
      new RegExp(`${jcs}: not JSON`),
    ],
    [
      "bad version",
      (root) => writeFileSync(join(root, "VERSION"), "latest\n"),
      /vectors\/VERSION: must hold a version/,
    ],
    [
      "numbers generator",
      editManifest("numbers", (d) => (d.generator = "mt19937")),
      /vectors\/numbers\/manifest\.json: "generator" must be "edges-grid-lowbias32\/2"/,
    ],
    [
      "numbers NaN edge",
      editManifest("numbers", (d) => ((d.edgeCases as { bits: string }[])[0]!.bits = "7ff8000000000000")),
      /edgeCases\[0\] \(7ff8000000000000\) is NaN or Infinity/,
    ],
    [
      "numbers block size",
      editManifest("numbers", (d) => (d.blockSize = 0)),
      /"blockSize" must be a positive integer/,
    ],
  ];
  for (const [label, edit, message] of expectations) {
    await assert.rejects(loadBroken(edit), message, label);
  }
});
