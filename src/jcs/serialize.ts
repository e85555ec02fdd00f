// The serializer of RFC 8785 §3.2, iterative (nesting lives in explicit arrays, not on the stack).
//
// - Strings (§3.2.2.2): for a well-formed string, JSON.stringify produces exactly the RFC's form:
//   `"` and `\` escaped, U+0008/09/0A/0C/0D as \b \t \n \f \r, other controls below U+0020 as \u00xx
//   with lowercase hex, everything else (including U+007F, U+2028/2029) raw. ES2019 made it escape
//   only lone surrogates beyond that, and those are refused here first.
// - Numbers (§3.2.2.3): the ES6 Number-to-String algorithm is what String(n) is; -0 gives "0".
// - Members (§3.2.3): sorted by UTF-16 code units, which is what Array#sort does with no comparator.
import { JcsError } from "./errors.js";
import type { JsonObject, JsonValue } from "./types.js";

// String#isWellFormed is in Node 20+ (V8 11.x), but not in TypeScript's ES2023 lib.
const isWellFormed = (s: string): boolean => (s as unknown as { isWellFormed(): boolean }).isWellFormed();

function quote(s: string): string {
  if (!isWellFormed(s)) throw new JcsError("lone-surrogate", 0, "a string holds a lone surrogate");
  return JSON.stringify(s);
}

function number(v: number): string {
  if (!Number.isFinite(v)) throw new JcsError("number-out-of-range", 0, `${v} is not a JSON number`);
  return String(v);
}

function notJson(v: unknown): never {
  const what = v === undefined ? "undefined" : typeof v === "object" ? "a non-plain object" : typeof v;
  throw new JcsError("not-json-value", 0, `${what} is not a JSON value`);
}

function isJsonObject(v: object): v is JsonObject {
  const proto = Object.getPrototypeOf(v);
  return proto === null || proto === Object.prototype;
}

/** The RFC 8785 text of `value`. Objects may be plain or null-prototype; a cycle is refused. */
export function serialize(value: JsonValue): string {
  // Through bytes and back: the native decoder makes one flat string faster than joining the chunks.
  return decoder.decode(serializeToBytes(value));
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The RFC 8785 UTF-8 bytes of `value`. */
export function serializeToBytes(value: JsonValue): Uint8Array {
  const parts: Uint8Array[] = [];
  let size = 0;
  writeCanonical(value, (chunk) => {
    const bytes = encoder.encode(chunk);
    parts.push(bytes);
    size += bytes.length;
  });
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Text is handed on in chunks of about this many UTF-16 units. */
const CHUNK = 32 * 1024;

/**
 * Writes the RFC 8785 text of `value` to `emit`, in chunks, in order. Chunks keep the text from
 * growing into one long rope of small strings that lives (and is copied by the GC) until the end.
 */
function writeCanonical(value: JsonValue, emit: (chunk: string) => void): void {
  let out = "";
  // The open containers, innermost last, with their sorted names (objects) and the next index.
  const containers: (JsonValue[] | JsonObject)[] = [];
  const sortedNames: (string[] | null)[] = [];
  const nextIndex: number[] = [];
  const onPath = new Set<object>();

  let v: JsonValue = value;
  for (;;) {
    // Write one value, or open a container and go write its first element.
    if (v === null) out += "null";
    else if (typeof v === "string") out += quote(v);
    else if (typeof v === "number") out += number(v);
    else if (typeof v === "boolean") out += v ? "true" : "false";
    else if (typeof v === "object") {
      if (onPath.has(v)) throw new JcsError("cycle", 0, "the value contains itself");
      if (Array.isArray(v)) {
        if (v.length === 0) out += "[]";
        else {
          out += "[";
          containers.push(v);
          sortedNames.push(null);
          nextIndex.push(0);
          onPath.add(v);
          v = v[0] as JsonValue;
          continue;
        }
      } else if (isJsonObject(v)) {
        const names = Object.keys(v).sort();
        if (names.length === 0) out += "{}";
        else {
          const first = names[0]!;
          out += "{" + quote(first) + ":";
          containers.push(v);
          sortedNames.push(names);
          nextIndex.push(0);
          onPath.add(v);
          v = v[first] as JsonValue;
          continue;
        }
      } else notJson(v);
    } else notJson(v);

    if (out.length > CHUNK) {
      emit(out);
      out = "";
    }
    // Move to the next element of the innermost container; close the containers that are done.
    for (;;) {
      const top = containers.length - 1;
      if (top < 0) {
        emit(out);
        return;
      }
      const container = containers[top]!;
      const names = sortedNames[top]!;
      const index = ++nextIndex[top]!;
      if (names === null) {
        const array = container as JsonValue[];
        if (index < array.length) {
          out += ",";
          v = array[index] as JsonValue;
          break;
        }
        out += "]";
      } else {
        if (index < names.length) {
          const name = names[index]!;
          out += "," + quote(name) + ":";
          v = (container as JsonObject)[name] as JsonValue;
          break;
        }
        out += "}";
      }
      containers.pop();
      sortedNames.pop();
      nextIndex.pop();
      onPath.delete(container);
    }
  }
}
