// Runs every bundled example and every known-bad (and the reference) through the action bundle
// (`node dist/index.js`, as the runner starts it), in both protocols, and keeps every report of each
// run: results.json, junit.xml, report.html, summary.md, the job summary, the step's outputs and its
// log, with what differs run to run (times, durations, the signature, the stop-commands token) put in
// brackets. So that a change to the reports can be shown to change nothing else: run it before and
// after (the same OUT_DIR's parent, the same machine), then `diff -r` the folders.
//
//   node scripts/reports-snapshot.mjs OUT_DIR [--action dist/index.js] [--cli dist/cli.js]
//     [--once-numbers N] [--once-generated-runs N] [--only NAME]... [--skip NAME]...
//     [--protocol lines|once]...
//
// Lines mode runs the default corpus. Once mode costs a process per request, so it runs the stored
// suites whole and smaller generated suites (2000 numbers and 20 runs by default). Every run signs
// with the same key, works in the same scratch folder and writes into the same output folder, so that
// paths and the signer are the same before and after.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
    action: { type: "string", default: "dist/index.js" },
    cli: { type: "string", default: "dist/cli.js" },
  },
});
if (positionals.length !== 1) {
  console.error("usage: node scripts/reports-snapshot.mjs OUT_DIR [--only NAME] [--protocol lines]");
  process.exit(2);
}
const out = resolve(positionals[0]);
const action = resolve(values.action);
const cli = resolve(values.cli);
const node = process.execPath;
const repo = resolve(import.meta.dirname, "..");

const listing = spawnSync(node, [cli, "known-bad", "--list"], { encoding: "utf8" }).stdout;
const knownBads = [];
for (const line of listing.split("\n")) {
  const match = /^(\w+)\s+caught by [^([]*(\(profile (\w+)\))?\s*(\[has a read side\])?$/.exec(line);
  if (match) knownBads.push({ name: match[1], profile: match[3] ?? "rfc8785", read: !!match[4] });
}
if (knownBads.length === 0) throw new Error("no known-bads listed");

// One scratch for every run, the same path before and after: what the reports print of it is equal.
const scratch = join(tmpdir(), "reports-snapshot-scratch");
rmSync(scratch, { recursive: true, force: true });
mkdirSync(scratch, { recursive: true });
const javaClasses = join(scratch, "java");
execFileSync("javac", ["-d", javaClasses, join(repo, "examples/java/Canon.java")]);

const quote = (word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);
const cliLine = (args) => ["node", cli, ...args].map(quote).join(" ");

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

/** action.yml's inputs with their defaults (its simple shape: `  name:` then `    default: v`). */
function actionInputs() {
  const text = readFileSync(join(repo, "action.yml"), "utf8");
  const section = text.slice(text.indexOf("\ninputs:\n"), text.indexOf("\noutputs:\n"));
  const inputs = new Map();
  let current;
  for (const line of section.split(/\r?\n/)) {
    const name = /^ {2}([a-z][a-z0-9-]*):\s*$/.exec(line);
    if (name) {
      current = name[1];
      inputs.set(current, "");
      continue;
    }
    const value = /^ {4}default:\s*(.*)$/.exec(line);
    if (value && current) inputs.set(current, value[1].trim().replace(/^(['"])(.*)\1$/, "$2"));
  }
  return inputs;
}

/** What differs from one run to the next, put in brackets. */
function steady(text) {
  return (
    text
      // The record embedded in report.html, as the text it encodes (its time and signature vary).
      .replace(
        /(id="cc-record"[^>]*>)([A-Za-z0-9+/=]+)(<\/script>)/g,
        (_, open, b64, close) => `${open}${Buffer.from(b64, "base64").toString("utf8")}${close}`,
      )
      .replace(/ghadelimiter_[0-9a-f-]+/g, "ghadelimiter_[uuid]")
      .replace(/^(record-sha256<<.*\n)[0-9a-f]{64}$/gm, "$1[sha256]")
      // Progress lines depend on timing alone.
      .replace(/^.*\d+\/\d+ (cases|processes).*\n/gm, "")
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, "[time]")
      .replace(/"elapsedMs": ?\d+/g, '"elapsedMs": [ms]')
      .replace(/\btime="[0-9.]+"/g, 'time="[s]"')
      .replace(/\b[0-9a-f]{128}\b/g, "[sig]")
      .replace(/::stop-commands::[0-9a-f]+/g, "::stop-commands::[token]")
      .replace(/^::[0-9a-f]{32}::$/gm, "::[token]::")
      .replace(/\b\d+(\.\d+)? (s|ms|min)\b/g, "[duration]")
      .replace(/\b\d+ min \d+ s\b/g, "[duration]")
  );
}

const SIGNING_KEY = "5a".repeat(32);
const runDir = join(scratch, "run");
mkdirSync(out, { recursive: true });
for (const subject of subjects) {
  for (const protocol of values.protocol) {
    rmSync(runDir, { recursive: true, force: true });
    mkdirSync(join(runDir, "temp"), { recursive: true });
    const files = {
      summary: join(runDir, "temp", "step-summary.md"),
      output: join(runDir, "temp", "output.txt"),
    };
    writeFileSync(files.summary, "");
    writeFileSync(files.output, "");
    const inputs = actionInputs();
    const set = {
      command: protocol === "once" ? subject.once : subject.lines,
      protocol,
      upload: "false",
      "timeout-ms": "60000",
      profile: subject.profile ?? "rfc8785",
      "signing-key": SIGNING_KEY,
      ...(subject.readOnce
        ? { "read-command": protocol === "once" ? subject.readOnce : subject.readLines }
        : {}),
      ...(protocol === "once"
        ? { numbers: values["once-numbers"], "generated-runs": values["once-generated-runs"] }
        : {}),
    };
    for (const [k, v] of Object.entries(set)) if (inputs.has(k)) inputs.set(k, v);
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      LANG: "C.UTF-8",
      GITHUB_STEP_SUMMARY: files.summary,
      GITHUB_OUTPUT: files.output,
      RUNNER_TEMP: join(runDir, "temp"),
      GITHUB_WORKSPACE: repo,
      GITHUB_EVENT_NAME: "push",
      GITHUB_ACTION_REPOSITORY: "canon-conformance/canon-conformance",
      GITHUB_ACTION_REF: "v1",
    };
    for (const [k, v] of inputs) env[`INPUT_${k.toUpperCase()}`] = v;
    const started = Date.now();
    const run = spawnSync(node, [action], { cwd: repo, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    const name = `${subject.name}.${protocol}`;
    const dir = join(out, name);
    mkdirSync(dir, { recursive: true });
    // Run mode writes into RUNNER_TEMP, a folder named after the artifact.
    const written = join(
      runDir,
      "temp",
      "canon-conformance",
      inputs.get("artifact-name") || "canon-conformance",
    );
    const keep = {
      "results.json": join(written, "results.json"),
      "junit.xml": join(written, "junit.xml"),
      "report.html": join(written, "report.html"),
      "summary.md": join(written, "summary.md"),
      "step-summary.md": files.summary,
      "outputs.txt": files.output,
    };
    for (const [file, path] of Object.entries(keep)) {
      if (existsSync(path)) writeFileSync(join(dir, file), steady(readFileSync(path, "utf8")));
    }
    writeFileSync(join(dir, "log.txt"), steady(run.stdout + run.stderr));
    writeFileSync(join(dir, "exit"), `${run.status}\n`);
    console.log(`${name}: exit ${run.status}, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
rmSync(scratch, { recursive: true, force: true });
