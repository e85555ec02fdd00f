// Ed25519 verification by WAI's strict rule (seed 003 §3, SPEC §7): the public key A canonically
// encoded and not of small order, S < L, R canonically encoded and not of small order, and the
// cofactorless equation [S]B = R + [k]A checked by encoding [S]B - [k]A and comparing it with R's
// bytes. noble's verify(..., {zip215: false}) checks the encodings, S < L and small-order keys, but
// accepts a small-order R and checks the cofactored equation [8][S]B = [8]R + [8][k]A, under which a
// mixed-order key or a torsioned R can pass: so the rule is built here on noble's Point arithmetic.
import { ed, sha512 } from "./noble.js";

const { Point } = ed;
type Point = InstanceType<typeof Point>;

/** The order of the prime subgroup, L = 2^252 + 27742317777372353535851937790883648493 (RFC 8032 §5.1). */
export const L = 2n ** 252n + 27742317777372353535851937790883648493n;
/** The field prime p = 2^255 - 19. */
export const P = 2n ** 255n - 19n;

/** Why a signature fails the strict rule; `null` from {@link strictFailure} means it holds. */
export type StrictFailure =
  | "key-length"
  | "key-encoding"
  | "key-small-order"
  | "signature-length"
  | "s-out-of-range"
  | "r-encoding"
  | "r-small-order"
  | "equation";

export function bytesToNumberLE(bytes: Uint8Array): bigint {
  let n = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(bytes[i]!);
  return n;
}

export function numberToBytesLE(n: bigint, length = 32): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++, n >>= 8n) out[i] = Number(n & 0xffn);
  return out;
}

/** Decodes a point only from its one canonical encoding (y < p, and no sign bit when x = 0). */
function decodeCanonical(bytes: Uint8Array): Point | null {
  let point: Point;
  try {
    point = Point.fromBytes(bytes, false);
  } catch {
    return null;
  }
  // fromBytes(zip215 = false) already refuses y >= p and a set sign bit with x = 0; re-encoding
  // and comparing states the rule itself, so it holds whatever noble's decoder does.
  return equalBytes(point.toBytes(), bytes) ? point : null;
}

function isSmallOrder(point: Point): boolean {
  return point.multiplyUnsafe(8n).is0();
}

/** A loop, not src/bytes.ts's Buffer: the browser page bundles this verifier, and has no Buffer. */
function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The first strict-rule check that `signature` fails over `message` under `publicKey`, or null. */
export function strictFailure(
  signature: Uint8Array,
  message: Uint8Array,
  publicKey: Uint8Array,
): StrictFailure | null {
  if (publicKey.length !== 32) return "key-length";
  if (signature.length !== 64) return "signature-length";
  const A = decodeCanonical(publicKey);
  if (A === null) return "key-encoding";
  if (isSmallOrder(A)) return "key-small-order";
  const rBytes = signature.subarray(0, 32);
  const S = bytesToNumberLE(signature.subarray(32, 64));
  if (S >= L) return "s-out-of-range";
  const R = decodeCanonical(rBytes);
  if (R === null) return "r-encoding";
  if (isSmallOrder(R)) return "r-small-order";
  // k = SHA-512(R || A || M) mod L, over the bytes as given (RFC 8032 §5.1.7 step 2).
  const hashInput = new Uint8Array(64 + message.length);
  hashInput.set(rBytes, 0);
  hashInput.set(publicKey, 32);
  hashInput.set(message, 64);
  const k = bytesToNumberLE(sha512(hashInput)) % L;
  // Cofactorless: [S]B - [k]A must encode to exactly R's bytes.
  const check = Point.BASE.multiplyUnsafe(S).subtract(A.multiplyUnsafe(k));
  return equalBytes(check.toBytes(), rBytes) ? null : "equation";
}

/** True when `signature` is a valid Ed25519 signature of `message` under `publicKey` by the strict rule. */
export function verifyStrict(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  return strictFailure(signature, message, publicKey) === null;
}

/** A pure Ed25519 signature (RFC 8032 §5.1.6) by noble; deterministic for a given seed and message. */
export function signEd25519(message: Uint8Array, seed: Uint8Array): Uint8Array {
  return ed.sign(message, seed);
}
