// Property-based tests (fast-check): idempotence, agreement with an independent path, and that the
// strict parser accepts exactly what JSON.parse accepts once the I-JSON rules are accounted for.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { canonicalize, JcsError } from "../../src/jcs/index.js";
import { sweepRuns } from "../helpers/sweep.js";
import { text, utf8 } from "./helpers.js";

// The npm package `canonicalize`, a second independent serializer to agree with.
const canonicalizePkg = (await import("canonicalize")).default as unknown as (
  value: unknown,
) => string | undefined;

const RUNS = { numRuns: 2000, seed: 8785 };
const jsonValue = fc.jsonValue({ maxDepth: 5, stringUnit: "binary" });

/** The independent path: keys compared unit by unit by hand, each scalar through JSON.stringify. */
function independent(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(independent).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => compareUtf16(a, b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${independent(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

function compareUtf16(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = a.charCodeAt(i) - b.charCodeAt(i);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/** JSON text of `value` with random insignificant whitespace (each gap picks its own). */
const withWhitespace = (value: unknown, gaps: string[]): string => {
  let k = 0;
  const gap = () => gaps[k++ % gaps.length] ?? "";
  const walk = (v: unknown): string => {
    if (Array.isArray(v)) return `[${gap()}${v.map((e) => walk(e) + gap()).join(`,${gap()}`)}]`;
    if (v !== null && typeof v === "object") {
      const parts = Object.entries(v).map(
        ([key, e]) => `${JSON.stringify(key)}${gap()}:${gap()}${walk(e)}${gap()}`,
      );
      return `{${gap()}${parts.join(`,${gap()}`)}}`;
    }
    return JSON.stringify(v);
  };
  return gap() + walk(value) + gap();
};
const gaps = fc.array(fc.stringMatching(/^[ \t\n\r]{0,3}$/), { minLength: 1, maxLength: 8 });

describe("properties", () => {
  test("idempotence: canon(canon(x)) == canon(x)", () => {
    fc.assert(
      fc.property(jsonValue, gaps, (value, ws) => {
        const once = canonicalize(utf8(withWhitespace(value, ws)));
        assert.deepEqual(canonicalize(once), once);
      }),
      RUNS,
    );
  });

  test("agrees with the independent path (and with npm canonicalize) on every JSON value", () => {
    fc.assert(
      fc.property(jsonValue, gaps, (value, ws) => {
        const ours = text(canonicalize(utf8(withWhitespace(value, ws))));
        assert.equal(ours, independent(value));
        assert.equal(ours, canonicalizePkg(value));
      }),
      RUNS,
    );
  });

  test("any decimal literal canonicalizes to String(Number(literal))", () => {
    const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^[0-9]{${min},${max}}$`));
    const literal = fc
      .tuple(
        fc.constantFrom("", "-"),
        fc.oneof(
          fc.constant("0"),
          fc.tuple(fc.constantFrom(..."123456789"), digits(0, 18)).map(([a, b]) => a + b),
        ),
        fc.option(digits(1, 20), { nil: undefined }),
        fc.option(fc.tuple(fc.constantFrom("e", "E"), fc.constantFrom("", "+", "-"), digits(1, 3)), {
          nil: undefined,
        }),
      )
      .map(
        ([sign, int, frac, exp]) =>
          sign + int + (frac === undefined ? "" : `.${frac}`) + (exp ? exp.join("") : ""),
      );
    fc.assert(
      fc.property(literal, (s) => {
        const n = Number(s);
        fc.pre(Number.isFinite(n));
        assert.equal(text(canonicalize(utf8(s))), String(n), s);
      }),
      { numRuns: sweepRuns(30000), seed: 8785 },
    );
  });

  test("any finite double: its JSON text canonicalizes to String(n)", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        assert.equal(text(canonicalize(utf8(JSON.stringify(n)))), String(n));
        // and the exponent spellings of the same double
        assert.equal(text(canonicalize(utf8(n.toExponential()))), String(n));
      }),
      { numRuns: sweepRuns(20000), seed: 8785 },
    );
  });
});

// What makes JSON.parse and the strict parser differ, checked independently of the strict parser.
function hasLoneSurrogate(value: unknown): boolean {
  const bad = (s: string) => !(s as unknown as { isWellFormed(): boolean }).isWellFormed();
  if (typeof value === "string") return bad(value);
  if (Array.isArray(value)) return value.some(hasLoneSurrogate);
  if (value !== null && typeof value === "object") {
    return Object.entries(value).some(([k, v]) => bad(k) || hasLoneSurrogate(v));
  }
  return false;
}
function hasInfinity(value: unknown): boolean {
  if (typeof value === "number") return !Number.isFinite(value);
  if (Array.isArray(value)) return value.some(hasInfinity);
  if (value !== null && typeof value === "object") return Object.values(value).some(hasInfinity);
  return false;
}
/** Name separators in valid JSON text: one per member, so fewer after a round trip = duplicates. */
const colons = (json: string): number => json.replace(/"(?:[^"\\]|\\.)*"/g, "").split(":").length - 1;

const TOKENS = [
  ...'{}[],:" \t\n\r\\-+.0123456789eEaxé😀',
  "\u000b",
  "\u00a0",
  "\u0000",
  "\u001f",
  "\ufeff",
  "true",
  "false",
  "null",
  "nul",
  "NaN",
  '"a"',
  '"\\u0061"',
  '"b"',
  "\\u",
  "\\ud800",
  "\\udc00",
  "\\ud83d\\ude00",
  "\\n",
  "1e400",
  "-0",
  "01",
  "1.",
  "//",
];
const soup = fc.array(fc.constantFrom(...TOKENS), { maxLength: 25 }).map((t) => t.join(""));
const mutated = fc
  .tuple(jsonValue, fc.array(fc.tuple(fc.nat(), fc.nat(2), fc.constantFrom(...TOKENS)), { maxLength: 3 }))
  .map(([value, edits]) => {
    let s = JSON.stringify(value);
    for (const [at, kind, token] of edits) {
      const i = s.length === 0 ? 0 : at % (s.length + 1);
      if (kind === 0)
        s = s.slice(0, i) + token + s.slice(i); // insert
      else if (kind === 1)
        s = s.slice(0, i) + s.slice(i + 1); // delete
      else s = s.slice(0, i) + token + s.slice(i + 1); // replace
    }
    return s;
  })
  // An edit may split a surrogate pair; raw lone surrogates cannot travel as UTF-8, so skip those.
  .filter((s) => (s as unknown as { isWellFormed(): boolean }).isWellFormed());

function sameVerdictAsJsonParse(source: string): void {
  let expected: unknown;
  let jsonParseAccepts = true;
  try {
    expected = JSON.parse(source);
  } catch {
    jsonParseAccepts = false;
  }
  let ours: string | JcsError;
  try {
    ours = text(canonicalize(utf8(source)));
  } catch (error) {
    if (!(error instanceof JcsError)) throw error;
    ours = error;
  }
  if (!jsonParseAccepts) {
    assert.ok(
      ours instanceof JcsError,
      `JSON.parse refuses ${JSON.stringify(source)} but we gave ${String(ours)}`,
    );
    return;
  }
  const code = ours instanceof JcsError ? ours.code : "accepted";
  if (hasLoneSurrogate(expected)) assert.equal(code, "lone-surrogate", source);
  else if (hasInfinity(expected)) assert.equal(code, "number-out-of-range", source);
  else if (colons(source) > colons(JSON.stringify(expected))) assert.equal(code, "duplicate-name", source);
  else assert.equal(ours, independent(expected), source);
}

describe("the strict parser vs JSON.parse", () => {
  test("token soup: same verdict, same value", () => {
    fc.assert(fc.property(soup, sameVerdictAsJsonParse), { numRuns: sweepRuns(20000), seed: 8785 });
  });

  test("valid JSON with a few edits: same verdict, same value", () => {
    fc.assert(fc.property(mutated, sameVerdictAsJsonParse), { numRuns: sweepRuns(10000), seed: 8785 });
  });

  test("the checks above can tell: a duplicate, a lone surrogate and an overflow each differ", () => {
    for (const s of ['{"a":1,"a":2}', '"\\ud800"', "1e400"]) {
      assert.doesNotThrow(() => JSON.parse(s));
      assert.throws(() => canonicalize(utf8(s)), JcsError);
    }
    assert.equal(colons('{"a":1,"a":2}'), 2);
    assert.equal(colons(JSON.stringify(JSON.parse('{"a":1,"a":2}'))), 1);
  });
});
