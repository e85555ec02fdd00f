// What the publish step holds a record to, against the attacks of issue 38 (a row author, a
// self-reporting implementer, a canonicalizer under test): a row's record signed by any key but the
// table's row key is refused; a run with fewer numbers or generated values, or another seed, is refused;
// a self-reported record naming another implementation is refused; index.json covers every file of the
// site, and verify-index needs the pinned key and finds a page changed, removed or added.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { before, test } from "node:test";
import { toHex } from "../../src/record/hex.js";
import { ephemeralKey } from "../../src/record/keys.js";
import { siteProblems, verifyIndex } from "../../src/table/index-file.js";
import { judgeRecord, tableCorpus } from "../../src/table/judge.js";
import { buildSite } from "../../src/table/site.js";
import { type Fixture, makeFixture, REPO, recordFor, testKey } from "./fixtures.js";

const implementation = { name: "canonicalize", version: "5.1.0" };
let fixture: Fixture;
before(async () => {
  fixture = await makeFixture();
});

test("a row's record signed by any key but the table's row key is refused (a throwaway key, the run job's)", async () => {
  const corpus = await tableCorpus();
  const { bytes } = await recordFor({ ...implementation, key: testKey(3) });
  const rowKey = toHex(testKey(4).publicKey);
  const refused = judgeRecord(bytes, { corpus, implementation, rowKey });
  assert.equal(refused.state, "refused");
  assert.match(refused.state === "refused" ? refused.reason : "", /not by the table's row key/);
  assert.equal(
    judgeRecord(bytes, { corpus, implementation, rowKey: toHex(testKey(3).publicKey) }).state,
    "accepted",
  );
  // The site with a row key: the fixture's rows, signed by testKey(1), are refused, and said so.
  const out = mkdtempSync(join(fixture.root, "site-rowkey-"));
  const site = await buildSite({ ...fixture, out, key: ephemeralKey(), rowKey, builtAt: new Date() });
  const row = site.rows.find((r) => r.id === "javascript-canonicalize");
  assert.equal(row?.state, "refused");
  assert.match(row?.reason ?? "", /not by the table's row key/);
  assert.match(
    readFileSync(join(out, "index.html"), "utf8"),
    new RegExp(`signed by the table's row key <code>${rowKey}`),
  );
});

test("a run with reduced settings, another seed or an extra parameter is refused: the table's profile only", async () => {
  const corpus = await tableCorpus();
  const whole = "rfc8785:jcs,reject,canon-or-reject,invariants,numbers,generated";
  for (const [parameters, why] of [
    ["numbers=1 generated=1 seed=1", /numbers=1, where the table's profile is numbers=100000/],
    ["numbers=100000 generated=1 seed=1", /generated=1, where the table's profile is generated=250/],
    ["numbers=100000 generated=250 seed=7", /seed=7, where the table's profile is seed=1/],
    ["numbers=100000 generated=250", /seed=\(none\)/],
    ["numbers=100000 generated=250 seed=1 timeout=1", /timeout=1, which the table's profile does not have/],
  ] as const) {
    const { bytes } = await recordFor({ ...implementation, suite: `${whole} ${parameters}` });
    const judged = judgeRecord(bytes, { corpus, implementation });
    assert.equal(judged.state, "refused", parameters);
    assert.match(judged.state === "refused" ? judged.reason : "", why);
  }
  const { bytes } = await recordFor({
    ...implementation,
    suite: `${whole} numbers=100000 generated=250 seed=1 protocol=once`,
  });
  assert.equal(
    judgeRecord(bytes, { corpus, implementation }).state,
    "accepted",
    "the protocol is the row's to choose",
  );
});

test("a self-reported record signed by the listed key but naming another implementation is refused", async () => {
  const corpus = await tableCorpus();
  const key = testKey(7);
  const pubkey = toHex(key.publicKey);
  const { bytes } = await recordFor({ name: "some-other-lib", version: "0.0.1-old", key });
  const judged = judgeRecord(bytes, { corpus, pubkey, implementation: { name: "my-jcs" } });
  assert.equal(judged.state, "refused");
  assert.match(
    judged.state === "refused" ? judged.reason : "",
    /names "some-other-lib" "0\.0\.1-old", not this row's "my-jcs"/,
  );
  const own = await recordFor({ name: "my-jcs", version: "2.0.0", key });
  assert.equal(
    judgeRecord(own.bytes, { corpus, pubkey, implementation: { name: "my-jcs" } }).state,
    "accepted",
  );
  const pinned = judgeRecord(own.bytes, {
    corpus,
    pubkey,
    implementation: { name: "my-jcs", version: "1.0.0" },
  });
  assert.equal(pinned.state, "refused", "a version the entry pins");
});

test("index.json covers every file of the site; verify-index needs the pinned key and finds any change", async () => {
  const out = mkdtempSync(join(fixture.root, "site-files-"));
  const key = ephemeralKey();
  await buildSite({ ...fixture, out, key, builtAt: new Date() });
  const index = verifyIndex(readFileSync(join(out, "index.json")));
  if (!index.ok) throw new Error(index.why);
  for (const file of [
    "index.html",
    "impl/javascript-canonicalize.html",
    "badges/javascript-canonicalize.json",
    "add.html",
    "schema/manifest.schema.json",
  ])
    assert.match(index.index.files[file] ?? "", /^[0-9a-f]{64}$/, file);
  assert.equal(index.index.row_key, "none", "a build without a row key says it is a preview");
  assert.deepEqual(siteProblems(index.index, out), []);
  const script = (...args: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", "scripts/table.ts", "verify-index", ...args], {
      cwd: REPO,
      encoding: "utf8",
      timeout: 60_000,
    });
  const file = join(out, "index.json");
  assert.equal(script(file).status, 2, "no --pubkey: refused to check against no key");
  assert.equal(script(file, "--pubkey", toHex(testKey(5).publicKey)).status, 1, "another key");
  assert.equal(script(file, "--pubkey", toHex(key.publicKey)).status, 0);
  const page = join(out, "impl/javascript-canonicalize.html");
  writeFileSync(page, readFileSync(page, "utf8").replace("canonicalize", "canonicalise"));
  writeFileSync(join(out, "badges/extra.svg"), "<svg/>");
  rmSync(join(out, "add.html"));
  const problems = siteProblems(index.index, out);
  assert.deepEqual(problems.map((p) => p.split(":")[0]).sort(), [
    "add.html",
    "badges/extra.svg",
    "impl/javascript-canonicalize.html",
  ]);
  const run = script(file, "--pubkey", toHex(key.publicKey));
  assert.equal(run.status, 1);
  assert.match(run.stdout, /index refused: 3 file problems/);
});
