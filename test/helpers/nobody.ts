// What a test runs as uid 65534 (through setpriv, from a test process running as root) must be readable
// by that user. A checkout may sit in a folder only root can enter (a home folder is mode 700), and its
// node_modules with it, so such a script is not run from the checkout: it is bundled (esbuild, as
// scripts/build.mjs bundles the CLI) into a folder of its own under the system's temporary directory,
// which everyone can read, and run there with plain node.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";

export const NOBODY = 65534;

/** The setpriv words that run the rest of a command line as uid 65534 with no groups. */
export const AS_NOBODY = ["setpriv", `--reuid=${NOBODY}`, `--regid=${NOBODY}`, "--clear-groups", "--"];

export interface ReadableScript {
  /** The folder it is in (mode 0755): a working directory uid 65534 can use. */
  dir: string;
  /** The bundled script, for `node SCRIPT`. */
  script: string;
  /** Removes the folder. */
  remove(): void;
}

/** Bundles `source` (TypeScript, its imports resolved from `from`, a folder of the checkout) into a
 * script any user can read and run. */
export async function readableScript(source: string, from: string): Promise<ReadableScript> {
  const dir = mkdtempSync(join(tmpdir(), "cc-nobody-"));
  chmodSync(dir, 0o755);
  const script = join(dir, "script.mjs");
  await build({
    stdin: { contents: source, resolveDir: from, loader: "ts", sourcefile: "nobody-entry.ts" },
    outfile: script,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "warning",
    // CommonJS dependencies call require(); an ESM bundle has none of its own.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  });
  chmodSync(script, 0o644);
  return { dir, script, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
