// PyPI from source: the row's virtual environment as its manifest makes it, then the source trees put on
// its path with a .pth file, as an editable install does, instead of `pip install` from the index. The
// package's Python files are imported from the release's checkout as they are (a package that needs a
// build step, C extensions, generated files, cannot be run this way and says so when imported).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { SourcePlan, SourceProvider, SourceTree } from "./types.js";

/** The folders a tree's modules are imported from: its src/ layout when it has one, else its root. */
function importRoots(tree: SourceTree): string[] {
  return existsSync(join(tree.dir, "src")) ? [join(tree.dir, "src"), tree.dir] : [tree.dir];
}

/** The names requirements.txt pins, other than the package: each must be given from source too. */
function pinned(rowDir: string): string[] {
  const path = join(rowDir, "requirements.txt");
  if (!existsSync(path)) return [];
  return readFileSync(path, "utf8")
    .split("\n")
    .map((l) => l.replace(/#.*/, "").trim())
    .filter(Boolean)
    .map((l) => l.split(/[=<>!~ ;[]/)[0]!.toLowerCase());
}

export const pypiFromSource: SourceProvider = ({ manifest, rowDir, pkg, deps }): SourcePlan => {
  const missing = pinned(rowDir).filter((name) => name !== manifest.package.toLowerCase() && !deps.has(name));
  if (missing.length > 0)
    throw new Error(
      `requirements.txt pins ${missing.join(", ")}: give each from source (--source ROW:NAME=DIR)`,
    );
  const paths = [pkg, ...deps.values()].flatMap(importRoots);
  const pth = JSON.stringify(`${paths.join("\n")}\n`);
  const keep = manifest.install.filter((c) => !/\bpip\b.*\binstall\b/.test(c));
  return {
    install: [
      ...keep,
      `.venv/bin/python -c 'import pathlib, sysconfig; pathlib.Path(sysconfig.get_paths()["purelib"], "table-source.pth").write_text(${pth.replaceAll("'", "'\\''")})'`,
      `.venv/bin/python -c 'import sys; print(sys.version)'`,
    ],
    notes: [
      "its modules are imported from the source tree (a .pth in the row's virtual environment), not installed from PyPI",
    ],
  };
};
