// `canon-conformance canonicalize`: the reference RFC 8785 canonicalizer as a command that speaks
// the command-adapter protocol (docs/protocol.md), the baseline users diff their own implementation against.

import { canonicalize, keccak256Hex, type ParseOptions, sha256Hex } from "../jcs/index.js";
import { type Command, parseCommandArgs, UsageError } from "./command.js";
import type { CliIo } from "./io.js";
import { serveLines, serveOnce, type Transform } from "./serve-protocol.js";

const usage = `usage: canon-conformance canonicalize [--lines] [--digest sha256|keccak256] [options]

Reads JSON from stdin and writes its RFC 8785 canonical form to stdout (no trailing LF). Input it
refuses (not JSON, not UTF-8, not I-JSON) exits 1 with the reason on stderr.

  --lines                    one request per stdin line, one answer line each ('!reason' to refuse)
  --digest sha256|keccak256  write the lowercase hex digest of the canonical form instead
  --bom reject|ignore        a leading byte-order mark (default: reject)
  --big-integers round|reject
                             integers beyond 2^53-1 (default: round to the nearest double)
  --max-depth N              the deepest nesting accepted (default: 10000)
  --demo                     canonicalize a bundled example and show its canonical form and digests`;

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

function choice<T extends string>(
  name: string,
  value: string | undefined,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`--${name} must be one of ${allowed.join(", ")}, got '${value}'`);
  }
  return value as T;
}

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

export const canonicalizeCommand: Command = {
  summary: "the reference RFC 8785 canonicalizer, speaking the command protocol (stdin to stdout)",
  usage,
  async run(argv, io) {
    const { values } = parse(argv);
    const options: ParseOptions = {
      bom: choice("bom", values.bom, ["reject", "ignore"] as const),
      bigIntegers: choice("big-integers", values["big-integers"], ["round", "reject"] as const),
    };
    if (values["max-depth"] !== undefined) {
      const text = values["max-depth"];
      if (!/^\d+$/.test(text)) throw new UsageError(`--max-depth must be a whole number, got '${text}'`);
      options.maxDepth = Number(text);
    }
    const digest = choice("digest", values.digest, ["sha256", "keccak256"] as const);
    if (values.demo) return demo(options, io);

    const encoder = new TextEncoder();
    const transform: Transform =
      digest === undefined
        ? (input) => canonicalize(input, options)
        : (input) => {
            const canonical = canonicalize(input, options);
            return encoder.encode(digest === "sha256" ? sha256Hex(canonical) : keccak256Hex(canonical));
          };
    const serve = { input: io.stdin, output: io.stdout, errors: io.stderr };
    return values.lines ? serveLines(transform, serve) : serveOnce(transform, serve);
  },
};

function parse(argv: string[]) {
  return parseCommandArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      lines: { type: "boolean" },
      digest: { type: "string" },
      bom: { type: "string" },
      "big-integers": { type: "string" },
      "max-depth": { type: "string" },
      demo: { type: "boolean" },
    },
  });
}
