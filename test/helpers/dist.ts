// The bundles the CLI and action tests start: dist/cli.js and dist/index.js as scripts/build.mjs makes
// them from the current src/, so an edit to src/ is what gets tested (the committed dist/ is checked
// by .ci/run's dist-in-sync step, not here). `npm test` builds them once and names the folder in
// CANON_CONFORMANCE_TEST_DIST; a test file run on its own builds them once for its process.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";

export const DIST_ENV = "CANON_CONFORMANCE_TEST_DIST";
export const REPO = resolve(import.meta.dirname, "../..");

let built: string | undefined;

/** The folder holding cli.js, index.js, impl.cjs and sandbox-harness.js. */
export function testDist(): string {
  const given = process.env[DIST_ENV];
  if (given) {
    for (const name of ["cli.js", "index.js", "impl.cjs", "sandbox-harness.js"])
      if (!existsSync(join(given, name))) throw new Error(`${DIST_ENV}=${given} holds no ${name}`);
    return given;
  }
  built ??= buildDist();
  return built;
}

/** The bundled CLI, `canon-conformance` as a user runs it. */
export function cliScript(): string {
  return join(testDist(), "cli.js");
}

/** The tests' canonicalizer commands, `canonicalize` and `known-bad NAME` (./impl.ts). */
export function implScript(): string {
  return join(testDist(), "impl.cjs");
}

/** The sandbox tests' harness, runConformance in a process of its own (test/sandbox/fixtures/harness.ts). */
export function sandboxHarnessScript(): string {
  return join(testDist(), "sandbox-harness.js");
}

/** The bundled action, what the runner starts. */
export function actionScript(): string {
  return join(testDist(), "index.js");
}

// Inside the repository, under the ignored tmp/: the bundle finds vectors/ by walking up to the first
// folder with package.json and vectors/, as it does from dist/.
function buildDist(): string {
  mkdirSync(join(REPO, "tmp"), { recursive: true });
  const dir = mkdtempSync(join(REPO, "tmp", "test-dist-"));
  // mkdtemp makes the folder mode 0700; the tests that run as uid 65534 start the bundles in it.
  chmodSync(dir, 0o755);
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  const build = spawnSync(process.execPath, [join(REPO, "scripts", "build.mjs"), "--outdir", dir, "--test"], {
    cwd: REPO,
    encoding: "utf8",
  });
  if (build.status !== 0) throw new Error(`bundling src/ failed:\n${build.stderr}`);
  return dir;
}
