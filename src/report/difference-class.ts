// Classes of first difference between an expected and a given output, both as the checks show them
// (src/checks/show.ts: UTF-8 text, raw controls as \xHH, cut values ending in `… (N bytes, sha256 H)`).
// A class names a writing fault the way a maintainer would ("writes non-ASCII as \uXXXX", "escapes
// /", "orders members by code point"), so that the many cases one fault fails read as one cause. The
// classes, tried in this order:
//   characters  at the first difference: a non-ASCII character as \uXXXX, / as \/, uppercase hex in
//               an escape, an escape's backslash escaped again, a byte-order mark first
//   structure   both outputs read as JSON trees that keep member order and each token as written:
//               members reordered, array elements reordered, strings normalized to NFC or NFD,
//               members left out, strings emptied or cut short
//   numbers     the difference is in a number token: -0, too few digits, another value, the exponent
//               spelled differently, plain and exponent notation switched
//   one edit    the one short edit (at most 12 characters each way) from expected to got
//   strings     otherwise, when the two differ only in their strings: "changes the contents of strings"
// Pure: no Node built-ins (the HTML report runs it in the browser too).
import { showInvisible } from "./visible.js";

export interface DifferenceClass {
  /** Stable: `escapes-non-ascii`, `member-order`, `number-fewer-digits`, `edit:["}",""]`, ... */
  id: string;
  /** One line for people, invisible characters shown as ⟨U+XXXX⟩. */
  title: string;
}

/** What a check appends to a value it cut: `… (1234 bytes, sha256 <hex>)`. */
const CUT_TAIL = /… \(\d+ bytes, sha256 [0-9a-f]{64}\)$/;

/** The class of the first difference between `expected` and `got`, or undefined if none fits. */
export function differenceClass(expected: string, got: string): DifferenceClass | undefined {
  const cut = CUT_TAIL.test(expected) || CUT_TAIL.test(got);
  const e = [...expected.replace(CUT_TAIL, "")];
  const g = [...got.replace(CUT_TAIL, "")];
  let i = 0;
  while (i < e.length && i < g.length && e[i] === g[i]) i++;
  if (i === e.length && i === g.length) return undefined;
  // Past the end of a cut value nothing is known.
  if (cut && (i >= e.length || i >= g.length)) return undefined;
  const prefix = e.slice(0, i).join("");
  const inString = insideString(prefix);

  const characters = characterClass(e, g, i, prefix);
  if (characters) return characters;
  const trees = cut ? undefined : readBoth(e.join(""), g.join(""));
  const structure = trees && structureClass(trees.e, trees.g);
  if (structure) return structure;
  const numbers = inString ? undefined : numberClass(e, g, i);
  if (numbers) return numbers;
  const edit = editClass(e, g, i);
  if (edit) return edit;
  if (trees && stringPairs(trees.e, trees.g) !== undefined) {
    return { id: "changes-strings", title: "changes the contents of strings" };
  }
  return undefined;
}

function characterClass(e: string[], g: string[], i: number, prefix: string): DifferenceClass | undefined {
  const ec = e[i];
  const gRest = g.slice(i, i + 6).join("");
  // A non-ASCII character written as a \u escape: its UTF-16 unit, or the first of its pair.
  const unit = /^\\u([0-9A-Fa-f]{4})/.exec(gRest);
  if (
    ec !== undefined &&
    ec.codePointAt(0)! > 0x7f &&
    unit &&
    Number.parseInt(unit[1]!, 16) === ec.charCodeAt(0)
  ) {
    return { id: "escapes-non-ascii", title: "writes non-ASCII characters as \\uXXXX escapes" };
  }
  if (ec === "/" && gRest.startsWith("\\/")) return { id: "escapes-slash", title: "escapes / as \\/" };
  // Hex digits of a \u escape in uppercase.
  if (/\\u[0-9a-f]{0,3}$/.test(prefix) && ec !== undefined && /[a-f]/.test(ec) && g[i] === ec.toUpperCase()) {
    return { id: "uppercase-hex-escapes", title: "writes \\u escapes with uppercase hex digits" };
  }
  // The backslash of an escape escaped again: `\\n` for `\n`, `\\u0000` for `\u0000`.
  if (g[i] === "\\" && prefix.endsWith("\\") && insideString(prefix.slice(0, -1))) {
    return { id: "escapes-escapes", title: "escapes the backslash of an escape again (\\\\n for \\n)" };
  }
  if (i === 0 && g[0] === "\uFEFF") {
    return { id: "writes-bom", title: "writes a byte-order mark (U+FEFF) before the output" };
  }
  return undefined;
}

/** Whether `prefix`, a JSON text's beginning, ends inside a string. */
function insideString(prefix: string): boolean {
  let inside = false;
  for (let k = 0; k < prefix.length; k++) {
    const ch = prefix[k];
    if (inside && ch === "\\") k++;
    else if (ch === '"') inside = !inside;
  }
  return inside;
}

// ---------------------------------------------------------------------------------------------
// Structure: a loose JSON reader that keeps member order and every scalar as written.

type Tree =
  | { t: "string"; raw: string; value: string }
  | { t: "scalar"; raw: string }
  | { t: "array"; items: Tree[] }
  | { t: "object"; members: [Tree & { t: "string" }, Tree][] };

/** Reads a shown JSON text; undefined when it is not one. Escapes it cannot decode stay as written. */
export function readTree(text: string): Tree | undefined {
  let k = 0;
  const ws = () => {
    while (k < text.length && " \t\n\r".includes(text[k]!)) k++;
  };
  const string = (): (Tree & { t: "string" }) | undefined => {
    const from = k++;
    while (k < text.length && text[k] !== '"') k += text[k] === "\\" ? 2 : 1;
    if (k >= text.length) return undefined;
    const raw = text.slice(from, ++k);
    let value = raw.slice(1, -1);
    try {
      value = JSON.parse(raw) as string;
    } catch {
      // A shown \xHH is no JSON escape: compare such a string as written.
    }
    return { t: "string", raw, value };
  };
  const value = (depth: number): Tree | undefined => {
    if (depth > 64) return undefined;
    ws();
    const ch = text[k];
    if (ch === '"') return string();
    if (ch === "[") {
      k++;
      const items: Tree[] = [];
      ws();
      if (text[k] === "]") {
        k++;
        return { t: "array", items };
      }
      for (;;) {
        const item = value(depth + 1);
        if (!item) return undefined;
        items.push(item);
        ws();
        if (text[k] === ",") k++;
        else if (text[k] === "]") {
          k++;
          return { t: "array", items };
        } else return undefined;
      }
    }
    if (ch === "{") {
      k++;
      const members: [Tree & { t: "string" }, Tree][] = [];
      ws();
      if (text[k] === "}") {
        k++;
        return { t: "object", members };
      }
      for (;;) {
        ws();
        if (text[k] !== '"') return undefined;
        const name = string();
        ws();
        if (!name || text[k] !== ":") return undefined;
        k++;
        const v = value(depth + 1);
        if (!v) return undefined;
        members.push([name, v]);
        ws();
        if (text[k] === ",") k++;
        else if (text[k] === "}") {
          k++;
          return { t: "object", members };
        } else return undefined;
      }
    }
    const scalar = /^(?:-?[0-9][-+.0-9eE]*|true|false|null)/.exec(text.slice(k, k + 400));
    if (!scalar) return undefined;
    k += scalar[0].length;
    return { t: "scalar", raw: scalar[0] };
  };
  const tree = value(0);
  ws();
  return tree && k === text.length ? tree : undefined;
}

function readBoth(expected: string, got: string): { e: Tree; g: Tree } | undefined {
  const e = readTree(expected);
  const g = readTree(got);
  return e && g ? { e, g } : undefined;
}

interface Likeness {
  /** Members may come in any order. */
  members?: boolean;
  /** Array elements may come in any order. */
  arrays?: boolean;
  /** Strings (names and values) compared after this normalization. */
  form?: "NFC" | "NFD";
}

/** A tree's text under `like`: members and elements sorted where order does not count. */
function keyOf(tree: Tree, like: Likeness): string {
  switch (tree.t) {
    case "string":
      return JSON.stringify(like.form ? tree.value.normalize(like.form) : tree.value);
    case "scalar":
      return tree.raw;
    case "array": {
      const items = tree.items.map((x) => keyOf(x, like));
      if (like.arrays) items.sort();
      return `[${items.join(",")}]`;
    }
    case "object": {
      const members = tree.members.map(([n, v]) => `${keyOf(n, like)}:${keyOf(v, like)}`);
      if (like.members) members.sort();
      return `{${members.join(",")}}`;
    }
  }
}

const same = (e: Tree, g: Tree, like: Likeness) => keyOf(e, like) === keyOf(g, like);

function structureClass(e: Tree, g: Tree): DifferenceClass | undefined {
  if (!same(e, g, {})) {
    if (same(e, g, { members: true })) {
      return { id: "member-order", title: "orders object members other than by UTF-16 code units" };
    }
    if (same(e, g, { members: true, arrays: true }))
      return { id: "array-order", title: "reorders array elements" };
  }
  for (const form of ["NFC", "NFD"] as const) {
    if (!same(e, g, { members: true }) && same(e, g, { members: true, form })) {
      return {
        id: `normalizes-${form.toLowerCase()}`,
        title: `normalizes strings to ${form} (RFC 8785 keeps them as sent)`,
      };
    }
  }
  const dropped = droppedMembers(e, g);
  if (dropped !== undefined && dropped.length > 0) {
    if (dropped.every((v) => v.t === "scalar" && v.raw === "null")) {
      return { id: "drops-null-members", title: "leaves out members whose value is null" };
    }
    return { id: "drops-members", title: "leaves out object members" };
  }
  const pairs = stringPairs(e, g);
  if (pairs !== undefined && pairs.length > 0) {
    if (pairs.every(([, got]) => got === ""))
      return { id: "empties-strings", title: "writes strings as empty strings" };
    if (pairs.every(([expected, got]) => expected.startsWith(got))) {
      return { id: "cuts-strings", title: "cuts strings short" };
    }
  }
  return undefined;
}

/** The values of the members `g` lacks, when it is `e` with only members left out. */
function droppedMembers(e: Tree, g: Tree): Tree[] | undefined {
  if (e.t === "array" && g.t === "array") {
    if (e.items.length !== g.items.length) return undefined;
    const all: Tree[] = [];
    for (let k = 0; k < e.items.length; k++) {
      const d = droppedMembers(e.items[k]!, g.items[k]!);
      if (d === undefined) return undefined;
      all.push(...d);
    }
    return all;
  }
  if (e.t === "object" && g.t === "object") {
    const all: Tree[] = [];
    let at = 0;
    for (const [name, value] of e.members) {
      const next = g.members[at];
      if (next && next[0].value === name.value) {
        const d = droppedMembers(value, next[1]);
        if (d === undefined) return undefined;
        all.push(...d);
        at++;
      } else all.push(value);
    }
    return at === g.members.length ? all : undefined;
  }
  return same(e, g, {}) ? [] : undefined;
}

/** The strings (names and values) that differ, in order, when `e` and `g` have one shape and differ
 * in strings only; undefined otherwise. */
function stringPairs(e: Tree, g: Tree): [string, string][] | undefined {
  if (e.t === "string" && g.t === "string") return e.value === g.value ? [] : [[e.value, g.value]];
  if (e.t === "array" && g.t === "array") {
    if (e.items.length !== g.items.length) return undefined;
    const all: [string, string][] = [];
    for (let k = 0; k < e.items.length; k++) {
      const d = stringPairs(e.items[k]!, g.items[k]!);
      if (d === undefined) return undefined;
      all.push(...d);
    }
    return all;
  }
  if (e.t === "object" && g.t === "object") {
    if (e.members.length !== g.members.length) return undefined;
    const all: [string, string][] = [];
    for (let k = 0; k < e.members.length; k++) {
      for (const [a, b] of [
        [e.members[k]![0], g.members[k]![0]],
        [e.members[k]![1], g.members[k]![1]],
      ] as const) {
        const d = stringPairs(a, b);
        if (d === undefined) return undefined;
        all.push(...d);
      }
    }
    return all;
  }
  return e.t === "scalar" && g.t === "scalar" && e.raw === g.raw ? [] : undefined;
}

// ---------------------------------------------------------------------------------------------
// Numbers.

const NUMBER_CHAR = /[-+.0-9eE]/;
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?$/;

/** The number token of `text` around index `i` (code points). */
function tokenAt(text: string[], i: number): string {
  let from = i;
  while (from > 0 && NUMBER_CHAR.test(text[from - 1]!)) from--;
  let to = i;
  while (to < text.length && NUMBER_CHAR.test(text[to]!)) to++;
  return text.slice(from, to).join("");
}

function significantDigits(token: string): number {
  const mantissa = token.replace(/^-/, "").split(/[eE]/)[0]!.replace(".", "");
  return mantissa.replace(/^0+/, "").replace(/0+$/, "").length;
}

function numberClass(e: string[], g: string[], i: number): DifferenceClass | undefined {
  // The difference must be in a number: at one of its characters, on either side.
  if (!NUMBER_CHAR.test(e[i] ?? "") && !NUMBER_CHAR.test(g[i] ?? "")) return undefined;
  const et = tokenAt(e, i);
  let gt = tokenAt(g, i);
  if (!JSON_NUMBER.test(et)) return undefined;
  const word = /^-?(?:Infinity|NaN|inf|nan|null)/i.exec(g.slice(i - (gt === "-" ? 1 : 0), i + 10).join(""));
  if (word && (gt === "" || gt === "-")) gt = word[0];
  if (gt === et || gt === "") return undefined;
  const title = (what: string) => `writes numbers other than ES6 String(n) does: ${what}`;
  if (et === "0" && gt === "-0") return { id: "number-minus-zero", title: title("-0 for 0") };
  const ev = Number(et);
  const gv = Number(gt);
  if (!Number.isFinite(gv) || ev !== gv) {
    if (Number.isFinite(gv) && significantDigits(gt) < significantDigits(et)) {
      return { id: "number-fewer-digits", title: title("too few significant digits") };
    }
    return { id: "number-value", title: title("another value") };
  }
  const eExp = /[eE]/.test(et);
  const gExp = /[eE]/.test(gt);
  if (eExp && gExp) return { id: "number-exponent-spelling", title: title("exponents spelled differently") };
  if (eExp !== gExp) {
    return { id: "number-notation", title: title("plain and exponent notation switched at another point") };
  }
  return { id: "number-spelling", title: title("another spelling of the same value") };
}

// ---------------------------------------------------------------------------------------------
// One short edit.

const EDIT_MAX = 12;

function editClass(e: string[], g: string[], i: number): DifferenceClass | undefined {
  let s = 0;
  while (s < e.length - i && s < g.length - i && e[e.length - 1 - s] === g[g.length - 1 - s]) s++;
  const removed = e.slice(i, e.length - s);
  const added = g.slice(i, g.length - s);
  if (removed.length > EDIT_MAX || added.length > EDIT_MAX) return undefined;
  const q = (points: string[]) => `“${showInvisible(points.join(""))}”`;
  const title =
    removed.length === 0
      ? `writes an extra ${q(added)}`
      : added.length === 0
        ? `leaves out ${q(removed)}`
        : `writes ${q(added)} where RFC 8785 writes ${q(removed)}`;
  return { id: `edit:${JSON.stringify([removed.join(""), added.join("")])}`, title };
}
