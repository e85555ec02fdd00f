// `canon-conformance aggregate RECORD... [--out DIR] [--markdown FILE] [--badge-dir DIR]`: many
// implementations' records (a matrix's artifacts), one view. Verifies each record, shows the
// implementations against the suites and every case they answered differently, checks that the
// shards of a run are all there once each and cover each sweep exactly once, and writes
// aggregate.json, aggregate.html, a Markdown summary and a badge. The action's `mode: aggregate` calls the same code
// through aggregateForAction (src/aggregate/for-action.ts).

import { aggregateConsole, InputError, loadAndAggregate, writeAggregate } from "../aggregate/index.js";
import { type Command, parseCommandArgs, UsageError } from "./command.js";

const usage = `usage: canon-conformance aggregate RECORD... [--out DIR] [--markdown FILE] [--badge-dir DIR]
                                   [--require-conformant] [--quiet]

Verifies every record (seed 003 §4) and shows the implementations against the suites, every case
on which they gave different answers (refusals agree whatever their reasons), and how the shards of
each implementation cover each sweep (numbers, and generated properties named as ranges). A RECORD
may be a folder: every record.json below it is taken, so a folder of downloaded artifacts works.
Records with the same implementation (adapter, command line or URL, name, version, program files)
and suite (all but its shard=K/N) are one implementation: their cases join, each counted once; its
shards must be 1..N of one N, each once; and the cases of each sweep together must cover 0..N-1
exactly once, from one seed, N being the suite's numbers=N (generated=R per property), or for a
record without it one past the highest index covered.

  --out DIR              write aggregate.json, aggregate.html, summary.md, badge.svg and badge.json
                         into DIR
  --markdown FILE        write the Markdown summary to FILE too (e.g. "$GITHUB_STEP_SUMMARY")
  --badge-dir DIR        write badge.svg and badge.json into DIR too
  --require-conformant   a non-conformant implementation fails the aggregate too
  --quiet                print only the last line

Exit status: 0 every record accepted, no case answered differently, every shard set and every sweep
whole (and, with --require-conformant, every implementation conformant); 1 otherwise; 2 could not
run (a RECORD that does not exist, a folder without records, bad options).`;

export const aggregateCommand: Command = {
  summary: "verify many records (a matrix's artifacts) and show them side by side",
  usage,
  async run(argv, io) {
    const { values, positionals } = parseOptions(argv);
    if (positionals.length === 0) throw new UsageError("give at least one RECORD file or folder");

    let aggregate: Awaited<ReturnType<typeof loadAndAggregate>>;
    try {
      aggregate = await loadAndAggregate(positionals, {
        requireConformant: values["require-conformant"] ?? false,
      });
    } catch (error) {
      if (error instanceof InputError) {
        io.stderr.write(`canon-conformance aggregate: ${error.message}\n`);
        return 2;
      }
      throw error;
    }
    const text = aggregateConsole(aggregate);
    io.stdout.write(values.quiet ? `${text.trimEnd().split("\n").at(-1)}\n` : text);
    const written = await writeAggregate(aggregate, {
      outDir: values.out,
      markdownFile: values.markdown,
      badgeDir: values["badge-dir"],
    });
    if (written.length > 0 && !values.quiet) io.stdout.write(`Wrote ${written.join(", ")}\n`);
    return aggregate.verdict.exitCode;
  },
};

function parseOptions(argv: string[]) {
  return parseCommandArgs({
    args: argv,
    allowPositionals: true,
    options: {
      out: { type: "string" },
      markdown: { type: "string" },
      "badge-dir": { type: "string" },
      "require-conformant": { type: "boolean" },
      quiet: { type: "boolean" },
    },
  });
}
