// The terminal's view of an aggregate. Everything that came from a record (names, command lines,
// answers) goes through showInvisible, so no record can move the cursor or hide a difference, and
// is cut to a readable length; aggregate.json keeps it whole.

import { INVISIBLE_LEGEND, showInvisible } from "../escape/visible.js";
import { cutText } from "../text.js";
import { shardLine } from "./shards.js";
import type { Aggregate } from "./types.js";
import { countsLine, coverageLine, shortSigner, suiteCell, suiteColumns } from "./view.js";

/** Record text is cut at this many characters on the console. */
const VALUE_MAX = 300;
/** In the suites table a suite's name (a record's case names make it) is cut at this many, and the
 * table is at most TABLE_COLUMNS wide: with more implementations than fit, their columns go on in a
 * second table (and a third...) under the first, each with the row names, so no line runs past a
 * terminal's width. */
const SUITE_NAME_MAX = 40;
const TABLE_COLUMNS = 100;

const show = (text: string, max = VALUE_MAX) => {
  const kept = cutText(text, max);
  return showInvisible(kept) + (kept === text ? "" : ` … (${text.length - kept.length} more characters)`);
};

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => [...r[i]!].length)));
  return rows.map((r) =>
    `  ${r.map((cell, i) => cell + " ".repeat(widths[i]! - [...cell].length)).join("  ")}`.trimEnd(),
  );
}

/** `columns` in consecutive groups, each as many as fit in TABLE_COLUMNS beside the `names` column
 * (at least one per group). */
function columnGroups(names: string[], columns: string[][]): string[][][] {
  const width = (cells: string[]) => Math.max(...cells.map((c) => [...c].length)) + 2;
  const groups: string[][][] = [];
  let used = 0;
  for (const column of columns) {
    const w = width(column);
    const last = groups.at(-1);
    if (last === undefined || used + w > TABLE_COLUMNS) {
      groups.push([column]);
      used = 2 + width(names) + w;
    } else {
      last.push(column);
      used += w;
    }
  }
  return groups;
}

export function aggregateConsole(aggregate: Aggregate): string {
  const { records, implementations, disagreements, verdict } = aggregate;
  const out: string[] = [`canon-conformance aggregate: ${countsLine(aggregate)}`, ""];

  out.push("Records:");
  for (const r of records) {
    const to = r.implementation === undefined ? "" : ` -> ${r.implementation}`;
    out.push(`  ${r.outcome}  ${show(r.source)}${to}`);
    if (r.detail !== undefined) out.push(`      ${show(r.detail)}`);
  }

  if (implementations.length > 0) {
    out.push("", "Implementations:");
    for (const i of implementations) {
      out.push(`  ${i.id}  ${show(i.label)}`);
      out.push(`      ${i.adapter}: ${show(i.impl)}`);
      out.push(
        `      suite ${show(i.suite)}; ${i.keys.join(", ")} key; signer ${i.signers.map((s) => show(s)).join(", ")}`,
      );
      out.push(
        `      ${i.records.length === 1 ? "record" : "records"}: ${i.records.map((s) => show(s)).join(", ")}`,
      );
    }
    const suites = suiteColumns(aggregate);
    const names = ["", ...suites.map((s) => show(s, SUITE_NAME_MAX)), "all", "conformant", "key", "signer"];
    // One column per implementation: its id, then its cells in the order of `names`.
    const columns = implementations.map((i) => [
      i.id,
      ...suites.map((s) => suiteCell(i, s)),
      `${i.passed}/${i.cases}`,
      i.conformant ? "yes" : "NO",
      i.keys.join("+"),
      i.signers.length === 1 ? shortSigner(i.signers[0]!) : `${i.signers.length} keys`,
    ]);
    out.push("", "Suites (passed/cases):");
    for (const [k, group] of columnGroups(names, columns).entries()) {
      if (k > 0) out.push("");
      out.push(...table(names.map((name, r) => [name, ...group.map((c) => c[r]!)])));
    }

    const swept = implementations.filter((i) => i.sweeps.length > 0 || i.shards !== null);
    if (swept.length > 0) {
      out.push("", "Sweeps (shards joined):");
      for (const i of swept) {
        if (i.shards !== null) out.push(`  ${i.id}  ${show(shardLine(i.shards), 2000)}`);
        for (const c of i.sweeps) {
          out.push(`  ${i.id}  ${show(coverageLine(c, i.records.length), 2000)}`);
          for (const d of c.doubled)
            out.push(`      ${d.from}-${d.to} is in: ${d.sources.map((s) => show(s)).join(", ")}`);
        }
      }
    }
  }

  if (disagreements.length > 0) {
    out.push("", `Cases answered differently (${disagreements.length}):`);
    for (const d of disagreements) {
      out.push(`  ${show(d.case)}`);
      for (const a of d.answers)
        out.push(`    ${a.implementation} ${a.pass ? "pass" : "FAIL"}: ${show(a.got)}`);
    }
    out.push(`  (${INVISIBLE_LEGEND} Refusals agree whatever their reasons.)`);
  }

  if (aggregate.choices.length > 0) {
    out.push(
      "",
      `Open choices made differently (${aggregate.choices.length}): the RFC leaves these open, every answer is allowed, not a failure:`,
    );
    for (const d of aggregate.choices) {
      out.push(`  ${show(d.case)}`);
      for (const a of d.answers) out.push(`    ${a.implementation} pass: ${show(a.got)}`);
    }
  }

  out.push(
    "",
    verdict.exitCode === 0 ? "Aggregate: OK" : `Aggregate: FAILED: ${verdict.failures.join("; ")}`,
  );
  return `${out.join("\n")}\n`;
}
