// The signed record: how fast a run's record is built and signed (the cost signing adds to a run),
// and how fast records are verified, for a realistic record of about 400 cases. Each figure is the
// median of several timed batches after a warm-up, on this machine, in this run.
import { buildRecord, type RecordInput } from "../src/record/build.js";
import { signingKey } from "../src/record/keys.js";
import { recordBytes, signingInput, signRecord } from "../src/record/sign.js";
import { verifyRecord } from "../src/record/verify.js";
import type { ConformResult } from "../src/types.js";

const CASES = 400;

/** About 400 cases shaped like a real run's: canonical texts, rejections, a few failures. */
export function realisticInput(): RecordInput {
  const cases: ConformResult["cases"] = [];
  for (let i = 0; i < CASES; i++) {
    const suite = ["jcs", "reject", "canon-or-reject", "invariants", "numbers"][i % 5]!;
    const text = `{"id":${i},"name":"case ${i} \u00e9\u20ac","values":[1,2.5,1e-7,${i * 7}],"nested":{"a":true,"b":null}}`;
    const pass = i % 37 !== 0;
    cases.push(
      suite === "reject"
        ? {
            name: `${suite}/case-${i}`,
            pass,
            expected: "reject",
            got: pass ? "reject: duplicate member name" : text,
          }
        : {
            name: `${suite}/case-${i}`,
            pass,
            expected: text,
            got: pass ? text : text.replace("1e-7", "1e-07"),
          },
    );
  }
  return {
    suite: "rfc8785:jcs,reject,canon-or-reject,invariants,numbers",
    standard: "2026.12.0",
    toolchain: { name: "canon-conformance", version: "0.1.0" },
    corpus: { dir: "vectors", files: 812, digest: `sha256:${"ab".repeat(32)}` },
    implementation: {
      adapter: "command",
      impl: "python3 canon.py --lines",
      name: "example",
      version: "1.0.0",
      files: [
        { path: "/usr/bin/python3", sha256: "01".repeat(32) },
        { path: "canon.py", sha256: "02".repeat(32) },
      ],
    },
    startedAt: new Date("2026-12-01T12:00:00Z"),
    cases,
    key: "supplied",
  };
}

/** Operations per second: median over `batches` batches of `perBatch` calls, after one warm-up batch. */
function rate(perBatch: number, batches: number, fn: () => void): number {
  const rates: number[] = [];
  for (let b = -1; b < batches; b++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < perBatch; i++) fn();
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    if (b >= 0) rates.push(perBatch / seconds);
  }
  rates.sort((x, y) => x - y);
  return rates[Math.floor(rates.length / 2)]!;
}

export async function run(): Promise<void> {
  const key = signingKey("supplied", new Uint8Array(32).fill(7));
  const input = realisticInput();
  const bytes = recordBytes(signRecord(buildRecord(input), key));
  if (verifyRecord(bytes).outcome !== "accept") throw new Error("the bench record does not verify");
  console.log(`record: ${CASES} cases, ${bytes.length} bytes (RFC 8785 form)`);

  const unsigned = buildRecord(input);
  const withPubkey = { ...unsigned, signer_pubkey: "00".repeat(32) };
  const figures: [string, number][] = [
    ["build (summary, verdict, form checks)", rate(200, 7, () => buildRecord(input))],
    ["signing input (RFC 8785 serialization)", rate(200, 7, () => signingInput(withPubkey))],
    ["sign (signing input + Ed25519)", rate(200, 7, () => signRecord(unsigned, key))],
    [
      "build + sign + serialize (a run's cost)",
      rate(200, 7, () => recordBytes(signRecord(buildRecord(input), key))),
    ],
    ["verify (all six steps, strict Ed25519)", rate(200, 7, () => verifyRecord(bytes))],
  ];
  for (const [name, perSecond] of figures) {
    console.log(
      `${name.padEnd(42)} ${perSecond.toFixed(0).padStart(7)} records/s  ${(1000 / perSecond).toFixed(3).padStart(8)} ms/record`,
    );
  }
}
