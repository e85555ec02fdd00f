// canonicalize(bytes) takes a fast path straight from bytes to bytes (canonical-bytes.ts); parse()
// then serialize() takes the tree path (scanner.ts, parse.ts, serialize.ts). They are written
// separately, so each checks the other: same verdict, same error (code, offset, message), same bytes.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { canonicalize, JcsError, type ParseOptions, parse, serialize } from "../../src/jcs/index.js";
import { sweepRuns } from "../helpers/sweep.js";
import { text, utf8 } from "./helpers.js";

type Outcome = { ok: string } | { code: string; offset: number; message: string };

function outcome(f: () => string): Outcome {
  try {
    return { ok: f() };
  } catch (error) {
    if (!(error instanceof JcsError)) throw error;
    return { code: error.code, offset: error.offset, message: error.message };
  }
}

function agree(bytes: Uint8Array, options?: ParseOptions): void {
  const fast = outcome(() => text(canonicalize(bytes, options)));
  const tree = outcome(() => serialize(parse(bytes, options)));
  assert.deepEqual(
    fast,
    tree,
    `input ${JSON.stringify(Buffer.from(bytes).toString("latin1")).slice(0, 200)}`,
  );
}

const ALPHABET = utf8('{}[],:"\\ 0123456789.eE-+tfnrulsabu\t\n\r/');
const EXTRA = [
  0xc3, 0xa9, 0xed, 0x9f, 0xbf, 0xee, 0x80, 0x80, 0xf0, 0x9f, 0x98, 0x80, 0xef, 0xbb, 0xbf, 0x00, 0x1f, 0x7f,
];
const jsonish = fc
  .array(fc.constantFrom(...ALPHABET, ...EXTRA), { maxLength: 48 })
  .map((b) => new Uint8Array(b));
const tokens = fc
  .array(
    fc.constantFrom(
      ..."{}[],: ".split(""),
      '"a"',
      '"b"',
      '"\\u0061"',
      '"\\""',
      '"\\\\"',
      '"\\n"',
      '"\\u001F"',
      '"\\u00e9"',
      '"é"',
      '"\\uE000"',
      '"\ue000"',
      '"\\ud83d\\ude00"',
      '"😀"',
      '"\\ud800"',
      '"a "',
      '"a!"',
      '"a"',
      "1",
      "-0",
      "1e21",
      "0.1",
      "1e400",
      "123456789012345678",
      "9007199254740993",
      "true",
      "null",
    ),
    { maxLength: 30 },
  )
  .map((t) => utf8(t.join("")));
const objects = fc
  .jsonValue({ maxDepth: 4, stringUnit: "binary" })
  .map((v) => utf8(JSON.stringify(v, null, 1)));

describe("the fast path and the tree path agree", () => {
  test("on bytes from JSON's alphabet", () => {
    fc.assert(
      fc.property(jsonish, (b) => agree(b)),
      { numRuns: sweepRuns(30000), seed: 8785 },
    );
  });

  test("on token soup (names that sort, collide and escape)", () => {
    fc.assert(
      fc.property(tokens, (b) => agree(b)),
      { numRuns: sweepRuns(30000), seed: 8785 },
    );
  });

  test("on objects with names from all of Unicode, member order shuffled by JSON.stringify", () => {
    fc.assert(
      fc.property(objects, (b) => agree(b)),
      { numRuns: 3000, seed: 8785 },
    );
  });

  test("on random bytes, and under every option", () => {
    const options = fc.record({
      bom: fc.constantFrom("reject" as const, "ignore" as const),
      bigIntegers: fc.constantFrom("round" as const, "reject" as const),
      maxDepth: fc.nat(4),
    });
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 32 }), jsonish, tokens), options, (b, o) =>
        agree(b, o),
      ),
      { numRuns: sweepRuns(30000), seed: 8785 },
    );
  });

  test("sorting by UTF-16 units where UTF-8 byte order differs: U+E000..U+FFFF after U+10000..", () => {
    const input = utf8('{"\uffff":1,"\ue000":2,"😀":3,"\ud7ff":4,"\\uFB33":5,"\\ud800\\udc00":6,"z":7}');
    assert.equal(
      text(canonicalize(input)),
      '{"z":7,"\ud7ff":4,"𐀀":6,"😀":3,"\ue000":2,"\ufb33":5,"\uffff":1}',
    );
    agree(input);
  });

  test("sorting names that escape (a control, a quote, a backslash) by their decoded units", () => {
    const input = utf8('{"#":1,"\\"":2,"\\u0001":3,"\\\\":4," ":5,"!":6}');
    assert.equal(text(canonicalize(input)), '{"\\u0001":3," ":5,"!":6,"\\"":2,"#":1,"\\\\":4}');
    agree(input);
  });

  test("a name that is a prefix of another sorts first, even before a space or '!'", () => {
    const input = utf8('{"a ":1,"a!":2,"a":3}');
    assert.equal(text(canonicalize(input)), '{"a":3,"a ":1,"a!":2}');
  });

  test("a large object: duplicates found past the linear-scan threshold, order kept", () => {
    const names = Array.from({ length: 5000 }, (_, k) => `k${(k * 7919) % 5000}`);
    const body = names.map((n, k) => `"${n}":${k}`).join(",");
    agree(utf8(`{${body}}`));
    agree(utf8(`{${body},"k17":0}`));
    assert.throws(() => canonicalize(utf8(`{${body},"k17":0}`)), /duplicate member name "k17"/);
  });

  test("deeply nested unsorted objects are reordered at every level", () => {
    const depth = 2000;
    const input = utf8('{"b":0,"a":'.repeat(depth) + "null" + "}".repeat(depth));
    const expected = '{"a":'.repeat(depth) + "null" + ',"b":0}'.repeat(depth);
    assert.equal(text(canonicalize(input)), expected);
    agree(input);
  });
});
