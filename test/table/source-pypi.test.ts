// The PyPI provider (src/table/source/pypi.ts) on a tiny fake source tree in a temp folder: the plan
// keeps the row's venv and drops its pip install, puts the trees on the path with a .pth (src/ layout
// first) and names the release in a .dist-info; a pin of requirements.txt not given from source is
// refused with its name. prepareFromSource takes a tree that is no git checkout by its declared version,
// and refuses one that declares another. No Python is run.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import type { Manifest } from "../../src/table/manifest.js";
import { prepareFromSource } from "../../src/table/source/index.js";
import { distName, normalized, pypiFromSource, shellQuote } from "../../src/table/source/pypi.js";
import type { SourceTree } from "../../src/table/source/types.js";

const scratch = mkdtempSync(join(tmpdir(), "source-pypi-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

function manifest(over: Partial<Manifest> = {}): Manifest {
  return {
    name: "fake-canon",
    language: "Python",
    registry: "pypi",
    package: "fake-canon",
    version: "1.2.3",
    repository: "https://example.org/fake-canon",
    licence: "MIT",
    api: "parsed-value",
    protocol: "lines",
    commands: { once: ".venv/bin/python wrapper.py", lines: ".venv/bin/python wrapper.py --lines" },
    toolchain: { name: "python", version: "3.12" },
    install: [
      "python -m venv .venv",
      ".venv/bin/python -m pip install --no-deps --no-input -r requirements.txt",
    ],
    lockfile: "requirements.txt",
    ...over,
  };
}

/** A row folder with its requirements.txt, and a package tree (src/ layout or flat). */
function fixture(name: string, requirements: string, srcLayout: boolean) {
  const rowDir = join(scratch, name, "row");
  mkdirSync(rowDir, { recursive: true });
  writeFileSync(join(rowDir, "requirements.txt"), requirements);
  const pkgDir = join(scratch, name, "pkg");
  const module = srcLayout ? join(pkgDir, "src", "fake_canon") : join(pkgDir, "fake_canon");
  mkdirSync(module, { recursive: true });
  writeFileSync(join(module, "__init__.py"), '__version__ = "1.2.3"\n');
  writeFileSync(join(pkgDir, "pyproject.toml"), '[project]\nname = "fake-canon"\nversion = "1.2.3"\n');
  const tree = (n: string, dir: string): SourceTree => ({ name: n, given: dir, dir, tags: [] });
  return { rowDir, pkgDir, tree };
}

/** The Python text inside a `.venv/bin/python -c '...'` command. */
function pythonOf(command: string): string {
  const m = /^\.venv\/bin\/python -c '([\s\S]*)'$/.exec(command);
  assert.ok(m, command);
  return m[1]!.replaceAll("'\\''", "'");
}

test("the plan keeps the venv, drops pip install, and writes a .pth (src/ first) and a .dist-info", () => {
  const { rowDir, pkgDir, tree } = fixture("src-layout", "# pins\nfake-canon==1.2.3\n", true);
  const plan = pypiFromSource({
    manifest: manifest(),
    rowDir,
    pkg: tree("fake-canon", pkgDir),
    deps: new Map(),
  });
  assert.equal(plan.install[0], "python -m venv .venv");
  assert.ok(!plan.install.some((c) => /pip\b.*install/.test(c)), "no pip install");
  assert.equal(plan.commands, undefined, "the row's own commands run");
  const script = pythonOf(plan.install[1]!);
  assert.ok(script.includes(`write_text(${JSON.stringify(`${join(pkgDir, "src")}\n${pkgDir}\n`)})`), script);
  assert.ok(script.includes('"fake_canon-1.2.3.dist-info"'), script);
  assert.ok(script.includes("Name: fake-canon\\nVersion: 1.2.3\\n"), script);
  assert.ok(pythonOf(plan.install[2]!).includes('importlib.metadata.version("fake-canon")'));
  assert.match(plan.notes.join(" "), /\.pth/);
});

test("a flat layout puts the tree's root alone on the path; dependencies given from source follow", () => {
  const { rowDir, pkgDir, tree } = fixture("flat", "Fake_Canon==1.2.3\nHelper==0.1\n", false);
  const depDir = join(scratch, "flat", "helper");
  mkdirSync(depDir, { recursive: true });
  const plan = pypiFromSource({
    manifest: manifest(),
    rowDir,
    pkg: tree("fake-canon", pkgDir),
    deps: new Map([["helper", tree("helper", depDir)]]),
  });
  assert.ok(pythonOf(plan.install[1]!).includes(JSON.stringify(`${pkgDir}\n${depDir}\n`)));
});

test("a pin of requirements.txt that was not given from source is refused by name", () => {
  const { rowDir, pkgDir, tree } = fixture(
    "missing",
    "fake-canon==1.2.3\nHelper[extra]==0.1 ; python_version>'3'\n",
    true,
  );
  assert.throws(
    () => pypiFromSource({ manifest: manifest(), rowDir, pkg: tree("fake-canon", pkgDir), deps: new Map() }),
    /requirements\.txt pins Helper: give each from source/,
  );
});

test("names and quoting: a .dist-info's name, a shell word with a quote in it", () => {
  assert.equal(distName("json-canonical"), "json_canonical");
  assert.equal(distName("a.b--c_d"), "a_b_c_d");
  assert.equal(normalized("Json_Canonical"), normalized("json-canonical"));
  assert.equal(shellQuote("it's"), "'it'\\''s'");
});

test("prepareFromSource copies the tree, takes its declared version, and refuses another", () => {
  const { rowDir, pkgDir } = fixture("prepare", "fake-canon==1.2.3\n", true);
  const prepared = prepareFromSource(manifest(), rowDir, { pkg: pkgDir, deps: new Map() });
  assert.equal(prepared.trees[0]!.dir, join(rowDir, ".table-source", "fake-canon"));
  assert.match(
    prepared.plan.notes[0]!,
    /shown to be 1\.2\.3 by its pyproject\.toml declares version 1\.2\.3/,
  );
  assert.throws(
    () => prepareFromSource(manifest({ version: "9.9.9" }), rowDir, { pkg: pkgDir, deps: new Map() }),
    /not shown to be release 9\.9\.9/,
  );
});
