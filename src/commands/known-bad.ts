// `canon-conformance known-bad NAME`: a deliberately broken canonicalizer as a command speaking the
// command-adapter protocol, so the self-test's proof can also go through the real command path
// (`canon-conformance run --command "canon-conformance known-bad NAME"` must come out not conformant).

import { CHECK_TITLES } from "../checks/titles.js";
import { KNOWN_BADS, knownBad } from "../known-bad/index.js";
import { flag, row } from "../options/index.js";
import { LINES_FLAG, START_MS_FLAG, startCost } from "./canonicalize.js";
import { type Command, optionLines, UsageError } from "./command.js";
import { serveLines, serveOnce } from "./serve-protocol.js";

/** known-bad's flags; `--lines` is canonicalize's. */
const FLAGS = {
  lines: LINES_FLAG,
  "read-side": row({
    name: "read-side",
    default: "false",
    cli: {
      type: "boolean",
      label: "--read-side",
      help: [
        "serve its read side (I4's store normalizer); a known-bad without one serves its",
        "write side, as a single-form canonicalizer does",
      ],
    },
    parse: flag,
  }),
  "start-ms": START_MS_FLAG,
  list: row({
    name: "list",
    default: "false",
    cli: {
      type: "boolean",
      label: "--list",
      help: ["list the known-bads, the checks each must be caught by, and what each gets wrong"],
    },
    parse: flag,
  }),
};

const usage = [
  "usage: canon-conformance known-bad NAME [--lines] [--read-side] [--start-ms N]",
  "       canon-conformance known-bad --list",
  "",
  "Runs the known-bad canonicalizer NAME as a command: the input on stdin, its (wrong) canonical form",
  "on stdout, exit 1 with a reason on stderr to reject. Every known-bad is a realistic fault; the",
  "self-test proves the corpus catches each one.",
  "",
  ...optionLines(Object.values(FLAGS), 15),
].join("\n");

function list(): string {
  const width = Math.max(...KNOWN_BADS.map((k) => k.name.length));
  const lines = KNOWN_BADS.map((k) => {
    const profile = k.profile && k.profile !== "rfc8785" ? ` (profile ${k.profile})` : "";
    const read = k.read ? " [has a read side]" : "";
    return `${k.name.padEnd(width)}  caught by ${k.caughtBy.join(", ")}${profile}${read}\n${"".padEnd(width)}  ${k.description}`;
  });
  const checks = Object.entries(CHECK_TITLES).map(([id, title]) => `  ${id.padEnd(15)} ${title}`);
  return `${lines.join("\n")}\n\nchecks:\n${checks.join("\n")}\n`;
}

export const knownBadCommand: Command<typeof FLAGS> = {
  summary: "run a deliberately broken canonicalizer as a command (--list to list them)",
  usage,
  options: { rows: FLAGS, operands: true },
  async run(line, io) {
    const positionals = line.operands;
    if (line.get("list")) {
      if (positionals.length > 0) throw new UsageError("--list takes no NAME");
      io.stdout.write(list());
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError("give exactly one known-bad NAME (or --list)");
    let bad: ReturnType<typeof knownBad>;
    try {
      bad = knownBad(positionals[0]!);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const transform = line.get("read-side") ? (bad.read ?? bad.write) : bad.write;
    await startCost(line.get("start-ms"));
    const serve = { input: io.stdin, output: io.stdout, errors: io.stderr };
    return line.get("lines") ? serveLines(transform, serve) : serveOnce(transform, serve);
  },
};
