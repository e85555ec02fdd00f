// `canon-conformance sign RECORD --key-file KEY [--out FILE] [--force] [--pubkey HEX]`: re-signs a
// record in a job that runs no code under test (issue 12). The record is verified first by every step
// of seed 003 §4 (a refused one gets verify's own outcome line, exit 1, and nothing is written); then
// `key`, `signer_pubkey` and `sig` are replaced and the result is written beside the original.
// The input is never overwritten unless --out names it, and no existing file without --force.
import { randomBytes } from "node:crypto";
import { type FileHandle, open, rename, stat, unlink } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { SetupError } from "../errors.js";
import { asFlag, flag, OPTIONS, optionalRow, parsePublicKey, row } from "../options/index.js";
import { toHex } from "../record/hex.js";
import { KEY_ENV, loadSuppliedKey } from "../record/keys.js";
import { readRecordBytes } from "../record/read.js";
import { refusalLines, resignRecord } from "../record/resign.js";
import { outcomeLine, verifyRecord } from "../record/verify.js";
import { type Command, optionLines, UsageError } from "./command.js";

/** The file name the signed record gets in RECORD's folder when --out is not given. */
export const SIGNED_RECORD_FILE = "record.signed.json";

/** sign's flags: `--key-file` is run's, `--out` the action's sign-mode `out`, and `--pubkey` is read
 * by the parser of the action's `expected-signer`. */
const FLAGS = {
  "key-file": asFlag(OPTIONS["key-file"], {
    type: "string",
    label: "--key-file KEY",
    help: [
      `the signing key: 64 hex digits or a PKCS#8 PEM; or give it in $${KEY_ENV}`,
      "(one of the two, as 'run' reads it)",
    ],
  }),
  out: asFlag(OPTIONS.out, {
    type: "string",
    label: "--out FILE",
    help: [`where to write the signed record (default: ${SIGNED_RECORD_FILE} beside RECORD)`],
  }),
  force: row({
    name: "force",
    default: "false",
    cli: {
      type: "boolean",
      label: "--force",
      help: ["replace FILE if it exists (RECORD itself only when --out names it)"],
    },
    parse: flag,
  }),
  pubkey: optionalRow({
    name: "pubkey",
    cli: {
      type: "string",
      label: "--pubkey HEX",
      help: [
        "refuse unless RECORD was signed by this Ed25519 public key (64 hex digits),",
        "e.g. the run job's signer-pubkey output",
      ],
    },
    parse: (value, c) => parsePublicKey(value, c.subject),
  }),
};

const usage = [
  "usage: canon-conformance sign RECORD [--key-file KEY] [--out FILE] [--force] [--pubkey HEX]",
  "",
  "Verifies a conform-result/1 record by every step of seed 003 §4, as 'verify' does, then signs it",
  'with your key: "key" becomes "supplied", signer_pubkey and sig become your key\'s, and every other',
  "member stays exactly as it was. Meant for a job that runs no code under test: see docs/record.md,",
  '"Re-signing in a second job", for what the new signature then shows.',
  "",
  ...optionLines(Object.values(FLAGS), 18),
  "",
  "Output: the lines 'verify RECORD [--pubkey HEX]' prints; then 'signed record written to FILE',",
  "'public key: <your public key>' and the outcome line of verifying the signed record.",
  "A refused RECORD gets only verify's lines (its reason on stderr), and nothing is written.",
  "",
  "Exit status: 0 signed, 1 RECORD refused or not signed by --pubkey, 2 the command line, the key or a",
  "file could not be used.",
].join("\n");

/** Why a command could not go on: printed as `canon-conformance sign: <message>`, exit 2. */
class SignSetupError extends SetupError {
  override name = "SignSetupError";
}

/** True when `a` and `b` name the same file: the same path, or (both existing) the same inode. */
async function sameFile(a: string, b: string): Promise<boolean> {
  if (resolve(a) === resolve(b)) return true;
  try {
    const [sa, sb] = await Promise.all([stat(a), stat(b)]);
    return sa.dev === sb.dev && sa.ino === sb.ino;
  } catch {
    return false;
  }
}

async function writeAll(handle: FileHandle, bytes: Uint8Array): Promise<void> {
  try {
    await handle.writeFile(bytes);
  } finally {
    await handle.close();
  }
}

/**
 * Writes `bytes` to `out` so that no half-written file is ever left: without `force` into a file
 * created here (removed again if writing fails), with `force` into a new file beside it that then
 * replaces `out` in one rename.
 */
async function writeSigned(out: string, bytes: Uint8Array, force: boolean): Promise<void> {
  const target = force ? join(dirname(out), `.${basename(out)}.${randomBytes(6).toString("hex")}.tmp`) : out;
  let handle: FileHandle;
  try {
    handle = await open(target, "wx", 0o644);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST" && !force) {
      throw new SignSetupError(`cannot write ${out}: it already exists (give --force to replace it)`);
    }
    throw new SignSetupError(`cannot write ${out} (${code ?? String(error)})`);
  }
  try {
    await writeAll(handle, bytes);
    if (force) await rename(target, out);
  } catch (error) {
    await unlink(target).catch(() => {});
    throw new SignSetupError(`cannot write ${out} (${(error as NodeJS.ErrnoException).code ?? error})`);
  }
}

export const signCommand: Command<typeof FLAGS> = {
  summary: "verify a record and re-sign it with your key, in a job that runs no code under test",
  usage,
  options: { rows: FLAGS, operands: true },
  async run(line, io) {
    // Arguments are not echoed: a key pasted in the wrong place must not reach a log.
    if (line.operands.length !== 1) throw new UsageError("give exactly one RECORD file");
    const input = line.operands[0]!;
    if (input === "-") throw new UsageError("RECORD must be a file (the signed record is written beside it)");
    const pubkey = line.get("pubkey");
    const outGiven = line.get("out");
    const out = outGiven ?? join(dirname(input), SIGNED_RECORD_FILE);
    const force = line.get("force");
    const keyFile = line.get("key-file");

    try {
      // The one key loader (src/record/keys.ts): a bad key is a KeyError, said as main says any error.
      const key = loadSuppliedKey({ ...(keyFile ? { keyFile } : {}), env: io.env });
      if (key === undefined) throw new UsageError(`give the signing key: --key-file KEY or $${KEY_ENV}`);
      if (outGiven === undefined && (await sameFile(input, out))) {
        throw new SignSetupError(
          `${input} is itself the default output ${SIGNED_RECORD_FILE}; give --out to say where the signed record goes`,
        );
      }
      let bytes: Uint8Array;
      try {
        bytes = await readRecordBytes(input);
      } catch (error) {
        throw new SignSetupError(`cannot read ${input} (${(error as NodeJS.ErrnoException).code ?? error})`);
      }

      const result = resignRecord(bytes, key, pubkey !== undefined ? { expectedSigner: pubkey } : {});
      if (result.outcome !== "signed") {
        io.stdout.write(`${refusalLines(result).join("\n")}\n`);
        io.stderr.write(`canon-conformance sign: ${result.detail}; nothing was written\n`);
        return 1;
      }
      await writeSigned(out, result.bytes, force);

      const original = result.original;
      const lines = [outcomeLine({ outcome: "accept", conformant: original.conformant, record: original })];
      if (pubkey !== undefined) lines.push("pubkey match");
      lines.push(
        `signed record written to ${out}`,
        `public key: ${toHex(key.publicKey)}`,
        // The file as it is now on disk, read back: what anyone downloading it will check.
        outcomeLine(verifyRecord(await readRecordBytes(out))),
      );
      io.stdout.write(`${lines.join("\n")}\n`);
      return 0;
    } catch (error) {
      if (error instanceof SignSetupError) {
        io.stderr.write(`canon-conformance sign: ${error.message}\n`);
        return 2;
      }
      throw error;
    }
  },
};
