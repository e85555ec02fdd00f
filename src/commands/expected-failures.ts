// `canon-conformance expected-failures RESULTS [--out FILE]`: a starting expected-failures list from a
// run's results.json: every failed case, grouped under its cause, a sweep with the culprit kinds it
// reported pinned, each with a reason to fill in (src/expected/list.ts writeStartingList, which the
// list's reader reads back). Read as untrusted text (src/report/results-file.ts: no link, a regular
// file within a bound): only names, kinds and cause titles are taken, and nothing is followed or run.
import { writeFileSync } from "node:fs";
import { type StartingEntry, writeStartingList } from "../expected/index.js";
import { optionalRow } from "../options/index.js";
import { readResultsText } from "../report/results-file.js";
import { recordCaseName } from "../text-forms/index.js";
import { type Command, UsageError } from "./command.js";

const FLAGS = {
  out: optionalRow({
    name: "out",
    cli: { type: "string", label: "--out FILE", help: [] },
    parse: (value) => value,
  }),
};

const USAGE = `usage: canon-conformance expected-failures RESULTS [--out FILE]

Writes a starting expected-failures list from a run's results.json: every failed case, grouped under
its cause, a numbers sweep with the kinds of mismatch it reported pinned in [...], each line with a
reason to fill in. Prints it, or writes FILE (which must not exist yet). Give the file to run with
--expected-failures once each TODO says why.`;

/** The failed cases of a results.json, in its order, each with its cause's title. */
function startingEntries(text: string): StartingEntry[] {
  const parsed = JSON.parse(text) as unknown;
  const results = (parsed as { results?: unknown }).results;
  const causes = (parsed as { causes?: unknown }).causes;
  if (!Array.isArray(results)) throw new UsageError("RESULTS is not a results.json: it has no results array");
  const causeOf = new Map<string, string>();
  if (Array.isArray(causes)) {
    for (const c of causes as { title?: unknown; cases?: unknown }[]) {
      if (typeof c?.title !== "string" || !Array.isArray(c.cases)) continue;
      for (const name of c.cases)
        if (typeof name === "string" && !causeOf.has(name)) causeOf.set(name, c.title);
    }
  }
  const out: StartingEntry[] = [];
  for (const r of results as Record<string, unknown>[]) {
    if (r?.pass !== false || typeof r.suite !== "string" || typeof r.name !== "string") continue;
    const name = recordCaseName(r.suite, r.name);
    const kinds = (r.culprits as { kinds?: unknown } | undefined)?.kinds;
    const pins = kinds !== null && typeof kinds === "object" ? Object.keys(kinds) : undefined;
    const cause = causeOf.get(name);
    out.push({ name, ...(pins ? { pins } : {}), ...(cause ? { cause } : {}) });
  }
  // Grouped by cause, each group in the order its first case came.
  const order = new Map<string | undefined, number>();
  out.forEach((e, i) => {
    if (!order.has(e.cause)) order.set(e.cause, i);
  });
  return out
    .map((e, i) => ({ e, i }))
    .sort((a, b) => order.get(a.e.cause)! - order.get(b.e.cause)! || a.i - b.i)
    .map(({ e }) => e);
}

export const expectedFailuresCommand: Command<typeof FLAGS> = {
  summary: "write a starting expected-failures list from a run's results.json",
  usage: USAGE,
  options: { rows: FLAGS, operands: true },
  async run(line, io) {
    const [path, ...extra] = line.operands;
    if (path === undefined || extra.length > 0) throw new UsageError("give exactly one RESULTS file");
    let entries: StartingEntry[];
    try {
      entries = startingEntries(readResultsText(path));
    } catch (error) {
      if (error instanceof UsageError) throw error;
      io.stderr.write(
        `canon-conformance expected-failures: cannot read ${path}: ${(error as Error).message}\n`,
      );
      return 2;
    }
    const text = writeStartingList(entries, path);
    const out = line.get("out");
    if (out === undefined) {
      io.stdout.write(text);
      return 0;
    }
    try {
      writeFileSync(out, text, { flag: "wx" });
    } catch (error) {
      io.stderr.write(
        `canon-conformance expected-failures: cannot write ${out}: ${(error as Error).message}\n`,
      );
      return 2;
    }
    io.stdout.write(`wrote ${out}: ${entries.length} failed cases, each with a reason to fill in\n`);
    return 0;
  },
};
