// Runs every test/**/*.test.ts with Node's own test runner (TypeScript through tsx). A wrapper,
// because Node 20's --test does not expand globs itself. Extra arguments are passed to the runner;
// file or folder arguments narrow the run: `npm test -- test/jcs`.
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

function collect(path, out) {
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path).sort()) collect(join(path, entry), out);
  } else if (path.endsWith(".test.ts")) {
    out.push(path);
  }
  return out;
}

const args = process.argv.slice(2);
const paths = args.filter((a) => !a.startsWith("-"));
const flags = args.filter((a) => a.startsWith("-"));
const files = (paths.length ? paths : ["test"]).flatMap((p) => collect(p, []));
// Most test files spend their time waiting on child processes (the commands under test), so three
// files at once keep two cores busy; Node's default here would be one at a time.
if (!flags.some((f) => f.startsWith("--test-concurrency"))) flags.push("--test-concurrency=3");
if (files.length === 0) {
  console.error("no test files found");
  process.exit(1);
}
const result = spawnSync(process.execPath, ["--import", "tsx", "--test", ...flags, ...files], {
  stdio: "inherit",
});
process.exit(result.status ?? 1);
