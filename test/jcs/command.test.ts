// `canon-conformance canonicalize` through the CLI face (in this process), in both protocols of
// docs/protocol.md, and the protocol servers under backpressure.
import assert from "node:assert/strict";
import { PassThrough, Writable } from "node:stream";
import { describe, test } from "node:test";
import { serveLines, serveOnce } from "../../src/commands/serve-protocol.js";
import { keccak256Hex, sha256Hex } from "../../src/jcs/index.js";
import { cli } from "../helpers/cli.js";
import { utf8 } from "./helpers.js";

// The CLI face (test/helpers/cli.ts); CLI marks the one case that names the command itself, the rest
// run `canonicalize` with their own arguments.
const MAIN = ["canonicalize"];
const CLI: string[] = [];

interface Ran {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

async function run(args: string[], input: Uint8Array, entry = MAIN): Promise<Ran> {
  const r = await cli([...entry, ...args], { input });
  return { code: r.status, stdout: r.raw, stderr: r.stderr };
}

describe("canonicalize command, once mode", { timeout: 120_000 }, () => {
  test("through the CLI: `canon-conformance canonicalize` in both protocols", async () => {
    const once = await run(["canonicalize"], utf8('{"b":1,"a":[1e21,-0]}'), CLI);
    assert.equal(once.code, 0, once.stderr);
    assert.equal(once.stdout.toString(), '{"a":[1e+21,0],"b":1}');
    const lines = await run(["canonicalize", "--lines"], utf8('{"b":1,"a":2}\n[01]'), CLI);
    assert.equal(lines.code, 0, lines.stderr);
    assert.equal(
      lines.stdout.toString(),
      '{"a":2,"b":1}\n!leading-zero at byte 1: a number must not have a leading zero\n',
    );
  });

  test("canonical bytes on stdout, no trailing LF, exit 0", async () => {
    const r = await run([], utf8('{"b": [1.0, 2e0, -0], "a": "\\u00e9"}\n'));
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout.toString(), '{"a":"é","b":[1,2,0]}');
  });

  test("a refusal: exit 1, the reason with code and byte offset on stderr, nothing on stdout", async () => {
    const r = await run([], utf8('{"a":1,"a":2}'));
    assert.equal(r.code, 1);
    assert.equal(r.stdout.length, 0);
    assert.match(r.stderr, /^duplicate-name at byte 7: /);
  });

  test("invalid UTF-8 reaches the parser as bytes", async () => {
    const r = await run([], new Uint8Array([0x22, 0xed, 0xa0, 0x80, 0x22]));
    assert.equal(r.code, 1);
    assert.match(r.stderr, /^invalid-utf8 at byte 1: /);
  });

  test("--digest sha256 and keccak256 print the digest of the canonical form", async () => {
    const canonical = utf8('{"a":1}');
    const s = await run(["--digest", "sha256"], utf8('{ "a" : 1 }'));
    assert.equal(s.stdout.toString(), sha256Hex(canonical));
    const k = await run(["--digest", "keccak256"], utf8('{ "a" : 1 }'));
    assert.equal(k.stdout.toString(), keccak256Hex(canonical));
  });

  test("the parse options reach the parser", async () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, 0x31]);
    assert.equal((await run([], bom)).code, 1);
    assert.equal((await run(["--bom", "ignore"], bom)).stdout.toString(), "1");
    assert.equal((await run([], utf8("9007199254740993"))).stdout.toString(), "9007199254740992");
    assert.match((await run(["--big-integers", "reject"], utf8("9007199254740993"))).stderr, /^big-integer/);
    assert.match((await run(["--max-depth", "1"], utf8("[[]]"))).stderr, /^max-depth at byte 1/);
  });

  test("bad options are usage errors (exit 2)", async () => {
    for (const args of [
      ["--digest", "md5"],
      ["--bom", "maybe"],
      ["--max-depth", "-3"],
      ["--nope"],
      ["extra"],
    ]) {
      const r = await run(args, utf8("1"));
      assert.equal(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
      assert.ok(r.stderr.length > 0);
    }
  });

  test("--demo shows the example, its canonical form and both digests", async () => {
    const r = await run(["--demo"], new Uint8Array());
    assert.equal(r.code, 0);
    const out = r.stdout.toString();
    assert.match(out, /"numbers":\[333333333\.3333333,1e\+30,4\.5,0\.002,1e-27\]/);
    assert.match(out, /sha256: {4}[0-9a-f]{64}\n/);
    assert.match(out, /keccak256: [0-9a-f]{64}\n/);
  });
});

describe("canonicalize command, lines mode", { timeout: 120_000 }, () => {
  test("one answer line per request, in order; '!reason' for a refusal; a last line without LF", async () => {
    const requests = [
      '{"b":1,"a":2}',
      "[1,]",
      "",
      '"\\u0041"',
      "  [ 1e21 ]  ",
      '{"a":1,"\\u0061":2}',
      "null",
    ];
    const r = await run(["--lines"], utf8(requests.join("\n")));
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.toString().split("\n");
    assert.equal(lines.pop(), "", "the output ends with LF");
    assert.equal(lines.length, requests.length);
    assert.equal(lines[0], '{"a":2,"b":1}');
    assert.match(lines[1]!, /^!unexpected-character at byte 3: /);
    assert.match(lines[2]!, /^!unexpected-end at byte 0: /);
    assert.equal(lines[3], '"A"');
    assert.equal(lines[4], "[1e+21]");
    assert.match(lines[5]!, /^!duplicate-name at byte 7: /);
    assert.equal(lines[6], "null");
  });

  test("invalid UTF-8 in one line does not disturb the next", async () => {
    const input = Buffer.concat([Buffer.from([0x22, 0xc0, 0xaf, 0x22, 0x0a]), Buffer.from('"ok"\n')]);
    const r = await run(["--lines"], input);
    assert.deepEqual(r.stdout.toString().split("\n"), [
      "!invalid-utf8 at byte 1: the input is not valid UTF-8",
      '"ok"',
      "",
    ]);
  });

  test("many requests at once: every answer arrives, in order", async () => {
    const count = 20_000;
    const requests = Array.from({ length: count }, (_, i) => `{"i":${i},"pad":"${"x".repeat(i % 200)}"}`);
    const r = await run(["--lines"], utf8(`${requests.join("\n")}\n`));
    const lines = r.stdout.toString().split("\n");
    assert.equal(lines.length, count + 1);
    // each request is already canonical ("i" < "pad"), so each answer is its request
    assert.deepEqual(lines.slice(0, count), requests);
  });

  test("--lines --digest answers each line with its digest", async () => {
    const r = await run(["--lines", "--digest", "sha256"], utf8('{"a":1}\n{ "a":1 }\n'));
    const digest = sha256Hex(utf8('{"a":1}'));
    assert.equal(r.stdout.toString(), `${digest}\n${digest}\n`);
  });
});

/** A stdout that takes one chunk at a time, slowly, with a tiny buffer: writes hit backpressure. */
function slowSink(): { stream: Writable; received: () => string; bytes: () => Buffer } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    highWaterMark: 16,
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk);
      setTimeout(done, 1);
    },
  });
  return { stream, received: () => Buffer.concat(chunks).toString(), bytes: () => Buffer.concat(chunks) };
}

describe("protocol servers in-process", () => {
  test("serveLines: lines split across input chunks, a slow stdout, order kept", async () => {
    const input = new PassThrough();
    const sink = slowSink();
    const errors = slowSink();
    const served = serveLines((b) => Buffer.from(Buffer.from(b).toString().toUpperCase()), {
      input,
      output: sink.stream,
      errors: errors.stream,
    });
    const text = Array.from({ length: 300 }, (_, i) => `line ${i}`).join("\n");
    // feed in awkward pieces: 7 bytes at a time, so lines straddle chunks
    for (let i = 0; i < text.length; i += 7) input.write(text.slice(i, i + 7));
    input.end();
    assert.equal(await served, 0);
    const expected = Array.from({ length: 300 }, (_, i) => `LINE ${i}\n`).join("");
    assert.equal(sink.received(), expected);
  });

  test("serveLines: a thrown error becomes one '!' line, with its line breaks flattened", async () => {
    const input = new PassThrough();
    const sink = slowSink();
    const served = serveLines(
      (b) => {
        if (b.length === 0) throw new Error("empty\nrequest");
        return b;
      },
      { input, output: sink.stream, errors: slowSink().stream },
    );
    input.end("a\n\nb\n");
    assert.equal(await served, 0);
    assert.equal(sink.received(), "a\n!empty request\nb\n");
  });

  test("serveOnce: bytes in unchanged, answer out unchanged; a throw goes to stderr with exit 1", async () => {
    const seen: Uint8Array[] = [];
    const sink = slowSink();
    const input = new PassThrough();
    const served = serveOnce(
      (b) => {
        seen.push(b);
        return new Uint8Array([0xff, 0x0a, 0x00]);
      },
      { input, output: sink.stream, errors: slowSink().stream },
    );
    input.write(Buffer.from([0xed, 0xa0]));
    input.end(Buffer.from([0x80]));
    assert.equal(await served, 0);
    assert.deepEqual([...seen[0]!], [0xed, 0xa0, 0x80]);
    assert.deepEqual([...sink.bytes()], [0xff, 0x0a, 0x00]);

    const errors = slowSink();
    const input2 = new PassThrough();
    const refused = serveOnce(
      () => {
        throw new Error("no");
      },
      { input: input2, output: slowSink().stream, errors: errors.stream },
    );
    input2.end("x");
    assert.equal(await refused, 1);
    assert.equal(errors.received(), "no\n");
  });
});
