// Digests of canonical bytes, as lowercase hex. Keccak-256 is Ethereum's (the original Keccak
// padding), not the standardized SHA3-256: they differ on every input, and Node's crypto has only the
// latter, so Keccak-256 is noble's JavaScript. SHA-256 is Node's own (OpenSSL's): every shown output
// that is cut carries one (src/checks/show.ts), and noble's took seconds of a run's CPU there. The
// browser page hashes nothing through this file (scripts/build-verify-page.ts refuses node: imports).
import { createHash } from "node:crypto";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex } from "@noble/hashes/utils.js";

export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export function keccak256Hex(bytes: Uint8Array): string {
  return bytesToHex(keccak_256(bytes));
}
