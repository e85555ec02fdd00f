// Runs the test files with Node's own test runner (TypeScript through tsx). A wrapper, because Node
// 20's --test does not expand globs itself, and because the bundles are built here once for all files.
//
//   node scripts/test.mjs                every test/**/*.test.ts but the slow ones (npm test)
//   node scripts/test.mjs --slow         only the *.slow.test.ts files (npm run test:slow)
//   node scripts/test.mjs --all          both
//   node scripts/test.mjs test/jcs       narrowed to files or folders; a slow file named itself runs
//
// Other arguments go to the runner (e.g. --test-concurrency=2, --test-reporter=spec).
//
// The CLI and the action are bundled from src/ once, into a fresh folder under tmp/ whose path goes to
// every test process as CANON_CONFORMANCE_TEST_DIST (test/helpers/dist.ts): a bundle starts in a
// fraction of the time `tsx src/cli.ts` takes, and the action is tested as built from today's src/.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { delimiter, dirname, join, resolve } from "node:path";

const DIST_ENV = "CANON_CONFORMANCE_TEST_DIST";
const REPO = resolve(import.meta.dirname, "..");
const SLOW = ".slow.test.ts";

function collect(path, out) {
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path).sort()) collect(join(path, entry), out);
  } else if (path.endsWith(".test.ts")) {
    out.push(path);
  }
  return out;
}

const args = process.argv.slice(2);
const own = new Set(["--slow", "--all"]);
const paths = args.filter((a) => !a.startsWith("-"));
const flags = args.filter((a) => a.startsWith("-") && !own.has(a));
const want = args.includes("--all") ? "all" : args.includes("--slow") ? "slow" : "fast";
const files = (paths.length ? paths : ["test"]).flatMap((p) => {
  // A file named on the command line runs whatever it is; a folder gives the files `want` selects.
  if (!statSync(p).isDirectory()) return [p];
  return collect(p, []).filter((f) => want === "all" || f.endsWith(SLOW) === (want === "slow"));
});
if (files.length === 0) {
  console.error("no test files found");
  process.exit(1);
}
// Node 20's default is one file at a time on two cores. The suite is mostly CPU (about 180 CPU
// seconds for npm test), with files that also sit in time limits and child processes: three at once
// keep two cores busy, and more only adds contention that eats into the adapters' 500 ms limits.
// (The slow suite too: four at once took as long, 567 s against 568 s in two clean-clone CI runs.)
if (!flags.some((f) => f.startsWith("--test-concurrency"))) flags.push("--test-concurrency=3");

const env = { ...process.env };
let built;
if (!env[DIST_ENV]) {
  mkdirSync(join(REPO, "tmp"), { recursive: true });
  built = mkdtempSync(join(REPO, "tmp", "test-dist-"));
  const build = spawnSync(process.execPath, [join(REPO, "scripts", "build.mjs"), "--outdir", built], {
    cwd: REPO,
    stdio: "inherit",
  });
  if (build.status !== 0) {
    rmSync(built, { recursive: true, force: true });
    console.error("bundling src/ for the tests failed");
    process.exit(1);
  }
  env[DIST_ENV] = built;
}

// The tests start python3 some thousands of times (the Python example is the usual implementation
// under test). Where python3 is a version manager's shim (pyenv's is a shell script that runs
// `pyenv exec`), each start costs about 0.3 s of CPU more than the interpreter's own 0.05 s: the
// interpreter's folder goes first on the tests' PATH, so `python3` is that same interpreter, started
// directly. Nothing else changes: the shim would run exactly this executable.
const python = spawnSync("python3", ["-c", "import sys; print(sys.executable)"], { encoding: "utf8" });
const interpreter = python.status === 0 ? python.stdout.trim() : "";
if (interpreter.startsWith("/")) {
  env.PATH = `${dirname(interpreter)}${delimiter}${env.PATH ?? ""}`;
}

const child = spawn(process.execPath, ["--import", "tsx", "--test", ...flags, ...files], {
  stdio: "inherit",
  env,
});
// Ctrl-C reaches the runner too (same process group): wait for it to stop, then clean up.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("close", (code, signal) => {
  if (built) rmSync(built, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
