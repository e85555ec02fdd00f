import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { SHOW_LIMIT, showAnswer, showBytes, showText } from "../../src/checks/index.js";
import { showInvisible } from "../../src/escape/visible.js";
import { bytes } from "./fakes.js";

test("short UTF-8 is shown as it is", () => {
  assert.equal(showBytes(bytes('{"a":"é😀"}')), '{"a":"é😀"}');
});

test("bytes that are not UTF-8 are shown as \\xHH, the valid ones around them kept", () => {
  assert.equal(
    showBytes(new Uint8Array([0x22, 0xff, 0x61, 0xed, 0xa0, 0x80, 0xc3, 0xa9, 0x22])),
    '"\\xFFa\\xED\\xA0\\x80é"',
  );
  // A truncated sequence at the very end of a short value is invalid, not silently dropped.
  assert.equal(showBytes(new Uint8Array([0x61, 0xe2, 0x82])), "a\\xE2\\x82");
});

test("long values are cut on a character boundary, with their length and full digest", () => {
  const long = "😀".repeat(300);
  const shown = showBytes(bytes(long));
  const sha = createHash("sha256").update(long).digest("hex");
  assert.equal(shown, `${"😀".repeat(SHOW_LIMIT)}… (${bytes(long).length} bytes, sha256 ${sha})`);
});

test("a value of exactly the limit is not cut", () => {
  assert.equal(showBytes(bytes("x".repeat(SHOW_LIMIT))), "x".repeat(SHOW_LIMIT));
  assert.match(showBytes(bytes("x".repeat(SHOW_LIMIT + 1))), /^x{200}… \(201 bytes, sha256 [0-9a-f]{64}\)$/);
});

test("a 50 MB output is shown cut without decoding it all", () => {
  const big = new Uint8Array(50 * 1024 * 1024).fill(0x61);
  assert.match(showBytes(big), /^a{200}… \(52428800 bytes, sha256 [0-9a-f]{64}\)$/);
});

test("a long value of invalid bytes is cut too", () => {
  const shown = showBytes(new Uint8Array(1000).fill(0xff));
  assert.ok(shown.startsWith("\\xFF".repeat(50)));
  assert.match(shown, /… \(1000 bytes, sha256 [0-9a-f]{64}\)$/);
});

test("answers read as the output, reject: <reason> or failed: <reason>", () => {
  assert.equal(showAnswer({ status: "canonical", output: bytes("[1]") }), "[1]");
  assert.equal(
    showAnswer({ status: "rejected", reason: "duplicate-name at byte 7" }),
    "reject: duplicate-name at byte 7",
  );
  assert.equal(
    showAnswer({ status: "failed", reason: "timed out after 10000 ms" }),
    "failed: timed out after 10000 ms",
  );
  assert.match(
    showAnswer({ status: "rejected", reason: "r".repeat(500) }),
    /^reject: r{200}… \(500 UTF-16 units\)$/,
  );
});

test("showText never splits a surrogate pair", () => {
  assert.equal(showText("a😀b", 2), "a😀… (4 UTF-16 units)");
});

test("control characters stay characters, and every report shows them as ⟨U+XXXX⟩ (issue 14: DEL, CR/LF)", () => {
  // The checks keep the real characters, so that a raw DEL and an output spelling `\x7F` differ ...
  assert.equal(showBytes(bytes('"a\nb\u001b[31m\u007f"')), '"a\nb\u001b[31m\u007f"');
  assert.notEqual(showBytes(bytes('"\u007f"')), showBytes(bytes('"\\x7F"')));
  assert.equal(
    showAnswer({ status: "rejected", reason: "bad\u001b]0;title\u0007" }),
    "reject: bad\u001b]0;title\u0007",
  );
  // ... and the reports show them with the notation their legend promises.
  assert.equal(showInvisible(showBytes(bytes('"\u007f\r\n"'))), '"⟨U+007F⟩⟨U+000D⟩⟨U+000A⟩"');
  // The escaped form canonical JSON uses stays as it is, so the two never look alike.
  assert.equal(showBytes(bytes('"\\u001b"')), '"\\u001b"');
});
