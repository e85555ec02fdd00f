// Runs the test files with Node's own test runner (TypeScript through tsx). A wrapper, because Node
// 20's --test does not expand globs itself, because the bundles are built here once for all files, and
// because of how npm test puts files into processes (below).
//
//   node scripts/test.mjs                every test/**/*.test.ts but the slow ones (npm test)
//   node scripts/test.mjs --slow         only the *.slow.test.ts files (npm run test:slow)
//   node scripts/test.mjs --all          both
//   node scripts/test.mjs test/jcs       narrowed to files or folders; a slow file named itself runs
//
// Other arguments go to the runner (e.g. --test-concurrency=2, --test-reporter=spec,
// --test-name-pattern=...).
//
// Files in few processes. Each process that loads TypeScript through tsx and imports src/ costs about
// 0.6 to 0.8 s of CPU before its first test, and npm test has over a hundred files: one process each
// spent more CPU starting than testing. So the fast files are put into GROUPS entry files, each
// importing its share of the test files, each file inside a describe() of its own name
// (scripts/test-group.mjs), so its tests, hooks and failures stay its own and are reported under its
// path; Node's runner then runs the
// groups, a few at a time. Grouping beat precompiling each file with esbuild (a process each, still
// about 0.2 s of CPU to start and parse a bundle of src/ and its dependencies) and keeps import.meta
// paths and stack traces as they are. A test file must therefore leave the process as it found it
// (environment, working directory, signal handlers); the faces are tested through ports that touch
// none of it (docs/architecture.md). More groups than cores keep the cores busy while one group
// waits on a child process; the slow files, long and mostly waiting, keep a process each.
//
// The CLI and the action are bundled from src/ once, into a fresh folder under tmp/ whose path goes to
// every test process as CANON_CONFORMANCE_TEST_DIST (test/helpers/dist.ts): a bundle starts in a
// fraction of the time `tsx src/cli.ts` takes, and the end-to-end tests run the faces as built from
// today's src/.
import { spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { delimiter, dirname, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const DIST_ENV = "CANON_CONFORMANCE_TEST_DIST";
const REPO = resolve(import.meta.dirname, "..");
const SLOW = ".slow.test.ts";
/** Entry files for the fast files; Node's runner hands them out to its processes as each frees up. */
const GROUPS = 8;

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
// Two cores: three at once keep both busy when one waits on a child process; more only adds contention
// that eats into the adapters' time limits. (The slow suite: four at once took as long as three; five,
// on .ci/run beside the Node 24 tests, 657 s against 627 s: its two cores are busy already.) The Node 24
// tests now run beside npm test in .ci/run; test/adapters/sandbox-worker.test.ts, which both run, once
// failed there, for a cause since mended in 38e7108 (Node 24's own folder under /tmp, which its fixture
// counted).
// Four processes at a time for the fast groups: they mostly wait on child processes, and four kept two
// cores busier than three (npm test 393 -> 322 s on a loaded machine, side by side). The slow files keep
// three: many of them hold a deadline.
if (!flags.some((f) => f.startsWith("--test-concurrency")))
  flags.push(`--test-concurrency=${want === "fast" ? 4 : 3}`);

mkdirSync(join(REPO, "tmp"), { recursive: true });
const scratch = mkdtempSync(join(REPO, "tmp", "test-run-"));
// mkdtemp makes the folder mode 0700; the tests that run as uid 65534 start the bundles in it.
chmodSync(scratch, 0o755);
const env = { ...process.env };
if (!env[DIST_ENV]) {
  const built = join(scratch, "dist");
  const build = spawnSync(
    process.execPath,
    [join(REPO, "scripts", "build.mjs"), "--outdir", built, "--test"],
    {
      cwd: REPO,
      stdio: "inherit",
    },
  );
  if (build.status !== 0) {
    rmSync(scratch, { recursive: true, force: true });
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

/** A fixture a test helper makes once per process (test/helpers/proof.ts): the files that use it go
 * into one group, so that it is made once. */
const SHARED = /\bsharedProof\(/;
/** The browser tests: one group, which loads playwright once and starts one Chromium for them all
 * (test/report/html/browser.ts fileBrowser). */
const BROWSER = /\.browser\.test\.ts$/;

/** Each fast file's seconds in a run of npm test alone on two cores (scripts/test-times.mjs writes the
 * file); a file it does not name is estimated from its size, about 0.1 s a KiB (the median). */
const SECONDS_FILE = join(REPO, "scripts", "test-seconds.json");
const measured = existsSync(SECONDS_FILE) ? JSON.parse(readFileSync(SECONDS_FILE, "utf8")) : {};
const secondsOf = (file) => measured[relative(REPO, resolve(file))] ?? (statSync(file).size / 1024) * 0.1;

/** The group entry files for `fast`: the files that share a fixture together in the first group, the
 * browser tests in the second, then the rest, longest first, each into the group with the fewest
 * seconds so far, so the groups take about as long as one another; the groups go to the runner
 * longest first. With GROUPS twice the runner's concurrency, the groups run in two rounds that end
 * together, instead of the longest group starting last and running alone at the end (npm test on
 * two cores: 163 s with ten groups dealt out by size, 140 s with these; tried too: six groups three
 * at a time 141 s, ten five at a time 157 s, as more at once cost more CPU). */
function groupEntries(fast) {
  const groups = Array.from({ length: Math.min(GROUPS, fast.length) }, () => ({ files: [], seconds: 0 }));
  const put = (group, file) => {
    group.files.push(file);
    group.seconds += secondsOf(file);
  };
  const sharing = fast.filter((file) => SHARED.test(readFileSync(file, "utf8")));
  for (const file of sharing) put(groups[0], file);
  const browsing = fast.filter((file) => BROWSER.test(file) && !sharing.includes(file));
  for (const file of browsing) put(groups[Math.min(1, groups.length - 1)], file);
  const rest = fast.filter((file) => !sharing.includes(file) && !browsing.includes(file));
  const longestFirst = rest.sort((a, b) => secondsOf(b) - secondsOf(a) || a.localeCompare(b));
  for (const file of longestFirst) {
    put(
      groups.reduce((least, g) => (g.seconds < least.seconds ? g : least)),
      file,
    );
  }
  groups.sort((a, b) => b.seconds - a.seconds);
  return groups.map(({ files: group }, i) => {
    const entry = join(scratch, `group-${i + 1}.group.mjs`);
    const lines = [
      `import { testFile } from ${JSON.stringify(pathToFileURL(join(REPO, "scripts", "test-group.mjs")).href)};`,
    ];
    for (const file of group.sort()) {
      const name = relative(REPO, resolve(file));
      lines.push(`testFile(${JSON.stringify(name)}, ${JSON.stringify(pathToFileURL(resolve(file)).href)});`);
    }
    writeFileSync(entry, `${lines.join("\n")}\n`);
    return entry;
  });
}

// Each grouped file's CPU time, for the test-times reporter (scripts/test-group.mjs).
env.CANON_CONFORMANCE_TEST_CPU = join(scratch, "cpu.jsonl");

/** The slow files that take longest, longest first (as scripts/test-times.mjs measured them, a file
 * each, on two cores): the runner starts files in the order given as its processes free up, so these go
 * first and the short files fill in beside them, instead of a long file started last running alone at
 * the end. A file missing here only runs later; a name no longer in the suite matches nothing. (Tried:
 * the order of one whole slow-suite run's file times; .ci/run's slow step took 670 s, against 622 to
 * 643 s before, one run each, so this order stays.) */
const LONGEST_FIRST = [
  "test/pack/install.slow.test.ts",
  "test/sandbox/attacks.slow.test.ts",
  "test/sandbox/interrupt.slow.test.ts",
  "test/adapters/hostile-matrix.slow.test.ts",
  "test/examples/examples.slow.test.ts",
  "test/known-bad/protocols.slow.test.ts",
  "test/action/trust.slow.test.ts",
  "test/batch/equality.slow.test.ts",
  "test/action/attacks.slow.test.ts",
  "test/table/npm-rows.slow.test.ts",
  "test/report/html/report.browser.slow.test.ts",
  "test/known-bad/via-command.slow.test.ts",
  "test/known-bad/prove.slow.test.ts",
  "test/batch/equality-in-process.slow.test.ts",
  "test/action/aggregate.slow.test.ts",
];
const rank = (file) => {
  const k = LONGEST_FIRST.indexOf(relative(REPO, resolve(file)));
  return k < 0 ? LONGEST_FIRST.length : k;
};

// Slow files and a single named file keep a process each; the rest share the group processes.
const alone = files.filter((f) => f.endsWith(SLOW)).sort((a, b) => rank(a) - rank(b));
const fast = files.filter((f) => !f.endsWith(SLOW));
const entries = [...alone, ...(fast.length > 1 ? groupEntries(fast) : fast)];

const child = spawn(process.execPath, ["--import", "tsx", "--test", ...flags, ...entries], {
  stdio: "inherit",
  env,
});
// Ctrl-C reaches the runner too (same process group): wait for it to stop, then clean up.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("close", (code, signal) => {
  rmSync(scratch, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
