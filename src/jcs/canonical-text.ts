// The fast path from text to RFC 8785 text, in one pass and without building a tree: each value's
// canonical text is made as soon as the value ends, and an object's members are sorted when it
// closes. It reads with the same scanner and enforces the same rules as parse.ts (the tests hold the
// two paths to the same verdict and bytes on every input), so canonicalize(b) equals
// serialize(parse(b)).
//
// Where the source is already canonical it is reused as it is: a string without escapes (the scanner
// refused raw control characters, and `"` and `\` cannot appear raw) and a short integer literal.
import { QUOTE, Scanner } from "./scanner.js";
import type { ParseOptions } from "./types.js";

/** Frame kinds on the container stack. */
const ARRAY = 0;
const OBJECT = 1;

export function canonicalText(text: string, options: ParseOptions = {}): string {
  const s = new Scanner(text, options);

  // The canonical text of the string at `i`.
  const stringText = (): string => {
    const start = s.i;
    const value = s.readString();
    return s.lastStringRaw ? text.slice(start, s.i) : JSON.stringify(value);
  };

  // The open containers, innermost last. An array keeps its text so far; an object keeps its
  // member names (decoded, for sorting and duplicates) and each member's `"name":value` text.
  const kinds: number[] = [];
  const arrayText: string[] = [];
  const memberNames: string[][] = [];
  const memberTexts: string[][] = [];
  const pendingName: string[] = []; // the name whose value is being read, as canonical text
  // A big object also keeps its names in a Set, so duplicate checks stay O(1) per member.
  const nameSets: (Set<string> | null)[] = [];

  // Reads `"name" :` into the innermost object, refusing a name it already has.
  const readName = (top: number): void => {
    if (s.skipWhitespace() !== QUOTE) s.unexpected(s.i, "a member name (a string)");
    const at = s.i;
    const name = s.readString();
    const nameText = s.lastStringRaw ? text.slice(at, s.i) : JSON.stringify(name);
    const names = memberNames[top]!;
    let set = nameSets[top]!;
    if (set === null && names.length >= SET_THRESHOLD) set = nameSets[top] = new Set(names);
    if (set === null ? names.includes(name) : set.has(name)) {
      s.fail("duplicate-name", at, `duplicate member name ${JSON.stringify(name)}`);
    }
    names.push(name);
    set?.add(name);
    pendingName[top] = nameText;
    if (s.skipWhitespace() !== 0x3a) s.unexpected(s.i, "':' after a member name");
    s.i++;
  };

  let value: string;
  for (;;) {
    // Read one value, or open a container and go read its first value.
    const c = s.skipWhitespace();
    if (c === QUOTE) value = stringText();
    else if (c === 0x7b || c === 0x5b) {
      if (kinds.length >= s.maxDepth)
        s.fail("max-depth", s.i, `nesting deeper than ${s.maxDepth} is refused`);
      s.i++;
      if (c === 0x7b) {
        if (s.skipWhitespace() === 0x7d) {
          s.i++;
          value = "{}";
        } else {
          const top = kinds.length;
          kinds.push(OBJECT);
          arrayText.push("");
          memberNames.push([]);
          memberTexts.push([]);
          pendingName.push("");
          nameSets.push(null);
          readName(top);
          continue;
        }
      } else if (s.skipWhitespace() === 0x5d) {
        s.i++;
        value = "[]";
      } else {
        kinds.push(ARRAY);
        arrayText.push("[");
        memberNames.push(NO_NAMES);
        memberTexts.push(NO_NAMES);
        pendingName.push("");
        nameSets.push(null);
        continue;
      }
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      const start = s.i;
      const n = s.readNumber();
      value = s.lastNumberVerbatim ? text.slice(start, s.i) : String(n);
    } else if (c === 0x74) {
      s.expectWord("true");
      value = "true";
    } else if (c === 0x66) {
      s.expectWord("false");
      value = "false";
    } else if (c === 0x6e) {
      s.expectWord("null");
      value = "null";
    } else value = s.unexpected(s.i, "a JSON value");

    // Hand the finished value to its container; close the containers that end here.
    for (;;) {
      const top = kinds.length - 1;
      if (top < 0) {
        s.expectEnd();
        return value;
      }
      const d = s.skipWhitespace();
      if (kinds[top] === ARRAY) {
        if (d === 0x2c) {
          arrayText[top] += value + ",";
          s.i++;
          break;
        }
        if (d !== 0x5d) s.unexpected(s.i, "',' or ']' in an array");
        value = arrayText[top] + value + "]";
      } else {
        memberTexts[top]!.push(pendingName[top] + ":" + value);
        if (d === 0x2c) {
          s.i++;
          readName(top);
          break;
        }
        if (d !== 0x7d) s.unexpected(s.i, "',' or '}' in an object");
        value = objectText(memberNames[top]!, memberTexts[top]!);
      }
      s.i++;
      kinds.pop();
      arrayText.pop();
      memberNames.pop();
      memberTexts.pop();
      pendingName.pop();
      nameSets.pop();
    }
  }
}

const NO_NAMES: string[] = [];
/** Below this many members a linear scan of the names beats hashing them. */
const SET_THRESHOLD = 16;

/** `{` members sorted by name in UTF-16 code units (RFC 8785 §3.2.3) `}`. */
function objectText(names: string[], texts: string[]): string {
  let sorted = true;
  for (let k = 1; k < names.length; k++) {
    if (names[k - 1]! > names[k]!) {
      sorted = false;
      break;
    }
  }
  // Concatenation (not join) keeps the text a rope: it is flattened once, when encoded to UTF-8.
  if (sorted) {
    let out = "{" + texts[0]!;
    for (let k = 1; k < texts.length; k++) out += "," + texts[k]!;
    return out + "}";
  }
  const order = names.map((_, k) => k);
  // JS string comparison is by UTF-16 code units, exactly the order RFC 8785 asks for.
  order.sort((a, b) => (names[a]! < names[b]! ? -1 : 1));
  let out = "{" + texts[order[0]!]!;
  for (let k = 1; k < order.length; k++) out += "," + texts[order[k]!]!;
  return out + "}";
}
