// `canon-conformance expected-failures RESULTS [--out FILE]`: a starting expected-failures list from a
// run's results.json: every failed case, grouped under its cause, a sweep with the culprit kinds it
// reported pinned, each with a reason to fill in (src/expected/list.ts writeStartingList, which the
// list's reader reads back); the generated cases and those that showed several causes in a section of
// their own, each under every cause it showed (read from its texts by src/causes, named as
// results.json's groups name them), since such a case fails by whichever fault it meets first, or is
// grouped under one of its faults, and so moves between causes as they are fixed. Read as untrusted text (src/report/results-file.ts: no link, a regular
// file within a bound): only names, kinds and cause titles are taken, and nothing is followed or run.
import { writeFileSync } from "node:fs";
import { causesOf } from "../causes/cause.js";
import { showInvisible } from "../escape/visible.js";
import { type StartingEntry, writeStartingList } from "../expected/index.js";
import { optionalRow } from "../options/index.js";
import { readResultsText } from "../report/results-file.js";
import { readRecordCaseName, recordCaseName } from "../text-forms/index.js";
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
reason to fill in; the generated cases and those that showed more than one cause last, in a section
of their own, each under every cause it showed (fixing one fault can make such a case fail by
another). Prints it, or writes FILE (which must not exist yet). Give the file to run with
--expected-failures once each TODO says why.`;

/** The failed cases of a results.json, in its order, each with its cause's title. */
function startingEntries(text: string): StartingEntry[] {
  const parsed = JSON.parse(text) as unknown;
  const results = (parsed as { results?: unknown }).results;
  const causes = (parsed as { causes?: unknown }).causes;
  if (!Array.isArray(results)) throw new UsageError("RESULTS is not a results.json: it has no results array");
  const causeOf = new Map<string, string>();
  const titleOf = new Map<string, string>();
  if (Array.isArray(causes)) {
    for (const c of causes as { cause?: unknown; title?: unknown; cases?: unknown }[]) {
      if (typeof c?.title !== "string" || !Array.isArray(c.cases)) continue;
      if (typeof c.cause === "string") titleOf.set(c.cause, c.title);
      for (const name of c.cases)
        if (typeof name === "string" && !causeOf.has(name)) causeOf.set(name, c.title);
    }
  }
  /** Every cause a failed case showed, each as the run's group of that cause names it. */
  const showedBy = (r: Record<string, unknown>, name: string): string[] | undefined => {
    if (typeof r.expected !== "string" || typeof r.got !== "string") return undefined;
    const texts = { expected: r.expected, got: r.got, name, suite: readRecordCaseName(name).suite };
    const optional = (key: "kind" | "source" | "input") =>
      typeof r[key] === "string" ? { [key]: r[key] as string } : {};
    const found = causesOf({ ...texts, ...optional("kind"), ...optional("source"), ...optional("input") });
    return found.length === 0 ? undefined : found.map((k) => titleOf.get(k.cause) ?? showInvisible(k.title));
  };
  const out: StartingEntry[] = [];
  for (const r of results as Record<string, unknown>[]) {
    if (r?.pass !== false || typeof r.suite !== "string" || typeof r.name !== "string") continue;
    const name = recordCaseName(r.suite, r.name);
    const kinds = (r.culprits as { kinds?: unknown } | undefined)?.kinds;
    const pins = kinds !== null && typeof kinds === "object" ? Object.keys(kinds) : undefined;
    const cause = causeOf.get(name);
    const showed = showedBy(r, name);
    out.push({ name, ...(pins ? { pins } : {}), ...(cause ? { cause } : {}), ...(showed ? { showed } : {}) });
  }
  // Grouped by cause, each group in the order its first case came; the generated cases, which the list
  // puts in a section of their own, in the run's order.
  const order = new Map<string | undefined, number>();
  out.forEach((e, i) => {
    if (!order.has(e.cause)) order.set(e.cause, i);
  });
  const moves = (e: StartingEntry) => e.name.startsWith("generated/") || (e.showed?.length ?? 0) > 1;
  const rank = (e: StartingEntry) => (moves(e) ? out.length : order.get(e.cause)!);
  return out
    .map((e, i) => ({ e, i }))
    .sort((a, b) => rank(a.e) - rank(b.e) || a.i - b.i)
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
