// `canon-conformance aggregate RECORD... [--out DIR] [--markdown FILE] [--badge-dir DIR]`: many
// implementations' records (a matrix's artifacts), one view. Verifies each record, shows the
// implementations against the suites and every case they answered differently, checks that the
// shards of a run are all there once each and cover each sweep exactly once, and writes
// aggregate.json, aggregate.html, a Markdown summary and a badge. The action's `mode: aggregate` calls the same code
// through aggregateForAction (src/aggregate/for-action.ts).

import { aggregateConsole, InputError, loadAndAggregate, writeAggregate } from "../aggregate/index.js";
import { asFlag, OPTIONS, optionalRow } from "../options/index.js";
import { type Command, optionLines, UsageError } from "./command.js";

/** aggregate's flags: `--require-conformant` is the action's aggregate-mode input (off unless given
 * here; on by default there), `--quiet` is run's. */
const FLAGS = {
  out: optionalRow({
    name: "out",
    cli: {
      type: "string",
      label: "--out DIR",
      help: ["write aggregate.json, aggregate.html, summary.md, badge.svg and badge.json", "into DIR"],
    },
    parse: (value) => value,
  }),
  markdown: optionalRow({
    name: "markdown",
    cli: {
      type: "string",
      label: "--markdown FILE",
      help: ['write the Markdown summary to FILE too (e.g. "$GITHUB_STEP_SUMMARY")'],
    },
    parse: (value) => value,
  }),
  "badge-dir": optionalRow({
    name: "badge-dir",
    cli: {
      type: "string",
      label: "--badge-dir DIR",
      help: ["write badge.svg and badge.json into DIR too"],
    },
    parse: (value) => value,
  }),
  "require-conformant": asFlag(
    OPTIONS["require-conformant"],
    {
      type: "boolean",
      label: "--require-conformant",
      help: ["a non-conformant implementation fails the aggregate too"],
    },
    "false",
  ),
  quiet: asFlag(OPTIONS.quiet, { type: "boolean", label: "--quiet", help: ["print only the last line"] }),
};

const usage = [
  "usage: canon-conformance aggregate RECORD... [--out DIR] [--markdown FILE] [--badge-dir DIR]",
  "                                   [--require-conformant] [--quiet]",
  "",
  "Verifies every record (seed 003 §4) and shows the implementations against the suites, every case",
  "on which they gave different answers (refusals agree whatever their reasons), and how the shards of",
  "each implementation cover each sweep (numbers, and generated properties named as ranges). A RECORD",
  "may be a folder: every record.json below it is taken, so a folder of downloaded artifacts works.",
  "Records with the same implementation (adapter, command line or URL, name, version, program files)",
  "and suite (all but its shard=K/N) are one implementation: their cases join, each counted once; its",
  "shards must be 1..N of one N, each once; and the cases of each sweep together must cover 0..N-1",
  "exactly once, from one seed, N being the suite's numbers=N (generated=R per property), or for a",
  "record without it one past the highest index covered.",
  "",
  ...optionLines(Object.values(FLAGS), 25),
  "",
  "Exit status: 0 every record accepted, no case answered differently, every shard set and every sweep",
  "whole (and, with --require-conformant, every implementation conformant); 1 otherwise; 2 could not",
  "run (a RECORD that does not exist, a folder without records, bad options).",
].join("\n");

export const aggregateCommand: Command<typeof FLAGS> = {
  summary: "verify many records (a matrix's artifacts) and show them side by side",
  usage,
  options: { rows: FLAGS, operands: true },
  async run(line, io) {
    if (line.operands.length === 0) throw new UsageError("give at least one RECORD file or folder");
    const quiet = line.get("quiet");

    let aggregate: Awaited<ReturnType<typeof loadAndAggregate>>;
    try {
      aggregate = await loadAndAggregate(line.operands, {
        requireConformant: line.get("require-conformant"),
      });
    } catch (error) {
      if (error instanceof InputError) {
        io.stderr.write(`canon-conformance aggregate: ${error.message}\n`);
        return 2;
      }
      throw error;
    }
    const text = aggregateConsole(aggregate);
    io.stdout.write(quiet ? `${text.trimEnd().split("\n").at(-1)}\n` : text);
    const written = await writeAggregate(aggregate, {
      outDir: line.get("out"),
      markdownFile: line.get("markdown"),
      badgeDir: line.get("badge-dir"),
    });
    if (written.length > 0 && !quiet) io.stdout.write(`Wrote ${written.join(", ")}\n`);
    return aggregate.verdict.exitCode;
  },
};
