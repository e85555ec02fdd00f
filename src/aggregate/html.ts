// aggregate.html: many records at once, drawn from the aggregate's own data (src/aggregate/types.ts):
// the verdict, implementations × suites, the cases the implementations answered differently side by
// side (the input once, each answer under its implementation), the shards and sweeps joined, and each
// record's verification outcome. Static HTML only: the page runs no script at all (its policy allows
// none), and every value from a record goes through src/report/html/escape.ts. Sized for 10 implementations × 520
// cases; long lists are capped, and each cap says what it left out (aggregate.json has all of it).

import { showBytes } from "../checks/show.js";
import { INVISIBLE_LEGEND } from "../escape/visible.js";
import { escapeHtml, shownCut } from "../report/html/escape.js";
import { pageHtml } from "../report/html/page.js";
import { recordCaseName, writePairInputs } from "../text-forms/index.js";
import type { CorpusCase } from "../types.js";
import { shardLine } from "./shards.js";
import type { Aggregate, Disagreement, ImplementationView, RecordEntry } from "./types.js";
import { countsLine, coverageLine, recordFolders, suiteCell, suiteColumns } from "./view.js";

export interface AggregateHtmlOptions {
  /** Each case's input as shown, by `suite/name` (see {@link caseInputs}): shown once per case
   * answered differently. */
  inputs?: ReadonlyMap<string, string>;
}

/** Caps, each with a note of what it left out. */
export const AGGREGATE_LIMITS = {
  /** Code points of one answer: a record's answers are cut at about 300 already (src/checks/show.ts),
   * so this shows them whole. */
  answer: 2000,
  /** Code points of any other value (paths, command lines, labels, details). */
  value: 300,
  /** Cases answered differently shown with their answers; the rest are listed by name. */
  disagreements: 600,
  /** Names listed beyond those. */
  disagreementNames: 5000,
  /** Rows of the records and implementations tables. */
  rows: 2000,
} as const;

/** The input each corpus case sends, shown as a report shows bytes (pairs as `a = … and b = …`). */
export function caseInputs(cases: Iterable<CorpusCase>): Map<string, string> {
  const inputs = new Map<string, string>();
  for (const c of cases) {
    const name = recordCaseName(c.suite, c.name);
    if ("input" in c) inputs.set(name, showBytes(c.input));
    else if (c.kind === "equal" || c.kind === "differ")
      inputs.set(name, writePairInputs({ a: showBytes(c.a), b: showBytes(c.b) }));
  }
  return inputs;
}

const code = (text: string, max: number = AGGREGATE_LIMITS.value) => `<code>${shownCut(text, max)}</code>`;

/** The aggregate as one self-contained page. */
export function aggregateHtml(aggregate: Aggregate, options: AggregateHtmlOptions = {}): string {
  const labels = new Map(aggregate.implementations.map((i) => [i.id, i]));
  const main = [
    verdictSection(aggregate),
    matrixSection(aggregate),
    disagreementsSection(aggregate.disagreements, labels, options.inputs),
    choicesSection(aggregate.choices, labels, options.inputs),
    sweepsSection(aggregate.implementations),
    recordsSection(aggregate.records),
    implementationsSection(aggregate.implementations),
    `<p class="legend">${escapeHtml(INVISIBLE_LEGEND)} Values are cut where they say so; aggregate.json holds them whole.</p>`,
  ].join("\n");
  return pageHtml({
    title: `canon-conformance aggregate: ${aggregate.verdict.exitCode === 0 ? "passed" : "failed"}`,
    main,
    script: false,
  });
}

function verdictSection(aggregate: Aggregate): string {
  const v = aggregate.verdict;
  const ok = v.exitCode === 0;
  const failures =
    v.failures.length === 0
      ? ""
      : `<ul>${v.failures
          .slice(0, 100)
          .map((f) => `<li>${shownCut(f, 1000)}</li>`)
          .join("")}${v.failures.length > 100 ? `<li>and ${v.failures.length - 100} more</li>` : ""}</ul>`;
  return [
    `<header class="verdict ${ok ? "pass" : "fail"}">`,
    `<p class="mark">Aggregate ${ok ? "passed" : "failed"}</p>`,
    `<p class="counts">${shownCut(countsLine(aggregate), 1000)}</p>`,
    failures,
    "</header>",
  ].join("");
}

function implementationCell(i: ImplementationView): string {
  return `<span class="${i.conformant ? "ok" : "bad"}">${i.conformant ? "✓" : "✗"}</span> <b>${escapeHtml(i.id)}</b> ${shownCut(i.label, 100)} <span class="dim">(${shownCut(recordFolders(i), 200)})</span>`;
}

function matrixSection(aggregate: Aggregate): string {
  if (aggregate.implementations.length === 0)
    return `<section id="suites"><h2>Suites</h2><p>No record was accepted.</p></section>`;
  const suites = suiteColumns(aggregate);
  const rows = aggregate.implementations.slice(0, AGGREGATE_LIMITS.rows).map((i) => {
    const cells = suites.map((s) => {
      const t = i.suites.find((x) => x.suite === s);
      const cls = t === undefined ? "" : t.passed === t.cases ? "pass" : "fail";
      return `<td class="cell ${cls}">${escapeHtml(suiteCell(i, s))}</td>`;
    });
    const all = i.passed === i.cases ? "pass" : "fail";
    return `<tr><td>${implementationCell(i)}</td>${cells.join("")}<td class="cell ${all}">${i.passed}/${i.cases}</td></tr>`;
  });
  return [
    `<section id="suites"><h2>Implementations × suites (passed/cases)</h2><table class="matrix">`,
    `<thead><tr><th>implementation</th>${suites.map((s) => `<th>${code(s, 100)}</th>`).join("")}<th>all</th></tr></thead>`,
    `<tbody>${rows.join("")}</tbody></table></section>`,
  ].join("");
}

function disagreementsSection(
  disagreements: readonly Disagreement[],
  labels: ReadonlyMap<string, ImplementationView>,
  inputs: ReadonlyMap<string, string> | undefined,
): string {
  if (disagreements.length === 0) {
    return `<section id="differences"><h2>Cases answered differently</h2><p>None: every implementation gave the same answer to every case they share.</p></section>`;
  }
  const shown = disagreements.slice(0, AGGREGATE_LIMITS.disagreements).map((d) => {
    const input = inputs?.get(d.case);
    const answers = d.answers.map((a) => {
      const impl = labels.get(a.implementation);
      return `<div class="answer ${a.pass ? "pass" : "fail"}"><h4><span class="${a.pass ? "ok" : "bad"}">${a.pass ? "✓" : "✗"}</span> ${escapeHtml(a.implementation)} ${shownCut(impl?.label ?? "", 80)}</h4><pre>${shownCut(a.got, AGGREGATE_LIMITS.answer)}</pre></div>`;
    });
    return `<div class="disagreement"><h3>${code(d.case)}</h3>${
      input === undefined
        ? ""
        : `<dl class="io"><dt>input</dt><dd><pre>${shownCut(input, AGGREGATE_LIMITS.answer)}</pre></dd></dl>`
    }<div class="answers">${answers.join("")}</div></div>`;
  });
  const rest = disagreements.slice(AGGREGATE_LIMITS.disagreements);
  const listed = rest.slice(0, AGGREGATE_LIMITS.disagreementNames);
  const more =
    rest.length === 0
      ? ""
      : `<details class="more"><summary>${rest.length} more cases answered differently, by name</summary><ul class="names">${listed
          .map((d) => `<li>${code(d.case)}</li>`)
          .join(
            "",
          )}${rest.length > listed.length ? `<li class="dim">and ${rest.length - listed.length} more (see aggregate.json)</li>` : ""}</ul></details>`;
  // The first cases open, the rest folded: a page for 10 implementations × 520 cases stays readable.
  const open = shown.slice(0, 50).join("");
  const folded =
    shown.length > 50
      ? `<details class="more"><summary>${shown.length - 50} more cases answered differently, with their answers</summary>${shown.slice(50).join("")}</details>`
      : "";
  return [
    `<section id="differences"><h2>Cases answered differently (${disagreements.length})</h2>`,
    `<p class="dim">Refusals agree whatever their reasons; each answer is shown as its record states it, under its implementation.</p>`,
    `${open}${folded}${more}</section>`,
  ].join("");
}

/** The open choices made differently: shown apart from the disagreements, as allowed. */
function choicesSection(
  choices: readonly Disagreement[],
  labels: ReadonlyMap<string, ImplementationView>,
  inputs: ReadonlyMap<string, string> | undefined,
): string {
  if (choices.length === 0) return "";
  const shown = choices.slice(0, AGGREGATE_LIMITS.disagreements).map((d) => {
    const input = inputs?.get(d.case);
    const answers = d.answers.map((a) => {
      const impl = labels.get(a.implementation);
      return `<div class="answer pass"><h4>${escapeHtml(a.implementation)} ${shownCut(impl?.label ?? "", 80)}</h4><pre>${shownCut(a.got, AGGREGATE_LIMITS.answer)}</pre></div>`;
    });
    return `<div class="disagreement"><h3>${code(d.case)}</h3>${
      input === undefined
        ? ""
        : `<dl class="io"><dt>input</dt><dd><pre>${shownCut(input, AGGREGATE_LIMITS.answer)}</pre></dd></dl>`
    }<div class="answers">${answers.join("")}</div></div>`;
  });
  const more =
    choices.length > shown.length
      ? `<p class="dim">and ${choices.length - shown.length} more (see aggregate.json)</p>`
      : "";
  return [
    `<section id="choices"><h2>Open choices made differently (${choices.length})</h2>`,
    `<p class="dim">The RFC leaves these open (a byte-order mark, a top-level scalar, integers past 2^53, deep nesting): each answer is one the case allows, so they fail nothing.</p>`,
    `<details class="more"><summary>${choices.length} open choice${choices.length === 1 ? "" : "s"}, with their answers</summary>${shown.join("")}${more}</details></section>`,
  ].join("");
}

function sweepsSection(implementations: readonly ImplementationView[]): string {
  const lines = implementations.flatMap((i) => [
    ...(i.shards === null ? [] : [{ i, ok: i.shards.complete, text: shardLine(i.shards) }]),
    ...i.sweeps.map((c) => ({ i, ok: c.complete, text: coverageLine(c, i.records.length) })),
  ]);
  if (lines.length === 0) return "";
  const items = lines
    .slice(0, AGGREGATE_LIMITS.rows)
    .map(
      ({ i, ok, text }) =>
        `<li><span class="${ok ? "ok" : "bad"}">${ok ? "✓" : "✗"}</span> <b>${escapeHtml(i.id)}</b> ${shownCut(text, 2000)}</li>`,
    );
  return `<section id="sweeps"><h2>Shards and sweeps joined</h2><ul>${items.join("")}</ul></section>`;
}

/** A record's outcome, marked by what it means: accepted and conformant, accepted and not, refused. */
function outcomeCell(r: RecordEntry): string {
  const conformant = r.outcome === "accept conformant=true";
  const [cls, mark] = conformant
    ? ["ok", "✓"]
    : r.accepted
      ? ["bad", "✗ genuine, not conformant:"]
      : ["bad", "⛔ refused:"];
  return `<span class="${cls}">${mark}</span> ${code(r.outcome)}`;
}

function recordsSection(records: readonly RecordEntry[]): string {
  const rows = records
    .slice(0, AGGREGATE_LIMITS.rows)
    .map(
      (r) =>
        `<tr><td>${code(r.source)}</td><td>${outcomeCell(r)}${r.detail === undefined ? "" : `<br><span class="dim">${shownCut(r.detail, AGGREGATE_LIMITS.value)}</span>`}</td><td>${r.implementation === undefined ? "" : escapeHtml(r.implementation)}</td></tr>`,
    );
  if (records.length > AGGREGATE_LIMITS.rows)
    rows.push(
      `<tr><td colspan="3" class="dim">and ${records.length - AGGREGATE_LIMITS.rows} more records</td></tr>`,
    );
  return `<section id="records"><h2>Records, each verified (seed 003 §4)</h2><table><thead><tr><th>record</th><th>outcome</th><th>implementation</th></tr></thead><tbody>${rows.join("")}</tbody></table></section>`;
}

function implementationsSection(implementations: readonly ImplementationView[]): string {
  if (implementations.length === 0) return "";
  const rows = implementations.slice(0, AGGREGATE_LIMITS.rows).map((i) => {
    const signers = i.signers
      .slice(0, 4)
      .map((s) => code(s))
      .join(" ");
    const files = i.files
      .slice(0, 10)
      .map((f) => `${code(f.sha256)} ${code(f.path)}`)
      .join("<br>");
    return `<tr><td><b>${escapeHtml(i.id)}</b></td><td>${shownCut(i.label, AGGREGATE_LIMITS.value)}<br>${escapeHtml(i.adapter)}: ${code(i.impl)}${files === "" ? "" : `<br>${files}`}</td><td>${code(i.suite)}</td><td>${i.keys.map((k) => escapeHtml(k)).join(", ")}<br>${signers}${i.signers.length > 4 ? ` and ${i.signers.length - 4} more` : ""}</td><td>${i.corpusDigests
      .slice(0, 4)
      .map((d) => code(d))
      .join("<br>")}</td><td>${i.records.length}</td></tr>`;
  });
  return `<section id="implementations"><h2>Implementations</h2><table><thead><tr><th></th><th>implementation, command and files</th><th>suite</th><th>key, signer</th><th>corpus</th><th>records</th></tr></thead><tbody>${rows.join("")}</tbody></table></section>`;
}
