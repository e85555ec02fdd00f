import assert from "node:assert/strict";
import { test } from "node:test";
import { spawnTarget, splitCommandLine } from "../../src/adapters/argv.js";
import { AdapterSetupError } from "../../src/adapters/errors.js";

// Each expectation is what `sh -c 'printf "[%s]" <line>'` prints (POSIX XCU §2.2), checked below.
const CASES: [string, string[]][] = [
  ["python3 canon.py", ["python3", "canon.py"]],
  ["  a   b\t c  ", ["a", "b", "c"]],
  ["'a b' c", ["a b", "c"]],
  ["'it''s'", ["its"]],
  [`'a\\b'`, ["a\\b"]],
  [`"a b" "c\\"d"`, ["a b", 'c"d']],
  [`"\\$HOME \\\` \\\\ \\n"`, ["$HOME ` \\ \\n"]],
  ["a\\ b", ["a b"]],
  ["\\'x\\'", ["'x'"]],
  [`pre'mid'"post"`, ["premidpost"]],
  ["'' \"\"", ["", ""]],
  ["$HOME *.py ~ a|b", ["$HOME", "*.py", "~", "a|b"]],
  ["a\\\nb", ["ab"]],
  [`"x\\\ny"`, ["xy"]],
  ["", []],
];

test("splits command lines as a POSIX shell reads quotes and escapes, without expansion", () => {
  for (const [line, words] of CASES) assert.deepEqual(splitCommandLine(line), words, line);
});

test("agrees with /bin/sh on every case (no expansion in the cases that would expand)", {
  skip: process.platform === "win32",
}, async () => {
  const { execFileSync } = await import("node:child_process");
  for (const [line, words] of CASES) {
    if (/[$*~|]/.test(line.replaceAll("\\$", ""))) continue; // the shell would expand these
    const printed = execFileSync("/bin/sh", ["-c", `printf '[%s]' ${line}`], { encoding: "utf8" });
    const expected = words.length === 0 ? "[]" : words.map((w) => `[${w}]`).join("");
    assert.equal(printed, expected, line);
  }
});

test("an unterminated quote or a trailing backslash is a clear setup error", () => {
  assert.throws(
    () => splitCommandLine("python3 'canon.py"),
    (e: unknown) => {
      assert.ok(e instanceof AdapterSetupError);
      assert.match(e.message, /unterminated single quote at column 9/);
      return true;
    },
  );
  assert.throws(() => splitCommandLine('a "b c'), /unterminated double quote at column 3/);
  assert.throws(() => splitCommandLine('a "b\\"'), /unterminated double quote/);
  assert.throws(() => splitCommandLine("a b\\"), /trailing backslash/);
});

test("spawnTarget: argv without a shell, or the platform shell with --shell", () => {
  assert.deepEqual(spawnTarget("node 'x y.js'", false), { program: "node", args: ["x y.js"] });
  assert.deepEqual(spawnTarget("a | b", true, "linux"), { program: "/bin/sh", args: ["-c", "a | b"] });
  const win = spawnTarget("a | b", true, "win32");
  assert.deepEqual(win.args, ["/d", "/s", "/c", '"a | b"']);
  assert.equal(win.windowsVerbatimArguments, true);
  assert.throws(() => spawnTarget("   ", false), /the command line is empty/);
});
