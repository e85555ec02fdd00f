// `canon-conformance canonicalize`: the reference RFC 8785 canonicalizer as a command that speaks
// the command-adapter protocol (docs/protocol.md), the baseline users diff their own implementation against.

import { canonicalize, keccak256Hex, type ParseOptions, sha256Hex } from "../jcs/index.js";
import { flag, optionalRow, parseChoice, parseCount, row } from "../options/index.js";
import { type Command, optionLines } from "./command.js";
import type { CliIo } from "./io.js";
import { serveLines, serveOnce, type Transform } from "./serve-protocol.js";

/** `--lines`: the lines protocol, for `canonicalize` and `known-bad` alike. */
export const LINES_FLAG = row({
  name: "lines",
  default: "false",
  cli: {
    type: "boolean",
    label: "--lines",
    help: ["one request per stdin line, one answer line each ('!reason' to refuse)"],
  },
  parse: flag,
});

/** `--start-ms N`: a process that starts as dearly as a JVM, for `canonicalize` and `known-bad`. */
export const START_MS_FLAG = optionalRow({
  name: "start-ms",
  cli: {
    type: "string",
    label: "--start-ms N",
    help: [
      "wait N ms after starting, before reading its input: a process that starts as dearly as a",
      "JVM (about 500 ms), so that what a run costs in process starts shows in its time",
    ],
  },
  parse: (value, c) => parseCount(value, c.subject, 0, 60_000),
});

/** Waits the start cost `--start-ms` asks for, before any input is read. */
export async function startCost(ms: number | undefined): Promise<void> {
  if (ms !== undefined && ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
}

/** canonicalize's flags; the reference's own defaults stand for a flag not given. */
const FLAGS = {
  lines: LINES_FLAG,
  "start-ms": START_MS_FLAG,
  digest: optionalRow({
    name: "digest",
    cli: {
      type: "string",
      label: "--digest sha256|keccak256",
      help: ["write the lowercase hex digest of the canonical form instead"],
    },
    parse: (value, c) => parseChoice(value, c.subject, ["sha256", "keccak256"] as const),
  }),
  bom: optionalRow({
    name: "bom",
    cli: {
      type: "string",
      label: "--bom reject|ignore",
      help: ["a leading byte-order mark (default: reject)"],
    },
    parse: (value, c) => parseChoice(value, c.subject, ["reject", "ignore"] as const),
  }),
  "big-integers": optionalRow({
    name: "big-integers",
    cli: {
      type: "string",
      label: "--big-integers round|reject",
      help: ["integers beyond 2^53-1 (default: round to the nearest double)"],
    },
    parse: (value, c) => parseChoice(value, c.subject, ["round", "reject"] as const),
  }),
  "max-depth": optionalRow({
    name: "max-depth",
    cli: {
      type: "string",
      label: "--max-depth N",
      help: ["the deepest nesting accepted (default: 10000)"],
    },
    parse: (value, c) => parseCount(value, c.subject),
  }),
  demo: row({
    name: "demo",
    default: "false",
    cli: {
      type: "boolean",
      label: "--demo",
      help: ["canonicalize a bundled example and show its canonical form and digests"],
    },
    parse: flag,
  }),
};

const usage = [
  "usage: canon-conformance canonicalize [--lines] [--digest sha256|keccak256] [options]",
  "",
  "Reads JSON from stdin and writes its RFC 8785 canonical form to stdout (no trailing LF). Input it",
  "refuses (not JSON, not UTF-8, not I-JSON) exits 1 with the reason on stderr.",
  "",
  ...optionLines(Object.values(FLAGS), 29),
].join("\n");

/** The example --demo shows: RFC 8785 §3.2.2's own, then §3.2.3's sorting example. */
export const DEMO_DOCUMENT = `{
  "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
  "string": "\\u20ac$\\u000F\\u000aA'\\u0042\\u0022\\u005c\\\\\\"\\/",
  "literals": [null, true, false],
  "sorting": {
    "\\u20ac": "Euro Sign",
    "\\r": "Carriage Return",
    "\\ufb33": "Hebrew Letter Dalet With Dagesh",
    "1": "One",
    "\\ud83d\\ude00": "Emoji: Grinning Face",
    "\\u0080": "Control",
    "\\u00f6": "Latin Small Letter O With Diaeresis"
  }
}`;

function demo(options: ParseOptions, io: CliIo): number {
  const input = new TextEncoder().encode(DEMO_DOCUMENT);
  const canonical = canonicalize(input, options);
  const out = [
    "input (RFC 8785 §3.2.2 and §3.2.3 examples):",
    DEMO_DOCUMENT,
    "",
    `canonical form (${canonical.length} bytes):`,
    new TextDecoder().decode(canonical),
    "",
    `sha256:    ${sha256Hex(canonical)}`,
    `keccak256: ${keccak256Hex(canonical)}`,
    "",
  ];
  io.stdout.write(out.join("\n"));
  return 0;
}

export const canonicalizeCommand: Command<typeof FLAGS> = {
  summary: "the reference RFC 8785 canonicalizer, speaking the command protocol (stdin to stdout)",
  usage,
  options: { rows: FLAGS },
  async run(line, io) {
    const maxDepth = line.get("max-depth");
    const options: ParseOptions = {
      bom: line.get("bom"),
      bigIntegers: line.get("big-integers"),
      ...(maxDepth !== undefined ? { maxDepth } : {}),
    };
    const digest = line.get("digest");
    if (line.get("demo")) return demo(options, io);
    await startCost(line.get("start-ms"));

    const encoder = new TextEncoder();
    const transform: Transform =
      digest === undefined
        ? (input) => canonicalize(input, options)
        : (input) => {
            const canonical = canonicalize(input, options);
            return encoder.encode(digest === "sha256" ? sha256Hex(canonical) : keccak256Hex(canonical));
          };
    const serve = { input: io.stdin, output: io.stdout, errors: io.stderr };
    return line.get("lines") ? serveLines(transform, serve) : serveOnce(transform, serve);
  },
};
