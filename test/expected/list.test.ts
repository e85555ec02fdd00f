// The expected-failures file: what it accepts, and that each way of getting it wrong is an error that
// names the line (the option then exits 2 before anything runs: cli.test.ts).
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import {
  ExpectedListError,
  MAX_EXPECTED_FAILURES_BYTES,
  MAX_REASON_CHARS,
  parseExpectedFailures,
  readExpectedFailures,
} from "../../src/expected/index.js";

const tmp = mkdtempSync(join(tmpdir(), "expected-list-"));

test("entries, comments, blank lines, CRLF and the optional -- or — before a reason", () => {
  const list = parseExpectedFailures(
    [
      "# known gaps of pycanon",
      "",
      "jcs/control-*   we escape U+007F, issue #12",
      "reject/dup-top-level -- duplicates are kept  (the parser's default)\r",
      "   numbers/*\t— subnormals print in full",
    ].join("\n"),
    "known.txt",
  );
  assert.deepEqual(
    list.entries.map(({ pattern, suite, reason, line }) => ({ pattern, suite, reason, line })),
    [
      { pattern: "jcs/control-*", suite: "jcs", reason: "we escape U+007F, issue #12", line: 3 },
      {
        pattern: "reject/dup-top-level",
        suite: "reject",
        reason: "duplicates are kept  (the parser's default)",
        line: 4,
      },
      { pattern: "numbers/*", suite: "numbers", reason: "subnormals print in full", line: 5 },
    ],
  );
  assert.equal(list.source, "known.txt");
});

test("a glob's * stands for any run of characters, / included; everything else is literal", () => {
  const [control, numbers, dotted] = parseExpectedFailures(
    "jcs/control-* a\nnumbers/seed-1/* b\njcs/a.b+c(1)? c",
    "f",
  ).entries;
  assert.ok(control!.matches("jcs/control-del"));
  assert.ok(control!.matches("jcs/control-"));
  assert.ok(!control!.matches("jcs/controls"));
  assert.ok(!control!.matches("reject/control-del"));
  assert.ok(!control!.matches("xjcs/control-del"));
  assert.ok(numbers!.matches("numbers/seed-1/0000-0999"));
  assert.ok(!numbers!.matches("numbers/seed-12/0000-0999"));
  // Regex punctuation matches only itself.
  assert.ok(dotted!.matches("jcs/a.b+c(1)?"));
  assert.ok(!dotted!.matches("jcs/aXb+c(1)?"));
  assert.ok(!dotted!.matches("jcs/a.bbc(1)"));
});

for (const [what, text, line, message] of [
  ["an entry without a reason", "# x\njcs/control-del\n", 2, /'jcs\/control-del' has no reason/],
  ["a reason that is only the separator", "jcs/x  --  ", 1, /has no reason/],
  ["a name without a suite", "control-del because", 1, /does not start with a case name: write suite\/name/],
  [
    "a suite that does not exist",
    "\n\njsc/control-del typo",
    3,
    /the suite 'jsc' before the first '\/' is not one of jcs, reject,/,
  ],
  ["a glob in the suite", "*/control-del any suite", 1, /the suite '\*' .* never a glob/],
  ["a suite alone", "jcs/ everything", 1, /does not start with a case name/],
  ["the same entry twice", "jcs/a one\njcs/b two\njcs/a three", 3, /listed already on line 1/],
  ["a control character", "jcs/a reason\u001b[31m red", 1, /control character/],
  ["a reason past the limit", `jcs/a ${"x".repeat(MAX_REASON_CHARS + 1)}`, 1, /more than 300/],
] as const) {
  test(`${what}: an error naming line ${line}`, () => {
    assert.throws(
      () => parseExpectedFailures(text, "known.txt"),
      (error: unknown) =>
        error instanceof ExpectedListError &&
        error.message.startsWith(`known.txt line ${line}: `) &&
        message.test(error.message),
    );
  });
}

test("a file with no entry is an error (leave the option out instead)", () => {
  assert.throws(() => parseExpectedFailures("# nothing yet\n\n", "k"), /k lists no case/);
});

test("the reader: UTF-8 with or without a BOM; not UTF-8, too large, missing or not a file are errors", () => {
  const file = (name: string, bytes: string | Uint8Array) => {
    const path = join(tmp, name);
    writeFileSync(path, bytes);
    return path;
  };
  const bom = readExpectedFailures(file("bom.txt", "\uFEFFjcs/a é, accented"), "bom.txt");
  assert.equal(bom.entries[0]!.pattern, "jcs/a");
  assert.equal(bom.entries[0]!.reason, "é, accented");
  assert.throws(
    () =>
      readExpectedFailures(
        file("latin1.txt", Uint8Array.from([0x6a, 0x63, 0x73, 0x2f, 0x61, 0x20, 0xe9])),
        "l",
      ),
    /l is not UTF-8 text/,
  );
  // Just over the bound: refused however good the entries are; at the bound it is read.
  const entry = "jcs/a reason\n";
  const at = `${entry}${"#".repeat(MAX_EXPECTED_FAILURES_BYTES - entry.length)}`;
  assert.equal(readExpectedFailures(file("at.txt", at), "at").entries.length, 1);
  assert.throws(
    () => readExpectedFailures(file("over.txt", `${at}#`), "over"),
    new RegExp(`over holds more than ${MAX_EXPECTED_FAILURES_BYTES} bytes`),
  );
  assert.throws(
    () => readExpectedFailures(join(tmp, "missing.txt"), "missing.txt"),
    /cannot read missing.txt \(ENOENT/,
  );
  assert.throws(() => readExpectedFailures(tmp, "a-folder"), /a-folder is not a regular file/);
});

test("a device that never ends is refused without reading it", { timeout: 5000 }, (t) => {
  if (process.platform !== "linux") return t.skip("Linux device");
  assert.throws(() => readExpectedFailures("/dev/zero", "/dev/zero"), /is not a regular file/);
});

test("the wrong file (a key, a .env) is refused without quoting its content", () => {
  const hex = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60";
  // Base64 holds '/', so a PEM's body can look like suite/name; an .env line like NAME=value.
  const pem = "MC4CAQAwBQYDK2VwBCIEIJ1hsZ3v/VpguoRK9JLsLMRESc/Vl7MmkZcDusAxyn9g";
  for (const text of [
    hex,
    `${hex}\n`,
    `-----BEGIN PRIVATE KEY-----\n${pem}\n`,
    `${pem} x`,
    "GITHUB_TOKEN=ghs_abc123/def",
  ]) {
    let message = "";
    try {
      parseExpectedFailures(text, "key.pem");
    } catch (error) {
      message = (error as Error).message;
    }
    assert.match(message, /^key\.pem line 1: /);
    for (const secret of [hex, pem, "MC4CAQAwBQYDK2VwBCIEIJ1hsZ3v", "ghs_abc123"])
      assert.ok(!message.includes(secret), `${message} quotes the file`);
  }
});

test("[...] after the name pins culprits, by id or kind, spaces or commas between; the reason follows", () => {
  const list = parseExpectedFailures(
    "numbers/*  [refused 1e-320,-0.0000000000000000e+0]  -- hangs on 1e-320, issue #9\nnumbers/x [notation] y",
    "known.txt",
  );
  assert.deepEqual(
    list.entries.map((e) => [e.pattern, e.pins, e.reason]),
    [
      ["numbers/*", ["refused", "1e-320", "-0.0000000000000000e+0"], "hangs on 1e-320, issue #9"],
      ["numbers/x", ["notation"], "y"],
    ],
  );
  assert.equal(parseExpectedFailures("jcs/a plain", "k").entries[0]!.pins, undefined);
  assert.throws(
    () => parseExpectedFailures("numbers/* [refused reason", "k"),
    /k line 1: '\[' opens a list .* no '\]'/,
  );
  assert.throws(() => parseExpectedFailures("numbers/* [ ] reason", "k"), /k line 1: '\[\]' pins no culprit/);
  assert.throws(() => parseExpectedFailures("numbers/* [refused]", "k"), /has no reason/);
});
