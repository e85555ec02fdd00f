// What the publish step holds a record to before the table shows it: every step of seed 003 §4 (the
// CLI's own verifier), then the table's own conditions. A record is shown only when all hold; otherwise
// it is refused, and the page says why in words. Nothing a record says is trusted before that.
//
//   the table's corpus    its corpus digest and file count are those of the corpus this checkout
//                         ships, over every suite, and it ran the whole corpus (no `cases=`, no shard)
//   the table's profile   profile rfc8785 with the default counts and seed (numbers, generated runs,
//                         seed): a run with fewer numbers or generated values tests less, and a
//                         chosen seed could be shopped for; no other parameter but the protocol
//   the row it is for     its implementation name and version are the manifest's package and version
//   the row key           for a row of the table, it is signed by the table's row key: the sign job's,
//                         which re-signs a run's record after checking it against the run job's key
//   the key               for a self-reported row, it is signed by the public key the table lists,
//                         and names the implementation (and the version, when listed) the entry lists
import { createHash } from "node:crypto";
import { corpusDigest, corpusFiles, vectorsRoot } from "../corpus/index.js";
import { DEFAULT_GENERATED_RUNS, DEFAULT_NUMBERS, DEFAULT_SEED } from "../options/defaults.js";
import { parseRecordSuite } from "../record/build.js";
import { outcomeLine, verifyRecord } from "../record/index.js";
import { type ConformResult, SUITES } from "../types.js";

/** The suite parameters a table row's run must carry, exactly: the harness's defaults. */
export const TABLE_PARAMETERS: Readonly<Record<string, string>> = {
  numbers: String(DEFAULT_NUMBERS),
  generated: String(DEFAULT_GENERATED_RUNS),
  seed: String(DEFAULT_SEED),
};
/** The one parameter a row may choose: how the command was spoken to. */
const FREE_PARAMETERS = new Set(["protocol"]);

export interface TableCorpus {
  digest: string;
  files: number;
}

/** The corpus this checkout ships, over every suite: what every row of the table must have run. */
export async function tableCorpus(): Promise<TableCorpus> {
  const files = await corpusFiles(vectorsRoot(), [...SUITES]);
  return { digest: corpusDigest(files), files: files.length };
}

export interface Expectation {
  corpus: TableCorpus;
  /** The manifest's package and version, for the table's own rows; a self-reported entry's name (and
   * version, when it pins one). */
  implementation?: { name: string; version?: string };
  /** The key a self-reported row is listed with. */
  pubkey?: string;
  /** For a row of the table: the table's row key, the sign job's (a record signed by any other key,
   * the run job's ephemeral one included, is refused). */
  rowKey?: string;
}

export type Judged =
  | {
      state: "accepted";
      record: ConformResult;
      bytes: Uint8Array;
      sha256: string;
      /** `accept conformant=…`, as `canon-conformance verify` prints it. */
      outcome: string;
    }
  | {
      state: "refused";
      bytes: Uint8Array;
      sha256: string;
      /** The verifier's outcome line, or `accept conformant=…` when a table condition refused it. */
      outcome: string;
      /** Why, in words. */
      reason: string;
    };

export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Holds one record's bytes to seed 003 §4 and to the table's conditions. */
export function judgeRecord(bytes: Uint8Array, expect: Expectation): Judged {
  const sha256 = sha256Hex(bytes);
  const verified = verifyRecord(bytes);
  const outcome = outcomeLine(verified);
  if (verified.outcome === "reject") {
    return {
      state: "refused",
      bytes,
      sha256,
      outcome,
      reason: `the record does not verify: ${verified.detail}`,
    };
  }
  const record = verified.record;
  const refuse = (reason: string): Judged => ({ state: "refused", bytes, sha256, outcome, reason });
  if (expect.pubkey !== undefined && record.signer_pubkey !== expect.pubkey.toLowerCase()) {
    return refuse(
      `it is signed by the key ${record.signer_pubkey}, not by the key the table lists for this row (${expect.pubkey.toLowerCase()})`,
    );
  }
  if (expect.rowKey !== undefined && record.signer_pubkey !== expect.rowKey.toLowerCase()) {
    return refuse(
      `it is signed by the key ${record.signer_pubkey}, not by the table's row key ${expect.rowKey.toLowerCase()} (the sign job's, which signs a row's record only after verifying the run job's)`,
    );
  }
  if (record.corpus.digest !== expect.corpus.digest || record.corpus.files !== expect.corpus.files) {
    return refuse(
      `it ran another corpus: digest ${record.corpus.digest} over ${record.corpus.files} files, where the table's is ${expect.corpus.digest} over ${expect.corpus.files} files`,
    );
  }
  const suite = parseRecordSuite(record.suite);
  const missing = SUITES.filter((s) => !suite?.suites.includes(s));
  if (suite === undefined || missing.length > 0) {
    return refuse(
      `it ran part of the corpus (suite ${JSON.stringify(record.suite)}; missing: ${missing.join(", ")})`,
    );
  }
  if (Object.hasOwn(suite.parameters, "cases") || Object.hasOwn(suite.parameters, "shard")) {
    return refuse(`it ran part of the corpus (suite ${JSON.stringify(record.suite)})`);
  }
  if (suite.profile !== "rfc8785") return refuse(`it ran the ${suite.profile} profile, not rfc8785`);
  for (const [name, value] of Object.entries(TABLE_PARAMETERS)) {
    if (suite.parameters[name] !== value)
      return refuse(
        `it ran ${name}=${suite.parameters[name] ?? "(none)"}, where the table's profile is ${name}=${value} (every table row runs the harness's defaults)`,
      );
  }
  const extra = Object.keys(suite.parameters).filter(
    (k) => !(k in TABLE_PARAMETERS) && !FREE_PARAMETERS.has(k),
  );
  if (extra.length > 0)
    return refuse(
      `it ran with ${extra.map((k) => `${k}=${suite.parameters[k]}`).join(" ")}, which the table's profile does not have`,
    );
  const want = expect.implementation;
  if (
    want !== undefined &&
    (record.implementation.name !== want.name ||
      (want.version !== undefined && record.implementation.version !== want.version))
  ) {
    return refuse(
      `it names ${JSON.stringify(record.implementation.name)} ${JSON.stringify(record.implementation.version)}, not this row's ${JSON.stringify(want.name)}${want.version !== undefined ? ` ${JSON.stringify(want.version)}` : ""}`,
    );
  }
  return { state: "accepted", record, bytes, sha256, outcome };
}
