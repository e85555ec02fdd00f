// The table's static site: one folder of self-contained pages (the project's page shell, its stylesheet
// and, on a row's page, its record verifier), built from the table's manifests and a results folder
// (src/table/results.ts). Nothing here runs code under test: it reads records and logs, verifies every
// record (src/table/judge.ts) and draws what it found.
//
//   index.html              the matrix: implementations by rule group, self-reported rows, look-alikes,
//                           the rows that did not build (with why), the languages still wanted
//   impl/<id>.html          one row: its facts, its failures by cause (RFC section, input, expected,
//                           got, the commands that reproduce them, a text for its maintainers), its
//                           open choices, the record verified in the page, its log when it did not build
//   badges/<id>.svg, .json  its badge, and the same as a shields.io endpoint
//   records/<id>.json       the record as published (byte for byte what was verified)
//   index.json              every record's SHA-256 and outcome, signed (src/table/index-file.ts)
//   add.html                how to add an implementation: the template, the schema, the smoke test
//   verify.html             the empty verifier: drop any record.json on it
//
// Every text from a record, a log or a downloaded file is shown through src/report/html/escape.ts and
// never becomes a link, an attribute name or a URL: links are made only from row ids (folder names,
// checked against ROW_ID) and from the table's own manifests.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { caseInputs } from "../aggregate/html.js";
import { loadCorpus } from "../corpus/index.js";
import { toHex } from "../record/hex.js";
import { badgeJson, badgeSvg } from "../report/badge.js";
import { escapeHtml, shownCut } from "../report/html/escape.js";
import { pageHtml, verifyPageHtml, verifyPanel } from "../report/html/page.js";
import { type CaseDetail, recordBodyHtml, verdictHtml } from "../report/html/view.js";
import { recordCaseName } from "../text-forms/index.js";
import type { ConformResult, CorpusCase, SigningKey } from "../types.js";
import { TOOL_VERSION } from "../version.js";
import { agreement, COMPARED_SUITES } from "./agreement.js";
import { choiceCounts, choices, GROUPS, suiteTallies } from "./groups.js";
import { INDEX_FORMAT, type IndexEntry, signIndex, siteFiles } from "./index-file.js";
import { type Judged, judgeRecord, type TableCorpus, tableCorpus } from "./judge.js";
import { causesSection, type MaintainedRow } from "./maintainer.js";
import { type Checked, LANGUAGE_PREFIX, loadRows, type Manifest, type Row } from "./manifest.js";
import { headline, parserWords, type RowVerdict, rowVerdict } from "./responsibility.js";
import { readRowResult, readSelfReportedList, readSelfReportedResult, type SelfReported } from "./results.js";

/** How the harness is installed in the commands the pages print. */

export type RowState = "accepted" | "refused" | "did-not-build" | "not-run" | "not-downloaded";
export type ShownSection = "implementations" | "look-alikes" | "self-reported";

export interface ShownRow {
  id: string;
  section: ShownSection;
  name: string;
  language: string;
  manifest?: Manifest;
  selfReported?: SelfReported;
  state: RowState;
  /** Why it did not build, was not run, was not downloaded, or was refused. */
  reason?: string;
  log?: string;
  judged?: Judged;
  /** For an accepted record: the library's verdict and its parser's share (src/table/responsibility.ts). */
  verdict?: RowVerdict;
}

export interface SiteInput {
  /** table/ */
  table: string;
  /** The results folder (src/table/results.ts). */
  results: string;
  /** Where the site is written (made if missing). */
  out: string;
  /** Signs index.json. */
  key: SigningKey;
  /** The table's row key (64 hex): every row's record must be signed by it. Without one the build is a
   * preview (a pull request's, which has no sign job), and the site and the index say so. */
  rowKey?: string;
  builtAt: Date;
}

export interface SiteOutput {
  rows: ShownRow[];
  corpus: TableCorpus;
  /** Folders under table/ whose manifest did not validate. */
  broken: { id: string; problems: string[] }[];
}

const rel = (row: ShownRow) => (row.section === "self-reported" ? "self" : "impl");
const pagePath = (row: ShownRow) => `${rel(row)}/${row.id}.html`;

/** What each stored case is about, from the corpus this checkout ships: why, the rule, the input. */
async function corpusDetails(): Promise<{
  details: Map<string, CaseDetail>;
  cases: Map<string, CorpusCase>;
}> {
  const corpus = await loadCorpus({
    suites: ["jcs", "reject", "canon-or-reject", "invariants"],
    profile: "rfc8785",
    numbers: 0,
  });
  const inputs = caseInputs(corpus.cases);
  const details = new Map<string, CaseDetail>();
  const cases = new Map<string, CorpusCase>();
  for (const c of corpus.cases) {
    const name = recordCaseName(c.suite, c.name);
    const input = inputs.get(name);
    details.set(name, {
      why: c.why,
      source: c.source,
      kind: c.kind,
      ...(input !== undefined ? { input } : {}),
    });
    cases.set(name, c);
  }
  return { details, cases };
}

function rowFromManifest(
  row: Row,
  results: string,
  corpus: TableCorpus,
  rowKey: string | undefined,
): ShownRow {
  const m = row.manifest;
  const base = { id: row.id, section: row.section, name: m.name, language: m.language, manifest: m };
  const result = readRowResult(results, row.id);
  const log = result.log !== undefined ? { log: result.log } : {};
  if (result.status !== "built" || result.record === undefined) {
    return {
      ...base,
      state: result.status === "not-run" ? "not-run" : "did-not-build",
      reason: result.reason ?? (result.status === "not-run" ? "not run" : "it did not build"),
      ...log,
    };
  }
  const judged = judgeRecord(result.record, {
    corpus,
    implementation: { name: m.package, version: m.version },
    ...(rowKey !== undefined ? { rowKey } : {}),
  });
  return {
    ...base,
    state: judged.state,
    judged,
    ...(judged.state === "refused" ? { reason: judged.reason } : {}),
    ...log,
  };
}

function rowFromSelfReported(entry: SelfReported, results: string, corpus: TableCorpus): ShownRow {
  const base = {
    id: entry.id,
    section: "self-reported" as const,
    name: entry.name,
    language: entry.language,
    selfReported: entry,
  };
  const got = readSelfReportedResult(results, entry.id);
  if (!got.downloaded || got.record === undefined) {
    return { ...base, state: "not-downloaded", reason: got.reason ?? "no record was downloaded" };
  }
  // The record must name what the entry lists: a key holder's record of another library is not this row.
  const judged = judgeRecord(got.record, {
    corpus,
    pubkey: entry.pubkey,
    implementation: { name: entry.name, ...(entry.version !== undefined ? { version: entry.version } : {}) },
  });
  return {
    ...base,
    state: judged.state,
    judged,
    ...(judged.state === "refused" ? { reason: judged.reason } : {}),
  };
}

/** Reads the manifests and the results, verifies every record, and writes the site into `out`. */
export async function buildSite(input: SiteInput): Promise<SiteOutput> {
  const corpus = await tableCorpus();
  const { rows, broken } = loadRows(input.table);
  const shown: ShownRow[] = [
    ...rows.map((r) => rowFromManifest(r, input.results, corpus, input.rowKey)),
    ...broken.map(
      (b): ShownRow => ({
        id: b.id,
        section: b.section,
        name: b.id,
        language: "?",
        state: "did-not-build",
        reason: `its folder is not a valid row: ${b.problems.join("; ")}`,
      }),
    ),
    ...readSelfReportedList(input.table).map((e) => rowFromSelfReported(e, input.results, corpus)),
  ];
  const { details, cases } = await corpusDetails();
  const sourceOf = (name: string) => details.get(name)?.source;
  for (const row of shown)
    if (row.judged?.state === "accepted") row.verdict = rowVerdict(row.judged.record, row.manifest, sourceOf);

  for (const dir of ["impl", "self", "badges", "records"])
    mkdirSync(join(input.out, dir), { recursive: true });
  const entries: IndexEntry[] = [];
  for (const row of shown) {
    const entry: IndexEntry = { id: row.id, section: row.section, status: row.state };
    if (row.judged !== undefined) {
      const path = `records/${row.id}.json`;
      writeFileSync(join(input.out, path), row.judged.bytes);
      entry.record = {
        path,
        sha256: row.judged.sha256,
        outcome: row.judged.outcome,
        accepted: row.judged.state === "accepted",
        ...(row.judged.state === "refused" ? { reason: row.judged.reason } : {}),
      };
    }
    entries.push(entry);
    if (row.judged?.state === "accepted") {
      writeFileSync(join(input.out, `badges/${row.id}.svg`), badgeSvg(row.judged.record));
      writeFileSync(
        join(input.out, `badges/${row.id}.json`),
        `${JSON.stringify(badgeJson(row.judged.record), null, 2)}\n`,
      );
    }
    writeFileSync(join(input.out, pagePath(row)), rowPage(row, details, cases));
  }
  writeFileSync(join(input.out, "index.html"), indexPage(shown, corpus, input, broken.length));
  writeFileSync(join(input.out, "add.html"), addPage(input.table));
  writeFileSync(join(input.out, "verify.html"), verifyPageHtml());
  mkdirSync(join(input.out, "schema"), { recursive: true });
  copyFileSync(
    join(input.table, "schema", "manifest.schema.json"),
    join(input.out, "schema", "manifest.schema.json"),
  );
  // Signed last, over every other file the site holds: a page, a badge or a manifest changed after the
  // build no longer matches the index (verify-index checks each, and that nothing was added).
  const indexBytes = signIndex(
    {
      format: INDEX_FORMAT,
      built_at: input.builtAt.toISOString().replace(/\.\d+Z$/, "Z"),
      corpus,
      toolchain: { name: "canon-conformance", version: TOOL_VERSION },
      row_key: input.rowKey ?? "none",
      rows: entries,
      files: siteFiles(input.out),
    },
    input.key,
  );
  writeFileSync(join(input.out, "index.json"), indexBytes);
  return { rows: shown, corpus, broken: broken.map((b) => ({ id: b.id, problems: b.problems })) };
}

// ---------------------------------------------------------------------------------------------------
// The matrix

const STATE_WORDS: Record<RowState, string> = {
  accepted: "",
  refused: "record refused",
  "did-not-build": "did not build",
  "not-run": "not run here",
  "not-downloaded": "no record downloaded",
};

function cell(passed: number, cases: number): string {
  if (cases === 0) return `<td class="cell dim">–</td>`;
  return `<td class="cell ${passed === cases ? "pass" : "fail"}">${passed}/${cases}</td>`;
}

const SUITE_COLUMNS = GROUPS.flatMap((g) => g.suites);

function matrixHeader(): string {
  const groups = GROUPS.map(
    (g) =>
      `<th colspan="${g.suites.length + (g.id === "choices" ? 1 : 0)}" title="${escapeHtml(g.what)}">${escapeHtml(g.title)}</th>`,
  ).join("");
  const suites = SUITE_COLUMNS.map((s) => `<th>${escapeHtml(s)}</th>`).join("");
  return `<thead><tr><th rowspan="2">Implementation</th><th rowspan="2">Language</th><th rowspan="2">API</th>${groups}<th rowspan="2">Verdict</th></tr><tr>${suites}<th>choices made</th></tr></thead>`;
}

function rowLink(row: ShownRow, from = ""): string {
  const version = row.manifest ? ` <span class="dim">${escapeHtml(row.manifest.version)}</span>` : "";
  const authors = row.manifest?.rfcAuthors
    ? ` <span class="kind" title="by an author of RFC 8785">RFC author</span>`
    : "";
  return `<a href="${from}${pagePath(row)}">${escapeHtml(row.name)}</a>${version}${authors}`;
}

function matrixRow(row: ShownRow): string {
  const api = row.manifest?.api ?? (row.section === "self-reported" ? "self-reported" : "?");
  const head = `<tr data-row="${escapeHtml(row.id)}" data-state="${row.state}"><td>${rowLink(row)}</td><td>${escapeHtml(row.language)}</td><td>${escapeHtml(api)}</td>`;
  if (row.judged?.state !== "accepted") {
    const span = SUITE_COLUMNS.length + 1;
    const shownRecord = row.judged !== undefined ? ` <code>${escapeHtml(row.judged.outcome)}</code>` : "";
    return `${head}<td colspan="${span}" class="state ${row.state}"><b>${escapeHtml(STATE_WORDS[row.state])}</b>${shownRecord}: ${shownCut(row.reason ?? "", 400)}</td><td class="bad">${escapeHtml(STATE_WORDS[row.state])}</td></tr>`;
  }
  const record = row.judged.record;
  const tallies = suiteTallies(record);
  const cells = SUITE_COLUMNS.map((s) => cell(tallies.get(s)?.passed ?? 0, tallies.get(s)?.cases ?? 0)).join(
    "",
  );
  const made = choiceCounts(record);
  const choiceText = `${made.canonical} canonicalized, ${made.refused} refused${made.failed > 0 ? `, ${made.failed} failed` : ""}`;
  const h = headline(row.verdict ?? rowVerdict(record, row.manifest));
  const verdict = `<td class="${h.ok ? "ok" : "bad"}" data-verdict="${h.ok ? "conformant" : "not-conformant"}">${escapeHtml(h.text)}${h.detail ? ` <span class="dim">(${escapeHtml(h.detail)})</span>` : ""}</td>`;
  return `${head}${cells}<td class="dim">${escapeHtml(choiceText)}</td>${verdict}</tr>`;
}

function matrixTable(rows: ShownRow[], id: string): string {
  if (rows.length === 0) return `<p class="dim">None yet.</p>`;
  return `<table class="matrix" id="${id}">${matrixHeader()}<tbody>${rows.map(matrixRow).join("")}</tbody></table>`;
}

function indexPage(rows: ShownRow[], corpus: TableCorpus, input: SiteInput, brokenFolders: number): string {
  const impls = rows.filter((r) => r.section === "implementations");
  const self = rows.filter((r) => r.section === "self-reported");
  const looks = rows.filter((r) => r.section === "look-alikes");
  const languages = new Set(impls.map((r) => r.language));
  const wanted = Object.keys(LANGUAGE_PREFIX).filter((l) => !languages.has(l));
  const count = (state: RowState) => impls.filter((r) => r.state === state).length;
  const accepted = impls.filter((r) => r.judged?.state === "accepted");
  const verdicts = accepted.map((r) => r.verdict);
  const conformant = verdicts.filter((v) => v?.library.conformant).length;
  const parsersLetThrough = verdicts.filter(
    (v) => v?.library.conformant && v.parser !== undefined && v.parser.tally.passed < v.parser.tally.cases,
  ).length;
  const notBuilt = rows.filter((r) => r.state === "did-not-build" || r.state === "not-run");
  const main = [
    `<header class="intro"><h1>The RFC 8785 conformance table</h1>`,
    `<p>Every implementation of RFC 8785 (JSON Canonicalization Scheme) we know of in a package registry, installed from the registry by name and exact version, run through <a href="https://github.com/canon-conformance/canon-conformance">canon-conformance</a>'s corpus (${corpus.files} files, corpus digest <code>${escapeHtml(corpus.digest)}</code>) by a wrapper written for the table, and judged rule by rule. Each row's record is signed, verified before it is shown, and verified again in its page.</p>`,
    `<p id="summary"><b>${impls.length} implementations in ${languages.size} language${languages.size === 1 ? "" : "s"}</b>: ${conformant} conformant${parsersLetThrough > 0 ? ` (of which ${parsersLetThrough} take a parsed value and conform in their output rules, while the parser their wrapper used let through input that must be refused)` : ""}, ${accepted.length - conformant} not conformant, ${count("refused")} records refused, ${count("did-not-build")} did not build, ${count("not-run")} not run in this build. <a href="add.html">Add your implementation</a> · <a href="index.json">the signed index</a> · <a href="verify.html">verify a record</a></p>`,
    `<p class="dim" id="keys">${input.rowKey !== undefined ? `Every row's record is signed by the table's row key <code>${escapeHtml(input.rowKey)}</code>, the sign job's, after it verified the run job's record; index.json, which lists every file of this site by its SHA-256, is signed by <code>${escapeHtml(toHex(input.key.publicKey))}</code>. The keys are pinned in the table's repository (table/README.md, "The keys").` : `A preview: no row key was given, so each row's record is shown as its run signed it, bound to no key of the table's. index.json is signed by <code>${escapeHtml(toHex(input.key.publicKey))}</code>.`}</p>`,
    `<p class="dim">Built ${escapeHtml(input.builtAt.toISOString())} by canon-conformance ${escapeHtml(TOOL_VERSION)}.${brokenFolders > 0 ? ` ${brokenFolders} folders under table/ are not valid rows: see below.` : ""}</p></header>`,
    `<section id="how"><h2>How to read it</h2><ul>${GROUPS.map((g) => `<li><b>${escapeHtml(g.title)}</b>: ${escapeHtml(g.what)}.</li>`).join("")}<li><b>API</b>: <code>bytes</code> when the package reads JSON text itself; <code>parsed-value</code> when it takes a value another parser made.</li><li><b>Verdict, by responsibility</b>: a <code>bytes</code> library answers for every case. A <code>parsed-value</code> library never sees the input's bytes: the parser its wrapper names (on its page) read them first. Where parsing erases a fault (a duplicate name the parser kept once, syntax it accepted), refusing it was that parser's job: those input-validation cases are said beside the verdict by the parser's name (for example <i>input validation by JSON.parse: 12 accepted that must be refused</i>). Where the value the library is handed still shows the fault (a non-finite or out-of-range number, a lone surrogate), RFC 8785 makes the library refuse it (§3.2.2.3, §3.1), so it counts against the library, with the output rules and the open choices, unless the row's page says its parser erases that fault too (checked by hand: Go's encoding/json hands the library U+FFFD for a lone surrogate). The signed record still judges the command as run, wrapper and parser included; each row's page shows both</li></ul></section>`,
    `<section id="implementations"><h2>Implementations</h2>${matrixTable(impls, "matrix")}</section>`,
    agreementSection([...impls, ...self]),
    `<section id="self-reported"><h2>Self-reported</h2><p>Run by their implementers in their own CI with this corpus; the table downloads the latest signed record, checks it against the key listed for it and the table's corpus digest, and shows it here labelled self-reported. A record that fails either is refused, with its reason.</p>${matrixTable(self, "self-matrix")}</section>`,
    `<section id="look-alikes"><h2>Look-alikes (not RFC 8785)</h2><p>Libraries often taken for RFC 8785 that implement another scheme (OLPC canonical JSON, stable stringify): run the same way, shown apart, never rows of the table.</p>${matrixTable(looks, "look-alike-matrix")}<ul>${looks.map((r) => `<li>${rowLink(r)}: ${escapeHtml(r.manifest?.lookAlike ?? "")}</li>`).join("")}</ul></section>`,
    notBuilt.length === 0
      ? ""
      : `<section id="not-built"><h2>Rows without a result in this build</h2><ul>${notBuilt.map((r) => `<li>${rowLink(r)}: <b>${escapeHtml(STATE_WORDS[r.state])}</b>: ${shownCut(r.reason ?? "", 600)}</li>`).join("")}</ul></section>`,
    `<section id="wanted"><h2>Languages still wanted</h2><p>No row yet for: ${wanted.map(escapeHtml).join(", ")}. <a href="add.html">Add one</a>.</p></section>`,
  ].join("\n");
  return pageHtml({ title: "The RFC 8785 conformance table", main, script: false, extraStyle: MATRIX_STYLE });
}

/** The matrix keeps its words whole ("Language", "parsed-value", "not conformant"): the shared
 * stylesheet lets a cell break anywhere, which in a table of many narrow columns splits every word. Only
 * a package's name (a long Go module path) may break anywhere; the page is wider, the verdict keeps room
 * to be read, and a table still wider than the window scrolls in its own box. */
const MATRIX_STYLE =
  "main{max-width:1440px}.matrix{display:block;overflow-x:auto}.matrix th,.matrix td{overflow-wrap:normal}" +
  ".matrix td:first-child{overflow-wrap:anywhere;min-width:9em}.matrix td:last-child{min-width:15em}";

/** Which implementations write identical bytes on every case all of them canonicalize, and where they
 * split (src/table/agreement.ts). */
function agreementSection(rows: ShownRow[]): string {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const compared = rows.flatMap((r) =>
    r.judged?.state === "accepted" ? [{ id: r.id, record: r.judged.record }] : [],
  );
  const head = `<section id="agreement"><h2>Agreement</h2>`;
  if (compared.length < 2)
    return `${head}<p class="dim">Fewer than two implementations have an accepted record in this build: nothing to compare.</p></section>`;
  const a = agreement(compared);
  const names = (ids: string[]) =>
    ids.map((id) => (byId.has(id) ? rowLink(byId.get(id)!) : escapeHtml(id))).join(", ");
  const classes = a.classes
    .map((c, i) => `<li data-class="${i + 1}"><b>${c.length}</b>: ${names(c)}</li>`)
    .join("");
  const splits = a.splits
    .slice(0, 60)
    .map(
      (s) =>
        `<tr data-case="${escapeHtml(s.case)}"><td><code>${shownCut(s.case, 200)}</code></td><td><ul>${s.outputs.map((o) => `<li><code>${shownCut(o.output, 300)}</code> <span class="dim">${o.rows.length}:</span> ${names(o.rows)}</li>`).join("")}</ul></td></tr>`,
    )
    .join("");
  return `${head}<p>Over the <b>${a.common.length}</b> cases that all ${a.rows.length} implementations with an accepted record canonicalized (answered with an output, in the suites ${COMPARED_SUITES.join(", ")}), they fall into <b>${a.classes.length}</b> group${a.classes.length === 1 ? "" : "s"} that write identical bytes on every one of them:</p><ol id="agreement-classes">${classes}</ol>${
    a.splits.length === 0
      ? `<p>They agree byte for byte on every one of those cases.</p>`
      : `<p>They split on <b>${a.splits.length}</b> case${a.splits.length === 1 ? "" : "s"}:</p><table class="splits" id="splits"><thead><tr><th>case</th><th>outputs, and who wrote each</th></tr></thead><tbody>${splits}</tbody></table>${a.splits.length > 60 ? `<p class="dim">and ${a.splits.length - 60} more.</p>` : ""}`
  }</section>`;
}

// ---------------------------------------------------------------------------------------------------
// A row's page

function rowFolder(row: ShownRow): string | undefined {
  return row.manifest === undefined ? undefined : `table/${row.section}/${row.id}`;
}

function maintained(row: ShownRow): MaintainedRow {
  const folder = rowFolder(row);
  return {
    id: row.id,
    name: row.name,
    ...(folder !== undefined ? { folder } : {}),
    ...(row.manifest !== undefined ? { manifest: row.manifest } : {}),
    ...(row.selfReported !== undefined ? { repository: row.selfReported.repository } : {}),
    ...(row.judged !== undefined ? { sha256: row.judged.sha256 } : {}),
  };
}

/** How the row was last run before it was committed, in words. */
export function checkedText(c: Checked): string {
  const how =
    c.how === "registry"
      ? "installed from its registry and run on the maintainers' machine"
      : c.how === "source"
        ? `built from the release's source on the maintainers' machine (its registry is out of their reach there), at commit <code>${escapeHtml(c.commit ?? "")}</code>${c.tag ? ` (tag <code>${escapeHtml(c.tag)}</code>)` : ""}${c.dependencies ? `; dependencies: ${escapeHtml(c.dependencies)}` : ""}`
        : "run only by the table's workflow (CI)";
  return `${how}, on ${escapeHtml(c.on)}, with ${escapeHtml(c.toolchain)}. That run: ${escapeHtml(c.result)}`;
}

function factsTable(row: ShownRow): string {
  const facts: [string, string][] = [];
  const m = row.manifest;
  if (m !== undefined) {
    facts.push([
      "Package",
      `<code>${escapeHtml(m.package)}</code> ${escapeHtml(m.version)} from ${escapeHtml(m.registry)}`,
    ]);
    facts.push([
      "Source",
      `<a href="${escapeHtml(m.repository)}" rel="nofollow noreferrer">${escapeHtml(m.repository)}</a>`,
    ]);
    facts.push(["Licence", escapeHtml(m.licence)]);
    if (m.authors) facts.push(["Authors", escapeHtml(m.authors)]);
    facts.push([
      "API",
      `${escapeHtml(m.api)}${m.parser ? ` <span class="dim">(the wrapper's parser: ${escapeHtml(m.parser)})</span>` : ""}`,
    ]);
    facts.push([
      "Run with",
      `protocol ${escapeHtml(m.protocol)}: <code>${escapeHtml(m.commands[m.protocol])}</code>`,
    ]);
    facts.push([
      "Wrapper",
      `<code>${escapeHtml(rowFolder(row) ?? "")}</code> (written for the table; lockfile <code>${escapeHtml(m.lockfile)}</code>)`,
    ]);
    facts.push([
      "Toolchain",
      `${escapeHtml(m.toolchain.name)} ${escapeHtml(m.toolchain.version)}${m.toolchain.otp ? `, OTP ${escapeHtml(m.toolchain.otp)}` : ""}`,
    ]);
    facts.push(["Install", `<pre>${escapeHtml(m.install.join("\n"))}</pre>`]);
    if (m.lookAlike) facts.push(["Look-alike", escapeHtml(m.lookAlike)]);
    if (m.checked !== undefined) facts.push(["Checked", checkedText(m.checked)]);
    if (m.note) facts.push(["Note", escapeHtml(m.note)]);
  }
  const s = row.selfReported;
  if (s !== undefined) {
    facts.push([
      "Self-reported",
      `by <code>${escapeHtml(s.repository)}</code>, workflow <code>${escapeHtml(s.workflow)}</code>, artifact <code>${escapeHtml(s.artifact)}</code>`,
    ]);
    facts.push(["Listed key", `<code>${escapeHtml(s.pubkey)}</code>`]);
  }
  return `<table class="facts">${facts.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${v}</td></tr>`).join("")}</table>`;
}

/** Both verdicts: the library's (the headline) and the record's, over the command as run. */
function responsibilitySection(row: ShownRow, record: ConformResult): string {
  const v = row.verdict ?? rowVerdict(record, row.manifest);
  const h = headline(v);
  const items = [
    `<li id="library-verdict"><b>${escapeHtml(row.manifest ? `${row.manifest.package}: ` : "")}${escapeHtml(h.text)}</b>, ${v.library.passed}/${v.library.cases} of the cases it answers for${v.parser ? " (it takes a parsed value: the output rules, the open choices, and the values RFC 8785 makes it refuse itself, a non-finite or out-of-range number or a lone surrogate; not the faults its parser erased)" : ""}.</li>`,
    ...(v.parser
      ? [
          `<li id="parser-share"><b>${escapeHtml(parserWords(v.parser))}</b> (${v.parser.tally.passed}/${v.parser.tally.cases} refused as they must be; the wrapper's parser: ${escapeHtml(v.parser.described)}${row.manifest?.parserErases ? `, which erases ${escapeHtml(row.manifest.parserErases.join(" and "))} before the library sees them, as its note says` : ""}).</li>`,
        ]
      : []),
    `<li id="record-verdict">The signed record, which judges the command as run (wrapper${v.parser ? " and parser" : ""} included): <b>${v.record.conformant ? "conformant" : "not conformant"}</b>, ${v.record.passed}/${v.record.cases}.</li>`,
  ];
  return `<section id="responsibility"><h2>Verdict, by responsibility</h2><ul>${items.join("")}</ul></section>`;
}

function groupsTable(record: ConformResult): string {
  const tallies = suiteTallies(record);
  const rows = GROUPS.flatMap((g) =>
    g.suites.map((s, i) => {
      const t = tallies.get(s) ?? { passed: 0, cases: 0 };
      return `<tr class="${t.passed === t.cases ? "" : "fail"}">${i === 0 ? `<td rowspan="${g.suites.length}"><b>${escapeHtml(g.title)}</b></td>` : ""}<td>${escapeHtml(s)}</td><td>${t.passed}</td><td>${t.cases}</td></tr>`;
    }),
  );
  return `<table class="suites" id="groups"><thead><tr><th>Rule group</th><th>suite</th><th>passed</th><th>cases</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

function choicesSection(record: ConformResult, details: Map<string, CaseDetail>): string {
  const made = choices(record);
  if (made.length === 0) return "";
  const counts = choiceCounts(record);
  const rows = made.map(
    (c) =>
      `<tr class="${c.pass ? "" : "fail"}"><td><code>${shownCut(c.name, 200)}</code><br><span class="dim">${shownCut(details.get(c.name)?.why ?? "", 300)}</span></td><td>${escapeHtml(c.choice)}${c.pass ? "" : ' <b class="bad">(not an allowed answer)</b>'}</td><td><code>${shownCut(c.got, 200)}</code></td></tr>`,
  );
  return `<section id="choices"><h2>Open choices: which it made</h2><p>${counts.canonical} canonicalized, ${counts.refused} refused${counts.failed > 0 ? `, ${counts.failed} failed` : ""}. Either answer is right in each of these cases; the choice is shown, not judged.</p><details><summary>Every open-choice case</summary><table class="choices"><thead><tr><th>case</th><th>choice</th><th>answer</th></tr></thead><tbody>${rows.join("")}</tbody></table></details></section>`;
}

function rowPage(row: ShownRow, details: Map<string, CaseDetail>, cases: Map<string, CorpusCase>): string {
  const label =
    row.section === "self-reported"
      ? "self-reported"
      : row.section === "look-alikes"
        ? "look-alike, not RFC 8785"
        : "";
  const parts: string[] = [
    `<p><a href="../index.html">← the table</a></p>`,
    `<header class="intro"><h1>${escapeHtml(row.name)}${row.manifest ? ` ${escapeHtml(row.manifest.version)}` : ""}</h1><p>${escapeHtml(row.language)}${label ? ` · <span class="kind">${escapeHtml(label)}</span>` : ""}</p></header>`,
    factsTable(row),
  ];
  const judged = row.judged;
  if (row.state !== "accepted") {
    parts.push(
      `<p class="refused" id="state" data-state="${row.state}">${escapeHtml(STATE_WORDS[row.state])}${judged ? ` (<code>${escapeHtml(judged.outcome)}</code>)` : ""}: ${shownCut(row.reason ?? "", 2000)}</p>`,
    );
  }
  if (judged?.state === "accepted") {
    const record = judged.record;
    parts.push(
      `<section id="badge"><h2>Badge</h2><p><a href="../badges/${row.id}.svg">badges/${escapeHtml(row.id)}.svg</a> · <a href="../badges/${row.id}.json">badges/${escapeHtml(row.id)}.json</a> (a shields.io endpoint: <code>https://img.shields.io/endpoint?url=&lt;this site&gt;/badges/${escapeHtml(row.id)}.json</code>)</p></section>`,
      responsibilitySection(row, record),
      `<section id="rule-groups"><h2>By rule group</h2>${groupsTable(record)}</section>`,
      causesSection(maintained(row), record, details, cases),
      choicesSection(record, details),
    );
  }
  if (judged !== undefined) {
    const record = judged.state === "accepted" ? judged.record : undefined;
    parts.push(
      `<section id="record"><h2>The record, verified in this page</h2><p>The record as published: <a href="../records/${row.id}.json">records/${escapeHtml(row.id)}.json</a>, SHA-256 <code>${escapeHtml(judged.sha256)}</code>. The publish step found <code>${escapeHtml(judged.outcome)}</code>${judged.state === "refused" ? `, and refused it: ${shownCut(judged.reason, 2000)}` : ""}. This page checks it again below, with the verifier of <code>canon-conformance verify</code>.</p></section>`,
      `<div id="cc-head">${record ? verdictHtml(record) : ""}</div>`,
      verifyPanel(true),
      `<div id="cc-body">${record ? recordBodyHtml(record, { details }) : ""}</div>`,
    );
  }
  if (row.log !== undefined) {
    parts.push(
      `<section id="log"><h2>Its build log</h2><details${row.state === "did-not-build" ? " open" : ""}><summary>The log's last part</summary><pre>${shownCut(row.log, 70000)}</pre></details></section>`,
    );
  }
  return pageHtml({
    title: `${row.name}: the RFC 8785 conformance table`,
    main: parts.join("\n"),
    script: judged !== undefined,
    ...(judged !== undefined ? { recordBytes: judged.bytes } : {}),
  });
}

// ---------------------------------------------------------------------------------------------------
// Add your implementation

function addPage(table: string): string {
  const schema = JSON.parse(readFileSync(join(table, "schema", "manifest.schema.json"), "utf8")) as {
    properties: Record<string, { description?: string; enum?: string[] }>;
    required: string[];
  };
  const fields = Object.entries(schema.properties)
    .filter(([k]) => k !== "$schema")
    .map(
      ([k, v]) =>
        `<tr><th><code>${escapeHtml(k)}</code>${schema.required.includes(k) ? "" : ' <span class="dim">optional</span>'}</th><td>${escapeHtml(v.description ?? "")}${v.enum ? `<br><span class="dim">one of: ${v.enum.map(escapeHtml).join(", ")}</span>` : ""}</td></tr>`,
    )
    .join("");
  const template = (file: string) => escapeHtml(readFileSync(join(table, "template", file), "utf8"));
  const main = [
    `<p><a href="index.html">← the table</a></p>`,
    `<header class="intro"><h1>Add your implementation</h1><p>A row is one folder, <code>table/implementations/&lt;language&gt;-&lt;name&gt;/</code>, in <a href="https://github.com/canon-conformance/canon-conformance">the table's repository</a>: a manifest, a wrapper of a few dozen lines, and your ecosystem's lockfile. The package installs from its registry by name and exact version: nothing vendored, nothing copied.</p></header>`,
    `<section id="steps"><h2>Steps</h2><ol>`,
    `<li>Copy the template folder: <pre>cp -r table/template table/implementations/&lt;language&gt;-&lt;name&gt;</pre></li>`,
    `<li>Fill in <code>manifest.json</code> (its fields are below; the schema is <a href="schema/manifest.schema.json">manifest.schema.json</a>).</li>`,
    `<li>Write the wrapper: it reads a request's bytes, calls your package, and writes the canonical form, or refuses (<a href="https://github.com/canon-conformance/canon-conformance/blob/main/docs/protocol.md">the protocols</a>: <code>once</code>, a process per request, exit non-zero to refuse; <code>lines</code>, a request per line, <code>!reason</code> to refuse). If your API takes an already-parsed value, parse with your language's usual parser and name it in <code>parser</code>.</li>`,
    `<li>Add the lockfile your ecosystem writes (package-lock.json, requirements.txt with pins, Cargo.lock, go.sum, Gemfile.lock, composer.lock, packages.lock.json, mix.lock, pubspec.lock, or a pom.xml with an exact version).</li>`,
    `<li>Smoke-test the folder: it checks the manifest against the schema, installs the package as the workflow does, and runs a few cases through your wrapper:<pre>npm ci\nnpm run --silent table -- smoke table/implementations/&lt;language&gt;-&lt;name&gt;</pre></li>`,
    `<li>Open a pull request. The table's workflow runs every row on its schedule; yours joins the matrix.</li></ol></section>`,
    `<section id="self"><h2>Or report it yourself</h2><p>If you run canon-conformance's action in your own CI with a signing key of your own, add an entry to <code>table/self-reported.json</code>: <code>id</code>, <code>name</code>, <code>language</code>, <code>repository</code> (owner/name), <code>workflow</code> (its file name), <code>artifact</code> (the artifact holding the signed record.json) and <code>pubkey</code> (your public key). The publish job downloads your latest record, checks it against that key and the table's corpus digest, and shows it labelled self-reported; a record with another key, another corpus or a changed verdict is refused, with its reason on the page.</p></section>`,
    `<section id="fields"><h2>The manifest's fields</h2><table class="facts">${fields}</table></section>`,
    `<section id="template"><h2>The template folder</h2><h3>table/template/manifest.json</h3><pre>${template("manifest.json")}</pre><h3>table/template/README.md</h3><pre>${template("README.md")}</pre></section>`,
  ].join("\n");
  return pageHtml({ title: "Add your implementation: the RFC 8785 conformance table", main, script: false });
}
