// Writes vectors/ (data only) from the readable tables of scripts/vectors/, one module per suite: one
// manifest per suite, each case's raw input bytes and expected output in their own files, the pinned
// SHA-256 and Keccak-256 of every `canon` output, and the `nfc` profile's overrides. The expected
// outputs are written there by hand from RFC 8785 and the seeds, never taken from the reference
// canonicalizer; test/corpus checks the two against each other and that vectors/ is exactly what this
// script writes.
//
//   npx tsx scripts/gen-vectors.ts [--out DIR]     (DIR defaults to vectors/)
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { canonOrRejectSuite } from "./vectors/canon-or-reject.js";
import { invariantsSuite } from "./vectors/invariants.js";
import { jcsSuite } from "./vectors/jcs.js";
import { numbersManifest } from "./vectors/numbers.js";
import { rejectSuite } from "./vectors/reject.js";
import { writeSuite } from "./vectors/write.js";

export const CORPUS_VERSION = "2026.12.2";

export function generate(out: string): Record<string, number> {
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "VERSION"), `${CORPUS_VERSION}\n`);
  const counts = {
    jcs: writeSuite(out, "jcs", jcsSuite()),
    reject: writeSuite(out, "reject", rejectSuite()),
    "canon-or-reject": writeSuite(out, "canon-or-reject", canonOrRejectSuite()),
    invariants: writeSuite(out, "invariants", invariantsSuite()),
  };
  rmSync(join(out, "numbers"), { recursive: true, force: true });
  mkdirSync(join(out, "numbers"), { recursive: true });
  writeFileSync(join(out, "numbers", "manifest.json"), `${JSON.stringify(numbersManifest(), null, 2)}\n`);
  return counts;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const at = process.argv.indexOf("--out");
  const out =
    at >= 0 ? process.argv[at + 1]! : join(dirname(fileURLToPath(import.meta.url)), "..", "vectors");
  const counts = generate(out);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(`wrote ${out}: ${JSON.stringify(counts)}, ${total} stored cases`);
}
