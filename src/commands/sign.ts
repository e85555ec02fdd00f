// `canon-conformance sign RECORD --key-file KEY [--out FILE] [--force] [--pubkey HEX]`: re-signs a
// record in a job that runs no code under test (issue 12). The record is verified first by every step
// of seed 003 §4 (a refused one gets verify's own outcome line, exit 1, and nothing is written); then
// `key`, `signer_pubkey` and `sig` are replaced and the result is written beside the original.
// The input is never overwritten unless --out names it, and no existing file without --force.
import { randomBytes } from "node:crypto";
import { type FileHandle, open, rename, stat, unlink } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { SetupError } from "../errors.js";
import { toHex } from "../record/hex.js";
import { KEY_ENV, KeyError, loadSuppliedKey } from "../record/keys.js";
import { readRecordBytes } from "../record/read.js";
import { refusalLines, resignRecord } from "../record/resign.js";
import { outcomeLine, verifyRecord } from "../record/verify.js";
import type { SigningKey } from "../types.js";
import { type Command, parseCommandArgs, UsageError } from "./command.js";

/** The file name the signed record gets in RECORD's folder when --out is not given. */
export const SIGNED_RECORD_FILE = "record.signed.json";

const usage = `usage: canon-conformance sign RECORD [--key-file KEY] [--out FILE] [--force] [--pubkey HEX]

Verifies a conform-result/1 record by every step of seed 003 §4, as 'verify' does, then signs it
with your key: "key" becomes "supplied", signer_pubkey and sig become your key's, and every other
member stays exactly as it was. Meant for a job that runs no code under test: see docs/record.md,
"Re-signing in a second job", for what the new signature then shows.

  --key-file KEY  the signing key: 64 hex digits or a PKCS#8 PEM; or give it in $${KEY_ENV}
                  (one of the two, as 'run' reads it)
  --out FILE      where to write the signed record (default: ${SIGNED_RECORD_FILE} beside RECORD)
  --force         replace FILE if it exists (RECORD itself only when --out names it)
  --pubkey HEX    refuse unless RECORD was signed by this Ed25519 public key (64 hex digits),
                  e.g. the run job's signer-pubkey output

Output: the lines 'verify RECORD [--pubkey HEX]' prints; then 'signed record written to FILE',
'public key: <your public key>' and the outcome line of verifying the signed record.
A refused RECORD gets only verify's lines (its reason on stderr), and nothing is written.

Exit status: 0 signed, 1 RECORD refused or not signed by --pubkey, 2 the command line, the key or a
file could not be used.`;

/** Why a command could not go on: printed as `canon-conformance sign: <message>`, exit 2. */
class SignSetupError extends SetupError {
  override name = "SignSetupError";
}

function readKey(keyFile: string | undefined, env: NodeJS.ProcessEnv): SigningKey {
  let key: SigningKey | undefined;
  try {
    key = loadSuppliedKey({ ...(keyFile !== undefined ? { keyFile } : {}), env });
  } catch (error) {
    // KeyError messages never contain the key; anything else might, so say only where it came from.
    if (error instanceof KeyError) throw new SignSetupError(error.message);
    throw new SignSetupError(`could not read the signing key${keyFile ? ` from ${keyFile}` : ""}`);
  }
  if (key === undefined) throw new UsageError(`give the signing key: --key-file KEY or $${KEY_ENV}`);
  return key;
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

export const signCommand: Command = {
  summary: "verify a record and re-sign it with your key, in a job that runs no code under test",
  usage,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs({
      args: argv,
      allowPositionals: true,
      options: {
        "key-file": { type: "string" },
        out: { type: "string" },
        force: { type: "boolean" },
        pubkey: { type: "string" },
      },
    });
    // Positionals are not echoed: a key pasted in the wrong place must not reach a log.
    if (positionals.length !== 1) throw new UsageError("give exactly one RECORD file");
    const input = positionals[0]!;
    if (input === "-") throw new UsageError("RECORD must be a file (the signed record is written beside it)");
    const pubkey = values.pubkey?.toLowerCase();
    if (pubkey !== undefined && !/^[0-9a-f]{64}$/.test(pubkey)) {
      throw new UsageError("--pubkey must be an Ed25519 public key as 64 hex digits");
    }
    const out = values.out ?? join(dirname(input), SIGNED_RECORD_FILE);
    const force = values.force ?? false;

    try {
      const key = readKey(values["key-file"], io.env);
      if (values.out === undefined && (await sameFile(input, out))) {
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
