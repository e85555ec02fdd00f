// The known-bad and self-test commands through the CLI face (in this process), as a user (or the
// command adapter) runs them.
import assert from "node:assert/strict";
import { test } from "node:test";
import { cli } from "../helpers/cli.js";

function run(args: string[], input?: string | Uint8Array) {
  return cli(args, { input: input ?? "" });
}

test("known-bad NAME speaks once mode: the wrong answer on stdout, exit 0", async () => {
  const r = await run(["known-bad", "keeps_last_duplicate"], '{"a":1,"a":2}');
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, '{"a":2}');
});

test("known-bad NAME rejects with exit 1 and a reason on stderr", async () => {
  const r = await run(["known-bad", "keeps_last_duplicate"], "[1,");
  assert.equal(r.status, 1);
  assert.equal(r.stdout, "");
  assert.ok(r.stderr.trim().length > 0);
});

test("known-bad NAME --lines answers one line per request, ! for a rejection", async () => {
  const r = await run(["known-bad", "accepts_leading_zeros", "--lines"], '[007]\n{"a":1,"a":2}\n"x"');
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.split("\n");
  assert.equal(lines.length, 4);
  assert.equal(lines[0], "[7]");
  assert.match(lines[1]!, /^!duplicate-name/);
  assert.equal(lines[2], '"x"');
  assert.equal(lines[3], "");
});

test("known-bad NAME --read-side serves the read side", async () => {
  const write = await run(["known-bad", "nfd_store"], '"é"');
  const read = await run(["known-bad", "nfd_store", "--read-side"], '"é"');
  assert.equal(write.stdout, '"é"');
  assert.equal(read.stdout, '"e\u0301"');
});

test("known-bad bytes stay bytes: a BOM written and invalid UTF-8 read", async () => {
  const bom = await run(["known-bad", "emits_bom"], "[1]");
  assert.deepEqual([...bom.raw], [0xef, 0xbb, 0xbf, 0x5b, 0x31, 0x5d]);
  const lenient = await run(["known-bad", "accepts_invalid_utf8"], new Uint8Array([0x22, 0xff, 0x22]));
  assert.equal(lenient.status, 0);
  assert.equal(lenient.stdout, '"\uFFFD"');
});

test("known-bad --list names every known-bad with its declared checks", async () => {
  const r = await run(["known-bad", "--list"]);
  assert.equal(r.status, 0);
  assert.match(r.stdout, /^too_aggressive +caught by canon, I3, property$/m);
  assert.match(r.stdout, /^no_unicode_nfc +caught by canon, I2, property \(profile nfc\)$/m);
  assert.match(r.stdout, /^nfd_store +caught by I4 \[has a read side\]$/m);
});

test("known-bad with no name or an unknown one is a usage error (exit 2)", async () => {
  assert.equal((await run(["known-bad"])).status, 2);
  const unknown = await run(["known-bad", "nope"]);
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /no known-bad named "nope"/);
});

test("self-test refuses bad options with exit 2", async () => {
  assert.equal((await run(["self-test", "--profile", "latin1"])).status, 2);
  assert.equal((await run(["self-test", "--numbers", "-5"])).status, 2);
  assert.equal(
    (await run(["self-test", "--numbers", "0"])).status,
    2,
    "no numbers would leave the numbers check unproven",
  );
  assert.equal((await run(["self-test", "--only", "nope"])).status, 2);
});

test("--start-ms N: a known-bad or the reference that starts as dearly as a JVM answers as before", async () => {
  const bad = await run(["known-bad", "keeps_last_duplicate", "--start-ms", "20"], '{"a":1,"a":2}');
  assert.equal(bad.status, 0, bad.stderr);
  assert.equal(bad.stdout, '{"a":2}');
  const lines = await run(["known-bad", "keeps_last_duplicate", "--start-ms", "20", "--lines"], "[1]\n");
  assert.equal(lines.stdout, "[1]\n");
  const reference = await run(["canonicalize", "--start-ms", "20"], '{"b":1,"a":2}');
  assert.equal(reference.stdout, '{"a":2,"b":1}');
  const wrong = await run(["known-bad", "keeps_last_duplicate", "--start-ms", "soon"], "[1]");
  assert.equal(wrong.status, 2);
  assert.match(wrong.stderr, /start-ms/);
});
