// What the generated suite asks (a default run: 250 runs of each property, seed 1), in this process:
// for the reference, and for known-bads whose faults fail many draws, with each case judged on its
// own (every case shrinks what it finds, as before issue 29 item 5) and as a run judges them (a
// property's cases share the causes they found: a repeat is not shrunk again). Requests, not time: in
// once mode each is a process.
import { runCases } from "../src/checks/index.js";
import { runProperty } from "../src/checks/property.js";
import { generatedCases } from "../src/corpus/generated/index.js";
import { referenceCanonicalizer } from "../src/jcs/canonicalizer.js";
import { knownBadCanonicalizer } from "../src/known-bad/index.js";
import type { Canonicalizer } from "../src/types.js";

const KNOWN_BADS = ["refuses_nul_names", "no_canonicalization", "drops_string_values", "keeps_minus_zero"];

function counting(inner: Canonicalizer): Canonicalizer & { asked: number } {
  const counted = {
    label: inner.label,
    asked: 0,
    canonicalize(input: Uint8Array) {
      counted.asked++;
      return inner.canonicalize(input);
    },
    close: () => inner.close(),
  };
  return counted;
}

export async function run(): Promise<void> {
  const cases = generatedCases({ seed: 1, runs: 250, profile: "rfc8785" });
  const reference = counting(referenceCanonicalizer());
  await runCases(cases, { write: reference, read: reference }, { concurrency: 8 });
  console.log(`reference: ${reference.asked} requests (${cases.length} cases)`);
  for (const name of KNOWN_BADS) {
    const alone = counting(knownBadCanonicalizer(name).write);
    for (const c of cases) if (c.kind === "property") await runProperty(c, { write: alone, read: alone });
    const shared = counting(knownBadCanonicalizer(name).write);
    const results = await runCases(cases, { write: shared, read: shared }, { concurrency: 8 });
    const failed = results.filter((r) => !r.pass).length;
    console.log(
      `${name}: ${alone.asked} requests each case on its own, ${shared.asked} as a run asks (${failed} of ${cases.length} cases fail)`,
    );
  }
}
