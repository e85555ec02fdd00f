// One record as HTML: the verdict, what ran (with every file's SHA-256 and the corpus digest), the
// suite table, and the failures grouped by cause with each case's input, expected and got, the
// difference marked in place. Pure (no Node built-ins): report.html is drawn with it in Node, and the
// page draws a record the reader drops on it with the same code in the browser. Every value from the
// record or the results goes through escape.ts; ids and links are made from indices, never from names.

import type { GroupableCase } from "../../causes/group.js";
import { INVISIBLE_LEGEND } from "../../escape/visible.js";
import type { Gate } from "../../expected/index.js";
import type { ConformResult } from "../../types.js";
import { type FailureGroup, groupFailures } from "../../view/causes.js";
import { firstDifference } from "../../view/difference.js";
import type { ProtocolUsed } from "../../view/protocol.js";
import { countLine, formatDuration, implementationName, keyMeaning } from "../format.js";
import { firstCrashLine, LINES_FORMS_NOTE, linesFormLine, protocolLine, restartsLine } from "../protocol.js";
import { cutPoints, escapeHtml, shownCut, shownHtml, visibleHtml } from "./escape.js";

/** What the results add to a record's case: why it exists, the rule, its kind and its input. */
export interface CaseDetail {
  why?: string;
  source?: string;
  kind?: string;
  /** The case's input as shown (issue 14 adds it to results). */
  input?: string;
}

export interface RecordViewOptions {
  /** Per case, by `suite/name`. */
  details?: ReadonlyMap<string, CaseDetail>;
  elapsedMs?: number;
  /** How the implementation was spoken to (the record cannot say it). */
  protocol?: ProtocolUsed;
  /** The run's expected-failures gate: each listed failure is marked where it is shown as expected,
   * each unexpected one as what fails the step. */
  gate?: Gate;
  /** The failures grouped by cause, as the run's view grouped them; grouped here when absent. */
  groups?: readonly FailureGroup[];
}

/** Caps that keep a page with 10,000 failures small enough to open; each says what it left out. */
export const LIMITS = {
  /** Code points of one shown value (an input, expected, got, command line, path). */
  value: 2000,
  /** Failed cases shown in full per group; the rest of the group is listed by name. */
  detailPerGroup: 20,
  /** Failed cases shown in full on the whole page. */
  detailTotal: 300,
  /** Names listed per group beyond those shown in full. */
  namesPerGroup: 2000,
  /** Groups with a section of their own; the rest are listed by name in one list. */
  groups: 300,
  /** Passing cases listed by name. */
  passingNames: 5000,
  /** Files of the implementation listed. */
  files: 200,
} as const;

/** The verdict banner: what a reviewer must see first. With the run's expected-failures gate, the
 * step's status by the list comes right under the record's verdict, so the two never read as one. */
export function verdictHtml(record: ConformResult, gate?: Gate): string {
  const ok = record.conformant;
  return [
    `<header class="verdict ${ok ? "pass" : "fail"}">`,
    `<p class="mark">${ok ? "Conformant" : "Not conformant"}</p>`,
    `<p class="counts">${escapeHtml(countLine(record))}</p>`,
    gate === undefined ? "" : gateHtml(gate, ok),
    `<p class="impl">${shownCut(implementationName(record), 300)} <span class="dim">·</span> <code>${shownCut(record.implementation.impl, 300)}</code></p>`,
    "</header>",
  ].join("");
}

/** The step's status by the list, in one line: what passes it or fails it, and what the record says. */
function gateHtml(gate: Gate, conformant: boolean): string {
  const listed = gate.expected.length;
  const why: string[] = [];
  if (gate.unexpected.length > 0)
    why.push(plural(gate.unexpected.length, "unexpected failure", "unexpected failures"));
  if (gate.fixed.length > 0)
    why.push(
      `${plural(gate.fixed.length, "listed entry", "listed entries")} fixed${gate.allowFixed ? " (allowed)" : ""}`,
    );
  if (listed > 0) why.push(plural(listed, "expected failure", "expected failures"));
  const record = conformant
    ? "The record says conformant."
    : "The record says not conformant: seed 003 counts every case; the step follows the list.";
  return `<p class="gate ${gate.pass ? "pass" : "fail"}">The step ${gate.pass ? "passes" : "fails"} by the expected-failures list <code>${shownCut(gate.source, 300)}</code>${why.length > 0 ? `: ${escapeHtml(why.join(", "))}` : ""}. ${escapeHtml(record)}</p>`;
}

/** Everything below the verdict. */
export function recordBodyHtml(record: ConformResult, options: RecordViewOptions = {}): string {
  const cases: GroupableCase[] = record.cases.map((c) => {
    const d = options.details?.get(c.name);
    return {
      name: c.name,
      pass: c.pass,
      expected: c.expected,
      got: c.got,
      ...(d?.kind !== undefined ? { kind: d.kind } : {}),
      ...(d?.source !== undefined ? { source: d.source } : {}),
      ...(d?.input !== undefined ? { input: d.input } : {}),
    };
  });
  const groups = options.groups ?? groupFailures(cases);
  const listed = new Map((options.gate?.expected ?? []).map((e) => [e.name, e]));
  const unexpected = new Set(options.gate?.unexpected);
  return [
    overviewHtml(groups, new Map(record.cases.map((c) => [c.name, c]))),
    suitesHtml(record),
    failuresHtml(record, groups, options.details, { listed, unexpected }),
    factsHtml(record, options.elapsedMs, options.protocol),
    passingHtml(record),
    `<p class="legend">${escapeHtml(INVISIBLE_LEGEND)} Values longer than ${LIMITS.value} characters are cut; record.json holds them whole.</p>`,
  ].join("\n");
}

function overviewHtml(
  groups: readonly FailureGroup[],
  byName: ReadonlyMap<string, ConformResult["cases"][number]>,
): string {
  if (groups.length === 0) return "";
  const shown = groups.slice(0, LIMITS.groups);
  const items = shown.map((g, i) => {
    const what =
      g.kind === "case"
        ? `<code>${shownCut(g.cases[0]!, 200)}</code> ${visibleHtml(cutPoints(g.title, 300).text)}`
        : visibleHtml(cutPoints(g.title, 300).text);
    // The first few causes show their first case, so the first screen says what broke and where.
    const first = i < 8 ? byName.get(g.cases[0]!) : undefined;
    const example =
      first === undefined
        ? ""
        : `<span class="example">${g.kind === "case" ? "" : `<code>${shownCut(first.name, 120)}</code>: `}expected <code>${shownCut(first.expected, 80)}</code>, got <code>${shownCut(first.got, 80)}</code></span>`;
    return `<li><a href="#cause-${i + 1}"><span class="count">${g.count}</span> <span class="kind">${kindLabel(g)}</span> ${what}${example}</a></li>`;
  });
  const causes = groups.filter((g) => g.kind !== "case").length;
  const singles = groups.length - causes;
  const more =
    groups.length > shown.length
      ? `<li class="dim">and ${groups.length - shown.length} more failures, listed at the end of the failed cases</li>`
      : "";
  return [
    `<section class="overview" id="causes"><h2>What failed, by cause</h2>`,
    `<p class="dim">${[
      causes > 0 ? `${plural(causes, "cause", "causes")} shared by several cases` : "",
      singles > 0
        ? `${plural(singles, "case", "cases")} with a cause of ${singles === 1 ? "its" : "their"} own`
        : "",
    ]
      .filter((p) => p !== "")
      .join(", then ")}; biggest first.</p>`,
    `<ol>${items.join("")}${more}</ol></section>`,
  ].join("");
}

function kindLabel(g: FailureGroup): string {
  return g.kind === "case" ? "case" : escapeHtml(g.kind);
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The protocol, and in lines mode a command started again and the cases sent in their lines form. */
function protocolRows(protocol: ProtocolUsed, row: (label: string, value: string) => string): string[] {
  const rows = [row("protocol", escapeHtml(protocolLine(protocol)))];
  const { restarts, linesFormsSent: forms } = protocol;
  if (restarts) {
    rows.push(row("restarts", shownHtml(restartsLine(restarts))));
    rows.push(row("first crash", shownHtml(firstCrashLine(restarts.firstCrash))));
  }
  if (forms && forms.length > 0) {
    const lines = forms.map((f) => shownHtml(linesFormLine(f)));
    rows.push(
      row(
        "lines forms",
        `${lines.join("<br>")}<br><span class="dim">(${escapeHtml(LINES_FORMS_NOTE)})</span>`,
      ),
    );
  }
  return rows;
}

function factsHtml(
  record: ConformResult,
  elapsedMs: number | undefined,
  protocol: ProtocolUsed | undefined,
): string {
  const impl = record.implementation;
  const row = (label: string, value: string) => `<tr><th>${escapeHtml(label)}</th><td>${value}</td></tr>`;
  const code = (text: string) => `<code>${shownCut(text, LIMITS.value)}</code>`;
  const rows = [
    row("implementation", shownCut(implementationName(record), LIMITS.value)),
    row(impl.adapter === "http" ? "url" : "command", code(impl.impl)),
    row("adapter", code(impl.adapter)),
    ...(protocol === undefined ? [] : protocolRows(protocol, row)),
    row("profile and suites", code(record.suite)),
    row("standard", code(record.standard)),
    row(
      "corpus",
      `${code(record.corpus.dir)}, ${record.corpus.files} files, digest ${code(record.corpus.digest)}`,
    ),
    row("toolchain", code(`${record.toolchain.name} ${record.toolchain.version}`)),
    row(
      "started",
      `${code(record.started_at)}${elapsedMs === undefined ? "" : `, took ${escapeHtml(formatDuration(elapsedMs))}`}`,
    ),
    row("key", `${code(record.key)}: ${escapeHtml(keyMeaning(record.key))}`),
    row("signer", code(record.signer_pubkey)),
  ];
  const files = impl.files
    .slice(0, LIMITS.files)
    .map((f) => `<tr><td>${code(f.path)}</td><td>${code(f.sha256)}</td></tr>`);
  if (impl.files.length > LIMITS.files) {
    files.push(
      `<tr><td colspan="2" class="dim">and ${impl.files.length - LIMITS.files} more files (see record.json)</td></tr>`,
    );
  }
  const filesTable =
    impl.files.length === 0
      ? `<p class="dim">No files: ${impl.adapter === "http" ? "an implementation over HTTP" : "the record names none"}.</p>`
      : `<table class="files"><thead><tr><th>File the command ran</th><th>SHA-256</th></tr></thead><tbody>${files.join("")}</tbody></table>`;
  return `<section class="facts" id="ran"><h2>What ran</h2><table class="facts"><tbody>${rows.join("")}</tbody></table>${filesTable}</section>`;
}

interface Tally {
  suite: string;
  cases: number;
  passed: number;
}

function suitesHtml(record: ConformResult): string {
  const tallies = new Map<string, Tally>();
  for (const c of record.cases) {
    const slash = c.name.indexOf("/");
    const suite = slash === -1 ? c.name : c.name.slice(0, slash);
    let t = tallies.get(suite);
    if (!t) tallies.set(suite, (t = { suite, cases: 0, passed: 0 }));
    t.cases++;
    if (c.pass) t.passed++;
  }
  if (tallies.size === 0)
    return `<section class="suites" id="suites"><h2>Suites</h2><p>No cases ran.</p></section>`;
  const rows = [...tallies.values()].slice(0, 100).map((t) => {
    const failed = t.cases - t.passed;
    return `<tr class="${failed === 0 ? "pass" : "fail"}"><td><code>${shownCut(t.suite, 200)}</code></td><td>${t.cases}</td><td>${t.passed}</td><td>${failed}</td></tr>`;
  });
  const s = record.summary;
  return [
    `<section class="suites" id="suites"><h2>Suites</h2><table class="suites"><thead><tr><th>suite</th><th>cases</th><th>passed</th><th>failed</th></tr></thead>`,
    `<tbody>${rows.join("")}</tbody><tfoot><tr><th>total</th><th>${s.cases}</th><th>${s.passed}</th><th>${s.failed}</th></tr></tfoot></table></section>`,
  ].join("");
}

/** The gate's marks: a failed case the expected-failures list names (its reason and line there), and
 * the failed cases it does not name, which fail the step. */
interface GateMarks {
  listed: ReadonlyMap<string, { reason: string; line: number }>;
  unexpected: ReadonlySet<string>;
}

/** The mark of an unexpected failure: what fails the step. */
const UNEXPECTED_MARK =
  '<span class="listed unexpected">unexpected failure: not in the expected-failures list, fails the step</span>';

/** A case's name in a list of names, marked when it fails the step. */
function nameItem(name: string, marks: GateMarks): string {
  return `<li><code>${shownCut(name, 300)}</code>${marks.unexpected.has(name) ? UNEXPECTED_MARK : ""}</li>`;
}

function failuresHtml(
  record: ConformResult,
  groups: readonly FailureGroup[],
  details: ReadonlyMap<string, CaseDetail> | undefined,
  marks: GateMarks,
): string {
  if (groups.length === 0) return "";
  const byName = new Map(record.cases.map((c) => [c.name, c]));
  let budget: number = LIMITS.detailTotal;
  const sections = groups.slice(0, LIMITS.groups).map((g, i) => {
    const full = g.cases.slice(0, Math.min(LIMITS.detailPerGroup, budget));
    budget -= full.length;
    const articles = full.map((name) =>
      caseHtml(
        name,
        byName.get(name)!,
        details?.get(name),
        marks.listed.get(name),
        marks.unexpected.has(name),
      ),
    );
    const rest = g.cases.slice(full.length);
    const listed = rest.slice(0, LIMITS.namesPerGroup);
    const more =
      rest.length === 0
        ? ""
        : `<details class="more"><summary>${plural(rest.length, "more case", "more cases")} with this cause, by name</summary><ul class="names">${listed
            .map((n) => nameItem(n, marks))
            .join(
              "",
            )}${rest.length > listed.length ? `<li class="dim">and ${rest.length - listed.length} more (see record.json)</li>` : ""}</ul></details>`;
    const heading =
      g.kind === "case"
        ? `<code>${shownCut(g.cases[0]!, 300)}</code> <span class="title">${visibleHtml(cutPoints(g.title, 300).text)}</span>`
        : `<span class="title">${visibleHtml(cutPoints(g.title, 300).text)}</span>`;
    return `<details class="group ${escapeHtml(g.kind)}" id="cause-${i + 1}"${i < 3 ? " open" : ""}><summary><span class="count">${g.count}</span> ${heading}</summary>${articles.join("")}${more}</details>`;
  });
  const leftOver = groups.slice(LIMITS.groups).flatMap((g) => g.cases);
  if (leftOver.length > 0) {
    const listed = leftOver.slice(0, LIMITS.namesPerGroup);
    sections.push(
      `<details class="more"><summary>${plural(leftOver.length, "more failed case", "more failed cases")}, each with a cause of its own, by name</summary><ul class="names">${listed
        .map((n) => nameItem(n, marks))
        .join(
          "",
        )}${leftOver.length > listed.length ? `<li class="dim">and ${leftOver.length - listed.length} more (see record.json)</li>` : ""}</ul></details>`,
    );
  }
  return `<section class="failures" id="failures"><h2>Failed cases (${record.summary.failed})</h2>${sections.join("")}</section>`;
}

/** One failed case in full. */
function caseHtml(
  name: string,
  c: ConformResult["cases"][number],
  detail: CaseDetail | undefined,
  listed: { reason: string; line: number } | undefined,
  unexpected: boolean,
): string {
  const mark =
    listed !== undefined
      ? `<span class="listed">expected failure, list line ${listed.line}: ${shownCut(listed.reason, 300)}</span>`
      : unexpected
        ? UNEXPECTED_MARK
        : "";
  const parts = [`<article class="case"><h3><code>${shownCut(name, 300)}</code>${mark}</h3>`];
  if (detail?.why !== undefined || detail?.source !== undefined) {
    parts.push(
      `<p class="why">${shownCut(detail.why ?? "", 1000)}${detail.source === undefined ? "" : ` <span class="source">(${shownCut(detail.source, 1000)})</span>`}</p>`,
    );
  }
  const note = firstDifference(c.expected, c.got);
  const [expected, got] = note === undefined ? [plain(c.expected), plain(c.got)] : marked(c.expected, c.got);
  parts.push('<dl class="io">');
  if (detail?.input !== undefined) parts.push(`<dt>input</dt><dd><pre>${plain(detail.input)}</pre></dd>`);
  parts.push(`<dt>expected</dt><dd><pre>${expected}</pre></dd><dt>got</dt><dd><pre>${got}</pre></dd></dl>`);
  if (note !== undefined) parts.push(`<p class="note">${shownHtml(note)}</p>`);
  parts.push("</article>");
  return parts.join("");
}

function plain(text: string): string {
  return shownCut(text, LIMITS.value);
}

/** Both values with the part where they differ marked: between their common start and common end. */
function marked(expected: string, got: string): [string, string] {
  const e = [...expected];
  const g = [...got];
  let p = 0;
  while (p < e.length && p < g.length && e[p] === g[p]) p++;
  let s = 0;
  while (s < e.length - p && s < g.length - p && e[e.length - 1 - s] === g[g.length - 1 - s]) s++;
  return [segments(e, p, e.length - s, "del"), segments(g, p, g.length - s, "ins")];
}

/** `points` shown with [from, to) marked, cut to LIMITS.value code points in all. */
function segments(points: string[], from: number, to: number, cls: string): string {
  let left: number = LIMITS.value;
  const take = (a: number, b: number) => {
    const n = Math.max(0, Math.min(b - a, left));
    left -= n;
    return points.slice(a, a + n).join("");
  };
  const head = take(0, from);
  const middle = take(from, to);
  const tail = take(to, points.length);
  const cut = points.length - LIMITS.value;
  // An empty marked part (one side has nothing there) still shows where it is.
  const mark = `<mark class="${cls}">${middle === "" ? '<span class="gap"></span>' : shownHtml(middle)}</mark>`;
  return `${shownHtml(head)}${from < LIMITS.value ? mark : ""}${shownHtml(tail)}${
    cut > 0 ? `<span class="cut">… ${cut} more characters</span>` : ""
  }`;
}

function passingHtml(record: ConformResult): string {
  const passing = record.cases.filter((c) => c.pass);
  if (passing.length === 0) return "";
  const listed = passing.slice(0, LIMITS.passingNames);
  return `<section class="passing" id="passing"><details><summary>Passing cases (${passing.length})</summary><ul class="names">${listed
    .map((c) => `<li><code>${shownCut(c.name, 300)}</code></li>`)
    .join(
      "",
    )}${passing.length > listed.length ? `<li class="dim">and ${passing.length - listed.length} more (see record.json)</li>` : ""}</ul></details></section>`;
}
