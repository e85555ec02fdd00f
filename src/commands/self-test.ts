// `canon-conformance self-test`: proves the corpus, in this process. The reference must pass every
// case; each known-bad must be caught by every check it declares; every expectation kind must be
// shown able to fail. Exit 0 only when all of that holds, 1 when a claim breaks.
import { availableParallelism } from "node:os";

import { type KnownBad, knownBad } from "../known-bad/index.js";
import { formatProof } from "../known-bad/proof-report.js";
import { prove } from "../known-bad/prove.js";
import { knownBadCommands, referenceCommand, thisCli, type ViaCommand } from "../known-bad/via-command.js";
import {
  asFlag,
  type CommandLine,
  flag,
  OPTIONS,
  optionalRow,
  parseChoice,
  parseCount,
  row,
} from "../options/index.js";
import { type Command, optionLines, UsageError } from "./command.js";
import type { CliIo } from "./io.js";

/** Generated numbers per known-bad: enough for the number formatters to show, quick for ~25 runs. */
const DEFAULT_SELF_TEST_NUMBERS = 10_000;

/** self-test's flags; `--profile` is run's. */
const FLAGS = {
  profile: asFlag(OPTIONS.profile, {
    type: "string",
    label: "--profile rfc8785|nfc",
    help: [
      "the profile the reference is proven under first (default: rfc8785); the",
      "cases the other profile changes are then run against its own reference",
    ],
  }),
  numbers: row({
    name: "numbers",
    default: String(DEFAULT_SELF_TEST_NUMBERS),
    cli: {
      type: "string",
      label: "--numbers N",
      help: [`generated numbers per run (default: ${DEFAULT_SELF_TEST_NUMBERS})`],
    },
    // At least one: with none the numbers check would be left unproven.
    parse: (value, c) => parseCount(value, c.subject, 1),
  }),
  only: optionalRow({
    name: "only",
    cli: {
      type: "string",
      label: "--only NAME,...",
      help: [
        'run only these known-bads (their claims are judged; "every check can',
        'fail" is not, as a few known-bads need not cover every check)',
      ],
    },
    parse: (value) =>
      value
        .split(",")
        .map((name) => name.trim())
        .filter((name) => name !== ""),
  }),
  via: row({
    name: "via",
    default: "in-process",
    cli: {
      type: "string",
      label: "--via in-process|lines|once",
      help: [
        "how the known-bads and the RFC 8785 reference are reached: in this",
        "process (default, fast), or as commands of this CLI ('known-bad NAME',",
        "'canonicalize') through the real adapters in lines or once mode",
      ],
    },
    parse: (value, c) => parseChoice(value, c.subject, ["in-process", "lines", "once"] as const),
  }),
  verbose: row({
    name: "verbose",
    default: "false",
    cli: {
      type: "boolean",
      label: "--verbose",
      help: ["show, for each declared check, the first case that caught the known-bad"],
    },
    parse: flag,
  }),
};

const usage = [
  "usage: canon-conformance self-test [--profile rfc8785|nfc] [--numbers N] [--only NAME,...]",
  "                                   [--via in-process|lines|once] [--verbose]",
  "",
  "Runs the whole corpus against the reference canonicalizer (every case must pass) and against each",
  "known-bad canonicalizer (each must be caught by every check it declares), in this process, and",
  "prints a table of known-bads against checks. Exits 0 only when every claim holds and every kind of",
  "check is shown able to fail.",
  "",
  ...optionLines(Object.values(FLAGS), 25),
].join("\n");

/** The self-test command proving with `prover` (tests hand it a proof they already made). */
export function selfTestWith(prover: typeof prove): Command<typeof FLAGS> {
  return {
    summary: "prove the corpus: the reference passes it, every known-bad is caught",
    usage,
    options: { rows: FLAGS },
    run: (line, io) => selfTest(line, io, prover),
  };
}

export const selfTestCommand = selfTestWith(prove);

async function selfTest(line: CommandLine<typeof FLAGS>, io: CliIo, prover: typeof prove): Promise<number> {
  const profile = line.get("profile");
  const numbers = line.get("numbers");
  const only = line.get("only");
  for (const name of only ?? []) {
    try {
      knownBad(name);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  }
  const via = line.get("via");
  const command: ViaCommand | undefined =
    via === "in-process" ? undefined : { protocol: via, jobs: availableParallelism(), launcher: thisCli() };
  const connections = command
    ? {
        connect: (bad: KnownBad) => knownBadCommands(bad, command),
        reference: () => referenceCommand(command),
      }
    : {};
  const started = Date.now();
  const proof = await prover({
    profile,
    numbers,
    ...(only ? { only } : {}),
    ...connections,
    ...(via === "lines" ? { linesMode: true } : {}),
  });
  io.stdout.write(formatProof(proof, { verbose: line.get("verbose") }));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  io.stdout.write(`(${numbers} generated numbers per run, known-bads ${via}, ${seconds} s)\n`);
  return proof.ok ? 0 : 1;
}
