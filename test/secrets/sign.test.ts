// Secret hygiene in `sign` (issue 12): the team's key is read exactly as `run` reads it, and whatever
// is wrong with it, or with how it was given, nothing of it reaches stdout, stderr or a file: a bad key
// is refused with exit 2 and no record written; a good key signs, and the signed record, like the
// output, holds its public half only. Mistakes with the key in the wrong place are not echoed either.
import assert from "node:assert/strict";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { buildRecord } from "../../src/record/build.js";
import { ephemeralKey, parseSuppliedKey, toHex } from "../../src/record/keys.js";
import { recordBytes, signRecord } from "../../src/record/sign.js";
import { outcomeLine, verifyRecord } from "../../src/record/verify.js";
import { recordInput } from "../record/fixtures.js";
import { leaksOfRun, runCli, tempDir } from "./cli.js";
import { BAD_KEYS, GOOD_KEYS, leaksIn, SEED_HEX } from "./material.js";

const work = tempDir("sign");
after(() => rmSync(work, { recursive: true, force: true }));

/** A record as the run job writes it, signed with its ephemeral key, alone in a folder of its own:
 * sign's default output goes beside it, so the folder's listing shows whether anything was written. */
function recordIn(name: string): { dir: string; record: string; bytes: Uint8Array } {
  const dir = join(work, name);
  mkdirSync(dir);
  const bytes = recordBytes(signRecord(buildRecord(recordInput({ key: "ephemeral" })), ephemeralKey()));
  const record = join(dir, "record.json");
  writeFileSync(record, bytes);
  return { dir, record, bytes };
}

describe("sign refuses each malformed key, in a file or in CANON_CONFORMANCE_KEY, repeating none of it", () => {
  BAD_KEYS.forEach((key, i) => {
    test(`${key.name} (--key-file)`, async () => {
      const { dir, record, bytes } = recordIn(`bad-file-${i}`);
      const keyFile = join(work, `bad-key-${i}`);
      writeFileSync(keyFile, key.text);
      const run = await runCli(["sign", record, "--key-file", keyFile]);
      assert.equal(run.code, 2, `exit ${run.code}\n${run.stdout}\n${run.stderr}`);
      assert.equal(run.stdout, "");
      assert.match(run.stderr, /^canon-conformance sign: .*key/);
      assert.deepEqual(readdirSync(dir), ["record.json"], "no record is written");
      assert.deepEqual(new Uint8Array(readFileSync(record)), bytes);
      assert.deepEqual(leaksOfRun(run, [], key.text), []);
    });
    // An environment variable cannot hold a NUL, and an empty one counts as unset (no key given).
    if (key.text.length === 0 || key.text.includes(0)) return;
    test(`${key.name} (CANON_CONFORMANCE_KEY)`, async () => {
      const { dir, record } = recordIn(`bad-env-${i}`);
      const run = await runCli(["sign", record], {
        CANON_CONFORMANCE_KEY: key.text.toString("utf8"),
      });
      assert.equal(run.code, 2, `exit ${run.code}\n${run.stdout}\n${run.stderr}`);
      assert.match(run.stderr, /key/);
      assert.deepEqual(readdirSync(dir), ["record.json"], "no record is written");
      assert.deepEqual(leaksOfRun(run, [], key.text), []);
    });
  });
});

describe("sign with a good key: the output and the signed record hold its public half only", () => {
  GOOD_KEYS.forEach((key, i) => {
    for (const via of ["file", "env"] as const) {
      test(`${key.name} (${via})`, async () => {
        const { dir, record } = recordIn(`good-${via}-${i}`);
        const out = join(dir, "record.signed.json");
        const keyFile = join(work, `good-key-${via}-${i}`);
        writeFileSync(keyFile, key.text);
        const run = await runCli(
          ["sign", record, ...(via === "file" ? ["--key-file", keyFile] : [])],
          via === "env" ? { CANON_CONFORMANCE_KEY: key.text.toString("utf8") } : {},
        );
        assert.equal(run.code, 0, run.stderr);
        const publicHex = toHex(parseSuppliedKey(key.text.toString("utf8")).publicKey);
        assert.ok(run.stdout.includes(`public key: ${publicHex}\n`));
        const signed = new Uint8Array(readFileSync(out));
        assert.equal(outcomeLine(verifyRecord(signed)), "accept conformant=false");
        assert.ok(new TextDecoder().decode(signed).includes(`"signer_pubkey":"${publicHex}"`));
        assert.deepEqual(leaksOfRun(run, [dir], key.text), []);
        // The search really looks for this key: it finds it in the key file itself.
        assert.notDeepEqual(leaksIn("key file", key.text.toString("latin1"), key.text), []);
      });
    }
  });
});

describe("the key in the wrong place is not echoed", () => {
  test("a key file given as RECORD is refused as malformed, without its content", async () => {
    const dir = join(work, "key-as-record");
    mkdirSync(dir);
    const keyAsRecord = join(dir, "team.key");
    for (const key of [...GOOD_KEYS, ...BAD_KEYS]) {
      writeFileSync(keyAsRecord, key.text);
      const run = await runCli(["sign", keyAsRecord], {
        CANON_CONFORMANCE_KEY: GOOD_KEYS[0]!.text.toString(),
      });
      assert.equal(run.code, 1, `${key.name}: exit ${run.code}\n${run.stderr}`);
      assert.equal(run.stdout, "reject step=1 reason=malformed\n");
      assert.deepEqual(leaksOfRun(run, [], key.text), [], key.name);
    }
    assert.deepEqual(readdirSync(dir), ["team.key"], "nothing written");
  });

  test("the seed given as --pubkey by mistake is not repeated in the mismatch line", async () => {
    const { dir, record } = recordIn("seed-as-pubkey");
    const run = await runCli(["sign", record, "--pubkey", SEED_HEX], {
      CANON_CONFORMANCE_KEY: GOOD_KEYS[0]!.text.toString(),
    });
    assert.equal(run.code, 1);
    assert.match(run.stdout, /^accept conformant=false\npubkey mismatch got=[0-9a-f]{64}\n$/);
    assert.deepEqual(leaksOfRun(run, []), []);
    assert.deepEqual(readdirSync(dir), ["record.json"]);
  });

  test("the seed given as a second RECORD argument is not repeated in the usage error", async () => {
    const { record } = recordIn("seed-as-positional");
    const run = await runCli(["sign", record, SEED_HEX], {
      CANON_CONFORMANCE_KEY: GOOD_KEYS[0]!.text.toString(),
    });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /exactly one RECORD/);
    assert.deepEqual(leaksOfRun(run, []), []);
  });

  test("a key in a file and in the environment at once is refused, repeating neither", async () => {
    const { dir, record } = recordIn("both");
    const keyFile = join(work, "both.key");
    writeFileSync(keyFile, GOOD_KEYS[0]!.text);
    const run = await runCli(["sign", record, "--key-file", keyFile], {
      CANON_CONFORMANCE_KEY: GOOD_KEYS[2]!.text.toString(),
    });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /one way only/);
    assert.deepEqual(leaksOfRun(run, [], GOOD_KEYS[2]!.text), []);
    assert.deepEqual(readdirSync(dir), ["record.json"]);
  });
});
