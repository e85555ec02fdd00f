// Signing keys (seed 003 §6): `ephemeral`, made for one run and never written anywhere, or
// `supplied`, a key the runner holds, read from --key-file FILE, CANON_CONFORMANCE_KEY or the action's
// `signing-key` input, by the one loader every face uses (loadSuppliedKey). A supplied
// key is a 32-byte seed as 64 hex digits, or a PKCS#8 PEM as `openssl genpkey -algorithm ed25519`
// writes it. No error here ever shows the key text or any part of it: a message says what was wrong
// in general terms only.
import { closeSync, openSync, readSync } from "node:fs";
import { resolve } from "node:path";
import { inspect } from "node:util";
import { CanonError } from "../errors.js";
import { scrubProcessSecrets } from "../sandbox/scrub.js";
import { hideFromCommands } from "../sandbox/secret-paths.js";
import type { SigningKey } from "../types.js";
import { ed } from "./noble.js";

export { toHex } from "./hex.js";

/** More than any key file holds (a PEM is about 120 bytes): a larger file is the wrong one, and
 * reading stops there, so `--key-file /dev/zero` fails at once instead of filling memory. */
export const MAX_KEY_FILE_BYTES = 16 * 1024;

/** The file's first bytes, up to MAX_KEY_FILE_BYTES; a KeyError if it holds more. */
function readKeyFile(path: string): string {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    throw new KeyError(
      `cannot read the key file ${path} (${(error as NodeJS.ErrnoException).code ?? "unreadable"})`,
    );
  }
  try {
    const buffer = Buffer.alloc(MAX_KEY_FILE_BYTES + 1);
    let length = 0;
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, buffer, length, buffer.length - length, null);
      } catch (error) {
        throw new KeyError(
          `cannot read the key file ${path} (${(error as NodeJS.ErrnoException).code ?? "unreadable"})`,
        );
      }
      if (n === 0) break;
      length += n;
      if (length > MAX_KEY_FILE_BYTES) {
        throw new KeyError(
          `the key file ${path} holds more than ${MAX_KEY_FILE_BYTES} bytes, which no key does (64 hex digits, or a PEM of about 120 bytes): is it the right file?`,
        );
      }
    }
    const text = buffer.toString("utf8", 0, length);
    buffer.fill(0);
    return text;
  } finally {
    closeSync(fd);
  }
}

/** The environment variable a supplied key can come from. */
export const KEY_ENV = "CANON_CONFORMANCE_KEY";

/** A key that could not be read or parsed. Its message never contains key material. */
export class KeyError extends CanonError {
  override name = "KeyError";
}

// PKCS#8 PrivateKeyInfo for Ed25519 (RFC 8410 §7), as OpenSSL writes it: version 0, algorithm
// id-Ed25519 (1.3.101.112), and the seed as an OCTET STRING inside the privateKey OCTET STRING.
const PKCS8_ED25519_PREFIX = Uint8Array.from([
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
]);
const PEM_BEGIN = "-----BEGIN PRIVATE KEY-----";
const PEM_END = "-----END PRIVATE KEY-----";

const KEY_FORMS =
  "a supplied key must be a 32-byte Ed25519 seed as 64 hex digits, or a PKCS#8 PEM as `openssl genpkey -algorithm ed25519` writes it";

/** Makes a SigningKey whose seed stays out of JSON.stringify, console.log and util.inspect. */
export function signingKey(kind: SigningKey["kind"], seed: Uint8Array): SigningKey {
  if (seed.length !== 32) throw new KeyError("an Ed25519 seed is 32 bytes");
  const ownSeed = Uint8Array.from(seed);
  const key = { kind, publicKey: ed.getPublicKey(ownSeed) } as SigningKey;
  Object.defineProperty(key, "seed", { value: ownSeed, enumerable: false });
  Object.defineProperty(key, inspect.custom, {
    value: () => `SigningKey { kind: '${kind}', seed: [hidden] }`,
    enumerable: false,
  });
  return Object.freeze(key);
}

/** A fresh random key for one run. It lives only in this process. */
export function ephemeralKey(): SigningKey {
  return signingKey("ephemeral", ed.utils.randomSecretKey());
}

/** Parses a supplied key: 64 hex digits (either case) or an OpenSSL Ed25519 PKCS#8 PEM. */
export function parseSuppliedKey(text: string): SigningKey {
  // One trailing newline is what `echo`, editors and secret stores add; take it off, once.
  const body = text.endsWith("\r\n") ? text.slice(0, -2) : text.endsWith("\n") ? text.slice(0, -1) : text;
  if (/^[0-9a-fA-F]{64}$/.test(body)) {
    return signingKey("supplied", Uint8Array.from(Buffer.from(body, "hex")));
  }
  if (body.startsWith(PEM_BEGIN)) return signingKey("supplied", seedFromPem(body));
  if (body.length === 0) throw new KeyError(`the supplied key is empty; ${KEY_FORMS}`);
  if (/^[0-9a-fA-F]+$/.test(body)) {
    throw new KeyError(`the supplied key has ${body.length} hex digits, not 64; ${KEY_FORMS}`);
  }
  throw new KeyError(`the supplied key is in neither accepted form; ${KEY_FORMS}`);
}

function seedFromPem(pem: string): Uint8Array {
  const lines = pem.split(/\r?\n/);
  const refuse = (what: string): never => {
    throw new KeyError(`the supplied PEM key ${what}; ${KEY_FORMS}`);
  };
  if (lines[0] !== PEM_BEGIN) refuse("does not start with its BEGIN PRIVATE KEY line alone");
  if (lines[lines.length - 1] !== PEM_END) refuse("does not end with its END PRIVATE KEY line");
  const base64 = lines.slice(1, -1).join("");
  // Buffer's decoder skips characters it does not know; check the alphabet and re-encode instead.
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) refuse("has characters that are not base64");
  const der = Buffer.from(base64, "base64");
  if (der.toString("base64") !== base64) refuse("is not well-formed base64");
  if (der.length !== PKCS8_ED25519_PREFIX.length + 32) refuse("is not an Ed25519 PKCS#8 private key");
  for (let i = 0; i < PKCS8_ED25519_PREFIX.length; i++) {
    if (der[i] !== PKCS8_ED25519_PREFIX[i]) refuse("is not an Ed25519 PKCS#8 private key");
  }
  return Uint8Array.from(der.subarray(PKCS8_ED25519_PREFIX.length));
}

/** Where a supplied key is given, as the face has it. */
export interface KeySources {
  /** `--key-file FILE` (the CLI's `run` and `sign`). */
  keyFile?: string;
  /** The environment CANON_CONFORMANCE_KEY is read from (the CLI's; an empty value counts as unset,
   * as GitHub passes a missing secret). */
  env?: NodeJS.ProcessEnv;
  /** An input's text, read and masked by its face (the action's `signing-key`); empty is none. */
  input?: { name: string; text: string };
}

/**
 * The one key loader: the key the runner supplied, from `--key-file`, from CANON_CONFORMANCE_KEY or
 * from the action's input, as a SigningKey; undefined when none is given (each face then says what
 * that means: a key made for the run, or a refusal). Every command and both modes of the action load
 * a key here, so a bad one is refused in the same words everywhere: a KeyError naming where the key
 * came from (`--key-file FILE: `, `CANON_CONFORMANCE_KEY: `, `signing-key: `) and then what is wrong
 * with it in general terms, never any part of it.
 *
 * Once read, the key is kept from the code under test: a key file is hidden in every sandbox this
 * process opens, and its path taken out of /proc/self/cmdline; read from this process's own
 * environment (`env` is process.env), the variable is taken out of it and out of /proc/self/environ.
 * (The action takes its input out of the environment itself, before this: src/action/key.ts.)
 */
export function loadSuppliedKey(from: KeySources): SigningKey | undefined {
  const fromEnv = from.env?.[KEY_ENV];
  const envSet = fromEnv !== undefined && fromEnv !== "";
  if (from.keyFile !== undefined && envSet) {
    throw new KeyError(`both --key-file and ${KEY_ENV} are set; give the key one way only`);
  }
  if (from.keyFile !== undefined) {
    // Its read errors name the file; what it holds is parsed as any supplied key is.
    const text = readKeyFile(from.keyFile);
    hideFromCommands(resolve(from.keyFile));
    scrubProcessSecrets([], { argValues: [from.keyFile] });
    return supplied(`--key-file ${from.keyFile}`, text);
  }
  if (envSet) {
    if (from.env === process.env) scrubProcessSecrets([KEY_ENV]);
    return supplied(KEY_ENV, fromEnv);
  }
  if (from.input !== undefined && from.input.text !== "") return supplied(from.input.name, from.input.text);
  return undefined;
}

/** `text` parsed as a supplied key, its errors named by `where`. A KeyError's message holds no key
 * material; any other error might, so only where the key came from is said of it. */
function supplied(where: string, text: string): SigningKey {
  try {
    return parseSuppliedKey(text);
  } catch (error) {
    throw new KeyError(
      `${where}: ${error instanceof KeyError ? error.message : "the supplied key could not be read"}`,
    );
  }
}
