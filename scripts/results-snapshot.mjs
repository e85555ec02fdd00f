// Runs every bundled example and every known-bad (and the reference) through `dist/cli.js run`, in
// both protocols, and keeps each run's results.json with its times removed, so that a refactor can
// be shown to change no case, verdict or text: run it before and after, then `diff -r` the folders.
//
//   node scripts/results-snapshot.mjs OUT_DIR [--once-numbers N] [--once-generated-runs N]
//     [--only NAME]... [--skip NAME]... [--protocol lines|once]...
//
// Lines mode runs the default corpus. Once mode costs a process per request, so it runs the stored
// suites whole and smaller generated suites (the flags above; 2000 numbers and 20 runs by default).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    "once-numbers": { type: "string", default: "2000" },
    "once-generated-runs": { type: "string", default: "20" },
    only: { type: "string", multiple: true },
    skip: { type: "string", multiple: true },
    protocol: { type: "string", multiple: true, default: ["lines", "once"] },
    cli: { type: "string", default: "dist/cli.js" },
  },
});
if (positionals.length !== 1) {
  console.error("usage: node scripts/results-snapshot.mjs OUT_DIR [--once-numbers N] [--only NAME]");
  process.exit(2);
}
const out = resolve(positionals[0]);
const cli = resolve(values.cli);
const node = process.execPath;

const listing = spawnSync(node, [cli, "known-bad", "--list"], { encoding: "utf8" }).stdout;
const knownBads = [];
for (const line of listing.split("\n")) {
  const match = /^(\w+)\s+caught by [^([]*(\(profile (\w+)\))?\s*(\[has a read side\])?$/.exec(line);
  if (match) knownBads.push({ name: match[1], profile: match[3] ?? "rfc8785", read: !!match[4] });
}
if (knownBads.length === 0) throw new Error("no known-bads listed");

// Java is compiled once, as a user would.
const javaClasses = mkdtempSync(join(tmpdir(), "snapshot-java-"));
execFileSync("javac", ["-d", javaClasses, "examples/java/Canon.java"]);

const quote = (word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);
const cliLine = (args) => [node, cli, ...args].map(quote).join(" ");

const subjects = [
  {
    name: "example-python",
    once: "python3 examples/python/canon.py",
    lines: "python3 examples/python/canon.py --lines",
  },
  {
    name: "example-node",
    once: "node examples/node/canon.mjs",
    lines: "node examples/node/canon.mjs --lines",
  },
  {
    name: "example-java",
    once: `java -cp ${javaClasses} Canon`,
    lines: `java -cp ${javaClasses} Canon --lines`,
  },
  { name: "reference", once: cliLine(["canonicalize"]), lines: cliLine(["canonicalize", "--lines"]) },
  ...knownBads.map((k) => ({
    name: `known-bad-${k.name}`,
    once: cliLine(["known-bad", k.name]),
    lines: cliLine(["known-bad", k.name, "--lines"]),
    profile: k.profile,
    ...(k.read
      ? {
          readOnce: cliLine(["known-bad", k.name, "--read-side"]),
          readLines: cliLine(["known-bad", k.name, "--read-side", "--lines"]),
        }
      : {}),
  })),
].filter((s) => (!values.only || values.only.includes(s.name)) && !values.skip?.includes(s.name));

/** Times differ run to run; everything else in results.json must not. */
function withoutTimes(text) {
  const parsed = JSON.parse(text);
  delete parsed.elapsedMs;
  return `${JSON.stringify(parsed, null, 2)}\n`;
}

mkdirSync(out, { recursive: true });
for (const subject of subjects) {
  for (const protocol of values.protocol) {
    const dir = join(out, ".run");
    rmSync(dir, { recursive: true, force: true });
    const args = [
      cli,
      "run",
      "--quiet",
      "--protocol",
      protocol,
      "--command",
      protocol === "once" ? subject.once : subject.lines,
      "--out",
      dir,
      "--timeout-ms",
      "60000",
      "--profile",
      subject.profile ?? "rfc8785",
      ...(subject.readOnce
        ? ["--read-command", protocol === "once" ? subject.readOnce : subject.readLines]
        : []),
      ...(protocol === "once"
        ? ["--numbers", values["once-numbers"], "--generated-runs", values["once-generated-runs"]]
        : []),
    ];
    const started = Date.now();
    const run = spawnSync(node, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    const name = `${subject.name}.${protocol}`;
    let results;
    try {
      results = withoutTimes(readFileSync(join(dir, "results.json"), "utf8"));
    } catch {
      results = `(no results.json; exit ${run.status})\n${run.stderr}`;
    }
    writeFileSync(join(out, `${name}.results.json`), results);
    writeFileSync(join(out, `${name}.exit`), `${run.status}\n`);
    const failed = (results.match(/"pass": false/g) ?? []).length;
    console.log(
      `${name}: exit ${run.status}, ${failed} failed, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
}
rmSync(join(out, ".run"), { recursive: true, force: true });
