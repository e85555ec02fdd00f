// The constants of conform-result/1 (seed 003) and this tool's reading limits. The independent
// Python verifier uses the same two limits, so a record is refused for size or depth by both or by
// neither: change them only together.

/** The value of the member `wai` (§2). */
export const FORMAT = "conform-result/1";

/** §3: the 18 bytes `wai:conform-result` and the byte 0x01 that precede the signed record. */
export const SIGNING_PREFIX: Uint8Array = new Uint8Array([
  ...new TextEncoder().encode("wai:conform-result"),
  0x01,
]);

/** A record larger than this many bytes is refused as malformed (§8 "Bounded reading"). */
export const MAX_RECORD_BYTES = 32 * 1024 * 1024;

/** The deepest nesting of arrays and objects read: the record object itself is depth 1. */
export const MAX_DEPTH = 32;

/** The largest integer §2 allows: 2^53 - 1. */
export const MAX_INTEGER = 2 ** 53 - 1;
