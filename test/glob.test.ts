// Untrusted patterns match in linear time (docs/sandbox.md "What the harness promises"; issue 18,
// attack 6): the glob matcher of expected-failures files and --case, against a reference (a regular
// expression, on inputs too small for backtracking to matter), and on the pattern that stalled a run.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { parseExpectedFailures } from "../src/expected/index.js";
import { checkGlobCount, compileGlob, GlobError, MAX_GLOB_CHARS, MAX_GLOBS } from "../src/glob.js";

/** The regular expression the matcher replaced: right, and fine on short inputs. */
function reference(pattern: string, name: string): boolean {
  const source = pattern
    .split("*")
    .map((p) => p.replace(/[\\^$.|?+()[\]{}]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${source}$`, "s").test(name);
}

test("matches exactly what the regular expression matched: whole names, * for any run, / included", () => {
  const glob = (p: string, n: string) => compileGlob(p).test(n);
  assert.ok(glob("jcs/control-*", "jcs/control-del"));
  assert.ok(glob("jcs/control-*", "jcs/control-"));
  assert.ok(!glob("jcs/control-*", "jcs/controls"));
  assert.ok(glob("generated/*/seed-7/*", "generated/canon/seed-7/000-049"));
  assert.ok(!glob("jcs/literal", "jcs/literal-null"), "a name is matched whole");
  assert.ok(glob("a.b", "a.b") && !glob("a.b", "axb"), "no character but * is special");
  assert.ok(glob("ab*ba", "aba") === false && glob("ab*ab", "abab"), "start and end never overlap");
  assert.ok(glob("*", "") && glob("**", "x") && glob("a**b", "ab"));
  // Over an alphabet small enough for every overlap to happen.
  fc.assert(
    fc.property(fc.stringMatching(/^[ab*]{0,8}$/), fc.stringMatching(/^[ab]{0,10}$/), (p, n) => {
      assert.equal(compileGlob(p).test(n), reference(p, n), `${p} against ${n}`);
    }),
    { numRuns: 3000 },
  );
});

test("24 stars against a long name that does not match: done at once (a backtracking matcher takes hours)", () => {
  const pattern = `jcs/${"*".repeat(24)}!`;
  const name = `jcs/${"a".repeat(5000)}`;
  // The regular expression it replaced would not finish this line within the test runner's lifetime.
  assert.equal(compileGlob(pattern).test(name), false);
  const interleaved = `jcs/${"*a".repeat(24)}*!`;
  assert.equal(compileGlob(interleaved).test(name), false);
  assert.equal(compileGlob(interleaved.slice(0, -2)).test(name), true);
  // Through the expected-failures list, as the attack gave it.
  const list = parseExpectedFailures(`${pattern} a hostile pattern\n`, "hostile.txt");
  assert.equal(list.entries[0]!.matches(name), false);
});

test("bounded: a pattern past MAX_GLOB_CHARS, or more than MAX_GLOBS of them, is refused saying the bound", () => {
  assert.doesNotThrow(() => compileGlob("x".repeat(MAX_GLOB_CHARS)));
  assert.throws(
    () => compileGlob("*".repeat(MAX_GLOB_CHARS + 1)),
    (e: unknown) => e instanceof GlobError && e.message.includes(`more than ${MAX_GLOB_CHARS}`),
  );
  assert.doesNotThrow(() => checkGlobCount(MAX_GLOBS, "--case"));
  assert.throws(() => checkGlobCount(MAX_GLOBS + 1, "--case"), new RegExp(`more than ${MAX_GLOBS}`));
  assert.throws(
    () => parseExpectedFailures(`jcs/${"*".repeat(MAX_GLOB_CHARS)} why\n`, "long.txt"),
    new RegExp(
      `^ExpectedListError: long\\.txt line 1: the pattern is ${MAX_GLOB_CHARS + 4} characters, more than ${MAX_GLOB_CHARS}`,
    ),
  );
  const many = Array.from({ length: MAX_GLOBS + 1 }, (_, i) => `jcs/case-${i} why`).join("\n");
  assert.throws(
    () => parseExpectedFailures(many, "many.txt"),
    new RegExp(`many\\.txt line ${MAX_GLOBS + 1}: the list holds more than ${MAX_GLOBS} entries`),
  );
});
