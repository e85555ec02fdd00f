// Semantic mutations: each changes what a value means, so its canonical form must change too (I3).
// Every place a mutation applies is listed, and a generated integer picks one, so a mutation is
// replayed from its value and integer. Values are copied, never changed in place; objects are built
// with Object.fromEntries so that a member named `__proto__` stays a member.
import type { JsonObject, JsonValue } from "../../jcs/index.js";

export interface Mutation {
  /** What was done, for the report: `truncate the string at $.a[2]`. */
  what: string;
  apply: () => JsonValue;
}

type Path = (string | number)[];

/** Every mutation that applies somewhere in `root`. */
export function mutationsOf(root: JsonValue): Mutation[] {
  const out: Mutation[] = [];
  const visit = (value: JsonValue, path: Path): void => {
    const at = showPath(path);
    const replace = (what: string, next: JsonValue) =>
      out.push({ what: `${what} at ${at}`, apply: () => setAt(root, path, next) });
    if (typeof value === "string") {
      const chars = [...value];
      if (chars.length > 0) {
        replace("truncate the string", chars.slice(0, Math.floor(chars.length / 2)).join(""));
        const k = chars.length - 1;
        chars[k] = chars[k] === "a" ? "b" : "a";
        replace("change one character of the string", chars.join(""));
      }
    }
    // Not at the root: a bare null is a top-level scalar, a choice RFC 8785 leaves open.
    if (value !== null && path.length > 0) replace("materialize a null", null);
    if (value === null || typeof value !== "object") return;
    if (Array.isArray(value)) {
      value.forEach((v, i) => {
        replace(
          `drop element ${i}`,
          value.filter((_, j) => j !== i),
        );
        visit(v, [...path, i]);
      });
      const j = value.findIndex((v) => !same(v, value[0]!));
      if (j > 0) {
        const swapped = [...value];
        [swapped[0], swapped[j]] = [swapped[j]!, swapped[0]!];
        replace(`swap elements 0 and ${j}`, swapped);
      }
      return;
    }
    const entries = Object.entries(value);
    for (const [name, v] of entries) {
      replace(`drop member ${JSON.stringify(name)}`, Object.fromEntries(entries.filter(([n]) => n !== name)));
      visit(v, [...path, name]);
    }
    if (!Object.hasOwn(value, "null"))
      replace('add member "null": null', Object.fromEntries([...entries, ["null", null]]));
    const other = entries.findIndex(([, v]) => !same(v, entries[0]![1]));
    if (other > 0) {
      const swapped = entries.map(([n, v], i): [string, JsonValue] =>
        i === 0 ? [n, entries[other]![1]] : i === other ? [n, entries[0]![1]] : [n, v],
      );
      replace(
        `swap the values of ${JSON.stringify(entries[0]![0])} and ${JSON.stringify(entries[other]![0])}`,
        Object.fromEntries(swapped),
      );
    }
  };
  visit(root, []);
  return out;
}

function same(a: JsonValue, b: JsonValue): boolean {
  return Object.is(a, b) || JSON.stringify(a) === JSON.stringify(b);
}

function showPath(path: Path): string {
  return `$${path.map((p) => (typeof p === "number" ? `[${p}]` : `[${JSON.stringify(p)}]`)).join("")}`;
}

/** A copy of `root` with the value at `path` replaced. */
function setAt(root: JsonValue, path: Path, next: JsonValue): JsonValue {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  if (Array.isArray(root)) return root.map((v, i) => (i === head ? setAt(v, rest, next) : v));
  const object = root as JsonObject;
  return Object.fromEntries(
    Object.entries(object).map(([n, v]) => [n, n === head ? setAt(v, rest, next) : v]),
  );
}
