// Re-signing (issue 12): `resignRecord` and `canon-conformance sign` verify a record by every step of
// seed 003 §4 with the verifier `verify` uses, refuse exactly as `verify` does, and otherwise change
// `key`, `signer_pubkey` and `sig` and nothing else. The re-signed record is accepted by `verify
// --pubkey` and by the independent Python verifier, and the original file is never touched.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { SIGNED_RECORD_FILE } from "../../src/commands/sign.js";
import { canonicalizeValue, parse } from "../../src/jcs/index.js";
import { buildRecord } from "../../src/record/build.js";
import { toHex } from "../../src/record/hex.js";
import { ephemeralKey, signingKey } from "../../src/record/keys.js";
import { RESIGNED_MEMBERS, refusalLines, resignRecord } from "../../src/record/resign.js";
import { recordBytes, signRecord } from "../../src/record/sign.js";
import { outcomeLine, verifyRecord } from "../../src/record/verify.js";
import type { ConformResult } from "../../src/types.js";
import { cli as runCli } from "../helpers/cli.js";
import { recordInput, TEST_KEY } from "./fixtures.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const VECTORS = join(ROOT, "vectors", "conform-result");
const PYTHON_VERIFIER = join(ROOT, "verifiers", "python", "conform_result_verify.py");
const tmp = mkdtempSync(join(tmpdir(), "record-sign-"));

/** The team's key in these tests (a supplied key; not the vectors' published test key). */
const TEAM_SEED = Buffer.from("7e".repeat(32), "hex");
const TEAM_KEY = signingKey("supplied", TEAM_SEED);
const TEAM_PUBKEY = toHex(TEAM_KEY.publicKey);
const teamKeyFile = join(tmp, "team.key");
writeFileSync(teamKeyFile, `${TEAM_SEED.toString("hex")}\n`, { mode: 0o600 });

/** A record as a run job with no secrets writes it: signed with a key made for the run. Its cases
 * hold the texts that are easiest to get wrong when written back: escapes, non-ASCII, a lone-looking
 * member name inside a string, a control character. */
function runJobRecord(conformant = true): { record: ConformResult; bytes: Uint8Array; pubkey: string } {
  const key = ephemeralKey();
  const cases = [
    { name: "jcs/escapes", pass: true, expected: '{"a":"\\u001f\\n"}', got: '{"a":"\\u001f\\n"}' },
    { name: "jcs/unicode", pass: true, expected: '["é€😀"]', got: '["é€😀"]' },
    { name: "reject/x", pass: true, expected: "reject", got: 'reject: "key":"ephemeral","sig":"00"' },
    { name: "jcs/ctl", pass: conformant, expected: "\u0001", got: conformant ? "\u0001" : "\u0002" },
  ];
  const record = signRecord(buildRecord(recordInput({ key: "ephemeral", cases })), key);
  return { record, bytes: recordBytes(record), pubkey: toHex(key.publicKey) };
}

/** The RFC 8785 bytes of a record with its three re-signed members taken out. Canonical JSON escapes
 * every quote inside a string, so `"key":"` can only be the member itself. */
function withoutResignedMembers(bytes: Uint8Array): string {
  let text = new TextDecoder().decode(bytes);
  for (const member of [
    /"key":"(ephemeral|supplied)",/g,
    /"sig":"[0-9a-f]{128}",/g,
    /"signer_pubkey":"[0-9a-f]{64}",/g,
  ]) {
    assert.equal(text.match(member)?.length, 1, `${member} occurs once`);
    text = text.replace(member, "");
  }
  return text;
}

/** A parsed value as plain objects (the strict parser makes objects without a prototype). */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** The CLI face in this process, without the test's own CANON_CONFORMANCE_KEY unless `env` sets one. */
async function cli(args: string[], env: Record<string, string> = {}) {
  const r = await runCli(args, { env: { CANON_CONFORMANCE_KEY: undefined, ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function freshDir(name: string): string {
  const dir = join(tmp, name);
  mkdirSync(dir);
  return dir;
}

describe("resignRecord", async () => {
  test("replaces key, signer_pubkey and sig, and leaves every other member as it was", async () => {
    const { record, bytes } = runJobRecord();
    const result = resignRecord(bytes, TEAM_KEY);
    assert.equal(result.outcome, "signed");
    assert.ok(result.outcome === "signed");
    assert.equal(result.record.key, "supplied");
    assert.equal(result.record.signer_pubkey, TEAM_PUBKEY);
    assert.notEqual(result.record.sig, record.sig);
    assert.deepEqual(Object.keys(result.record).sort(), Object.keys(record).sort());
    for (const name of Object.keys(record) as (keyof ConformResult)[]) {
      if ((RESIGNED_MEMBERS as readonly string[]).includes(name)) continue;
      assert.deepEqual(plain(result.record[name]), record[name], name);
    }
    // Byte for byte too: the RFC 8785 form outside the three members is the original's.
    assert.deepEqual(plain(parse(result.bytes)), plain(result.record));
    assert.equal(withoutResignedMembers(result.bytes), withoutResignedMembers(bytes));
    assert.deepEqual(plain(result.original), record);
    assert.equal(outcomeLine(verifyRecord(result.bytes)), "accept conformant=true");
  });

  test("a record that is not in RFC 8785 form is written back in it, its content unchanged", async () => {
    const { record, bytes } = runJobRecord(false);
    // Pretty-printed, members reversed, every non-ASCII character escaped: still the same record.
    const reversed = Object.fromEntries(Object.entries(record).reverse());
    const pretty = JSON.stringify(reversed, null, 2).replace(
      /[\u0080-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
    );
    const input = new TextEncoder().encode(pretty);
    assert.equal(outcomeLine(verifyRecord(input)), "accept conformant=false");
    const result = resignRecord(input, TEAM_KEY);
    assert.ok(result.outcome === "signed");
    assert.equal(withoutResignedMembers(result.bytes), withoutResignedMembers(bytes));
    assert.equal(outcomeLine(verifyRecord(result.bytes)), "accept conformant=false");
  });

  test("a record already signed with a supplied key is re-signed the same way", async () => {
    const record = signRecord(buildRecord(recordInput()), TEST_KEY);
    const result = resignRecord(recordBytes(record), TEAM_KEY);
    assert.ok(result.outcome === "signed");
    assert.equal(result.record.key, "supplied");
    assert.equal(result.record.signer_pubkey, TEAM_PUBKEY);
    assert.equal(withoutResignedMembers(result.bytes), withoutResignedMembers(recordBytes(record)));
  });

  test("--pubkey pins the original signer: another signer is refused as verify --pubkey says", async () => {
    const { bytes, pubkey } = runJobRecord();
    assert.equal(resignRecord(bytes, TEAM_KEY, { expectedSigner: pubkey }).outcome, "signed");
    const other = "11".repeat(32);
    const refused = resignRecord(bytes, TEAM_KEY, { expectedSigner: other });
    assert.equal(refused.outcome, "signer_mismatch");
    assert.ok(refused.outcome === "signer_mismatch");
    assert.deepEqual(refusalLines(refused), ["accept conformant=true", `pubkey mismatch got=${pubkey}`]);
  });

  test("only a supplied key re-signs (a key made here would show nothing a verifier could pin)", async () => {
    assert.throws(() => resignRecord(runJobRecord().bytes, ephemeralKey()), /supplied key/);
  });

  test("every conform-result vector: refused with verify's step, reason and detail, or re-signed", async () => {
    const manifest = JSON.parse(readFileSync(join(VECTORS, "manifest.json"), "utf8")) as {
      vectors: { file: string; expect: string }[];
    };
    let refused = 0;
    let signed = 0;
    for (const v of manifest.vectors) {
      const bytes = new Uint8Array(readFileSync(join(VECTORS, v.file)));
      const verified = verifyRecord(bytes);
      const result = resignRecord(bytes, TEAM_KEY);
      if (verified.outcome === "reject") {
        assert.deepEqual(result, verified, v.file);
        assert.ok(result.outcome === "reject");
        assert.deepEqual(refusalLines(result), [v.expect], v.file);
        refused++;
      } else {
        assert.ok(result.outcome === "signed", v.file);
        assert.equal(outcomeLine(verifyRecord(result.bytes)), v.expect, v.file);
        assert.equal(result.record.signer_pubkey, TEAM_PUBKEY);
        signed++;
      }
    }
    assert.equal(refused + signed, manifest.vectors.length);
    assert.ok(refused >= 100 && signed >= 10, `${refused} refused, ${signed} signed`);
  });
});

describe("canon-conformance sign", async () => {
  test("writes record.signed.json beside the record; verify --pubkey and the Python verifier accept it", async () => {
    const dir = freshDir("beside");
    const { bytes } = runJobRecord();
    const original = join(dir, "record.json");
    writeFileSync(original, bytes);
    const before = statSync(original);

    const r = await cli(["sign", original, "--key-file", teamKeyFile]);
    const out = join(dir, SIGNED_RECORD_FILE);
    assert.deepEqual(r, {
      code: 0,
      stdout: `accept conformant=true\nsigned record written to ${out}\npublic key: ${TEAM_PUBKEY}\naccept conformant=true\n`,
      stderr: "",
    });
    assert.deepEqual(readdirSync(dir).sort(), ["record.json", SIGNED_RECORD_FILE]);

    assert.deepEqual(await cli(["verify", out, "--pubkey", TEAM_PUBKEY]), {
      code: 0,
      stdout: "accept conformant=true\npubkey match\n",
      stderr: "",
    });
    const py = spawnSync("python3", [PYTHON_VERIFIER, out, "--pubkey", TEAM_PUBKEY], { encoding: "utf8" });
    assert.equal(py.status, 0, py.stderr);
    assert.equal(py.stdout, "accept conformant=true\npubkey match\n");

    // Only the three members changed, in the file on disk too; the original is as it was.
    const signed = new Uint8Array(readFileSync(out));
    assert.equal(withoutResignedMembers(signed), withoutResignedMembers(bytes));
    assert.deepEqual(new Uint8Array(readFileSync(original)), bytes);
    const after = statSync(original);
    assert.equal(after.mtimeMs, before.mtimeMs);
    assert.equal(after.mode, before.mode);
  });

  test("reads the key from CANON_CONFORMANCE_KEY, and --pubkey pins the run job's key", async () => {
    const dir = freshDir("env");
    const { bytes, pubkey } = runJobRecord(false);
    const original = join(dir, "record.json");
    writeFileSync(original, bytes);
    const out = join(dir, "signed.json");
    const r = await cli(["sign", original, "--out", out, "--pubkey", pubkey.toUpperCase()], {
      CANON_CONFORMANCE_KEY: TEAM_SEED.toString("hex"),
    });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(
      r.stdout,
      `accept conformant=false\npubkey match\nsigned record written to ${out}\npublic key: ${TEAM_PUBKEY}\naccept conformant=false\n`,
    );
    assert.equal(
      (await cli(["verify", out, "--pubkey", TEAM_PUBKEY])).stdout,
      "accept conformant=false\npubkey match\n",
    );

    // Signed by another key than the pinned one: verify's own lines, exit 1, nothing written.
    const other = "22".repeat(32);
    const pinned = await cli(["sign", original, "--out", join(dir, "other.json"), "--pubkey", other], {
      CANON_CONFORMANCE_KEY: TEAM_SEED.toString("hex"),
    });
    const verified = await cli(["verify", original, "--pubkey", other]);
    assert.equal(pinned.code, 1);
    assert.equal(pinned.stdout, verified.stdout);
    assert.equal(pinned.stdout, `accept conformant=false\npubkey mismatch got=${pubkey}\n`);
    assert.match(pinned.stderr, /nothing was written/);
    assert.deepEqual(readdirSync(dir).sort(), ["record.json", "signed.json"]);
  });

  test("a refused record gets verify's outcome line and exit 1, for every step, and nothing is written", async () => {
    const manifest = JSON.parse(readFileSync(join(VECTORS, "manifest.json"), "utf8")) as {
      vectors: { file: string; expect: string }[];
    };
    // One vector for each refusal outcome (every step that can refuse): the CLI path, end to end.
    const byOutcome = new Map<string, string>();
    for (const v of manifest.vectors)
      if (v.expect.startsWith("reject") && !byOutcome.has(v.expect)) byOutcome.set(v.expect, v.file);
    assert.equal(byOutcome.size, 6, [...byOutcome.keys()].join(", "));
    for (const [expect, file] of byOutcome) {
      const dir = freshDir(`refused-${file}`);
      const original = join(dir, "record.json");
      writeFileSync(original, readFileSync(join(VECTORS, file)));
      const signed = await cli(["sign", original, "--key-file", teamKeyFile]);
      const verified = await cli(["verify", original]);
      assert.equal(signed.code, 1, file);
      assert.equal(signed.stdout, `${expect}\n`, file);
      assert.equal(signed.stdout, verified.stdout, file);
      assert.equal(
        signed.stderr,
        verified.stderr.replace(/\n$/, "; nothing was written\n").replace("verify", "sign"),
      );
      assert.deepEqual(readdirSync(dir), ["record.json"], `${file}: nothing written`);
      assert.deepEqual(readFileSync(original), readFileSync(join(VECTORS, file)));
    }
  });

  test("never overwrites without --force, and the input only when --out names it", async () => {
    const dir = freshDir("overwrite");
    const { bytes } = runJobRecord();
    const original = join(dir, "record.json");
    writeFileSync(original, bytes);
    const out = join(dir, SIGNED_RECORD_FILE);
    writeFileSync(out, "keep me");

    const refused = await cli(["sign", original, "--key-file", teamKeyFile]);
    assert.equal(refused.code, 2);
    assert.equal(refused.stdout, "");
    assert.match(refused.stderr, /already exists \(give --force to replace it\)/);
    assert.equal(readFileSync(out, "utf8"), "keep me");

    const forced = await cli(["sign", original, "--key-file", teamKeyFile, "--force"]);
    assert.equal(forced.code, 0, forced.stderr);
    assert.equal(outcomeLine(verifyRecord(new Uint8Array(readFileSync(out)))), "accept conformant=true");
    assert.deepEqual(readdirSync(dir).sort(), ["record.json", SIGNED_RECORD_FILE], "no temporary file left");

    // --out naming the input: still refused without --force; with it, the input is replaced.
    const self = await cli(["sign", original, "--key-file", teamKeyFile, "--out", original]);
    assert.equal(self.code, 2);
    assert.deepEqual(new Uint8Array(readFileSync(original)), bytes);
    const replaced = await cli(["sign", original, "--key-file", teamKeyFile, "--out", original, "--force"]);
    assert.equal(replaced.code, 0, replaced.stderr);
    const now = new Uint8Array(readFileSync(original));
    assert.equal(verifyRecord(now).outcome, "accept");
    assert.equal(withoutResignedMembers(now), withoutResignedMembers(bytes));
  });

  test("a record named record.signed.json is not overwritten by the default, even with --force", async () => {
    const dir = freshDir("default-is-input");
    const { bytes } = runJobRecord();
    const original = join(dir, SIGNED_RECORD_FILE);
    writeFileSync(original, bytes);
    const r = await cli(["sign", original, "--key-file", teamKeyFile, "--force"]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /is itself the default output .*give --out/);
    assert.deepEqual(new Uint8Array(readFileSync(original)), bytes);
  });

  test("exit 2 for usage errors and files it cannot read or write, writing nothing", async () => {
    const dir = freshDir("usage");
    const { bytes } = runJobRecord();
    const original = join(dir, "record.json");
    writeFileSync(original, bytes);
    const key = ["--key-file", teamKeyFile];
    const cases: [string[], RegExp][] = [
      [["sign", original], /give the signing key: --key-file KEY or \$CANON_CONFORMANCE_KEY/],
      [["sign", ...key], /exactly one RECORD/],
      [["sign", original, original, ...key], /exactly one RECORD/],
      [["sign", "-", ...key], /must be a file/],
      [["sign", original, ...key, "--pubkey", "xyz"], /--pubkey must be/],
      // An empty job output (the run job never got as far as signing) fails closed.
      [["sign", original, ...key, "--pubkey", ""], /--pubkey must be/],
      [["sign", original, ...key, "--bogus"], /^canon-conformance sign: unknown option --bogus\n/],
      [["sign", join(dir, "missing.json"), ...key], /cannot read .*missing\.json \(ENOENT\)/],
      [
        ["sign", dir, ...key, "--out", join(dir, "x.json")],
        /cannot read .* \(a folder: a record is read only from a regular file\)/,
      ],
      [["sign", original, "--key-file", join(dir, "no.key")], /cannot read the key file .*\(ENOENT\)/],
      [["sign", original, ...key, "--out", join(dir, "nowhere", "x.json")], /cannot write .*\(ENOENT\)/],
    ];
    for (const [args, message] of cases) {
      const r = await cli(args);
      assert.equal(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
      assert.equal(r.stdout, "", args.join(" "));
      assert.match(r.stderr, message, args.join(" "));
    }
    assert.deepEqual(readdirSync(dir), ["record.json"]);
    assert.deepEqual(new Uint8Array(readFileSync(original)), bytes);
  });

  test("help sign describes it, and the command list names it", async () => {
    const help = await cli(["help", "sign"]);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^usage: canon-conformance sign RECORD/);
    assert.match((await cli(["--help"])).stdout, /\n {2}sign +verify a record and re-sign it/);
  });
});

test("the signing input of a re-signed record is the original's with only the three members changed", async () => {
  // A direct check of what the new signature covers: the original's canonical members, key supplied.
  const { record, bytes } = runJobRecord();
  const result = resignRecord(bytes, TEAM_KEY);
  assert.ok(result.outcome === "signed");
  const { sig: _s, signer_pubkey: _p, key: _k, ...kept } = record;
  const { sig: _s2, signer_pubkey: _p2, key: _k2, ...keptAfter } = result.record;
  assert.deepEqual(canonicalizeValue(keptAfter as never), canonicalizeValue(kept as never));
});
