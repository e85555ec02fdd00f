// The expected bytes: the reference RFC 8785 canonicalizer (src/jcs), and under profile `nfc` the
// same after NFC of every string and member name (DESIGN.md "Profiles").
import { canonicalize, canonicalizeValue, type JsonValue, parse } from "../jcs/index.js";
import type { Profile } from "../types.js";

const encoder = new TextEncoder();

/** What the profile requires for `text`; throws when the reference refuses it (a generator bug). */
export function expectedFor(text: string, profile: Profile): Uint8Array {
  const bytes = encoder.encode(text);
  try {
    return profile === "rfc8785" ? canonicalize(bytes) : canonicalizeValue(nfc(parse(bytes)));
  } catch (error) {
    throw new Error(
      `the generator wrote JSON the reference refuses (${error instanceof Error ? error.message : error})`,
    );
  }
}

/** The value's canonical bytes under the profile, straight from the value. */
export function expectedOfValue(value: JsonValue, profile: Profile): Uint8Array {
  return canonicalizeValue(profile === "rfc8785" ? value : nfc(value));
}

function nfc(value: JsonValue): JsonValue {
  if (typeof value === "string") return value.normalize("NFC");
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(nfc);
  return Object.fromEntries(Object.entries(value).map(([name, v]) => [name.normalize("NFC"), nfc(v)]));
}
