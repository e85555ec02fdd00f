// The RFC 8785 conformance table (table/, docs in table/README.md): builds and runs its rows, collects
// the workflow's artifacts, and renders the static site.
//
//   npm run table                         build and run every row whose registry this machine reaches
//                                         (npm here), then the site into table-site/
//     [--row ID]... [--registries npm,pypi] [--out DIR] [--work DIR] [--self-reported DIR] [--key-file F]
//     [--source ID=DIR]... [--source ID:DEP=DIR]...   a row built from the library's source at its release
//                                         (src/table/source/), where its registry is out of reach
//     [--install-sandbox auto|bwrap|none]  the rows' installs in bwrap (auto: where it works here, said)
//   npm run table -- site --results DIR --out DIR (--row-key HEX | --preview) [--key-file F]
//                                         the site from a results folder
//   npm run table -- smoke FOLDER          check a new row's folder: its manifest, its install, a few cases
//   npm run table -- verify-index FILE --pubkey HEX                    check a site's signed index.json
//
// and, for .github/workflows/table.yml:
//   matrix                                 the rows as a job matrix (JSON, for GITHUB_OUTPUT)
//   build-row ID --work DIR --results DIR  install one row (its build.json and build.log), always in the
//                                          install sandbox (src/table/install-sandbox.ts)
//   handoff ID --results DIR               after the action: the run's key and sandbox for the sign job
//                                          (run.json), and the row's status when the run could not start
//   collect --artifacts DIR --results DIR [--preview]   the downloaded artifacts as a results folder
//   fetch-self-reported --results DIR      download each self-reported row's latest record (needs gh)
//
// index.json is signed with --key-file or $TABLE_INDEX_KEY (64 hex digits or a PKCS#8 PEM); without
// one, with a key made for this build, which the page says.
import { execFileSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { toHex } from "../src/record/hex.js";
import { ephemeralKey, parseSuppliedKey } from "../src/record/keys.js";
import { prepareRunnerSandbox } from "../src/sandbox/index.js";
import {
  buildRow,
  rowResultsDir,
  runRow,
  SMOKE_CASES,
  signRowRecord,
  writeStatus,
} from "../src/table/build.js";
import { siteProblems, verifyIndex } from "../src/table/index-file.js";
import { chooseInstallSandbox, type InstallSandbox } from "../src/table/install-sandbox.js";
import { checkRowFolder, loadRows, type Row, type Section } from "../src/table/manifest.js";
import { headline, rowVerdict } from "../src/table/responsibility.js";
import { readSelfReportedList } from "../src/table/results.js";
import { buildSite, type ShownRow } from "../src/table/site.js";
import { parseSourceFlags } from "../src/table/source/index.js";
import type { SigningKey } from "../src/types.js";

const REPO = resolve(import.meta.dirname, "..");
const TABLE = join(REPO, "table");
const CLI = join(REPO, "dist", "cli.js");
/** Registries this machine reaches: npm only, here (the workflow's runners reach them all). */
const DEFAULT_REGISTRIES = ["npm"];

function key(file: string | undefined): SigningKey {
  if (file !== undefined) return parseSuppliedKey(readFileSync(file, "utf8"));
  const env = process.env.TABLE_INDEX_KEY;
  if (env !== undefined && env !== "") return parseSuppliedKey(env);
  console.log("index.json is signed with a key made for this build (no --key-file, no TABLE_INDEX_KEY)");
  return ephemeralKey();
}

function line(row: ShownRow): string {
  const j = row.judged;
  let verdict = `${row.state}: ${row.reason ?? ""}`;
  if (j?.state === "accepted") {
    const h = headline(row.verdict ?? rowVerdict(j.record, row.manifest));
    verdict = `${h.ok ? h.text : h.text.toUpperCase()}${h.detail ? ` (${h.detail})` : ""}; the record: ${j.record.conformant ? "conformant" : "not conformant"} ${j.record.summary.passed}/${j.record.summary.cases}`;
  }
  return `  ${row.section === "implementations" ? "" : `[${row.section}] `}${row.id}: ${verdict}`;
}

async function site(
  results: string,
  out: string,
  signingKey: SigningKey,
  rowKey: string | undefined,
): Promise<ShownRow[]> {
  rmSync(out, { recursive: true, force: true });
  const built = await buildSite({
    table: TABLE,
    results,
    out,
    key: signingKey,
    ...(rowKey !== undefined ? { rowKey } : {}),
    builtAt: new Date(),
  });
  for (const b of built.broken) console.log(`  table/${b.id}: not a valid row: ${b.problems.join("; ")}`);
  console.log(
    `the site: ${join(out, "index.html")} (${built.rows.length} rows, corpus ${built.corpus.digest})`,
  );
  return built.rows;
}

/** The install sandbox for `--install-sandbox`, or the words saying why there is none to use. */
function installSandboxOf(choice: string | undefined): InstallSandbox | string {
  if (choice !== "auto" && choice !== "bwrap" && choice !== "none")
    return `--install-sandbox takes auto, bwrap or none (not ${choice})`;
  try {
    const sandbox = chooseInstallSandbox(choice);
    if (sandbox.kind === "none" && choice === "auto")
      console.log(`the rows' installs run unsandboxed (--install-sandbox none to say so): ${sandbox.why}`);
    return sandbox;
  } catch (error) {
    return (error as Error).message;
  }
}

async function runLocal(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      row: { type: "string", multiple: true },
      registries: { type: "string" },
      out: { type: "string", default: join(REPO, "table-site") },
      work: { type: "string", default: join(REPO, "tmp", "table") },
      "self-reported": { type: "string" },
      "key-file": { type: "string" },
      source: { type: "string", multiple: true },
      "install-sandbox": { type: "string", default: "auto" },
    },
  });
  const sandbox = installSandboxOf(values["install-sandbox"]);
  if (typeof sandbox === "string") {
    console.error(sandbox);
    return 2;
  }
  const registries = values.registries?.split(",") ?? DEFAULT_REGISTRIES;
  const work = resolve(values.work);
  const results = join(work, "results");
  const sources = parseSourceFlags(values.source ?? []);
  const { rows } = loadRows(TABLE);
  const unknown = [...(values.row ?? []), ...sources.keys()].filter((id) => !rows.some((r) => r.id === id));
  if (unknown.length > 0) {
    console.error(
      `no such row: ${unknown.join(", ")} (the rows are the folders of table/implementations and table/look-alikes)`,
    );
    return 2;
  }
  rmSync(results, { recursive: true, force: true });
  // One key for this build signs every row's record (after checking it against its run's own key, as the
  // workflow's sign job does) and the index: the site then holds every row to it.
  const buildKey = key(values["key-file"]);
  const keyFile = join(work, "build-key.hex");
  mkdirSync(work, { recursive: true });
  writeFileSync(keyFile, toHex(buildKey.seed), { mode: 0o600 });
  const ran = async (row: Row, built: Awaited<ReturnType<typeof buildRow>>, out: string) => {
    process.stdout.write("running ... ");
    const { code } = await runRow(CLI, row, built, out);
    const signed = code === 0 || code === 1 ? signRowRecord(CLI, out, keyFile) : undefined;
    console.log(
      code === 0 ? "conformant" : code === 1 ? "not conformant" : `could not run (exit ${code})`,
      signed === undefined || signed === true ? "" : `; its record was not signed: ${signed}`,
    );
  };
  const chosen = values.row ? rows.filter((r) => values.row!.includes(r.id)) : rows;
  for (const row of rows) {
    // A row this build did not select is not run, never a row that failed to build.
    if (!chosen.includes(row))
      writeStatus(rowResultsDir(results, row.id), "not-run", "not selected in this build (--row)");
  }
  for (const row of chosen) {
    const out = rowResultsDir(results, row.id);
    const source = sources.get(row.id);
    if (source !== undefined) {
      process.stdout.write(
        `${row.id}: building ${row.manifest.package}@${row.manifest.version} from source ... `,
      );
      const built = await buildRow(row, join(work, "rows"), out, { sandbox, source });
      if (built.status !== "built") {
        console.log(`did not build: ${built.reason}`);
        continue;
      }
      await ran(row, built, out);
      continue;
    }
    if (!registries.includes(row.manifest.registry)) {
      writeStatus(
        out,
        "not-run",
        `its registry (${row.manifest.registry}) is not one this machine reaches (${registries.join(", ")}): the workflow runs it`,
      );
      continue;
    }
    process.stdout.write(`${row.id}: installing ${row.manifest.package}@${row.manifest.version} ... `);
    const built = await buildRow(row, join(work, "rows"), out, { sandbox });
    if (built.status !== "built") {
      console.log(`did not build: ${built.reason}`);
      continue;
    }
    await ran(row, built, out);
  }
  rmSync(keyFile, { force: true });
  if (values["self-reported"] !== undefined)
    cpSync(values["self-reported"], join(results, "self-reported"), { recursive: true });
  const shown = await site(results, resolve(values.out), buildKey, toHex(buildKey.publicKey));
  console.log("rows:");
  for (const row of shown) console.log(line(row));
  const failed = shown.filter((r) => r.state === "did-not-build");
  const notRun = shown.filter((r) => r.state === "not-run");
  if (failed.length > 0) console.log(`${failed.length} rows did not build (said above, and on the site).`);
  if (notRun.length > 0)
    console.log(`${notRun.length} rows were not run in this build (said above, and on the site).`);
  return 0;
}

function matrix(): number {
  const { rows } = loadRows(TABLE);
  const include = rows.map((r) => ({
    id: r.id,
    section: r.section,
    folder: `table/${r.section}/${r.id}`,
    toolchain: r.manifest.toolchain.name,
    "toolchain-version": r.manifest.toolchain.version,
    otp: r.manifest.toolchain.otp ?? "",
    protocol: r.manifest.protocol,
    command: r.manifest.commands[r.manifest.protocol],
    package: r.manifest.package,
    version: r.manifest.version,
  }));
  process.stdout.write(`${JSON.stringify({ include })}\n`);
  return 0;
}

async function buildOne(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { work: { type: "string" }, results: { type: "string" } },
  });
  const row = loadRows(TABLE).rows.find((r) => r.id === positionals[0]);
  if (row === undefined || values.work === undefined || values.results === undefined) {
    console.error("usage: build-row ID --work DIR --results DIR (ID a valid row of table/)");
    return 2;
  }
  // The workflow's installs are sandboxed or not run: on a GitHub-hosted runner, bwrap is made to work
  // first, as the action does for its run (src/sandbox/runner-setup.ts).
  for (const line of prepareRunnerSandbox().lines) console.log(line);
  const sandbox = installSandboxOf("bwrap");
  const out = rowResultsDir(resolve(values.results), row.id);
  if (typeof sandbox === "string") {
    writeStatus(out, "did-not-build", sandbox);
    console.error(`${row.id}: did not build: ${sandbox}`);
    return 1;
  }
  const built = await buildRow(row, resolve(values.work), out, { sandbox });
  console.log(`${row.id}: ${built.status}${built.reason ? `: ${built.reason}` : ""} (in ${built.dir})`);
  return built.status === "built" ? 0 : 1;
}

/** After the action's step: what the sign job needs (from the step's outputs, in the environment), and the
 * row's status when its run left no record. */
function handoff(argv: string[]): number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { results: { type: "string" } },
  });
  const id = positionals[0];
  if (id === undefined || values.results === undefined) {
    console.error(
      "usage: handoff ID --results DIR (with BUILT, RAN, SIGNER, SANDBOXED, RECORD_PATH in the environment)",
    );
    return 2;
  }
  const out = rowResultsDir(resolve(values.results), id);
  mkdirSync(out, { recursive: true });
  const env = process.env;
  writeFileSync(
    join(out, "run.json"),
    `${JSON.stringify({ signer: env.SIGNER ?? "", sandboxed: env.SANDBOXED ?? "" })}\n`,
  );
  const record = env.RECORD_PATH;
  const hasRecord = record !== undefined && record !== "" && existsSync(record);
  if (hasRecord) cpSync(record, join(out, "record.json"));
  if (env.BUILT !== "success") {
    if (!existsSync(join(out, "build.json")))
      writeStatus(out, "did-not-build", "its install step failed before it could say why: see the job's log");
  } else if (!hasRecord) {
    writeStatus(
      out,
      "did-not-build",
      `it installed, but the action could not run its command (step ${env.RAN ?? "?"}): see the job's log`,
    );
  }
  console.log(`${id}: built ${env.BUILT}, ran ${env.RAN ?? "-"}, record ${hasRecord ? "kept" : "none"}`);
  return 0;
}

/** The artifacts of one workflow run (`table-build-<id>`, `table-run-<id>`, `table-signed-<id>`, each a
 * folder as actions/download-artifact writes it) as a results folder. */
function collect(argv: string[]): number {
  const { values } = parseArgs({
    args: argv,
    options: { artifacts: { type: "string" }, results: { type: "string" }, preview: { type: "boolean" } },
  });
  if (values.artifacts === undefined || values.results === undefined) {
    console.error("usage: collect --artifacts DIR --results DIR [--preview]");
    return 2;
  }
  const artifacts = resolve(values.artifacts);
  const results = resolve(values.results);
  const names = existsSync(artifacts) ? readdirSync(artifacts) : [];
  const { rows } = loadRows(TABLE);
  for (const row of rows) {
    const out = rowResultsDir(results, row.id);
    mkdirSync(out, { recursive: true });
    const from = (kind: string, file: string) => {
      const path = join(artifacts, `table-${kind}-${row.id}`, file);
      return names.includes(`table-${kind}-${row.id}`) && existsSync(path) && statSync(path).isFile()
        ? path
        : undefined;
    };
    for (const file of ["build.json", "build.log"]) {
      const path = from("build", file);
      if (path) cpSync(path, join(out, file));
    }
    // The sign job's record only: the run and build jobs ran the row's code, and what they uploaded could
    // be anything. A preview (a pull request, which has no sign job) shows the run job's.
    const record = from("signed", "record.json") ?? (values.preview ? from("run", "record.json") : undefined);
    if (record) cpSync(record, join(out, "record.json"));
    if (!existsSync(join(out, "build.json")))
      writeStatus(out, "did-not-build", "its job uploaded no build status (see the workflow run)");
    else if (
      record === undefined &&
      JSON.parse(readFileSync(join(out, "build.json"), "utf8")).status === "built"
    )
      writeStatus(
        out,
        "did-not-build",
        values.preview
          ? "it built, but its run uploaded no record (see the workflow run)"
          : "it built, but no signed record came back from its sign job (see the workflow run)",
      );
  }
  console.log(`collected ${rows.length} rows from ${artifacts} into ${results}`);
  return 0;
}

/** Downloads each self-reported row's latest record with the GitHub CLI (GH_TOKEN in the environment). */
function fetchSelfReported(argv: string[]): number {
  const { values } = parseArgs({ args: argv, options: { results: { type: "string" } } });
  if (values.results === undefined) {
    console.error("usage: fetch-self-reported --results DIR");
    return 2;
  }
  for (const entry of readSelfReportedList(TABLE)) {
    const out = join(resolve(values.results), "self-reported", entry.id);
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    const status = (s: object) => writeFileSync(join(out, "fetch.json"), `${JSON.stringify(s)}\n`);
    try {
      const runs = JSON.parse(
        execFileSync(
          "gh",
          [
            "run",
            "list",
            "-R",
            entry.repository,
            "-w",
            entry.workflow,
            "-b",
            entry.branch ?? "main",
            "-s",
            "success",
            "-L",
            "1",
            "--json",
            "databaseId,url",
          ],
          { encoding: "utf8", timeout: 60_000 },
        ),
      ) as { databaseId: number; url: string }[];
      const run = runs[0];
      if (run === undefined) {
        status({
          status: "not-downloaded",
          reason: `no successful run of ${entry.workflow} on ${entry.branch ?? "main"}`,
        });
        continue;
      }
      const scratch = join(out, "artifact");
      execFileSync(
        "gh",
        [
          "run",
          "download",
          String(run.databaseId),
          "-R",
          entry.repository,
          "-n",
          entry.artifact,
          "-D",
          scratch,
        ],
        {
          timeout: 120_000,
        },
      );
      const found = findRecord(scratch);
      if (found === undefined) {
        status({
          status: "not-downloaded",
          reason: `the artifact ${entry.artifact} of run ${run.url} holds no record.json`,
        });
        continue;
      }
      cpSync(found, join(out, "record.json"));
      status({ status: "downloaded", run: run.url });
    } catch (error) {
      status({
        status: "not-downloaded",
        reason: `could not download it: ${(error as Error).message.split("\n")[0]}`,
      });
    }
  }
  return 0;
}

function findRecord(dir: string): string | undefined {
  if (!existsSync(dir)) return undefined;
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isFile() && name === "record.json") return path;
    if (stat.isDirectory()) {
      const found = findRecord(path);
      if (found) return found;
    }
  }
  return undefined;
}

async function smoke(argv: string[]): Promise<number> {
  const folder = argv[0];
  if (folder === undefined || !existsSync(folder) || !statSync(folder).isDirectory()) {
    console.error("usage: smoke FOLDER (a row's folder, e.g. table/implementations/javascript-canonicalize)");
    return 2;
  }
  const dir = resolve(folder);
  const section: Section = basename(dirname(dir)) === "look-alikes" ? "look-alikes" : "implementations";
  const checked = checkRowFolder(TABLE, dir, basename(dir), section);
  if ("problems" in checked) {
    console.log(`${folder}: the manifest does not validate:`);
    for (const p of checked.problems) console.log(`  - ${p}`);
    return 1;
  }
  console.log(`${folder}: the manifest validates against table/schema/manifest.schema.json`);
  const row: Row = { id: basename(dir), section, dir, manifest: checked.manifest };
  const work = join(REPO, "tmp", "table-smoke");
  const out = join(work, "results", row.id);
  // auto never refuses: installSandboxOf says so itself when the install runs unsandboxed.
  const sandbox = installSandboxOf("auto") as InstallSandbox;
  const built = await buildRow(row, join(work, "rows"), out, { sandbox });
  if (built.status !== "built") {
    console.log(`it did not build: ${built.reason}; the log: ${built.log}`);
    console.log(readFileSync(built.log, "utf8").split("\n").slice(-20).join("\n"));
    return 1;
  }
  console.log(`installed ${row.manifest.package}@${row.manifest.version} in ${built.dir}`);
  const cases = SMOKE_CASES;
  let ok = true;
  for (const protocol of ["lines", "once"] as const) {
    const m = { ...row.manifest, protocol };
    const { code } = await runRow(CLI, { ...row, manifest: m }, built, join(out, protocol), [
      ...cases.flatMap((c) => ["--case", c]),
    ]);
    const record = join(out, protocol, "record.json");
    if (code === 2 || !existsSync(record)) {
      ok = false;
      console.log(
        `${protocol}: the harness could not run \`${m.commands[protocol]}\` (exit ${code}); the log: ${built.log}`,
      );
      console.log(readFileSync(built.log, "utf8").split("\n").slice(-25).join("\n"));
      continue;
    }
    const r = JSON.parse(readFileSync(record, "utf8")) as {
      cases: { name: string; pass: boolean; got: string }[];
    };
    console.log(`${protocol}: \`${m.commands[protocol]}\` answered ${r.cases.length} cases:`);
    for (const c of r.cases) console.log(`  ${c.pass ? "pass" : "FAIL"} ${c.name}: ${c.got.slice(0, 120)}`);
  }
  console.log(
    ok
      ? "smoke test passed: the row builds and both protocols answer (a failed case is a verdict, not a fault of the row)"
      : "smoke test FAILED",
  );
  return ok ? 0 : 1;
}

function verifyIndexFile(argv: string[]): number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { pubkey: { type: "string" } },
  });
  const file = positionals[0];
  if (file === undefined || values.pubkey === undefined) {
    console.error(
      "usage: verify-index FILE --pubkey HEX (the table's index key, as table/README.md pins it: an index signed by any other key proves nothing)",
    );
    return 2;
  }
  const checked = verifyIndex(readFileSync(file));
  if (!checked.ok) {
    console.log(`index refused: ${checked.why}`);
    return 1;
  }
  console.log(
    `index: signed by ${checked.index.signer_pubkey}, ${checked.index.rows.length} rows, ${Object.keys(checked.index.files).length} files, corpus ${checked.index.corpus.digest}, row key ${checked.index.row_key}`,
  );
  if (values.pubkey.toLowerCase() !== checked.index.signer_pubkey) {
    console.log(`index refused: signed by ${checked.index.signer_pubkey}, not by the key given`);
    return 1;
  }
  const problems = siteProblems(checked.index, dirname(resolve(file)));
  for (const row of checked.index.rows) {
    if (row.record !== undefined && checked.index.files[row.record.path] !== row.record.sha256)
      problems.push(`${row.id}: its record ${row.record.path} is not the file the index lists`);
  }
  for (const p of problems) console.log(`  ${p}`);
  console.log(
    problems.length === 0
      ? "index accepted: the folder holds exactly the files it names, each with its digest"
      : `index refused: ${problems.length} file problem${problems.length === 1 ? "" : "s"}`,
  );
  return problems.length === 0 ? 0 : 1;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case undefined:
    case "run":
      return runLocal(rest);
    case "site": {
      const { values } = parseArgs({
        args: rest,
        options: {
          results: { type: "string" },
          out: { type: "string" },
          "key-file": { type: "string" },
          "row-key": { type: "string" },
          preview: { type: "boolean" },
        },
      });
      const rowKey = values["row-key"] ?? (process.env.TABLE_ROW_PUBKEY || undefined);
      if (values.results === undefined || values.out === undefined) {
        console.error("usage: site --results DIR --out DIR (--row-key HEX | --preview) [--key-file FILE]");
        return 2;
      }
      if (rowKey === undefined ? values.preview !== true : !/^[0-9a-f]{64}$/.test(rowKey)) {
        console.error(
          "site: give --row-key HEX (or $TABLE_ROW_PUBKEY), the public key of the table's sign job, 64 lowercase hex digits: every row's record must be signed by it; or --preview for a build with no sign job (a pull request's), whose rows are bound to no key",
        );
        return 2;
      }
      const shown = await site(resolve(values.results), resolve(values.out), key(values["key-file"]), rowKey);
      for (const row of shown) console.log(line(row));
      return 0;
    }
    case "matrix":
      return matrix();
    case "build-row":
      return buildOne(rest);
    case "handoff":
      return handoff(rest);
    case "collect":
      return collect(rest);
    case "fetch-self-reported":
      return fetchSelfReported(rest);
    case "smoke":
      return smoke(rest);
    case "verify-index":
      return verifyIndexFile(rest);
    default:
      if (command.startsWith("-")) return runLocal(argv);
      console.error(
        `unknown command ${command}: run, site, smoke, verify-index, matrix, build-row, handoff, collect, fetch-self-reported`,
      );
      return 2;
  }
}

process.exitCode = await main(process.argv.slice(2));
