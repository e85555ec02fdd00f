// A failing row's page, written for the maintainer of the library it names: each cause of failure once,
// with its smallest failing input shown visibly, the bytes RFC 8785 expects and the bytes it got, the
// rule (the RFC section), whose it is (the library's, or for a parsed-value API the parser's), the exact
// commands that reproduce it from a checkout of canon-conformance with the row's own wrapper, and a
// plain-text block to paste into the maintainer's own tracker. Nothing is filed anywhere.
//
// The reproduce commands are the ones a test runs as printed (test/table/npm-rows.slow.test.ts): a
// checkout has dist/ committed, so `node dist/cli.js` needs nothing but Node.
import type { GroupableCase } from "../causes/group.js";
import { showInvisible } from "../escape/visible.js";
import { escapeHtml, shownCut } from "../report/html/escape.js";
import type { CaseDetail } from "../report/html/view.js";
import { shellQuote } from "../text.js";
import type { ConformResult, CorpusCase } from "../types.js";
import { type FailureGroup, groupFailures } from "../view/causes.js";
import { GROUPS } from "./groups.js";
import type { Manifest } from "./manifest.js";
import { INPUT_VALIDATION_SUITE, libraryRefuses, parserName } from "./responsibility.js";

/** How the harness is installed in the commands the pages print for a self-reported row. */
export const INSTALL_FORM = "npx --yes github:canon-conformance/canon-conformance#v1";
export const CLONE =
  "git clone https://github.com/canon-conformance/canon-conformance && cd canon-conformance";

/** The row as the maintainer's text needs it. */
export interface MaintainedRow {
  id: string;
  /** table/<section>/<id>, for a row of the table; undefined for a self-reported row. */
  folder?: string;
  manifest?: Manifest;
  name: string;
  /** For a self-reported row: its repository and the command its record names. */
  repository?: string;
  sha256?: string;
}

/** A printf format that writes exactly these bytes (octal escapes for anything but plain ASCII). */
export function printfBytes(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) {
    if (b === 0x25) out += "%%";
    else if (b >= 0x20 && b < 0x7f && b !== 0x5c && b !== 0x27) out += String.fromCharCode(b);
    else out += `\\${b.toString(8).padStart(3, "0")}`;
  }
  return `printf '${out}'`;
}

const suiteOf = (name: string) => name.slice(0, name.indexOf("/"));

/** The rule a case rests on where the corpus does not state one: the generated suites'. */
const SUITE_RULES: Record<string, string> = {
  numbers: "RFC 8785 §3.2.2.3 (numbers: ECMAScript's Number-to-String)",
  generated: "RFC 8785 §3.2 (generated values: the canonical form of each)",
};

/** The cause's smallest failing case: the one whose input is shortest, a stored input before none. */
export function smallestCase(names: readonly string[], cases: Map<string, CorpusCase>): string {
  let best: { name: string; size: number } | undefined;
  for (const name of names) {
    const c = cases.get(name);
    const size = c !== undefined && "input" in c ? c.input.length : Number.POSITIVE_INFINITY;
    if (best === undefined || size < best.size) best = { name, size };
  }
  return best?.name ?? names[0] ?? "";
}

/** The commands that reproduce `name` with the row's wrapper, from a fresh checkout of canon-conformance. */
export function reproduceLines(row: MaintainedRow, name: string, cases: Map<string, CorpusCase>): string[] {
  const m = row.manifest;
  if (m === undefined || row.folder === undefined) {
    return [
      `# in a checkout of ${row.repository ?? "the implementation"}, after its own build:`,
      `${INSTALL_FORM} run --command <the command its record names> --case ${shellQuote(name)}`,
    ];
  }
  const lines = [
    CLONE,
    `(cd ${row.folder} && ${m.install.join(" && ")})`,
    `node dist/cli.js run --protocol ${m.protocol} --command ${shellQuote(m.commands[m.protocol])} --working-directory ${row.folder} --case ${shellQuote(name)}`,
  ];
  const c = cases.get(name);
  if (c !== undefined && "input" in c && c.input.length <= 4096) {
    lines.push(
      "# or the input straight to the wrapper (once protocol): it prints what the table got",
      `(cd ${row.folder} && ${printfBytes(c.input)} | ${m.commands.once}; echo "(exit $?)")`,
    );
  }
  return lines;
}

const shown = (text: string, max = 300) => {
  const visible = showInvisible(text);
  const points = [...visible];
  return points.length > max
    ? `${points.slice(0, max).join("")}… (${points.length - max} more characters)`
    : visible;
};

/** Whose a cause is: the parser's, for a parsed-value API's input-validation cases; else the library's. */
export function whose(
  m: Manifest | undefined,
  group: FailureGroup,
  details: Map<string, CaseDetail>,
): string {
  if (
    m?.api === "parsed-value" &&
    group.cases.every((n) => suiteOf(n) === INPUT_VALIDATION_SUITE && !libraryRefuses(details.get(n)?.source))
  )
    return `the parser's: ${parserName(m.parser ?? "the language's parser")} (${m.package} takes a value it parsed)`;
  return m === undefined ? "the implementation's" : `the library's: ${m.package}`;
}

function ruleOf(name: string, details: Map<string, CaseDetail>): string | undefined {
  return details.get(name)?.source ?? SUITE_RULES[suiteOf(name)];
}

/** A text the implementation's maintainers can paste into an issue: plain text, shown escaped. */
export function issueText(
  row: MaintainedRow,
  record: ConformResult,
  group: FailureGroup,
  details: Map<string, CaseDetail>,
  cases: Map<string, CorpusCase>,
): string {
  const m = row.manifest;
  const who = m ? `${m.package} ${m.version}` : `${row.name} (as its own CI ran it)`;
  const byName = new Map(record.cases.map((c) => [c.name, c]));
  const smallest = smallestCase(group.cases, cases);
  const rule = ruleOf(smallest, details);
  const lines = [
    `${who} does not conform to RFC 8785: ${shown(group.title, 200)}`,
    "",
    `canon-conformance's RFC 8785 conformance table ran ${who} through its corpus (digest ${record.corpus.digest}); ${group.count} case${group.count === 1 ? "" : "s"} failed for this one cause.`,
    ...(rule ? [`The rule: ${rule}`] : []),
    "",
    "The smallest failing case:",
  ];
  const ordered = [smallest, ...group.cases.filter((n) => n !== smallest)];
  for (const name of ordered.slice(0, 5)) {
    const c = byName.get(name);
    const d = details.get(name);
    lines.push(`- ${shown(name, 200)}${d?.why ? `: ${shown(d.why, 200)}` : ""}`);
    if (d?.input !== undefined) lines.push(`    input:    ${shown(d.input)}`);
    if (c !== undefined) {
      lines.push(`    expected: ${shown(c.expected)}`);
      lines.push(`    got:      ${shown(c.got)}`);
    }
    if (name === smallest && group.count > 1) lines.push("", "Others of the same cause:");
  }
  if (group.count > 5) lines.push(`- and ${group.count - 5} more`);
  lines.push("", "To reproduce:", ...reproduceLines(row, smallest, cases).map((l) => `    ${l}`));
  if (
    m?.api === "parsed-value" &&
    group.cases.some((n) => suiteOf(n) === INPUT_VALIDATION_SUITE && !libraryRefuses(details.get(n)?.source))
  ) {
    lines.push(
      "",
      `Note: ${m.package} takes an already-parsed value; the table's wrapper parsed the input with ${m.parser ?? "the language's parser"}. What that parser lets through reaches ${m.package} unseen: the table counts this against the parser, not against ${m.package}, and it may be for ${m.package}'s documentation (that callers must refuse such input first) rather than its code.`,
    );
  }
  lines.push(
    "",
    `The signed record of the run: SHA-256 ${row.sha256 ?? "?"}, signer ${record.signer_pubkey}; check it with \`${INSTALL_FORM} verify record.json\`.`,
  );
  return lines.join("\n");
}

/** The failures by cause: for each, the smallest input, expected, got, the rule, whose, the commands. */
export function causesSection(
  row: MaintainedRow,
  record: ConformResult,
  details: Map<string, CaseDetail>,
  cases: Map<string, CorpusCase>,
): string {
  const groupable: GroupableCase[] = record.cases.map((c) => {
    const d = details.get(c.name);
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
  const groups = groupFailures(groupable);
  if (groups.length === 0)
    return `<section id="by-cause"><h2>Failures by cause</h2><p class="ok">None: every case passed.</p></section>`;
  const byName = new Map(record.cases.map((c) => [c.name, c]));
  const items = groups.slice(0, 100).map((g, i) => {
    const smallest = smallestCase(g.cases, cases);
    const c = byName.get(smallest);
    const d = details.get(smallest);
    const group = GROUPS.find((x) => x.suites.some((s) => g.cases.some((n) => n.startsWith(`${s}/`))));
    const rule = ruleOf(smallest, details);
    const row3 = (label: string, value: string) =>
      `<tr><th>${escapeHtml(label)}</th><td><code>${shownCut(value, 600)}</code></td></tr>`;
    return [
      `<div class="cause" id="cause-${i + 1}"><h3><span class="count">${g.count}</span> ${escapeHtml(g.title)}</h3>`,
      `<p class="dim">${escapeHtml(group?.title ?? "")}${rule ? ` · rule: ${shownCut(rule, 300)}` : ""} · <span class="whose">${escapeHtml(whose(row.manifest, g, details))}</span></p>`,
      `<table class="smallest"><tbody>`,
      row3("smallest failing case", smallest),
      ...(d?.input !== undefined ? [row3("input", d.input)] : []),
      ...(c !== undefined ? [row3("expected", c.expected), row3("got", c.got)] : []),
      `</tbody></table>`,
      `<p>Reproduce it, from a checkout of canon-conformance:</p><pre class="reproduce">${escapeHtml(reproduceLines(row, smallest, cases).join("\n"))}</pre>`,
      `<details><summary>A text for its maintainers (paste it into an issue)</summary><pre class="issue">${escapeHtml(issueText(row, record, g, details, cases))}</pre></details></div>`,
    ].join("");
  });
  return `<section id="by-cause"><h2>Failures by cause</h2><p>${groups.length} cause${groups.length === 1 ? "" : "s"}; each with its smallest failing input. Every failed case, with its input, expected and got, is under the record below.</p>${items.join("")}${groups.length > 100 ? `<p class="dim">and ${groups.length - 100} more causes: see the record below.</p>` : ""}</section>`;
}
