// Where the reference parser may rightly differ from JSON.parse: the I-JSON rules (RFC 7493) and the
// limits RFC 8785 builds on. JSON.parse accepts duplicate names (the last wins), lone surrogates and
// numbers past a double (as Infinity); the reference refuses them, and nesting past its maxDepth.
// This names the first such rule a text JSON.parse accepted runs into, or null when none applies.
import { DEFAULT_MAX_DEPTH } from "../src/jcs/index.js";

import { tokens } from "./token-mutators.js";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type IJsonRule = "duplicate-name" | "lone-surrogate" | "number-overflow" | "too-deep";

export function ijsonRuleHit(validJson: string, maxDepth = DEFAULT_MAX_DEPTH): IJsonRule | null {
  // One frame per open container: the names an object has so far, or null for an array.
  const frames: (Set<string> | null)[] = [];
  let expectName = false;
  // The text is one JSON.parse accepted, so the loose tokenizer cuts it exactly along the grammar.
  for (const token of tokens(validJson)) {
    const c = token.charCodeAt(0);
    if (c === 0x7b || c === 0x5b) {
      frames.push(c === 0x7b ? new Set() : null);
      if (frames.length > maxDepth) return "too-deep";
      expectName = c === 0x7b;
    } else if (c === 0x7d || c === 0x5d) {
      frames.pop();
    } else if (c === 0x2c) {
      expectName = frames.at(-1) instanceof Set;
    } else if (c === 0x3a) {
      expectName = false;
    } else if (c === 0x22) {
      const value = JSON.parse(token) as string;
      if (LONE_SURROGATE.test(value)) return "lone-surrogate";
      const names = frames.at(-1);
      if (expectName && names instanceof Set) {
        if (names.has(value)) return "duplicate-name";
        names.add(value);
      }
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      if (!Number.isFinite(Number(token))) return "number-overflow";
    }
  }
  return null;
}

/** Deep equality of two parsed values, numbers by Object.is (so -0 and 0 differ). Iterative. */
export function sameValue(a: unknown, b: unknown): boolean {
  const stack: [unknown, unknown][] = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop()!;
    if (typeof x !== typeof y) return false;
    if (x === null || y === null || typeof x !== "object") {
      if (!Object.is(x, y)) return false;
      continue;
    }
    if (Array.isArray(x) !== Array.isArray(y)) return false;
    const xo = x as Record<string, unknown>;
    const yo = y as Record<string, unknown>;
    const keys = Object.keys(xo);
    if (keys.length !== Object.keys(yo).length) return false;
    for (const k of keys) {
      if (!Object.hasOwn(yo, k)) return false;
      stack.push([xo[k], yo[k]]);
    }
  }
  return true;
}
