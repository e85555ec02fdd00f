// Issue 20's misses, closed: real defects no case caught (DEL escaped in member names, characters that
// are not JSON whitespace beside a literal) are cases now, each caught by a known-bad that has that
// defect and nothing else; and the audit's cases (every character rule in a member name, every
// look-alike of whitespace beside every kind of token) are each caught by a known-bad too.
import assert from "node:assert/strict";
import { test } from "node:test";
import { sharedProof } from "../helpers/proof.js";

// Each known-bad over the whole corpus (numbers and generated sweeps shortened), as a run judges it: the
// results of the proof the self-test's tests make (test/helpers/proof.ts), read, not made again.
async function failedBy(name: string): Promise<string[]> {
  const run = (await sharedProof()).runs.find((r) => r.bad.name === name);
  assert.ok(run, `${name} is in the shared proof`);
  assert.equal(run.profile, "rfc8785");
  return run.results.filter((r) => !r.pass).map((r) => `${r.suite}/${r.name}`);
}

// The misses: the corpus before issue 20 let these through; now exactly the new cases catch them.
const MISSES: [string, string[]][] = [
  ["escapes_del_in_names", ["jcs/name-del-escaped", "jcs/name-del-raw"]],
  [
    "trims_literal_words",
    [
      "reject/ws-nbsp-after-literal",
      "reject/ws-nul-after-literal",
      "reject/ws-ideographic-space-before-literal",
      "reject/ws-line-separator-after-literal",
      "reject/ws-bom-after-literal",
    ],
  ],
];

for (const [bad, cases] of MISSES) {
  test(`${bad} was a miss: only the cases issue 20 adds catch it`, async () => {
    assert.deepEqual(await failedBy(bad), cases);
  });
}

// The audit's cases, each with a known-bad it catches.
const AUDIT: [string, string[]][] = [
  [
    "escapes_non_ascii",
    [
      "jcs/name-line-separators",
      "jcs/name-c1-and-nbsp",
      "jcs/name-utf8-boundaries",
      "jcs/name-ufeff",
      "jcs/name-astral-raw",
      "jcs/name-uppercase-hex-escape",
    ],
  ],
  ["uppercase_hex_escapes", ["jcs/name-controls-00-0f", "jcs/name-controls-10-1f"]],
  ["escapes_twice", ["jcs/name-controls-00-0f", "jcs/name-controls-10-1f", "jcs/name-quote-and-backslash"]],
  ["escapes_slashes", ["jcs/name-solidus"]],
  ["normalizes_nfc", ["jcs/name-not-normalized"]],
  [
    "accepts_raw_controls",
    ["reject/raw-tab-in-key", "reject/raw-nul-in-key", "reject/raw-unit-separator-in-key"],
  ],
  [
    "accepts_unicode_whitespace",
    [
      "reject/ws-nbsp-after-literal",
      "reject/ws-ideographic-space-before-literal",
      "reject/ws-next-line-before-literal",
      "reject/ws-line-separator-after-literal",
      "reject/ws-nbsp-after-number",
      "reject/ws-unit-separator-after-number",
      "reject/ws-nbsp-before-string",
      "reject/ws-ideographic-space-after-string",
      "reject/ws-nbsp-before-name",
      "reject/ws-form-feed-after-name",
      "reject/ws-vertical-tab-after-open-bracket",
      "reject/ws-nbsp-after-close-bracket",
      "reject/ws-form-feed-before-open-brace",
      "reject/ws-ideographic-space-before-close-brace",
      "reject/ws-nbsp-after-close-brace",
      "reject/ws-next-line-before-comma",
    ],
  ],
];

for (const [bad, cases] of AUDIT) {
  test(`${bad} is caught by the audit's ${cases.length === 1 ? cases[0] : `${cases.length} cases`}`, async () => {
    const failed = new Set(await failedBy(bad));
    for (const c of cases) assert.ok(failed.has(c), `${bad} passes ${c}`);
  });
}

test("every case issue 20 adds is caught by a known-bad above", async () => {
  // Every case of the corpus, in the order a run judges them.
  const run = (await sharedProof()).runs.find((r) => r.profile === "rfc8785")!;
  const added = run.results
    .map((c) => `${c.suite}/${c.name}`)
    .filter(
      (n) =>
        /^jcs\/name-(del|controls|quote|solidus|line-sep|c1|utf8|ufeff|astral-raw|uppercase|not-norm)/.test(
          n,
        ) || /^reject\/(raw-(tab|nul|unit-separator)-in-key|ws-.*-(after|before)-)/.test(n),
    );
  const caught = new Set([...MISSES, ...AUDIT].flatMap(([, cases]) => cases));
  assert.equal(added.length, 13 + 3 + 18);
  assert.deepEqual(
    added.filter((n) => !caught.has(n)),
    [],
  );
});
