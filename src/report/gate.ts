// The gate by the expected-failures list (src/expected), as the reports say it: which failures were
// expected and why, which were not, which entries are fixed, and that the step's status follows the
// list while the record's verdict stays seed 003's. Console text here; the summary's Markdown too,
// each value escaped as in the rest of the summary.

import { inlineCode, inlineText } from "../escape/markdown.js";
import { showInvisible } from "../escape/visible.js";
import type { Gate } from "../expected/index.js";
import { cutText } from "../text.js";

const plural = (n: number, word: string, words = `${word}s`) => `${n} ${n === 1 ? word : words}`;

/** How many names each list of the gate shows (the record and results.json hold every one). */
const NAMES_SHOWN = 50;

/** One line: the step's status, and why it differs from the record's verdict when it does. */
export function gateHeadline(gate: Gate, conformant: boolean): string {
  const status = gate.pass ? "passes" : "fails";
  const because: string[] = [];
  if (gate.unexpected.length > 0) because.push(plural(gate.unexpected.length, "unexpected failure"));
  if (gate.fixed.length > 0)
    because.push(
      `${plural(gate.fixed.length, "listed entry", "listed entries")} fixed${gate.allowFixed ? " (allowed)" : ""}`,
    );
  if (gate.expected.length > 0) because.push(plural(gate.expected.length, "expected failure"));
  const why = because.length === 0 ? "" : `: ${because.join(", ")}`;
  const record = conformant
    ? "the record says conformant"
    : "the record still says not conformant (seed 003: every case must pass); the step follows the list";
  return `the step ${status} by the expected-failures list${why}; ${record}`;
}

/**
 * The console's first line when a list is given and decides differently from the record: the step's
 * status first, the record's verdict beside it. Undefined when both say the same (a conformant record
 * whose list passes), so the plain verdict line stands.
 */
export function gateVerdictLine(gate: Gate, conformant: boolean, count: string): string | undefined {
  if (gate.pass && conformant) return undefined;
  const record = `the record says ${conformant ? "CONFORMANT" : "NOT CONFORMANT"}`;
  if (gate.pass) {
    const listed = gate.expected.length;
    return `PASSES BY THE EXPECTED-FAILURES LIST: ${count}; ${listed === 1 ? "the failure is" : `all ${listed} failures are`} listed in ${showInvisible(gate.source)}; ${record}`;
  }
  const because: string[] = [];
  if (gate.unexpected.length > 0) because.push(plural(gate.unexpected.length, "unexpected failure"));
  if (gate.fixed.length > 0)
    because.push(`${plural(gate.fixed.length, "listed entry", "listed entries")} fixed`);
  return `FAILS BY THE EXPECTED-FAILURES LIST (${because.join(", ")}): ${count}; ${record}`;
}

/** The gate for the console, after the failed cases: plain lines, every value through showInvisible. */
export function gateConsoleLines(gate: Gate, conformant: boolean): string[] {
  const out = [`Expected failures (${showInvisible(gate.source)}):`, ""];
  out.push(`  ${showInvisible(gateHeadline(gate, conformant))}`, "");
  const names = (list: readonly string[]) => {
    const shown = list.slice(0, NAMES_SHOWN).map((n) => `    ${showInvisible(n)}`);
    if (list.length > NAMES_SHOWN) shown.push(`    and ${list.length - NAMES_SHOWN} more (results.json)`);
    return shown;
  };
  if (gate.unexpected.length > 0) {
    out.push(`  ${plural(gate.unexpected.length, "unexpected failure")} (not in the list: fails the step):`);
    out.push(...names(gate.unexpected), "");
    for (const u of (gate.unpinned ?? []).slice(0, NAMES_SHOWN)) {
      out.push(
        `    ${showInvisible(u.name)}: culprits line ${u.line} does not pin: ${showInvisible(cutText(u.culprits.join(", "), 300))}`,
      );
    }
    if ((gate.unpinned ?? []).length > 0) out.push("");
  }
  if (gate.fixed.length > 0) {
    out.push(
      `  ${plural(gate.fixed.length, "fixed entry", "fixed entries")} (every case it covers passed: remove it from the list${gate.allowFixed ? "; allowed by --allow-fixed-expected-failures" : ", or the step fails"}):`,
    );
    for (const e of gate.fixed.slice(0, NAMES_SHOWN))
      out.push(
        `    line ${e.line}  ${showInvisible(e.pattern)}  fixed: remove it from the list (${plural(e.cases, "case")} passed; it said: ${showInvisible(e.reason)})`,
      );
    if (gate.fixed.length > NAMES_SHOWN) out.push(`    and ${gate.fixed.length - NAMES_SHOWN} more`);
    out.push("");
  }
  if (gate.expected.length > 0) {
    out.push(`  ${plural(gate.expected.length, "expected failure")} (listed: not a failure of the step):`);
    for (const e of gate.expected.slice(0, NAMES_SHOWN))
      out.push(`    ${showInvisible(e.name)}  expected failure (${showInvisible(e.reason)})`);
    if (gate.expected.length > NAMES_SHOWN) out.push(`    and ${gate.expected.length - NAMES_SHOWN} more`);
    out.push("");
  }
  const idle = gate.entries.filter((e) => e.cases === 0);
  if (idle.length > 0) {
    out.push(
      `  ${plural(idle.length, "entry", "entries")} of suites this run left out, not checked: ${idle
        .slice(0, NAMES_SHOWN)
        .map((e) => showInvisible(e.pattern))
        .join(", ")}`,
      "",
    );
  }
  return out;
}

const CELL = 300;
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const cell = (text: string) => inlineText(cutText(text, CELL));
const code = (text: string) => inlineCode(cutText(text, CELL));

/** The gate for the job summary, right under the headline: the step's status first, then each list. */
export function gateMarkdown(gate: Gate, conformant: boolean): string {
  const mark = gate.pass ? "✅" : "❌";
  const parts = [
    `### ${mark} Step ${gate.pass ? "passes" : "fails"} by the expected-failures list`,
    "",
    `${cell(sentence(gateHeadline(gate, conformant)))}. List: ${code(gate.source)}.`,
  ];
  const names = (list: readonly string[]) => {
    const shown = list.slice(0, NAMES_SHOWN).map(code).join(", ");
    return list.length > NAMES_SHOWN ? `${shown}, and ${list.length - NAMES_SHOWN} more` : shown;
  };
  if (gate.unexpected.length > 0) {
    parts.push(
      "",
      `**Unexpected failures (${gate.unexpected.length}), not in the list:** ${names(gate.unexpected)}`,
    );
  }
  if (gate.fixed.length > 0) {
    const rows = gate.fixed
      .slice(0, NAMES_SHOWN)
      .map(
        (e) =>
          `| ${e.line} | ${code(e.pattern)} | fixed: remove it from the list (${plural(e.cases, "case")} passed) | ${cell(e.reason)} |`,
      );
    parts.push(
      "",
      `**Fixed (${gate.fixed.length})**${gate.allowFixed ? " (allowed by `allow-fixed-expected-failures`)" : ""}:`,
      "",
      "| Line | Entry | Now | Its reason |",
      "| ---: | --- | --- | --- |",
      ...rows,
    );
  }
  if (gate.expected.length > 0) {
    const rows = gate.expected
      .slice(0, NAMES_SHOWN)
      .map((e) => `| ${code(e.name)} | expected failure (${cell(e.reason)}) | ${e.line} |`);
    if (gate.expected.length > NAMES_SHOWN)
      rows.push(`| and ${gate.expected.length - NAMES_SHOWN} more | | |`);
    parts.push(
      "",
      "<details>",
      `<summary>Expected failures (${gate.expected.length})</summary>`,
      "",
      "| Case | Listed as | Line |",
      "| --- | --- | ---: |",
      ...rows,
      "",
      "</details>",
    );
  }
  return parts.join("\n");
}
