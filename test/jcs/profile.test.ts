// The profiles' one reference (src/jcs/profile.ts): rfc8785 is the RFC 8785 reference itself; nfc is
// it after NFC of every string and member name, and a name that collides with another after NFC is a
// duplicate, refused. Held by properties rather than by a second copy of the normalization.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { jsonValue } from "../../src/corpus/generated/values.js";
import { nfcReference } from "../../src/jcs/canonicalizer.js";
import {
  canonicalize,
  canonicalizeFor,
  canonicalizeValue,
  canonicalizeValueFor,
  type JsonValue,
  nfcValue,
  parse,
} from "../../src/jcs/index.js";

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const bytes = (text: string) => encoder.encode(text);

/** Every string and member name of `value`. */
function texts(value: JsonValue): string[] {
  if (typeof value === "string") return [value];
  if (value === null || typeof value !== "object") return [];
  if (Array.isArray(value)) return value.flatMap(texts);
  return Object.entries(value).flatMap(([name, v]) => [name, ...texts(v)]);
}

/** `value` with every string and name mapped by `f`, merging nothing (the caller keeps names apart). */
function mapTexts(value: JsonValue, f: (s: string) => string): JsonValue {
  if (typeof value === "string") return f(value);
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => mapTexts(v, f));
  return Object.fromEntries(Object.entries(value).map(([name, v]) => [f(name), mapTexts(v, f)]));
}

test("rfc8785 is the reference itself, strings kept as sent", () => {
  fc.assert(
    fc.property(jsonValue(), (value) => {
      const input = canonicalizeValue(value);
      assert.deepEqual(canonicalizeFor("rfc8785", input), canonicalize(input));
      assert.deepEqual(canonicalizeValueFor("rfc8785", value), input);
    }),
    { numRuns: 500, seed: 1 },
  );
  assert.equal(decoder.decode(canonicalizeFor("rfc8785", bytes('"A\\u030a"'))), '"A\u030a"');
});

test("nfc writes every string and name in NFC, reconciles NFC with NFD, and is idempotent", () => {
  fc.assert(
    fc.property(jsonValue(), (value) => {
      const out = canonicalizeFor("nfc", canonicalizeValue(value));
      for (const s of texts(parse(out))) assert.equal(s, s.normalize("NFC"));
      assert.deepEqual(
        canonicalizeValueFor(
          "nfc",
          mapTexts(value, (s) => s.normalize("NFD")),
        ),
        out,
      );
      assert.deepEqual(canonicalizeFor("nfc", out), out);
      // Up to normalization, nothing else changes: the same value once both sides are in NFC.
      assert.deepEqual(canonicalizeValue(mapTexts(value, (s) => s.normalize("NFC"))), out);
    }),
    { numRuns: 500, seed: 2 },
  );
  assert.equal(
    decoder.decode(canonicalizeFor("nfc", bytes('{"\\u212b":"A\\u030a"}'))),
    '{"\u00c5":"\u00c5"}',
  );
});

test("under nfc two names that collide after NFC are a duplicate: refused, never merged", () => {
  for (const text of [
    '{"\u00e9":1,"e\u0301":2}',
    '[{"a":{"\u00c5":true,"\u212b":false}}]',
    '{"x":[{"e\\u0301":1,"\\u00e9":1}]}',
  ]) {
    assert.throws(() => canonicalizeFor("nfc", bytes(text)), /^Error: duplicate member name "/, text);
    // Under rfc8785 the names are different names.
    assert.doesNotThrow(() => canonicalizeFor("rfc8785", bytes(text)));
  }
  assert.throws(() => nfcValue({ "\u00e9": 1, "e\u0301": 1 }), /duplicate member name "\u00e9"/);
  // A member named __proto__ stays a member.
  assert.equal(
    decoder.decode(canonicalizeFor("nfc", bytes('{"__proto__":"e\u0301"}'))),
    '{"__proto__":"\u00e9"}',
  );
});

test("the nfc reference answers a collision with a rejection that names the name", async () => {
  const reference = nfcReference("reference after NFC");
  assert.equal(reference.label, "reference after NFC");
  assert.deepEqual(await reference.canonicalize(bytes('{"\u00e9":1,"e\u0301":2}')), {
    status: "rejected",
    reason: 'duplicate member name "\u00e9"',
  });
  assert.deepEqual(await reference.canonicalize(bytes('["e\u0301"]')), {
    status: "canonical",
    output: bytes('["\u00e9"]'),
  });
  const refused = await reference.canonicalize(bytes("[1,"));
  assert.equal(refused.status, "rejected");
  // The walk recurses: very deep nesting is refused (a choice the RFC leaves), shallower is written.
  const nested = (n: number) => bytes(`${"[".repeat(n)}${"]".repeat(n)}`);
  assert.equal((await reference.canonicalize(nested(1000))).status, "canonical");
  assert.equal((await reference.canonicalize(nested(5000))).status, "rejected");
});
