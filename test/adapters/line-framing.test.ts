import assert from "node:assert/strict";
import { test } from "node:test";
import { encodeRequestLine } from "../../src/adapters/line-framing.js";

const enc = (s: string | number[]) => (typeof s === "string" ? Buffer.from(s, "latin1") : Buffer.from(s));

test("CR/LF outside a string become spaces, inside a string U+0001; one LF ends the line", () => {
  assert.deepEqual(encodeRequestLine(enc('{"a":\r\n1}')), enc('{"a":  1}\n'));
  assert.deepEqual(encodeRequestLine(enc('["x\ny"]')), enc('["x\x01y"]\n'));
  assert.deepEqual(encodeRequestLine(enc('["x\r\ny"]\n')), enc('["x\x01\x01y"] \n'));
});

test("escapes are tracked: an escaped quote does not end the string", () => {
  assert.deepEqual(encodeRequestLine(enc('["a\\"\n",\n1]')), enc('["a\\"\x01", 1]\n'));
  // An escaped backslash does not escape the quote after it, so the string has ended.
  assert.deepEqual(encodeRequestLine(enc('["a\\\\"\n]')), enc('["a\\\\" ]\n'));
  // A backslash before a raw LF: the LF is still inside the string.
  assert.deepEqual(encodeRequestLine(enc('["a\\\n"]')), enc('["a\\\x01"]\n'));
});

test("robust on invalid JSON and invalid UTF-8: bytes >= 0x80 pass through untouched", () => {
  const input = [0xff, 0x22, 0xc3, 0x0a, 0x22, 0x0d, 0x80];
  assert.deepEqual(encodeRequestLine(enc(input)), enc([0xff, 0x22, 0xc3, 0x01, 0x22, 0x20, 0x80, 0x0a]));
  // An unterminated string: every later LF counts as inside it.
  assert.deepEqual(encodeRequestLine(enc('"abc\n\n')), enc('"abc\x01\x01\n'));
  assert.deepEqual(encodeRequestLine(enc("")), enc("\n"));
});

test("the output never holds a CR or LF except the final one", () => {
  // A fixed pseudo-random mix of the bytes that matter (LCG, so every run sends the same input).
  const alphabet = [0x0a, 0x0d, 0x22, 0x5c, 0x41, 0xff];
  let seed = 12345;
  const all = Buffer.from(
    Array.from({ length: 4096 }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return alphabet[seed % alphabet.length]!;
    }),
  );
  const line = encodeRequestLine(all);
  assert.equal(line.length, all.length + 1);
  assert.equal(line.subarray(0, -1).indexOf(0x0a), -1);
  assert.equal(line.indexOf(0x0d), -1);
  assert.equal(line[line.length - 1], 0x0a);
});
