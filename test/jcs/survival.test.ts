// No input crashes the reference: deep nesting, a huge string, random bytes. Each ends in canonical
// output or a clean JcsError with a code and a byte offset, never a stack overflow or a hang.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { canonicalize, JcsError, type JsonValue, serialize } from "../../src/jcs/index.js";
import { fullSweeps, sweepRuns } from "../helpers/sweep.js";
import { utf8 } from "./helpers.js";

const deepArrays = (depth: number) => utf8("[".repeat(depth) + "]".repeat(depth));

describe("survival", { timeout: 120_000 }, () => {
  test("100,000 nested arrays: refused by the default depth limit, at the first bracket past it", () => {
    assert.throws(
      () => canonicalize(deepArrays(100_000)),
      (e: unknown) => e instanceof JcsError && e.code === "max-depth" && e.offset === 10_000,
    );
  });

  test("100,000 nested arrays and objects with no depth limit: canonical, without recursion", () => {
    const arrays = deepArrays(100_000);
    assert.deepEqual(canonicalize(arrays, { maxDepth: Infinity }), arrays);
    const objects = utf8('{"a":'.repeat(100_000) + "1" + "}".repeat(100_000));
    assert.deepEqual(canonicalize(objects, { maxDepth: Infinity }), objects);
  });

  // The same as 100,000 ten times over: full size only (the slow suite, test/helpers/sweep.ts).
  if (fullSweeps())
    test("1,000,000 nested arrays with no depth limit: no recursion", () => {
      const text = "[".repeat(1_000_000) + "]".repeat(1_000_000);
      assert.equal(canonicalize(utf8(text), { maxDepth: Infinity }).length, text.length);
    });

  test("10,000 nested objects, each unsorted, are reordered at every level (and it finishes)", () => {
    const depth = 10_000;
    const input = utf8('{"b":0,"a":'.repeat(depth) + "null" + "}".repeat(depth));
    const output = canonicalize(input);
    assert.equal(Buffer.from(output).toString(), '{"a":'.repeat(depth) + "null" + ',"b":0}'.repeat(depth));
  });

  test("serialize() of a deep value built in memory does not recurse either", () => {
    let value: JsonValue = null;
    for (let i = 0; i < 200_000; i++) value = i % 2 ? [value] : { k: value };
    assert.equal(serialize(value).length, 100_000 * "[]".length + 100_000 * '{"k":}'.length + 4);
  });

  test("unclosed deep nesting is refused at the end", () => {
    assert.throws(
      () => canonicalize(utf8("[".repeat(50_000)), { maxDepth: Infinity }),
      (e: unknown) => e instanceof JcsError && e.code === "unexpected-end" && e.offset === 50_000,
    );
  });

  // A memory test: full size only (the slow suite, test/helpers/sweep.ts).
  if (fullSweeps())
    test("a 100 MB string", () => {
      const size = 100 * 1024 * 1024;
      const input = new Uint8Array(size + 2).fill(0x61);
      input[0] = 0x22;
      input[size + 1] = 0x22;
      const output = canonicalize(input);
      assert.equal(output.length, size + 2);
      assert.equal(output[0], 0x22);
      assert.equal(output[size], 0x61);
      // ...and one refused at its far end, with the offset where the problem is.
      input[size] = 0x0a;
      assert.throws(
        () => canonicalize(input),
        (e: unknown) => e instanceof JcsError && e.code === "control-character" && e.offset === size,
      );
    });

  test("random bytes: canonical output or a JcsError with a code and an offset inside the input", () => {
    const anyBytes = fc.oneof(
      fc.uint8Array({ maxLength: 64 }),
      // bytes drawn from JSON's own alphabet reach deeper into the parser
      fc
        .array(fc.constantFrom(...utf8('{}[],:"\\ 0123456789.eE-+tfnrulsa\t\n'), 0xc3, 0xa9, 0xed, 0xa0), {
          maxLength: 64,
        })
        .map((b) => new Uint8Array(b)),
    );
    fc.assert(
      fc.property(anyBytes, (bytes) => {
        try {
          const output = canonicalize(bytes);
          assert.deepEqual(canonicalize(output), output);
        } catch (error) {
          assert.ok(error instanceof JcsError, String(error));
          assert.match(error.code, /^[a-z0-9]+(-[a-z0-9]+)*$/);
          assert.ok(error.offset >= 0 && error.offset <= bytes.length, `offset ${error.offset}`);
          assert.ok(error.message.length > 0);
        }
      }),
      { numRuns: sweepRuns(30000), seed: 8785 },
    );
  });
});
