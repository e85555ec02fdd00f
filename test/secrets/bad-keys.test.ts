// Secret hygiene (issue 8 item 4), a malformed supplied key: whatever is wrong with it (a typo, a
// wrong length, odd hex, a PEM of another algorithm or cut short, binary garbage, a directory, a
// missing file), `run` refuses to start with a clear error, writes no record, and repeats none of it:
// not on stdout or stderr, not in a file, not in the error thrown in-process.
import assert from "node:assert/strict";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { KeyError, loadSuppliedKey, parseSuppliedKey } from "../../src/record/keys.js";
import { filesUnder, leaksOfRun, RUN_ARGS, runCli, tempDir } from "./cli.js";
import { BAD_KEYS, GOOD_KEYS, leaksIn } from "./material.js";

test("there are Ed448 and RSA keys to try (openssl genpkey works here)", () => {
  assert.ok(BAD_KEYS.some((k) => k.name.includes("Ed448")));
  assert.ok(BAD_KEYS.some((k) => k.name.includes("RSA")));
});

describe("in-process: the KeyError for each malformed key says what is wrong and holds none of it", () => {
  for (const key of BAD_KEYS) {
    test(key.name, () => {
      let thrown: unknown;
      try {
        parseSuppliedKey(key.text.toString("utf8"));
      } catch (error) {
        thrown = error;
      }
      assert.ok(thrown instanceof KeyError, `${key.name} was not refused with a KeyError`);
      assert.match(thrown.message, /key/);
      assert.deepEqual(leaksIn("message", `${thrown.message}\n${thrown.stack}`, key.text), []);
    });
  }
});

describe("the CLI: run refuses each malformed key, in a file or in CANON_CONFORMANCE_KEY", () => {
  const work = tempDir("bad");
  after(() => rmSync(work, { recursive: true, force: true }));

  BAD_KEYS.forEach((key, i) => {
    const protocol = i % 2 === 0 ? "once" : "lines";
    test(`${key.name} (--key-file, ${protocol})`, async () => {
      const keyFile = join(work, `key-${i}`);
      const out = join(work, `out-file-${i}`);
      writeFileSync(keyFile, key.text);
      const run = await runCli([
        "run",
        ...RUN_ARGS[protocol],
        "--out",
        out,
        "--key-file",
        keyFile,
        "--quiet",
      ]);
      assert.equal(run.code, 2, `exit ${run.code}\n${run.stdout}\n${run.stderr}`);
      assert.match(run.stderr, /canon-conformance run: .*key/);
      assert.deepEqual([...filesUnder(out).keys()], [], "no record is written");
      assert.deepEqual(leaksOfRun(run, [out], key.text), []);
    });
    // An environment variable cannot hold a NUL, and an empty one counts as unset (no key given).
    if (key.text.length === 0 || key.text.includes(0)) return;
    test(`${key.name} (CANON_CONFORMANCE_KEY, ${protocol === "once" ? "lines" : "once"})`, async () => {
      const out = join(work, `out-env-${i}`);
      const other = protocol === "once" ? "lines" : "once";
      const run = await runCli(["run", ...RUN_ARGS[other], "--out", out, "--quiet"], {
        CANON_CONFORMANCE_KEY: key.text.toString("utf8"),
      });
      assert.equal(run.code, 2, `exit ${run.code}\n${run.stdout}\n${run.stderr}`);
      assert.match(run.stderr, /key/);
      assert.deepEqual([...filesUnder(out).keys()], []);
      assert.deepEqual(leaksOfRun(run, [out], key.text), []);
    });
  });

  test("a key file that is a directory, or missing, is refused by its path, not its content", async () => {
    const dir = join(work, "a-directory");
    mkdirSync(dir);
    writeFileSync(join(dir, "inside"), GOOD_KEYS[0]!.text);
    for (const [keyFile, code] of [
      [dir, /EISDIR/],
      [join(work, "missing"), /ENOENT/],
    ] as const) {
      const run = await runCli(["run", ...RUN_ARGS.lines, "--key-file", keyFile, "--quiet"]);
      assert.equal(run.code, 2);
      assert.match(run.stderr, code);
      assert.deepEqual(leaksOfRun(run, []), []);
    }
  });

  test("a key in a file and in the environment at once is refused, repeating neither", async () => {
    const keyFile = join(work, "good");
    writeFileSync(keyFile, GOOD_KEYS[0]!.text);
    const run = await runCli(["run", ...RUN_ARGS.lines, "--key-file", keyFile, "--quiet"], {
      CANON_CONFORMANCE_KEY: GOOD_KEYS[2]!.text.toString(),
    });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /one way only/);
    assert.deepEqual(leaksOfRun(run, [], GOOD_KEYS[2]!.text), []);
  });

  test("loadSuppliedKey's errors for a directory or missing file name the path only", () => {
    for (const keyFile of [work, join(work, "nope")]) {
      assert.throws(
        () => loadSuppliedKey({ keyFile }),
        (e: unknown) =>
          e instanceof KeyError && e.message.includes(keyFile) && leaksIn("m", e.message).length === 0,
      );
    }
  });
});
