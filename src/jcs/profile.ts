// The profiles (docs/architecture.md, "Judgement"): `rfc8785` keeps strings exactly as sent; `nfc` serves stores
// that normalize on write, and its reference is RFC 8785 after NFC of every string and member name.
// This is the one NFC reference: the corpus's oracle, the self-test, the differential run and the
// vector generator all use it. Two member names that become equal under NFC are a duplicate, and a
// duplicate is refused (RFC 8785 §3.1 requires I-JSON), never silently merged.
import type { Profile } from "../types.js";
import { parse } from "./parse.js";
import { serializeToBytes } from "./serialize.js";
import type { JsonObject, JsonValue } from "./types.js";

/** The walk below recurses; past this depth it refuses (refusing deep nesting is a choice the RFC
 * leaves, and the reference's own parser allows more). On Node's default stack the recursion gives
 * out a little before it (about 1,900 levels): that RangeError is a refusal too, as it always was. */
const MAX_NFC_DEPTH = 2_000;

/** `value` with every string and member name in NFC; throws when two names of one object collide. */
export function nfcValue(value: JsonValue, depth = 0): JsonValue {
  if (depth > MAX_NFC_DEPTH) throw new Error(`nesting deeper than ${MAX_NFC_DEPTH} levels`);
  if (typeof value === "string") return value.normalize("NFC");
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => nfcValue(v, depth + 1));
  // A null prototype, so that a member named `__proto__` stays a member.
  const out = Object.create(null) as JsonObject;
  for (const [name, v] of Object.entries(value)) {
    const normalized = name.normalize("NFC");
    const item = nfcValue(v, depth + 1);
    if (Object.hasOwn(out, normalized))
      throw new Error(`duplicate member name ${JSON.stringify(normalized)}`);
    out[normalized] = item;
  }
  return out;
}

/** The canonical bytes `profile` requires for `input`; throws where its reference refuses it. */
export function canonicalizeFor(profile: Profile, input: Uint8Array): Uint8Array {
  return canonicalizeValueFor(profile, parse(input));
}

/** The canonical bytes `profile` requires for a value already in memory. */
export function canonicalizeValueFor(profile: Profile, value: JsonValue): Uint8Array {
  return serializeToBytes(profile === "rfc8785" ? value : nfcValue(value));
}
