// The one key loader (src/record/keys.ts loadSuppliedKey): a key from --key-file, from
// CANON_CONFORMANCE_KEY or from the action's signing-key input, hex or PEM, is the same key; a bad one
// is refused in the same words whichever way it came and whichever face loaded it (`run`, `sign`, the
// action's run and sign modes), after the name of where it came from, and no message holds any of it.
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { KEY_ENV, KeyError, loadSuppliedKey, toHex } from "../../src/record/keys.js";
import { runActionHere } from "../action/runner.js";
import { cli } from "../helpers/cli.js";
import { BAD_KEYS, GOOD_KEYS, GOOD_PEM, leaksIn, SEED_HEX } from "./material.js";

const work = mkdtempSync(join(tmpdir(), "cc-key-loader-"));
let files = 0;

/** `text` in a key file of its own. */
function keyFile(text: Buffer | string): string {
  const path = join(work, `key-${++files}`);
  writeFileSync(path, text);
  return path;
}

/** The three ways a key is given, each with the name a refusal starts with. */
function sources(text: string): { where: string; load: () => unknown }[] {
  const file = keyFile(text);
  return [
    { where: `--key-file ${file}`, load: () => loadSuppliedKey({ keyFile: file, env: {} }) },
    { where: KEY_ENV, load: () => loadSuppliedKey({ env: { [KEY_ENV]: text } }) },
    { where: "signing-key", load: () => loadSuppliedKey({ input: { name: "signing-key", text } }) },
  ];
}

/** What `load` was refused with: a KeyError's message. */
function refusal(load: () => unknown): string {
  try {
    load();
  } catch (error) {
    assert.ok(error instanceof KeyError, `not a KeyError: ${error}`);
    return error.message;
  }
  return assert.fail("the key was accepted");
}

describe("one loader, three ways in", () => {
  test("the seed as hex and as a PKCS#8 PEM is the same key from a file, the variable and an input", () => {
    for (const text of [SEED_HEX, `${SEED_HEX.toUpperCase()}\n`, GOOD_PEM]) {
      for (const { where, load } of sources(text)) {
        const key = load() as ReturnType<typeof loadSuppliedKey>;
        assert.equal(key?.kind, "supplied", where);
        assert.equal(toHex(key!.seed), SEED_HEX, where);
      }
    }
  });

  test("none given is none: no file, an empty variable, an empty input", () => {
    assert.equal(loadSuppliedKey({ env: {} }), undefined);
    assert.equal(loadSuppliedKey({ env: { [KEY_ENV]: "" } }), undefined);
    assert.equal(loadSuppliedKey({ input: { name: "signing-key", text: "" } }), undefined);
  });

  // A variable and an input hold no NUL; empty is none, not a bad key.
  for (const bad of BAD_KEYS.filter((k) => k.text.length > 0 && !k.text.includes(0))) {
    test(`${bad.name}: the same words from each, after where it came from, and none of the key`, () => {
      const words = new Set<string>();
      for (const { where, load } of sources(bad.text.toString("utf8"))) {
        const message = refusal(load);
        assert.ok(message.startsWith(`${where}: `), `${where}: ${message}`);
        words.add(message.slice(where.length + 2));
        assert.deepEqual(leaksIn(where, message, bad.text), []);
        assert.deepEqual(leaksIn(where, message), [], "nor the seed itself");
      }
      assert.equal(words.size, 1, [...words].join("\n"));
    });
  }
});

describe("every face loads through it: a bad key is refused in the same words by run, sign and the action", () => {
  // 62 hex digits of the real seed: near enough to be pasted by mistake, and all secret.
  const bad = SEED_HEX.slice(0, 62);
  const WORDS =
    "the supplied key has 62 hex digits, not 64; a supplied key must be a 32-byte Ed25519 seed as 64 hex digits, or a PKCS#8 PEM as `openssl genpkey -algorithm ed25519` writes it";
  const file = keyFile(bad);
  const record = keyFile("{}");

  test("run --key-file and sign --key-file: exit 2, one line, nothing of the key", async () => {
    for (const args of [
      ["run", "--command", "no-such-command-xyz", "--suites", "jcs", "--key-file", file],
      ["sign", record, "--key-file", file],
    ]) {
      const r = await cli(args, { env: { [KEY_ENV]: undefined } });
      assert.equal(r.status, 2, r.stderr);
      assert.equal(r.stderr, `canon-conformance ${args[0]}: --key-file ${file}: ${WORDS}\n`);
      assert.deepEqual(leaksIn("stderr", r.stderr), []);
      assert.equal(r.stdout, "");
    }
  });

  test("run and sign with CANON_CONFORMANCE_KEY: the same words, named by the variable", async () => {
    for (const args of [
      ["run", "--command", "no-such-command-xyz", "--suites", "jcs"],
      ["sign", record],
    ]) {
      const r = await cli(args, { env: { [KEY_ENV]: bad } });
      assert.equal(r.status, 2, r.stderr);
      assert.equal(r.stderr, `canon-conformance ${args[0]}: ${KEY_ENV}: ${WORDS}\n`);
    }
  });

  test("the action's run and sign modes: the same words, named by the input", async () => {
    const modes: Record<string, string>[] = [
      { command: "no-such-command-xyz", suites: "jcs", "signing-key": bad },
      { mode: "sign", record, "signing-key": bad },
    ];
    for (const inputs of modes) {
      const run = await runActionHere({ inputs });
      assert.equal(run.code, 1);
      const failure = run.annotations.filter((a) => a.level === "error").at(-1);
      assert.equal(failure?.message, `signing-key: ${WORDS}`);
      const log = run.stdout.replace(/^::add-mask::.*$/gm, "");
      assert.deepEqual(leaksIn("log", log), []);
      assert.deepEqual(leaksIn("summary", run.summary ?? ""), []);
    }
  });
});

// The good keys of material.ts load too (a guard that the list above means something).
test("the good keys of the hygiene tests load from a file", () => {
  for (const good of GOOD_KEYS) {
    assert.equal(toHex(loadSuppliedKey({ keyFile: keyFile(good.text) })!.seed), SEED_HEX, good.name);
  }
});
