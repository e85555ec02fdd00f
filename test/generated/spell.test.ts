// The generator's own promises: every spelling means its value (the reference reads it back to the
// value's canonical bytes), seed 0 spells plainly, mutations change the meaning, and no drawn value
// holds what RFC 8785 lets an implementation refuse. The sweeps run at a fifteenth of their size in
// npm test, whole in the slow suite (test/helpers/sweep.ts, test/jcs/full-sweeps.slow.test.ts).
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { linesCanCarry } from "../../src/adapters/index.js";
import { PROPERTIES } from "../../src/corpus/generated/index.js";
import { mutationsOf } from "../../src/corpus/generated/mutate.js";
import { Choices } from "../../src/corpus/generated/random.js";
import { spell, spellNumber } from "../../src/corpus/generated/spell.js";
import { hostileNumber, jsonValue, writesLongInteger } from "../../src/corpus/generated/values.js";
import { canonicalize, canonicalizeValue, type JsonValue } from "../../src/jcs/index.js";
import { sweepRuns } from "../helpers/sweep.js";

const encoder = new TextEncoder();
const strict = { bigIntegers: "reject" as const };

test("every spelling of a value canonicalizes to the value's canonical bytes, even read strictly", () => {
  fc.assert(
    fc.property(jsonValue(), fc.nat(), (value, seed) => {
      const text = spell(value, seed);
      // Strict: an integer literal past 2^53 would be refused, so none may appear in a spelling.
      assert.deepEqual(canonicalize(encoder.encode(text), strict), canonicalizeValue(value));
    }),
    { numRuns: sweepRuns(2000), seed: 11 },
  );
});

test("numbers are respelled many ways, each the same double", () => {
  const spellings = new Set<string>();
  for (let seed = 1; seed <= 300; seed++) spellings.add(spellNumber(5, new Choices(seed)));
  for (const expected of ["5", "5.0", "0.5e1", "50e-1", "5e0"]) assert.ok(spellings.has(expected), expected);
  for (const s of spellings) assert.equal(Number(s), 5, s);
  fc.assert(
    fc.property(hostileNumber, fc.nat(), (n, seed) => {
      const s = spellNumber(n, new Choices(seed));
      assert.ok(Object.is(Number(s), n) || (n === 0 && Number(s) === 0), `${s} for ${n}`);
    }),
    { numRuns: sweepRuns(5000), seed: 3 },
  );
});

test("seed 0 spells plainly: no whitespace, no optional escape, members in order", () => {
  assert.equal(spell({ b: [1.5, "a/\u00e9"], a: null }, 0), '{"b":[1.5,"a/\u00e9"],"a":null}');
  assert.equal(spell(2 ** 60, 0), "1.1529215046068470e+18");
});

test("escapes are respelled: \\u in either case, surrogate pairs, \\/", () => {
  const spellings = new Set<string>();
  for (let seed = 1; seed <= 400; seed++) spellings.add(spell("a/\u{1f600}", seed));
  assert.ok([...spellings].some((s) => s.includes("\\/")));
  assert.ok([...spellings].some((s) => /\\u[dD]83[dD]\\u[dD][eE]00/.test(s)));
  assert.ok([...spellings].some((s) => s.includes("\\u0061")));
});

test("every mutation changes the value's meaning or is one the suite skips", () => {
  let changed = 0;
  fc.assert(
    fc.property(jsonValue(), (value) => {
      for (const m of mutationsOf(value)) {
        const after = m.apply();
        if (Buffer.from(canonicalizeValue(after)).equals(canonicalizeValue(value))) continue;
        changed++;
      }
      // The original is never changed in place.
      assert.doesNotThrow(() => canonicalizeValue(value));
    }),
    { numRuns: 300, seed: 5 },
  );
  assert.ok(changed > 300);
  const kinds = mutationsOf({ a: ["xy", 1], b: null } as JsonValue).map((m) => m.what.split(" at ")[0]);
  for (const kind of [
    "truncate the string",
    'drop member "a"',
    "drop element 0",
    "materialize a null",
    "change one character of the string",
    "swap elements 0 and 1",
  ]) {
    assert.ok(kinds.includes(kind), kind);
  }
});

test("values for properties that feed outputs back hold no long integer, nor any noncharacter or lone surrogate", () => {
  fc.assert(
    fc.property(jsonValue({ feedsBack: true }), (value) => {
      const text = JSON.stringify(value);
      assert.doesNotMatch(
        text,
        /[\ufdd0-\ufdef\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/,
      );
      const walk = (v: JsonValue): void => {
        if (typeof v === "number") assert.ok(!writesLongInteger(v), String(v));
        else if (v && typeof v === "object") for (const x of Object.values(v)) walk(x);
      };
      walk(value);
    }),
    { numRuns: sweepRuns(1000), seed: 9 },
  );
});

test("under nfc no property ever draws names that collide after NFC: the strict reference never refuses one", () => {
  for (const property of PROPERTIES) {
    fc.assert(
      // biome-ignore lint/suspicious/noExplicitAny: each property has its own drawn type
      fc.property(property.arbitrary("nfc") as fc.Arbitrary<any>, (drawn) => {
        // The nfc reference refuses a collision (src/jcs/profile.ts); an instance is made from it.
        assert.doesNotThrow(() => property.instance(drawn, "nfc"), property.name);
      }),
      { numRuns: sweepRuns(1000), seed: 12 },
    );
  }
});

test("every generated spelling is one the lines protocol carries faithfully, and is a container", () => {
  fc.assert(
    fc.property(jsonValue(), fc.integer({ min: 0, max: 0x7fffffff }), (value, seed) => {
      const carry = linesCanCarry(new TextEncoder().encode(spell(value, seed)));
      return carry.faithful && value !== null && typeof value === "object";
    }),
    { numRuns: sweepRuns(2000), seed: 13 },
  );
});
