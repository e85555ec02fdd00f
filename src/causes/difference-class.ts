// Classes of difference between an expected and a given output, both as the checks show them
// (src/checks/show.ts: UTF-8 text, raw controls as \xHH, cut values with a note, src/text-forms/notes.ts).
// A class names a writing fault the way a maintainer would ("writes non-ASCII as \uXXXX", "escapes
// /", "orders members by code point"), so that the many cases one fault fails read as one cause.
//
// A class is a family (its `id`: what went wrong) and the form this case shows of it (`form`): every
// number written otherwise than ES6 String(n) is the family `numbers`, whether this case shows -0,
// too few digits or a padded exponent; a report groups by the family and names the forms it saw.
// The classes, tried in this order:
//   order       both outputs read as JSON trees that keep member order and each token as written:
//               members reordered, array elements reordered, strings normalized to NFC or NFD (or
//               not in NFC where NFC was expected), members left out
//   characters  at the first difference: a control character written raw where RFC 8785 escapes it
//               (whichever character: one class), a non-ASCII character as \uXXXX, / as \/, uppercase
//               hex in an escape, an escape's backslash escaped again, a byte-order mark first
//   strings     the trees differ in the contents of strings only: emptied, cut short, or changed
//   numbers     the difference is in a number token: -0, too few digits, another value, more digits
//               than the shortest, the exponent spelled differently, plain and exponent notation
//               switched
//   one edit    the one short edit (at most 12 characters each way) from expected to got
// A value the check cut is known only up to the cut: there the smallest value around the first
// difference that both sides show whole is classed instead, or failing that a difference inside a
// string; a difference past what is shown has no class.
// Pure: no Node built-ins (the HTML report runs it in the browser too). Titles are plain text: the
// report shows invisible characters when it prints them.
import { readCutBytes } from "../text-forms/index.js";

export interface DifferenceClass {
  /** The family, stable: `numbers`, `strings`, `member-order`, `escapes-non-ascii`, `edit:["}",""]`, ... */
  id: string;
  /** The family for people. */
  title: string;
  /** The form this difference takes within its family (the family itself when it has one form). */
  form: { id: string; title: string };
  /** The family's title names the forms a run shows (numbers); else one form's title stands alone. */
  listsForms?: true;
}

/** A family with one form. */
function single(id: string, title: string): DifferenceClass {
  return { id, title, form: { id, title } };
}

/** A form of a family. */
function formOf(
  family: { id: string; title: string; listsForms?: true },
  id: string,
  title: string,
): DifferenceClass {
  return { ...family, form: { id, title } };
}

const NUMBERS = {
  id: "numbers",
  title: "writes numbers other than ES6 String(n) does",
  listsForms: true as const,
};
const STRINGS = { id: "strings", title: "changes the contents of strings" };
const DROPS = { id: "drops-members", title: "leaves out object members" };

/** The class of the first difference between `expected` and `got`, or undefined if none fits. */
export function differenceClass(expected: string, got: string): DifferenceClass | undefined {
  // A value the check cut (`… (1234 bytes, sha256 <hex>)`) is known up to the cut only.
  const [cutE, cutG] = [readCutBytes(expected), readCutBytes(got)];
  const cut = cutE !== undefined || cutG !== undefined;
  const e = [...(cutE?.shown ?? expected)];
  const g = [...(cutG?.shown ?? got)];
  let i = 0;
  while (i < e.length && i < g.length && e[i] === g[i]) i++;
  if (i === e.length && i === g.length) return undefined;
  // Past the end of a cut value nothing is known.
  if (cut && (i >= e.length || i >= g.length)) return undefined;
  const prefix = e.slice(0, i).join("");
  const inString = insideString(prefix);

  // Two whole texts that read as JSON: members or elements in another order, strings normalized and
  // members left out are told from the trees first (a reordering can look like any local edit).
  const trees = cut ? undefined : readBoth(e.join(""), g.join(""));
  const order = trees && orderClass(trees.e, trees.g);
  if (order) return order;
  const characters = characterClass(e, g, i, prefix);
  if (characters) return characters;
  if (cut) return cutClass(e, g, i, prefix, cutE !== undefined, cutG !== undefined);
  const structure = trees && stringClass(trees.e, trees.g);
  if (structure) return structure;
  const numbers = inString ? undefined : numberClass(e, g, i);
  if (numbers) return numbers;
  return editClass(e, g, i);
}

/**
 * The classes of an output that differs from `expected` in several places at once, when its first
 * difference fits no class alone (a shrunk counterexample tends to carry every fault it met: a string
 * emptied and a number cut short, members in another order and a number misspelt): both read as JSON
 * trees of one shape, members matched by name (another order, or members left out, is a class of its
 * own), and each name or value that differs classed alone. Undefined unless every difference is
 * classed and they are of two families or more, each family once, in the order first met.
 */
export function differenceClasses(expected: string, got: string): DifferenceClass[] | undefined {
  if (readCutBytes(expected) !== undefined || readCutBytes(got) !== undefined) return undefined;
  const trees = readBoth(expected, got, true);
  if (!trees) return undefined;
  const found: DifferenceClass[] = [];
  if (!classifyParts(trees.e, trees.g, found)) return undefined;
  const families = found.filter((c, k) => found.findIndex((o) => o.id === c.id) === k);
  return families.length >= 2 ? families : undefined;
}

/** A tree as written: strings and scalars as their text shows them. */
function written(tree: Tree): string {
  switch (tree.t) {
    case "string":
    case "scalar":
      return tree.raw;
    case "array":
      return `[${tree.items.map(written).join(",")}]`;
    case "object":
      return `{${tree.members.map(([n, v]) => `${n.raw}:${written(v)}`).join(",")}}`;
  }
}

/** Adds to `found` the class of each part in which `e` and `g` differ; false when one fits none. */
function classifyParts(e: Tree, g: Tree, found: DifferenceClass[]): boolean {
  if (written(e) === written(g)) return true;
  const alone = (a: string, b: string) => {
    const c = differenceClass(a, b);
    if (c) found.push(c);
    return c !== undefined;
  };
  if (e.t === "array" && g.t === "array") {
    if (e.items.length !== g.items.length) return alone(written(e), written(g));
    return e.items.every((item, k) => classifyParts(item, g.items[k]!, found));
  }
  if (e.t === "object" && g.t === "object") {
    const names = (t: typeof e) => t.members.map(([n]) => n.value);
    const [en, gn] = [names(e), names(g)];
    if (new Set(en).size !== en.length || new Set(gn).size !== gn.length) return false;
    if (!gn.every((n) => en.includes(n))) return false;
    const missing = e.members.filter(([n]) => !gn.includes(n.value)).map(([, v]) => v);
    if (missing.length > 0) {
      found.push(
        missing.every((v) => v.t === "scalar" && v.raw === "null")
          ? formOf(DROPS, "drops-null-members", "leaves out members whose value is null")
          : formOf(DROPS, "drops-members", "leaves out object members"),
      );
    }
    if (en.filter((n) => gn.includes(n)).join("\u0000") !== gn.join("\u0000")) found.push(MEMBER_ORDER);
    return e.members.every(([name, value]) => {
      const other = g.members.find(([n]) => n.value === name.value);
      if (other === undefined) return true;
      return (
        (name.raw === other[0].raw || alone(name.raw, other[0].raw)) && classifyParts(value, other[1], found)
      );
    });
  }
  if (e.t !== g.t || e.t === "array" || e.t === "object") return false;
  return alone(written(e), written(g));
}

/** A control character written raw: RFC 8785 §3.2.2.2 writes each one escaped, whichever it is. */
export const RAW_CONTROLS = single(
  "raw-controls",
  "writes control characters raw where RFC 8785 §3.2.2.2 escapes them (\\n, \\t, \\u00XX)",
);

const SHORT_ESCAPED: Record<string, string> = { b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/** The control character the escape at the start of `text` stands for (`\n`, `\u001f`), if it is one. */
function escapedControl(text: string): string | undefined {
  const found = /^\\(?:u00([01][0-9a-fA-F])|([bfnrt]))/.exec(text);
  if (!found) return undefined;
  return found[1] !== undefined
    ? String.fromCharCode(Number.parseInt(found[1], 16))
    : SHORT_ESCAPED[found[2]!];
}

/** `text`, a JSON text as RFC 8785 writes it, with each control character escape written raw, as an
 * output that writes control characters raw has it. */
export function withRawControls(text: string): string {
  return text.replace(/\\(?:u00[01][0-9a-fA-F]|[bfnrt]|.)/g, (found) => escapedControl(found) ?? found);
}

function characterClass(e: string[], g: string[], i: number, prefix: string): DifferenceClass | undefined {
  const ec = e[i];
  // An escape of a control character where the output has that character raw.
  if (ec === "\\" && g[i] !== undefined && g[i]! < " " && insideString(prefix)) {
    if (escapedControl(e.slice(i, i + 6).join("")) === g[i]) return RAW_CONTROLS;
  }
  const gRest = g.slice(i, i + 6).join("");
  // A non-ASCII character written as a \u escape: its UTF-16 unit, or the first of its pair.
  const unit = /^\\u([0-9A-Fa-f]{4})/.exec(gRest);
  if (
    ec !== undefined &&
    ec.codePointAt(0)! > 0x7f &&
    unit &&
    Number.parseInt(unit[1]!, 16) === ec.charCodeAt(0)
  ) {
    return single("escapes-non-ascii", "writes non-ASCII characters as \\uXXXX escapes");
  }
  // An ASCII character RFC 8785 writes raw (not " or \, which it writes \" and \\) as a \u escape.
  if (ec !== undefined && ec >= " " && ec <= "\x7f" && ec !== '"' && ec !== "\\" && unit) {
    if (Number.parseInt(unit[1]!, 16) === ec.charCodeAt(0)) {
      return ec === "\x7f"
        ? single("escapes-del", "writes DEL (U+007F) as \\u007f: it is no control character JSON escapes")
        : single(
            "escapes-ascii",
            "writes ASCII characters as \\uXXXX escapes where RFC 8785 writes them raw",
          );
    }
  }
  if (ec === "/" && gRest.startsWith("\\/")) return single("escapes-slash", "escapes / as \\/");
  // Hex digits of a \u escape in uppercase.
  if (/\\u[0-9a-f]{0,3}$/.test(prefix) && ec !== undefined && /[a-f]/.test(ec) && g[i] === ec.toUpperCase()) {
    return single("uppercase-hex-escapes", "writes \\u escapes with uppercase hex digits");
  }
  // The backslash of an escape escaped again: `\\n` for `\n`, `\\u0000` for `\u0000`.
  if (g[i] === "\\" && prefix.endsWith("\\") && insideString(prefix.slice(0, -1))) {
    return single("escapes-escapes", "escapes the backslash of an escape again (\\\\n for \\n)");
  }
  if (i === 0 && g[0] === "\uFEFF") {
    return single("writes-bom", "writes a byte-order mark (U+FEFF) before the output");
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
// A value cut by the check: the smallest value around the first difference that both show whole.

function cutClass(
  e: string[],
  g: string[],
  i: number,
  prefix: string,
  eCut: boolean,
  gCut: boolean,
): DifferenceClass | undefined {
  for (const from of openContainers(e, i).reverse()) {
    const eEnd = closeOf(e, from);
    const gEnd = closeOf(g, from);
    if (eEnd === undefined || gEnd === undefined) continue;
    const found = differenceClass(e.slice(from, eEnd).join(""), g.slice(from, gEnd).join(""));
    if (found) return found;
  }
  if (insideString(prefix)) {
    // Inside a member name the two may be comparing different members (another order): no class.
    if (isMemberName(prefix)) return undefined;
    // The string value that holds the first difference: emptied, cut short, or changed.
    if (g[i] === '"') {
      return prefix.endsWith('"')
        ? formOf(STRINGS, "empties-strings", "writes strings as empty strings")
        : formOf(STRINGS, "cuts-strings", "cuts strings short");
    }
    return formOf(STRINGS, "changes-strings", "changes the contents of strings");
  }
  // A number both sides show whole (not running into the cut).
  const wholeToken = (text: string[], isCutText: boolean) => {
    let to = i;
    while (to < text.length && NUMBER_CHAR.test(text[to]!)) to++;
    return !isCutText || to < text.length;
  };
  if (wholeToken(e, eCut) && wholeToken(g, gCut)) return numberClass(e, g, i);
  return undefined;
}

/** Whether the string `prefix` ends inside is a member name: it opens an object or follows a comma in
 * one. */
function isMemberName(prefix: string): boolean {
  let quote = -1;
  let inside = false;
  for (let k = 0; k < prefix.length; k++) {
    if (inside && prefix[k] === "\\") k++;
    else if (prefix[k] === '"') {
      inside = !inside;
      if (inside) quote = k;
    }
  }
  const before = prefix.slice(0, quote).trimEnd();
  const last = before.at(-1);
  if (last === "{") return true;
  if (last !== ",") return false;
  const points = [...before];
  const innermost = openContainers(points, points.length).at(-1);
  return innermost !== undefined && points[innermost] === "{";
}

/** Where the containers open at index `i` of `text` start, outermost first (strings skipped). */
function openContainers(text: string[], i: number): number[] {
  const open: number[] = [];
  let inside = false;
  for (let k = 0; k < i; k++) {
    const ch = text[k];
    if (inside) {
      if (ch === "\\") k++;
      else if (ch === '"') inside = false;
    } else if (ch === '"') inside = true;
    else if (ch === "[" || ch === "{") open.push(k);
    else if (ch === "]" || ch === "}") open.pop();
  }
  return open;
}

/** The index just past the container that starts at `from`, or undefined when it does not close. */
function closeOf(text: string[], from: number): number | undefined {
  let depth = 0;
  let inside = false;
  for (let k = from; k < text.length; k++) {
    const ch = text[k];
    if (inside) {
      if (ch === "\\") k++;
      else if (ch === '"') inside = false;
    } else if (ch === '"') inside = true;
    else if (ch === "[" || ch === "{") depth++;
    else if (ch === "]" || ch === "}") {
      depth--;
      if (depth === 0) return k + 1;
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Structure: a loose JSON reader that keeps member order and every scalar as written.

type Tree =
  | { t: "string"; raw: string; value: string }
  | { t: "scalar"; raw: string }
  | { t: "array"; items: Tree[] }
  | { t: "object"; members: [Tree & { t: "string" }, Tree][] };

/** Reads a shown JSON text; undefined when it is not one. Escapes it cannot decode stay as written.
 * `words`: NaN, Infinity and -Infinity read as numbers too (what a writer of such numbers writes). */
export function readTree(text: string, words = false): Tree | undefined {
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
    const scalar = (words ? /^(?:-?[0-9][-+.0-9eE]*|true|false|null|-?Infinity|NaN)/ : SCALAR).exec(
      text.slice(k, k + 400),
    );
    if (!scalar) return undefined;
    k += scalar[0].length;
    return { t: "scalar", raw: scalar[0] };
  };
  const tree = value(0);
  ws();
  return tree && k === text.length ? tree : undefined;
}

const SCALAR = /^(?:-?[0-9][-+.0-9eE]*|true|false|null)/;

function readBoth(expected: string, got: string, words = false): { e: Tree; g: Tree } | undefined {
  const e = readTree(expected, words);
  const g = readTree(got, words);
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

const MEMBER_ORDER = single("member-order", "orders object members other than by UTF-16 code units");

function orderClass(e: Tree, g: Tree): DifferenceClass | undefined {
  if (!same(e, g, {})) {
    if (same(e, g, { members: true })) {
      return MEMBER_ORDER;
    }
    if (same(e, g, { members: true, arrays: true })) return single("array-order", "reorders array elements");
  }
  if (!same(e, g, { members: true })) {
    const inForm = (t: Tree, form: "NFC" | "NFD") =>
      keyOf(t, { members: true }) === keyOf(t, { members: true, form });
    if (same(e, g, { members: true, form: "NFC" })) {
      // Composed where the expectation is not: the output normalized (RFC 8785 keeps strings as sent).
      if (inForm(g, "NFC") && !inForm(e, "NFC")) {
        return single("normalizes-nfc", "normalizes strings to NFC (RFC 8785 keeps them as sent)");
      }
      // Not composed where the expectation is: decomposed as sent (the nfc profile), or by the output.
      if (inForm(e, "NFC") && !inForm(g, "NFC")) {
        return single("not-nfc", "writes strings decomposed where the expected output has them in NFC");
      }
    }
    if (same(e, g, { members: true, form: "NFD" }) && inForm(g, "NFD")) {
      return single("normalizes-nfd", "normalizes strings to NFD (RFC 8785 keeps them as sent)");
    }
  }
  const dropped = droppedMembers(e, g);
  if (dropped !== undefined && dropped.length > 0) {
    if (dropped.every((v) => v.t === "scalar" && v.raw === "null")) {
      return formOf(DROPS, "drops-null-members", "leaves out members whose value is null");
    }
    return formOf(DROPS, "drops-members", "leaves out object members");
  }
  return undefined;
}

/** Outputs that differ in the contents of their strings only: emptied, cut short, or changed. */
function stringClass(e: Tree, g: Tree): DifferenceClass | undefined {
  const pairs = stringPairs(e, g);
  if (pairs !== undefined && pairs.length > 0) {
    if (pairs.every(([, got]) => got === ""))
      return formOf(STRINGS, "empties-strings", "writes strings as empty strings");
    if (pairs.every(([expected, got]) => expected.startsWith(got))) {
      return formOf(STRINGS, "cuts-strings", "cuts strings short");
    }
    return formOf(STRINGS, "changes-strings", "changes the contents of strings");
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

/** Significant digits of a number token: 1e-7 has 1, 0.30000000000000004 has 17, 1200 has 2. */
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
  const form = (id: string, title: string) => formOf(NUMBERS, id, title);
  if (et === "0" && gt === "-0") return form("number-minus-zero", "-0 for 0");
  const ev = Number(et);
  const gv = Number(gt);
  if (!Number.isFinite(gv) || ev !== gv) {
    if (Number.isFinite(gv) && significantDigits(gt) < significantDigits(et)) {
      return form("number-fewer-digits", "too few significant digits");
    }
    return form("number-value", "another value");
  }
  // The same double: ES6 writes the shortest digits that read back, then one spelling of them.
  if (significantDigits(gt) > significantDigits(et)) {
    return form("number-more-digits", "more digits than the shortest that reads back");
  }
  const eExp = /[eE]/.test(et);
  const gExp = /[eE]/.test(gt);
  if (eExp && gExp) return form("number-exponent-spelling", "exponents spelled differently");
  if (eExp !== gExp) {
    return form("number-notation", "plain and exponent notation switched at another point");
  }
  return form("number-spelling", "another spelling of the same value");
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
  const q = (points: string[]) => `“${points.join("")}”`;
  const title =
    removed.length === 0
      ? `writes an extra ${q(added)}`
      : added.length === 0
        ? `leaves out ${q(removed)}`
        : `writes ${q(added)} where RFC 8785 writes ${q(removed)}`;
  return single(`edit:${JSON.stringify([removed.join(""), added.join("")])}`, title);
}
