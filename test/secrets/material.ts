// Distinctive key material for the secret-hygiene tests, every malformed form of it a user could
// supply, and the search for it in any text a run leaves behind: the seed in hex (either case), any
// 8 or more of its hex digits in a row, in base64 and base64url, and the body of any PEM supplied.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";

/** A seed no output could contain by chance: a hash of a sentence, not a pattern. */
export const SEED_HEX = createHash("sha256")
  .update("canon-conformance secret hygiene: this seed must never be seen")
  .digest("hex");
const SEED = Buffer.from(SEED_HEX, "hex");

// PKCS#8 for Ed25519 (RFC 8410 §7): the 16-byte header every such key shares, then the seed.
const PKCS8_ED25519_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

function pem(der: Buffer): string {
  const body = der
    .toString("base64")
    .match(/.{1,64}/g)!
    .join("\n");
  return `-----BEGIN PRIVATE KEY-----\n${body}\n-----END PRIVATE KEY-----\n`;
}

export const GOOD_PEM = pem(Buffer.concat([PKCS8_ED25519_PREFIX, SEED]));

/** A PEM written by openssl for another algorithm; undefined if openssl cannot make one here. */
function opensslKey(args: string[]): string | undefined {
  try {
    return execFileSync("openssl", ["genpkey", ...args], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
  } catch {
    return undefined;
  }
}

export interface KeyCase {
  name: string;
  /** The key file's bytes (and, if it has no NUL, the environment variable's value). */
  text: Buffer;
}

/** Keys that parse: the seed as hex (both cases, with a final newline) and as PEM. */
export const GOOD_KEYS: KeyCase[] = [
  { name: "hex", text: Buffer.from(SEED_HEX) },
  { name: "HEX with a newline", text: Buffer.from(`${SEED_HEX.toUpperCase()}\n`) },
  { name: "PEM", text: Buffer.from(GOOD_PEM) },
];

const ed448 = opensslKey(["-algorithm", "ed448"]);
const rsa = opensslKey(["-algorithm", "rsa", "-pkeyopt", "rsa_keygen_bits:1024"]);

/** Keys a run must refuse, each carrying real secret material the error must not repeat. */
export const BAD_KEYS: KeyCase[] = [
  { name: "a typo (g for a digit)", text: Buffer.from(`${SEED_HEX.slice(0, 30)}g${SEED_HEX.slice(31)}`) },
  { name: "62 hex digits", text: Buffer.from(SEED_HEX.slice(0, 62)) },
  { name: "66 hex digits", text: Buffer.from(`${SEED_HEX}ab`) },
  { name: "63 hex digits (odd)", text: Buffer.from(SEED_HEX.slice(0, 63)) },
  { name: "0x and the seed", text: Buffer.from(`0x${SEED_HEX}`) },
  { name: "a space inside", text: Buffer.from(`${SEED_HEX.slice(0, 32)} ${SEED_HEX.slice(32)}`) },
  { name: "two newlines after it", text: Buffer.from(`${SEED_HEX}\n\n`) },
  { name: "the seed in base64", text: Buffer.from(SEED.toString("base64")) },
  { name: "PEM truncated (no END line)", text: Buffer.from(GOOD_PEM.split("\n").slice(0, 2).join("\n")) },
  {
    name: "PEM body cut short",
    text: Buffer.from(GOOD_PEM.replace(/\n(.{40})[^\n]*\n-----END/, "\n$1\n-----END")),
  },
  { name: "PEM with a bad base64 character", text: Buffer.from(GOOD_PEM.replace(/\n(.{30})./, "\n$1*")) },
  { name: "PEM with text before it", text: Buffer.from(`my key:\n${GOOD_PEM}`) },
  { name: "PEM as EC PRIVATE KEY", text: Buffer.from(GOOD_PEM.replace(/PRIVATE KEY/g, "EC PRIVATE KEY")) },
  {
    name: "binary garbage around the seed",
    text: Buffer.concat([Buffer.from([0xff, 0xfe, 0x01]), Buffer.from(SEED_HEX), Buffer.from([0x80, 0xc3])]),
  },
  { name: "the raw 32 seed bytes", text: SEED },
  { name: "empty", text: Buffer.alloc(0) },
  ...(ed448 ? [{ name: "PEM of an Ed448 key", text: Buffer.from(ed448) }] : []),
  ...(rsa ? [{ name: "PEM of an RSA key", text: Buffer.from(rsa) }] : []),
];

/** The forms a leak of `supplied` (and of the test seed) could take in a text. */
function forms(supplied: Buffer): string[] {
  const found = new Set<string>();
  const addBytes = (bytes: Buffer) => {
    if (bytes.length < 8) return;
    found.add(bytes.toString("base64").replace(/=+$/, ""));
    found.add(bytes.toString("base64url"));
  };
  addBytes(SEED);
  addBytes(supplied);
  // The PEM bodies' base64, past the header every key of an algorithm shares (not secret).
  const text = supplied.toString("latin1");
  for (const match of text.matchAll(/-----BEGIN [A-Z ]+-----\r?\n([\s\S]*?)(?:-----END|$)/g)) {
    const body = match[1]!.replace(/\s+/g, "");
    for (let i = 40; i + 16 <= body.length; i += 8) found.add(body.slice(i, i + 16));
  }
  return [...found].filter((f) => f.length >= 8);
}

/** Every run of 8 hex digits of the seed, and of any hex run of 8+ in the supplied text. */
function hexWindows(supplied: Buffer): Set<string> {
  const windows = new Set<string>();
  const runs = [SEED_HEX, ...(supplied.toString("latin1").match(/[0-9a-fA-F]{8,}/g) ?? [])];
  for (const run of runs)
    for (let i = 0; i + 8 <= run.length; i++) windows.add(run.slice(i, i + 8).toLowerCase());
  return windows;
}

/** Where in `text` (named `where`) the key shows, if anywhere: a list of what was seen. */
export function leaksIn(where: string, text: string, supplied: Buffer = SEED): string[] {
  const problems: string[] = [];
  const lower = text.toLowerCase();
  for (const window of hexWindows(supplied)) {
    if (lower.includes(window)) problems.push(`${where} holds the hex digits ${window}`);
  }
  for (const form of forms(supplied)) if (text.includes(form)) problems.push(`${where} holds ${form}`);
  return problems;
}
