// PyPI from source: the row's virtual environment as its manifest makes it, then the source trees put on
// its path with a .pth file, as an editable install does, instead of `pip install` from the index, and
// the package's distribution metadata (a .dist-info naming it at the release's version), so that
// importlib.metadata and pip see it installed at that version as they would after the registry's
// install. The package's Python files are imported from the release's checkout as they are (a package
// that needs a build step, C extensions, generated files, cannot be run this way and says so when
// imported).
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
    .map((l) => l.split(/[=<>!~ ;[@]/)[0]!);
}

/** A project name as PyPI compares them (PEP 503): case and runs of -_. do not count. */
export function normalized(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, "-");
}

/** A distribution's name as a .dist-info folder spells it (PEP 427: runs of -_. become one _). */
export function distName(name: string): string {
  return name.replace(/[-_.]+/g, "_");
}

/** One shell word holding `text` as it is. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

export const pypiFromSource: SourceProvider = ({ manifest, rowDir, pkg, deps }): SourcePlan => {
  const given = new Set([manifest.package, ...deps.keys()].map(normalized));
  const missing = pinned(rowDir).filter((name) => !given.has(normalized(name)));
  if (missing.length > 0)
    throw new Error(
      `requirements.txt pins ${missing.join(", ")}: give each from source (--source ROW:NAME=DIR)`,
    );
  const paths = [pkg, ...deps.values()].flatMap(importRoots);
  const script = [
    "import pathlib, sysconfig",
    'site = pathlib.Path(sysconfig.get_paths()["purelib"])',
    `(site / "table-source.pth").write_text(${JSON.stringify(`${paths.join("\n")}\n`)})`,
    `info = site / ${JSON.stringify(`${distName(manifest.package)}-${manifest.version}.dist-info`)}`,
    "info.mkdir(exist_ok=True)",
    `(info / "METADATA").write_text(${JSON.stringify(`Metadata-Version: 2.1\nName: ${manifest.package}\nVersion: ${manifest.version}\n`)})`,
    '(info / "INSTALLER").write_text("canon-conformance table, from source\\n")',
    '(info / "RECORD").write_text("")',
  ].join("\n");
  const check = `import importlib.metadata, sys; print(sys.version); print(${JSON.stringify(manifest.package)}, importlib.metadata.version(${JSON.stringify(manifest.package)}))`;
  const keep = manifest.install.filter((c) => !/\bpip\b.*\binstall\b/.test(c));
  return {
    install: [
      ...keep,
      `.venv/bin/python -c ${shellQuote(script)}`,
      `.venv/bin/python -c ${shellQuote(check)}`,
    ],
    notes: [
      "its modules are imported from the source tree (a .pth in the row's virtual environment, with a .dist-info naming the release), not installed from PyPI",
    ],
  };
};
