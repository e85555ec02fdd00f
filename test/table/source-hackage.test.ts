// The Hackage provider (src/table/source/hackage.ts), on tiny fake trees made here: the cabal.project.local
// it writes (each given tree's package folder, found by its <name>.cabal, in a multi-package repository
// too; no repository; bounds relaxed), the freeze file set aside, its own CABAL_DIR with no repository,
// the row's install with `cabal update` dropped and every cabal call pointed at that CABAL_DIR, and what
// it refuses. No GHC or cabal is needed.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import type { Manifest } from "../../src/table/manifest.js";
import { hackageFromSource, packageDir } from "../../src/table/source/hackage.js";
import type { SourceTree } from "../../src/table/source/types.js";

const ROOT = mkdtempSync(join(tmpdir(), "source-hackage-"));
after(() => rmSync(ROOT, { recursive: true, force: true }));

function put(path: string, text = ""): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

const tree = (name: string, dir: string): SourceTree => ({ name, given: dir, dir, tags: [] });

const MANIFEST = {
  name: "aeson",
  language: "Haskell",
  registry: "hackage",
  package: "aeson",
  version: "2.2.1.0",
  repository: "https://example.org/aeson",
  licence: "BSD-3-Clause",
  api: "parsed-value",
  parser: "aeson",
  protocol: "lines",
  commands: { once: "./wrapper-bin", lines: "./wrapper-bin --lines" },
  toolchain: { name: "ghc", version: "9.6" },
  install: ["cabal update", "cabal build exe:wrapper", 'cp "$(cabal list-bin exe:wrapper)" wrapper-bin'],
  lockfile: "cabal.project.freeze",
} satisfies Manifest;

function fixture(name: string) {
  const base = join(ROOT, name);
  const row = join(base, "row", "build");
  put(join(row, "cabal.project"), "packages: .\n");
  put(join(row, "cabal.project.freeze"), "constraints: any.aeson ==2.2.1.0\n");
  const src = join(row, ".table-source");
  put(join(src, "aeson", "aeson.cabal"), "name: aeson\nversion: 2.2.1.0\n");
  put(join(src, "these", "these", "these.cabal"), "name: these\n");
  put(join(src, "these", "semialign", "semialign.cabal"), "name: semialign\n");
  return {
    row,
    pkg: tree("aeson", join(src, "aeson")),
    deps: new Map([["these", tree("these", join(src, "these"))]]),
  };
}

test("a tree's package folder: its root, or the folder of a multi-package repository holding <name>.cabal", () => {
  const f = fixture("dirs");
  assert.equal(packageDir(f.pkg), f.pkg.dir);
  assert.equal(packageDir(f.deps.get("these")!), join(f.deps.get("these")!.dir, "these"));
  assert.throws(() => packageDir(tree("vector", f.pkg.dir)), /vector: no vector\.cabal/);
});

test("cabal.project.local lists the trees, no repository, bounds relaxed; the freeze is set aside", () => {
  const f = fixture("plan");
  const plan = hackageFromSource({ manifest: MANIFEST, rowDir: f.row, pkg: f.pkg, deps: f.deps });
  const local = readFileSync(join(f.row, "cabal.project.local"), "utf8");
  assert.match(local, /^packages: \.table-source\/aeson\n {10}\.table-source\/these\/these$/m);
  assert.match(local, /^active-repositories: :none$/m);
  assert.match(local, /^allow-older: \*$/m);
  assert.match(local, /^allow-newer: \*$/m);
  assert.ok(!existsSync(join(f.row, "cabal.project.freeze")));
  assert.ok(existsSync(join(f.row, "cabal.project.freeze.hackage")));
  assert.doesNotMatch(readFileSync(join(f.row, ".table-build/cabal/config"), "utf8"), /^repository /m);
  assert.deepEqual(plan.install, [
    "ghc --version",
    'CABAL_DIR="$PWD/.table-build/cabal" cabal build exe:wrapper',
    'cp "$(CABAL_DIR="$PWD/.table-build/cabal" cabal list-bin exe:wrapper)" wrapper-bin',
  ]);
  assert.equal(plan.commands, undefined, "the row's own commands run as they are");
  assert.ok(plan.notes.some((n) => /allow-older/.test(n)));
  assert.ok(plan.notes.some((n) => /set aside/.test(n)));
});

test("refused: a row without a cabal.project, a tree without its .cabal file", () => {
  const f = fixture("refused");
  rmSync(join(f.row, "cabal.project"));
  assert.throws(
    () => hackageFromSource({ manifest: MANIFEST, rowDir: f.row, pkg: f.pkg, deps: f.deps }),
    /no cabal\.project/,
  );
  const g = fixture("refused-tree");
  assert.throws(
    () =>
      hackageFromSource({
        manifest: MANIFEST,
        rowDir: g.row,
        pkg: g.pkg,
        deps: new Map([["vector", tree("vector", g.deps.get("these")!.dir)]]),
      }),
    /vector: no vector\.cabal/,
  );
});
