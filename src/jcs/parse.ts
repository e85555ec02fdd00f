// The strict parser's tree driver: RFC 8259's structure (arrays, objects, one top-level value of any
// kind) over the tokens of scanner.ts, plus I-JSON's rule on objects (RFC 7493 §2.3: no duplicate
// member names, compared after unescaping). Objects have a null prototype, so no member name
// (`__proto__`, `constructor`) can reach or change a prototype.
//
// Iterative: nesting lives in explicit arrays, never on the call stack, so 100,000 nested arrays
// cannot overflow it.
import { QUOTE, Scanner } from "./scanner.js";
import type { JsonObject, JsonValue, ParseOptions } from "./types.js";
import { decodeUtf8 } from "./utf8.js";

/**
 * An empty object with a null prototype. Not Object.create(null): V8 gives that one a hash table for
 * its properties (dictionary mode), several times slower to fill and to list than the shared hidden
 * classes an object literal gets; setting the prototype first keeps the fast form.
 */
function newObject(): JsonObject {
  const obj = {};
  Object.setPrototypeOf(obj, null);
  return obj as JsonObject;
}

/** Parses UTF-8 JSON text strictly; throws JcsError with a code and a byte offset. */
export function parse(bytes: Uint8Array, options: ParseOptions = {}): JsonValue {
  return parseText(decodeUtf8(bytes), options);
}

/** Parses already-decoded text. Its lone surrogates (if any) are refused like escaped ones. */
export function parseText(text: string, options: ParseOptions = {}): JsonValue {
  const s = new Scanner(text, options);

  // Reads `"name" :` for object `obj`, refusing a name `obj` already has.
  const readName = (obj: JsonObject): string => {
    if (s.skipWhitespace() !== QUOTE) s.unexpected(s.i, "a member name (a string)");
    const at = s.i;
    const name = s.readName();
    if (obj[name] !== undefined)
      s.fail("duplicate-name", at, `duplicate member name ${JSON.stringify(name)}`);
    if (s.skipWhitespace() !== 0x3a) s.unexpected(s.i, "':' after a member name");
    s.i++;
    return name;
  };

  // The open containers, innermost last: arrays, or objects with the name their next value takes.
  const containers: (JsonValue[] | JsonObject)[] = [];
  const names: string[] = [];
  const isArray: boolean[] = [];

  let value: JsonValue;
  for (;;) {
    // Read one value, or open a container and go read its first value.
    const c = s.skipWhitespace();
    if (c === QUOTE) value = s.readString();
    else if (c === 0x7b || c === 0x5b) {
      if (containers.length >= s.maxDepth)
        s.fail("max-depth", s.i, `nesting deeper than ${s.maxDepth} is refused`);
      s.i++;
      if (c === 0x7b) {
        const obj = newObject();
        if (s.skipWhitespace() === 0x7d) {
          s.i++;
          value = obj;
        } else {
          names.push(readName(obj));
          containers.push(obj);
          isArray.push(false);
          continue;
        }
      } else if (s.skipWhitespace() === 0x5d) {
        s.i++;
        value = [];
      } else {
        containers.push([]);
        names.push("");
        isArray.push(true);
        continue;
      }
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) value = s.readNumber();
    else if (c === 0x74) {
      s.expectWord("true");
      value = true;
    } else if (c === 0x66) {
      s.expectWord("false");
      value = false;
    } else if (c === 0x6e) {
      s.expectWord("null");
      value = null;
    } else value = s.unexpected(s.i, "a JSON value");

    // Hand the finished value to its container; close the containers that end here.
    for (;;) {
      const top = containers.length - 1;
      if (top < 0) {
        s.expectEnd();
        return value;
      }
      const container = containers[top]!;
      const d = s.skipWhitespace();
      if (isArray[top]) {
        (container as JsonValue[]).push(value);
        if (d === 0x2c) {
          s.i++;
          break;
        }
        if (d !== 0x5d) s.unexpected(s.i, "',' or ']' in an array");
      } else {
        (container as JsonObject)[names[top]!] = value;
        if (d === 0x2c) {
          s.i++;
          names[top] = readName(container as JsonObject);
          break;
        }
        if (d !== 0x7d) s.unexpected(s.i, "',' or '}' in an object");
      }
      s.i++;
      containers.pop();
      names.pop();
      isArray.pop();
      value = container;
    }
  }
}
