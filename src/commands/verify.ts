// `canon-conformance verify RECORD [--pubkey HEX] [--corpus DIR]`: checks a conform-result/1 record
// offline by seed 003 §4 and prints its outcome line. Each option adds one line after it, checked
// only when the record is accepted (a refused record's members are not worth comparing).
// Exit 0: accepted and every option matched; 1: refused or an option did not match; 2: unreadable.
import { existsSync } from "node:fs";
import { join } from "node:path";

import { corpusDigest, corpusFiles, vectorsRoot } from "../corpus/index.js";
import { flag, optionalRow, parsePublicKey, row } from "../options/index.js";
import { parseRecordSuite } from "../record/build.js";
import { readRecordBytes, readRecordStream } from "../record/read.js";
import { outcomeLine, verifyRecord } from "../record/verify.js";
import { type ConformResult, SUITES, type SuiteName } from "../types.js";
import { type Command, optionLines, UsageError } from "./command.js";
import type { CliIo } from "./io.js";

/** verify's flags. */
const FLAGS = {
  pubkey: optionalRow({
    name: "pubkey",
    cli: {
      type: "string",
      label: "--pubkey HEX",
      help: [
        "the record must be signed by this Ed25519 public key (64 hex digits):",
        "prints 'pubkey match' or 'pubkey mismatch got=<signer_pubkey>' (the key you gave is not",
        "echoed: a secret seed pasted there by mistake must not reach a log)",
      ],
    },
    // The action's expected-signer reads its key with the same parser, and refuses in the same words.
    parse: (value, c) => parsePublicKey(value, c.subject),
  }),
  corpus: optionalRow({
    name: "corpus",
    cli: {
      type: "string",
      label: "--corpus DIR",
      help: [
        "recompute the corpus digest from the corpus folder DIR (a vectors/ folder, or",
        "a folder holding one) for the suites the record names, and compare:",
        "prints 'corpus match <digest>' or 'corpus mismatch expected=<digest> got=<digest>'",
      ],
    },
    parse: (value) => value,
  }),
  "corpus-shipped": row({
    name: "corpus-shipped",
    default: "false",
    cli: {
      type: "boolean",
      label: "--corpus-shipped",
      help: ["the same, against the corpus shipped with this tool"],
    },
    parse: flag,
  }),
};

const usage = [
  "usage: canon-conformance verify RECORD [--pubkey HEX] [--corpus DIR]",
  "",
  "Checks a conform-result/1 record (seed 003 §4) offline and prints one outcome line:",
  "  accept conformant=true | accept conformant=false | reject step=<n> reason=<code>",
  "RECORD is a file, or - for stdin. A refused record's reason is explained on stderr.",
  "",
  ...optionLines(Object.values(FLAGS), 17),
  "",
  "Exit status: 0 accepted and every option matched, 1 refused or an option did not match,",
  "2 the record could not be read.",
].join("\n");

/** Reads at most MAX_RECORD_BYTES + 1 bytes: enough for the verifier to refuse an oversized record. */
function readBounded(path: string, io: CliIo): Promise<Uint8Array> {
  return path === "-" ? readRecordStream(io.stdin as AsyncIterable<Buffer>) : readRecordBytes(path);
}

/** The suites a record names in its `suite` member, as this tool writes it: `<profile>:<suite,...>`. */
export function suitesOf(suite: string): SuiteName[] | undefined {
  // `<profile>:<suite,...>` then optional ` key=value` run parameters (numbers=, shard=, seed=, ...).
  const names = parseRecordSuite(suite)?.suites;
  if (names === undefined) return undefined;
  if (!names.every((n): n is SuiteName => (SUITES as readonly string[]).includes(n))) return undefined;
  return names;
}

function corpusFolder(dir: string): string {
  // A package root or checkout holds vectors/; the corpus folder itself holds VERSION.
  if (!existsSync(join(dir, "VERSION")) && existsSync(join(dir, "vectors", "VERSION")))
    return join(dir, "vectors");
  return dir;
}

async function corpusLine(record: ConformResult, dir: string): Promise<{ line: string; match: boolean }> {
  const suites = suitesOf(record.suite);
  if (suites === undefined) {
    return {
      line: `corpus unchecked: the record's suite ${JSON.stringify(record.suite)} names no known suites`,
      match: false,
    };
  }
  const files = await corpusFiles(corpusFolder(dir), suites);
  const digest = corpusDigest(files);
  if (digest === record.corpus.digest && files.length === record.corpus.files) {
    return { line: `corpus match ${digest}`, match: true };
  }
  if (digest !== record.corpus.digest) {
    return { line: `corpus mismatch expected=${digest} got=${record.corpus.digest}`, match: false };
  }
  return { line: `corpus mismatch files expected=${files.length} got=${record.corpus.files}`, match: false };
}

export const verifyCommand: Command<typeof FLAGS> = {
  summary: "check a signed conform-result/1 record offline (seed 003 §4)",
  usage,
  options: { rows: FLAGS, operands: true },
  async run(line, io) {
    if (line.operands.length !== 1) throw new UsageError("give exactly one RECORD file");
    const pubkey = line.get("pubkey");
    const corpus = line.get("corpus");
    const shipped = line.get("corpus-shipped");
    if (corpus !== undefined && shipped) {
      throw new UsageError("give --corpus DIR or --corpus-shipped, not both");
    }
    const corpusDir = shipped ? vectorsRoot() : corpus;

    const path = line.operands[0]!;
    let bytes: Uint8Array;
    try {
      bytes = await readBounded(path, io);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      io.stderr.write(`canon-conformance verify: cannot read ${path} (${code})\n`);
      return 2;
    }

    const result = verifyRecord(bytes);
    io.stdout.write(`${outcomeLine(result)}\n`);
    if (result.outcome === "reject") {
      io.stderr.write(`canon-conformance verify: ${result.detail}\n`);
      return 1;
    }
    let allMatch = true;
    if (pubkey !== undefined) {
      const got = result.record.signer_pubkey;
      const match = got === pubkey;
      // The given key is not echoed back: 64 hex digits is also what a secret seed looks like.
      io.stdout.write(match ? "pubkey match\n" : `pubkey mismatch got=${got}\n`);
      allMatch &&= match;
    }
    if (corpusDir !== undefined) {
      let checked: { line: string; match: boolean };
      try {
        checked = await corpusLine(result.record, corpusDir);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        io.stderr.write(`canon-conformance verify: cannot read the corpus at ${corpusDir}: ${message}\n`);
        return 2;
      }
      const { line, match } = checked;
      io.stdout.write(`${line}\n`);
      allMatch &&= match;
    }
    return allMatch ? 0 : 1;
  },
};
