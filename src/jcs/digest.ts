// Digests of canonical bytes, as lowercase hex. Keccak-256 is Ethereum's (the original Keccak
// padding), not the standardized SHA3-256: they differ on every input.

import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex } from "@noble/hashes/utils.js";

export function sha256Hex(bytes: Uint8Array): string {
  return bytesToHex(sha256(bytes));
}

export function keccak256Hex(bytes: Uint8Array): string {
  return bytesToHex(keccak_256(bytes));
}
