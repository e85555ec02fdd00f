// Bundles the two shipped entry points into dist/: the CLI (dist/cli.js) and the action (dist/index.js).
// The output must be byte-for-byte reproducible, because CI rebuilds it and diffs it against the
// committed dist/. `--outdir DIR` writes elsewhere (the CI check builds into a temporary folder);
// `--test` adds impl.cjs, the tests' canonicalizer commands (test/helpers/impl.ts), and
// sandbox-harness.js (test/sandbox/fixtures/harness.ts), never shipped. impl.cjs is
// CommonJS, because the tests start it thousands of times and node starts it in about nine tenths of
// the CPU the same code takes as an ES module bundle (docs/testing.md).
import { existsSync } from "node:fs";
import { build } from "esbuild";

const outIndex = process.argv.indexOf("--outdir");
const outdir = outIndex >= 0 ? process.argv[outIndex + 1] : "dist";

// Some bundled dependencies are CommonJS and call require() on Node built-ins; an ESM bundle has no
// require, so give it one.
const banner = [
  "import { createRequire as __ccCreateRequire } from 'node:module';",
  "const require = __ccCreateRequire(import.meta.url);",
].join("\n");

const entries = [
  { in: "src/cli.ts", out: "cli", shebang: true },
  { in: "src/index.ts", out: "index", shebang: false },
  ...(process.argv.includes("--test")
    ? [
        { in: "test/helpers/impl.ts", out: "impl", shebang: false, format: "cjs" },
        // The sandbox tests' harness process (test/sandbox/fixtures/harness.ts): a bundle starts in about
        // a quarter of the CPU the same file takes through tsx (0.3 s against 1.3 s here).
        { in: "test/sandbox/fixtures/harness.ts", out: "sandbox-harness", shebang: false },
      ]
    : []),
].filter((e) => existsSync(e.in));

for (const entry of entries) {
  await build({
    entryPoints: { [entry.out]: entry.in },
    outdir,
    // One file per entry, everything in it: the action must read all it will ever run before the
    // first process of the command under test starts (docs/sandbox.md "What the harness promises"),
    // so nothing is left on disk for that command to replace and the harness to import later. (A
    // dynamic import, as of the upload client, becomes code in the same file, evaluated when reached.)
    bundle: true,
    platform: "node",
    format: entry.format ?? "esm",
    target: "node20",
    legalComments: "none",
    sourcemap: false,
    logLevel: "warning",
    ...(entry.format === "cjs"
      ? {
          // CommonJS has require() and no import.meta: the URL some modules read is the file's own.
          outExtension: { ".js": ".cjs" },
          define: { "import.meta.url": "__ccImportMetaUrl" },
          banner: { js: "const __ccImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
        }
      : { banner: { js: (entry.shebang ? "#!/usr/bin/env node\n" : "") + banner } }),
  });
}
