// `canon-conformance self-test`: proves the corpus, in this process. The reference must pass every
// case; each known-bad must be caught by every check it declares; every expectation kind must be
// shown able to fail. Exit 0 only when all of that holds, 1 when a claim breaks.
import { availableParallelism } from "node:os";

import { type KnownBad, knownBad } from "../known-bad/index.js";
import { formatProof } from "../known-bad/proof-report.js";
import { prove } from "../known-bad/prove.js";
import { knownBadCommands, referenceCommand, thisCli, type ViaCommand } from "../known-bad/via-command.js";
import { OptionError, parseCount, parseProfile } from "../options/index.js";
import { type Command, parseCommandArgs, UsageError } from "./command.js";
import type { CliIo } from "./io.js";

/** Generated numbers per known-bad: enough for the number formatters to show, quick for ~25 runs. */
const DEFAULT_SELF_TEST_NUMBERS = 10_000;

const usage = `usage: canon-conformance self-test [--profile rfc8785|nfc] [--numbers N] [--only NAME,...]
                                   [--via in-process|lines|once] [--verbose]

Runs the whole corpus against the reference canonicalizer (every case must pass) and against each
known-bad canonicalizer (each must be caught by every check it declares), in this process, and
prints a table of known-bads against checks. Exits 0 only when every claim holds and every kind of
check is shown able to fail.

  --profile rfc8785|nfc  the profile the reference is proven under first (default: rfc8785); the
                         cases the other profile changes are then run against its own reference
  --numbers N            generated numbers per run (default: ${DEFAULT_SELF_TEST_NUMBERS})
  --only NAME,...        run only these known-bads (their claims are judged; "every check can
                         fail" is not, as a few known-bads need not cover every check)
  --via in-process|lines|once
                         how the known-bads and the RFC 8785 reference are reached: in this
                         process (default, fast), or as commands of this CLI ('known-bad NAME',
                         'canonicalize') through the real adapters in lines or once mode
  --verbose              show, for each declared check, the first case that caught the known-bad`;

/** The self-test command proving with `prover` (tests hand it a proof they already made). */
export function selfTestWith(prover: typeof prove): Command {
  return {
    summary: "prove the corpus: the reference passes it, every known-bad is caught",
    usage,
    run: (argv, io) => selfTest(argv, io, prover),
  };
}

export const selfTestCommand = selfTestWith(prove);

async function selfTest(argv: string[], io: CliIo, prover: typeof prove): Promise<number> {
  const { values } = parseCommandArgs({
    args: argv,
    options: {
      profile: { type: "string" },
      numbers: { type: "string" },
      only: { type: "string" },
      via: { type: "string" },
      verbose: { type: "boolean" },
    },
    strict: true,
    allowPositionals: false,
  });
  let profile: ReturnType<typeof parseProfile>;
  let numbers: number;
  try {
    profile = parseProfile(values.profile);
    numbers = parseCount(values.numbers, "--numbers", DEFAULT_SELF_TEST_NUMBERS, 1);
  } catch (error) {
    if (error instanceof OptionError) throw new UsageError(error.message);
    throw error;
  }
  const only = values.only
    ?.split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  for (const name of only ?? []) {
    try {
      knownBad(name);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  }
  const via = values.via ?? "in-process";
  if (via !== "in-process" && via !== "lines" && via !== "once") {
    throw new UsageError(`--via must be in-process, lines or once, not '${via}'`);
  }
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
  io.stdout.write(formatProof(proof, { verbose: values.verbose ?? false }));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  io.stdout.write(`(${numbers} generated numbers per run, known-bads ${via}, ${seconds} s)\n`);
  return proof.ok ? 0 : 1;
}
