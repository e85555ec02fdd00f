// Known-bads whose fault is in writing: each reads exactly as the reference does and gets one rule
// of RFC 8785 §3.2 wrong on the way out.

import type { JsonValue } from "../jcs/index.js";
import {
  compareCodePoints,
  encoder,
  formatNumbers,
  MAX_WALK_DEPTH,
  mapValue,
  referenceParse,
  referenceSerialize,
  referenceWrite,
  rewriteStrings,
  serializeOrdered,
  serializeWithRaw,
} from "./tools.js";
import type { KnownBad } from "./types.js";

const decoder = new TextDecoder();
const compareCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The reference output as text, rewritten by `fix`, back to bytes. */
function rewriteOutput(input: Uint8Array, fix: (canonical: string) => string): Uint8Array {
  return encoder.encode(fix(decoder.decode(referenceWrite(input))));
}

/** Python's float repr: the shortest round-trip digits, exponent form below 1e-4 or from 1e16, with a
 * sign and at least two exponent digits (1e-07, 1e+16); integral values under 1e21 written as exact
 * integers, as seed 000's "reference" does. */
function pythonRepr(n: number): string {
  if (Object.is(n, -0) || n === 0) return "0";
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return BigInt(n).toString();
  const [mantissa, exponentText] = n.toExponential().split("e") as [string, string];
  const exponent = Number(exponentText);
  if (exponent >= -4 && exponent < 16) return String(n);
  return `${mantissa}e${exponent < 0 ? "-" : "+"}${String(Math.abs(exponent)).padStart(2, "0")}`;
}

/** The full decimal expansion of a subnormal: 1e-320 as 0.000...0001 (erdtman's Java wrote 149 characters). */
function decimalExpansion(n: number): string {
  const [digits, exponent] = Math.abs(n).toExponential().replace(".", "").split("e") as [string, string];
  return `${n < 0 ? "-" : ""}0.${"0".repeat(-Number(exponent) - 1)}${digits}`;
}

const MIN_NORMAL = 2.2250738585072014e-308;

/** An object holding a member with this name is written as it came, with its whole subtree. */
const SERIALIZE_HOOK = "toJSON";

/** Members sorted, except in an object with a `toJSON` member and everything under it. */
function writeUnlessHooked(value: JsonValue, sorted: boolean, depth = 0): string {
  if (value === null || typeof value !== "object") return referenceSerialize(value);
  // As every known-bad walk: refused past MAX_WALK_DEPTH, in the same words cold or warm.
  if (depth > MAX_WALK_DEPTH) throw new Error(`nesting deeper than ${MAX_WALK_DEPTH} levels`);
  if (Array.isArray(value)) return `[${value.map((v) => writeUnlessHooked(v, sorted, depth + 1)).join(",")}]`;
  const names = Object.keys(value);
  const keepSorting = sorted && !names.includes(SERIALIZE_HOOK);
  const order = keepSorting ? [...names].sort(compareCodeUnits) : names;
  return `{${order.map((k) => `${referenceSerialize(k)}:${writeUnlessHooked(value[k]!, keepSorting, depth + 1)}`).join(",")}}`;
}

export const WRITING: KnownBad[] = [
  {
    name: "expands_short_subnormals",
    description:
      "writes a subnormal with a short mantissa (1e-320, 12e-316) as its full decimal expansion, as " +
      "erdtman's Java does; no random draw and no old edge case has such a value",
    caughtBy: ["numbers"],
    write: (input) =>
      encoder.encode(
        serializeWithRaw(
          formatNumbers(referenceParse(input), (n) => {
            const short = n.toExponential().replace(/e.*/, "").replace(/[-.]/g, "").length <= 2;
            const subnormal = n !== 0 && Math.abs(n) < MIN_NORMAL && Math.abs(n) > 1e-322;
            return short && subnormal ? decimalExpansion(n) : String(n);
          }),
        ),
      ),
  },
  {
    name: "skips_sorting_under_tojson",
    description:
      "leaves an object unsorted, with its whole subtree, when it has a member named toJSON (the RFC " +
      "authors' JavaScript and json-canonicalize ask the object how to serialize itself)",
    caughtBy: ["canon"],
    write: (input) => encoder.encode(writeUnlessHooked(referenceParse(input), true)),
  },
  {
    name: "escapes_non_ascii",
    description:
      "writes every non-ASCII character as \\uXXXX (Python's ensure_ascii default, Java's " +
      "ASCII-safe writers) where RFC 8785 §3.2.2.2 writes it raw in UTF-8",
    caughtBy: ["canon", "property"],
    write: (input) =>
      rewriteOutput(input, (text) =>
        text.replace(/[^\x00-\x7f]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`),
      ),
  },
  {
    name: "uppercase_hex_escapes",
    description: "writes control characters as \\u001F instead of \\u001f (RFC 8785 §3.2.2.2: lowercase hex)",
    caughtBy: ["canon", "property"],
    write: (input) =>
      // An escaped backslash is skipped whole, so the text \\u0041 (a backslash, then u0041) stays.
      rewriteOutput(input, (text) =>
        text.replace(/\\(\\|u[0-9a-f]{4})/g, (seq) =>
          seq === "\\\\" ? seq : `\\u${seq.slice(2).toUpperCase()}`,
        ),
      ),
  },
  {
    name: "escapes_slashes",
    description: 'writes "/" as "\\/" (PHP json_encode\'s default); RFC 8785 §3.2.2.2 leaves it unescaped',
    caughtBy: ["canon", "property"],
    // Outside strings canonical JSON has no "/", so every one is in a string.
    write: (input) => rewriteOutput(input, (text) => text.replaceAll("/", "\\/")),
  },
  {
    name: "sorts_by_code_point",
    description:
      "sorts member names by Unicode code point (Python's sort_keys, Go, Rust) instead of UTF-16 " +
      "code units: differs once a name holds a character past U+FFFF and one in U+E000..U+FFFF",
    caughtBy: ["canon", "property"],
    write: (input) => encoder.encode(serializeOrdered(referenceParse(input), compareCodePoints)),
  },
  {
    name: "stringify_with_key_list",
    description:
      "JSON.stringify(value, Object.keys(value).sort()): the sorted top-level names become a " +
      "whitelist, so nested members with other names silently vanish",
    caughtBy: ["canon", "property"],
    write: (input) => {
      const value = referenceParse(input);
      const names = value !== null && typeof value === "object" ? Object.keys(value).sort() : [];
      return encoder.encode(JSON.stringify(value, names));
    },
  },
  {
    name: "sorts_nested_not_top_level",
    description:
      "sorts the members of every nested object but leaves the top-level object's in the order its " +
      "map gives them (a writer that sorts as it recurses, started past the root): right for any " +
      "value inside an array, so once mode's batches must not vouch for it (docs/protocol.md, Batches)",
    caughtBy: ["canon", "property"],
    write: (input) => {
      const value = referenceParse(input);
      if (value === null || typeof value !== "object" || Array.isArray(value)) return referenceWrite(input);
      const members = Object.keys(value).map(
        (k) => `${referenceSerialize(k)}:${referenceSerialize(value[k]!)}`,
      );
      return encoder.encode(`{${members.join(",")}}`);
    },
  },
  {
    name: "python_repr_numbers",
    description:
      "formats numbers as seed 000's reference does: integral values below 1e21 as exact integers " +
      "(123456789012345683968, not 123456789012345680000), the rest as Python repr (1e-05, 1e-07 " +
      "where ES6 writes 0.00001, 1e-7)",
    caughtBy: ["canon", "numbers", "property"],
    write: (input) => encoder.encode(serializeWithRaw(formatNumbers(referenceParse(input), pythonRepr))),
  },
  {
    name: "fifteen_digit_numbers",
    description:
      'formats doubles with 15 significant digits (printf "%.15g", PHP\'s old precision): ' +
      "0.1 survives, 3.141592653589793 and most doubles do not",
    caughtBy: ["canon", "numbers", "property"],
    write: (input) =>
      encoder.encode(
        serializeWithRaw(formatNumbers(referenceParse(input), (n) => String(Number(n.toPrecision(15))))),
      ),
  },
  {
    name: "keeps_minus_zero",
    description: "writes -0 as -0 (a formatter that prints the sign bit); RFC 8785 §3.2.2.3 writes 0",
    caughtBy: ["canon", "numbers", "property"],
    write: (input) =>
      encoder.encode(
        serializeWithRaw(formatNumbers(referenceParse(input), (n) => (Object.is(n, -0) ? "-0" : String(n)))),
      ),
  },
  {
    name: "escapes_twice",
    description:
      "escapes every backslash once more after JSON escaping (string code written for a second " +
      "context, e.g. JSON.stringify(s).replace(/\\\\/g, '\\\\\\\\')): not idempotent, each pass doubles them",
    caughtBy: ["canon", "I1", "property"],
    write: (input) => rewriteOutput(input, (text) => text.replaceAll("\\", "\\\\")),
  },
  {
    name: "sorts_arrays",
    description:
      'sorts array items too, as if arrays were sets (a common misreading of "canonical"); ' +
      "RFC 8785 §3.2.3 keeps array order, and [1,2] and [2,1] are different values",
    caughtBy: ["canon", "I3", "property"],
    causes: {
      faces: [
        "reorders array elements",
        "the numbers sweep sends its numbers as one array each block: sorted, they come back as other numbers",
      ],
    },
    write: (input) => {
      const byText = (a: JsonValue, b: JsonValue) =>
        compareCodeUnits(referenceSerialize(a), referenceSerialize(b));
      return encoder.encode(
        referenceSerialize(mapValue(referenceParse(input), { array: (items) => items.sort(byText) })),
      );
    },
  },
  {
    name: "omits_null_members",
    description:
      "leaves out members whose value is null (Jackson's NON_NULL, Go's omitempty): {\"a\":1} and " +
      '{"a":1,"c":null} then canonicalize the same, as seed 000\'s materialised null shows',
    caughtBy: ["canon", "I3", "property"],
    write: (input) =>
      encoder.encode(
        referenceSerialize(mapValue(referenceParse(input), { keepMember: (_, value) => value !== null })),
      ),
  },
  {
    name: "truncates_long_strings",
    description:
      "cuts every string value at 500 characters, like seed 000's measured Work Board: a 560-char " +
      "brief and its 500-char remains canonicalize the same",
    caughtBy: ["I3"],
    causes: {
      faces: [
        "cuts strings at 500 characters (where the report cuts long values too: no class of difference)",
        "refuses a string its cut left with a lone surrogate (an emoji split at character 500)",
      ],
    },
    write: (input) =>
      encoder.encode(referenceSerialize(mapValue(referenceParse(input), { string: (s) => s.slice(0, 500) }))),
  },
  {
    name: "emits_bom",
    description:
      "starts its output with a UTF-8 byte-order mark (.NET's Encoding.UTF8, Windows editors); " +
      "and, reading like the reference, then refuses its own output",
    caughtBy: ["canon", "I1", "I4", "property"],
    write: (input) => new Uint8Array([0xef, 0xbb, 0xbf, ...referenceWrite(input)]),
  },
  {
    name: "drops_closing_brace",
    description:
      "loses the final } of an object (seed 000's own throwaway reference did, and only the " +
      "idempotence check noticed: its output does not parse)",
    caughtBy: ["canon", "I1", "property"],
    write: (input) => rewriteOutput(input, (text) => (text.endsWith("}") ? text.slice(0, -1) : text)),
  },
  {
    name: "escapes_del_in_names",
    description:
      "writes DEL (U+007F) in a member name as \\u007f, with the control characters, where RFC 8785 " +
      "§3.2.2.2 writes it raw; its values are right (a name writer of its own, as in a real " +
      "implementation: issue 20)",
    caughtBy: ["canon"],
    write: (input) =>
      encoder.encode(
        serializeOrdered(referenceParse(input), compareCodeUnits, 0, (name) =>
          JSON.stringify(name).replaceAll("\x7f", "\\u007f"),
        ),
      ),
  },
  {
    name: "writes_raw_controls",
    description:
      "writes control characters (U+0000..U+001F) inside strings and member names raw, escaping only " +
      '" and \\, as OLPC canonical JSON (@tufjs/canonical-json) does; RFC 8785 §3.2.2.2 writes them ' +
      "as \\n, \\t, ... or \\u00XX. A raw line feed also breaks the lines protocol's framing: one " +
      "defect, one cause, whatever character or protocol shows it",
    caughtBy: ["canon", "I1"],
    write: (input) => encoder.encode(rewriteStrings(decoder.decode(referenceWrite(input)), unescapeControls)),
  },
];

const SHORT_ESCAPES: Record<string, string> = { b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/** A string literal as RFC 8785 writes it, with each escaped control character written raw. */
function unescapeControls(literal: string): string {
  return literal.replace(/\\(?:u00([01][0-9a-f])|([bfnrt])|(.))/g, (sequence, hex, short) =>
    hex !== undefined
      ? String.fromCharCode(Number.parseInt(hex, 16))
      : short !== undefined
        ? SHORT_ESCAPES[short]!
        : sequence,
  );
}
