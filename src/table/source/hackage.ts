// Hackage from source: the row's cabal project with each given tree added to its `packages:`, as cabal
// builds a local package in place of Hackage's, and no package repository at all (a CABAL_DIR of the build
// folder's own with none configured): what is not given from source comes from the GHC installation's
// package database (Debian's libghc-*-dev). Those are other versions than the release's bounds name, so
// the bounds are relaxed (allow-older/allow-newer), and the row's freeze file, written for Hackage, is set
// aside; both are said in the notes. An installed library built against a version that a given tree
// replaces cannot be mixed in: give it from source too (cabal's error names it).
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { SourcePlan, SourceProvider, SourceTree } from "./types.js";

/** The folder of a tree holding `<name>.cabal`: its root, or a package folder of a multi-package repository. */
export function packageDir(tree: SourceTree): string {
  const want = `${tree.name}.cabal`;
  const look = (dir: string, depth: number): string | undefined => {
    if (existsSync(join(dir, want))) return dir;
    if (depth === 0) return undefined;
    for (const name of readdirSync(dir).sort()) {
      const sub = join(dir, name);
      if (name.startsWith(".") || name === "dist-newstyle" || !statSync(sub).isDirectory()) continue;
      const found = look(sub, depth - 1);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const dir = look(tree.dir, 2);
  if (dir === undefined) throw new Error(`${tree.name}: no ${want} in ${tree.given}`);
  return dir;
}

const CABAL = 'CABAL_DIR="$PWD/.table-build/cabal" cabal';

export const hackageFromSource: SourceProvider = ({ manifest, rowDir, pkg, deps }): SourcePlan => {
  if (!existsSync(join(rowDir, "cabal.project")))
    throw new Error("the row has no cabal.project: nothing to add the source trees to");
  const trees = [pkg, ...deps.values()];
  const dirs = trees.map((t) => relative(rowDir, packageDir(t)));
  writeFileSync(
    join(rowDir, "cabal.project.local"),
    [
      "-- Written by the table's Hackage provider: the given source trees in place of Hackage's releases.",
      `packages: ${dirs.join("\n          ")}`,
      "active-repositories: :none",
      "allow-older: *",
      "allow-newer: *",
      "tests: False",
      "benchmarks: False",
      "",
    ].join("\n"),
  );
  const notes = [
    "its packages are built from the source trees (cabal.project.local lists them), no package repository configured; the rest from the GHC installation's package database",
    "version bounds relaxed (allow-older: *, allow-newer: *): the installed libraries are other versions than Hackage would resolve",
  ];
  const freeze = join(rowDir, "cabal.project.freeze");
  if (existsSync(freeze)) {
    renameSync(freeze, join(rowDir, "cabal.project.freeze.hackage"));
    notes.push("cabal.project.freeze (the pins for Hackage) set aside as cabal.project.freeze.hackage");
  }
  mkdirSync(join(rowDir, ".table-build", "cabal"), { recursive: true });
  writeFileSync(join(rowDir, ".table-build", "cabal", "config"), "-- no repository: nothing is fetched\n");
  const install = manifest.install
    .filter((c) => !/^cabal\s+(v2-)?update\b/.test(c))
    .map((c) => c.replace(/(^|&&\s*|\$\(\s*)cabal\s/g, `$1${CABAL} `));
  return {
    install: ["ghc --version", ...install],
    notes,
  };
};
