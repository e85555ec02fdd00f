import assert from "node:assert/strict";
import { test } from "node:test";
import { shrinkInput, structureOf } from "../../src/compare/index.js";
import { bytes } from "./helpers.js";

const decoder = new TextDecoder();
const text = (b: Uint8Array) => decoder.decode(b);
const slices = (source: string, spans: { start: number; end: number }[]) =>
  spans.map((s) => text(bytes(source).subarray(s.start, s.end)));

test("structureOf finds every container's children and every nested value", () => {
  const source = ' { "a" : [1, "x,]" , {}], "b\\"":null } ';
  const s = structureOf(bytes(source))!;
  assert.equal(s.containers.length, 3);
  assert.deepEqual(slices(source, s.containers[0]!.children), ['"a" : [1, "x,]" , {}]', '"b\\"":null']);
  assert.deepEqual(slices(source, s.containers[1]!.children), ["1", '"x,]"', "{}"]);
  assert.deepEqual(s.containers[2]!.children, []);
  assert.deepEqual(slices(source, s.values).sort(), ['"x,]"', "1", '[1, "x,]" , {}]', "null", "{}"].sort());
});

test("structureOf is lenient inside tokens and strict about brackets and separators", () => {
  // Refused by RFC 8785 for what is inside a token, but shaped like JSON: still shrinkable.
  for (const ok of ['{"a":1,"a":2}', '["\\ud800"]', "[NaN, 01]", '["\xff"]', "\ufeff[1]", "1", '""']) {
    assert.ok(structureOf(bytes(ok)), ok);
  }
  assert.ok(structureOf(new Uint8Array([0x5b, 0x22, 0xff, 0xfe, 0x22, 0x5d])), "invalid UTF-8 in a string");
  for (const bad of ["", "[", "[1,]", "[1 2]", '{"a" 1}', "{1:2}", '"open', "[]]", "1 2", "[}"]) {
    assert.equal(structureOf(bytes(bad)), undefined, bad);
  }
});

test("structureOf walks deep nesting without overflowing the stack", () => {
  const depth = 200_000;
  const s = structureOf(bytes("[".repeat(depth) + "]".repeat(depth)))!;
  assert.equal(s.containers.length, depth);
});

test("shrinkInput deletes what the disagreement does not need, leaving the rest as written", async () => {
  const source = '{ "keep" : "\\u0041" , "drop": [1, 2, 3], "also": {"x": true} }';
  const { input, probes } = await shrinkInput(bytes(source), async (c) => text(c).includes('"\\u0041"'), 100);
  assert.equal(text(input), '"\\u0041"');
  assert.ok(probes > 0 && probes <= 100);
});

test("shrinkInput halves long arrays instead of trying one element at a time", async () => {
  const items = Array.from({ length: 1024 }, (_, i) => String(i));
  const source = `[${items.join(",")}]`;
  const calls: string[] = [];
  const { input } = await shrinkInput(
    bytes(source),
    async (c) => {
      calls.push(text(c));
      return /\b777\b/.test(text(c)) && text(c).startsWith("[");
    },
    1000,
  );
  assert.equal(text(input), "[777]");
  // Delta debugging needs about 2·log2(1024) rounds of a few probes each, far below one per element.
  assert.ok(calls.length < 200, `${calls.length} probes`);
});

test("shrinkInput finds the depth where a nesting disagreement starts by binary search", async () => {
  const depth = 5000;
  const source = "[".repeat(depth) + "]".repeat(depth);
  let probes = 0;
  const { input } = await shrinkInput(
    bytes(source),
    async (c) => {
      probes++;
      return c.length / 2 > 1234;
    },
    200,
  );
  assert.equal(input.length / 2, 1235);
  assert.ok(probes < 60, `${probes} probes`);
});

test("shrinkInput keeps an input without structure whole and never goes past its budget", async () => {
  const notJson = bytes("[1,,2]");
  const kept = await shrinkInput(notJson, async () => true, 10);
  assert.equal(kept.input, notJson);
  assert.equal(kept.probes, 0);
  let calls = 0;
  const big = bytes(`[${Array.from({ length: 100 }, (_, i) => `[${i}]`).join(",")}]`);
  const limited = await shrinkInput(big, async () => ++calls % 3 === 0, 7);
  assert.equal(limited.probes, 7);
  assert.equal(calls, 7);
});
