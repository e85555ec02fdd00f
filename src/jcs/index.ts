// The reference RFC 8785 (JCS) canonicalizer: strict parse, serialize, digests. Everything the
// rest of the project needs from src/jcs/ is exported here.
import { parse } from "./parse.js";
import { serializeToBytes } from "./serialize.js";
import type { JsonValue, ParseOptions } from "./types.js";

export { keccak256Hex, sha256Hex } from "./digest.js";
export { JcsError } from "./errors.js";
export { parse } from "./parse.js";
export { canonicalizeFor, canonicalizeValueFor, nfcValue } from "./profile.js";
export { serialize } from "./serialize.js";
export { DEFAULT_MAX_DEPTH, type JsonObject, type JsonValue, type ParseOptions } from "./types.js";

/** UTF-8 bytes in, RFC 8785 canonical UTF-8 bytes out; throws JcsError for input it refuses. */
export function canonicalize(bytes: Uint8Array, options?: ParseOptions): Uint8Array {
  return serializeToBytes(parse(bytes, options), bytes.length);
}

/** The canonical UTF-8 bytes of a value already in memory. */
export function canonicalizeValue(value: JsonValue): Uint8Array {
  return serializeToBytes(value);
}
