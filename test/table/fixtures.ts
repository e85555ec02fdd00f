// A small table and its results, made in a scratch folder without running anything: records built from
// the real corpus's case names and signed here, so that the site's tests take well under a second to
// set up. The table holds two of the real npm rows and a look-alike (their folders copied as they are),
// and four self-reported entries: one genuine, one signed by another key than the one listed, one of
// another corpus, one whose verdict was changed after signing.
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { loadCorpus } from "../../src/corpus/index.js";
import { buildRecord } from "../../src/record/build.js";
import { signingKey } from "../../src/record/keys.js";
import { recordBytes, signRecord } from "../../src/record/sign.js";
import { type TableCorpus, tableCorpus } from "../../src/table/judge.js";
import type { ConformResult, SigningKey } from "../../src/types.js";
import { testDist } from "../helpers/dist.js";

export const REPO = join(import.meta.dirname, "..", "..");

/** A fixed key from a fixed seed: the fixtures are the same bytes on every run. */
export function testKey(n: number): SigningKey {
  return signingKey("supplied", new Uint8Array(32).fill(n));
}

let names: string[] | undefined;

/** Every case name a whole run has, in corpus order: the stored suites' and a sweep's. */
export async function caseNames(): Promise<string[]> {
  if (names !== undefined) return names;
  const corpus = await loadCorpus({
    suites: ["jcs", "reject", "canon-or-reject", "invariants"],
    profile: "rfc8785",
    numbers: 0,
  });
  names = [
    ...corpus.cases.map((c) => `${c.suite}/${c.name}`),
    "numbers/seed-1/0-999",
    "generated/idempotent/seed-1/0-9",
  ];
  return names;
}

export interface RecordSpec {
  name: string;
  version: string;
  /** Failed cases: name to got. */
  failures?: Record<string, string>;
  corpus?: TableCorpus;
  key?: SigningKey;
  /** canon-or-reject cases answered with a refusal. */
  refusals?: string[];
  /** The record's suite (default: a whole run with the harness's default counts). */
  suite?: string;
}

/** A signed record of a whole run of the table's corpus, as record.json's bytes. */
export async function recordFor(spec: RecordSpec): Promise<{ bytes: Uint8Array; record: ConformResult }> {
  const corpus = spec.corpus ?? (await tableCorpus());
  const failures = spec.failures ?? {};
  const cases = (await caseNames()).map((name) => {
    const failed = failures[name];
    const refused = spec.refusals?.includes(name);
    return {
      name,
      pass: failed === undefined,
      expected: name.startsWith("reject/") ? "reject" : '{"a":1}',
      got: failed ?? (name.startsWith("reject/") || refused ? "reject: refused by the fixture" : '{"a":1}'),
    };
  });
  const unsigned = buildRecord({
    suite:
      spec.suite ??
      "rfc8785:jcs,reject,canon-or-reject,invariants,numbers,generated numbers=100000 generated=250 seed=1 protocol=lines",
    standard: "2026.12.0",
    toolchain: { name: "canon-conformance", version: "0.1.0" },
    corpus: { dir: "vectors", files: corpus.files, digest: corpus.digest },
    implementation: {
      adapter: "command",
      impl: "node wrapper.mjs --lines",
      name: spec.name,
      version: spec.version,
      files: [],
    },
    startedAt: new Date("2026-12-01T10:00:00Z"),
    cases,
    key: "supplied",
  });
  const record = signRecord(unsigned, spec.key ?? testKey(1));
  return { bytes: recordBytes(record), record };
}

/** The record's bytes with one failed case made to pass (and its counts and verdict to match), not
 * signed again: what someone who edits a verdict gets. */
export function doctored(bytes: Uint8Array): Uint8Array {
  const record = JSON.parse(new TextDecoder().decode(bytes)) as ConformResult;
  const failed = record.cases.find((c) => !c.pass);
  if (failed === undefined) throw new Error("doctored: the record has no failed case");
  failed.pass = true;
  failed.got = failed.expected;
  record.summary.passed++;
  record.summary.failed--;
  record.conformant = record.summary.failed === 0;
  return new TextEncoder().encode(JSON.stringify(record));
}

export const SELF_KEY = testKey(7);
export const OTHER_KEY = testKey(9);
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

export interface Fixture {
  /** The scratch folder holding all of it. */
  root: string;
  table: string;
  results: string;
  out: string;
}

const write = (path: string, bytes: Uint8Array | string) => {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, bytes);
};

/**
 * The scratch table and results:
 * - javascript-canonicalize: built, its record genuine (the duplicate-name failures it really has)
 * - javascript-json-canon: built, its record doctored (one failure made a pass after signing)
 * - javascript-canonical-json: did not build, with a log holding markup
 * - typescript-json-canonicalize: not run here
 * - look-alike javascript-json-stable-stringify: built, genuine
 * - self-reported: good-impl (genuine), wrong-key (signed by another key), other-corpus, doctored-verdict,
 *   never-downloaded
 */
export async function makeFixture(): Promise<Fixture> {
  // In the test run's scratch folder (scripts/test.mjs removes it when the run ends): a browser test
  // still reads the site after its file's last hook.
  const root = mkdtempSync(join(dirname(testDist()), "table-fixture-"));
  const table = join(root, "table");
  const results = join(root, "results");
  const out = join(root, "site");
  for (const part of ["schema", "template"])
    cpSync(join(REPO, "table", part), join(table, part), { recursive: true });
  for (const id of [
    "javascript-canonicalize",
    "javascript-json-canon",
    "javascript-canonical-json",
    "typescript-json-canonicalize",
  ]) {
    cpSync(join(REPO, "table", "implementations", id), join(table, "implementations", id), {
      recursive: true,
    });
  }
  cpSync(
    join(REPO, "table", "look-alikes", "javascript-json-stable-stringify"),
    join(table, "look-alikes", "javascript-json-stable-stringify"),
    { recursive: true },
  );
  const selfRow = (id: string, pubkey: string) => ({
    id,
    name: id,
    language: "Rust",
    repository: `example/${id}`,
    workflow: "conformance.yml",
    artifact: "conformance-signed",
    pubkey,
  });
  writeFileSync(
    join(table, "self-reported.json"),
    JSON.stringify({
      rows: [
        selfRow("good-impl", hex(SELF_KEY.publicKey)),
        selfRow("wrong-key", hex(SELF_KEY.publicKey)),
        selfRow("other-corpus", hex(SELF_KEY.publicKey)),
        selfRow("doctored-verdict", hex(SELF_KEY.publicKey)),
        selfRow("never-downloaded", hex(SELF_KEY.publicKey)),
      ],
    }),
  );

  const dup = {
    "reject/dup-top-level": '{"a":2}',
    "reject/dup-nested": '{"a":{"b":2}}',
  };
  const built = (id: string) => write(join(results, "rows", id, "build.json"), '{"status":"built"}\n');
  const canonicalize = await recordFor({ name: "canonicalize", version: "5.1.0", failures: dup });
  built("javascript-canonicalize");
  write(join(results, "rows", "javascript-canonicalize", "record.json"), canonicalize.bytes);
  const jsonCanon = await recordFor({ name: "json-canon", version: "1.0.1", failures: dup });
  built("javascript-json-canon");
  write(join(results, "rows", "javascript-json-canon", "record.json"), doctored(jsonCanon.bytes));
  write(
    join(results, "rows", "javascript-canonical-json", "build.json"),
    JSON.stringify({ status: "did-not-build", reason: "the install step `npm ci` exited with code 1" }),
  );
  write(
    join(results, "rows", "javascript-canonical-json", "build.log"),
    'npm error 404 <script>window.__pwned = "log"</script> not found\n',
  );
  write(
    join(results, "rows", "typescript-json-canonicalize", "build.json"),
    JSON.stringify({ status: "not-run", reason: "its registry is not reachable here" }),
  );
  const looks = await recordFor({
    name: "json-stable-stringify",
    version: "1.3.0",
    failures: { "jcs/control-u001f": '["<img src=x onerror=window.__pwned=1>"]' },
  });
  built("javascript-json-stable-stringify");
  write(join(results, "rows", "javascript-json-stable-stringify", "record.json"), looks.bytes);

  const self = (id: string, bytes: Uint8Array) => {
    write(join(results, "self-reported", id, "record.json"), bytes);
    write(join(results, "self-reported", id, "fetch.json"), '{"status":"downloaded"}');
  };
  self("good-impl", (await recordFor({ name: "good-impl", version: "1.0.0", key: SELF_KEY })).bytes);
  self("wrong-key", (await recordFor({ name: "wrong-key", version: "1.0.0", key: OTHER_KEY })).bytes);
  self(
    "other-corpus",
    (
      await recordFor({
        name: "other-corpus",
        version: "1.0.0",
        key: SELF_KEY,
        corpus: { digest: `sha256:${"ab".repeat(32)}`, files: 12 },
      })
    ).bytes,
  );
  self(
    "doctored-verdict",
    doctored(
      (await recordFor({ name: "doctored-verdict", version: "1.0.0", key: SELF_KEY, failures: dup })).bytes,
    ),
  );
  return { root, table, results, out };
}
