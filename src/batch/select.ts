// What may travel in a batch (docs/protocol.md, "Batches"). A batch is `[` + inputs joined by `,` +
// `]`, so each input is read nested one level down instead of at the top. That reads the same for an
// input whose meaning does not depend on being the top-level value, and only then: the rules below
// keep every other input alone. The assumption that the implementation canonicalizes a value the same
// at the top level and nested is tested at the start of every run (./sentinels.ts).
import { canonicalizeFor } from "../jcs/index.js";
import type { CaseKind, Profile } from "../types.js";
import { shapeOf } from "./shape.js";

/** An input this large is asked alone: a batch of it gains little, and a size limit it is near is the
 * implementation's own business. A numbers block (1,000 numbers) is about 23 KB. */
export const MAX_ITEM_BYTES = 64 * 1024;
/** Nesting deeper than this is asked alone: a batch adds one level, and implementations limit depth
 * at 100 (Ruby), 128 (serde_json), 512 or 1,000; every generated value is far shallower. */
export const MAX_ITEM_DEPTH = 32;

/** The case kinds whose write-side requests may travel in a batch: each asks for the exact canonical
 * form of valid JSON. Refusals (`reject`) and the RFC's open choices (`canon-or-reject`,
 * `consistent-choice`) are always asked alone: a batch would hide the value's own answer. */
const BATCHED_KINDS: ReadonlySet<CaseKind> = new Set([
  "canon",
  "equal",
  "differ",
  "idempotent",
  "roundtrip",
  "numbers",
  "property",
]);

export function kindMayBatch(kind: CaseKind): boolean {
  return BATCHED_KINDS.has(kind);
}

/** The reference's canonical form of `input`, when it may travel in a batch; else why it stays
 * alone. Leading and trailing whitespace travel: the sentinels carry every kind of it at the top. */
export function batchForm(input: Uint8Array, profile: Profile): { expected: Uint8Array } | { alone: string } {
  if (input.length > MAX_ITEM_BYTES) return { alone: `larger than ${MAX_ITEM_BYTES} bytes` };
  const shape = shapeOf(input);
  if (shape.bom) return { alone: "starts with a byte-order mark" };
  if (shape.top === "other") return { alone: "its top-level value is no object or array" };
  if (shape.depth > MAX_ITEM_DEPTH) return { alone: `nested deeper than ${MAX_ITEM_DEPTH}` };
  try {
    return { expected: canonicalizeFor(profile, input) };
  } catch {
    return { alone: "the strict reference refuses it" };
  }
}
