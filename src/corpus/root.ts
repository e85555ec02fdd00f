// Where the corpus lives on disk. The same code runs from src/ (tsx, tests) and from the esbuild
// bundle in dist/, so the folder is found by walking up from this module to the package root: the
// first folder that holds both package.json and vectors/.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let found: string | undefined;

/** The absolute path of the shipped `vectors/` folder (looked for once). */
export function vectorsRoot(): string {
  found ??= lookFor();
  return found;
}

function lookFor(): string {
  const start = dirname(fileURLToPath(import.meta.url));
  let dir = start;
  for (;;) {
    if (existsSync(join(dir, "package.json")) && existsSync(join(dir, "vectors")))
      return join(dir, "vectors");
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no vectors/ folder found next to a package.json above ${start}`);
    dir = parent;
  }
}
