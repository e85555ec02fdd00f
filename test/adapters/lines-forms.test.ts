// Every stored case as lines mode sends it (issue 20): its own bytes (CR and LF rewritten only where
// linesCanCarry says that is faithful), or a lines form whose verdict is the original's for the
// reference, for every known-bad and for every lenient reader the lines rule is proven against
// (./lenient-readers.ts) — never a stand-in a plausible parser treats differently. Whatever the
// corpus holds: a case added with a lines form is held to this too.
import assert from "node:assert/strict";
import { test } from "node:test";
import { casesForLines, encodeRequestLine, linesCanCarry } from "../../src/adapters/index.js";
import { checkFor } from "../../src/checks/index.js";
import { loadCorpus } from "../../src/corpus/index.js";
import { referenceCanonicalizer } from "../../src/jcs/canonicalizer.js";
import { canonicalizersOf, KNOWN_BADS, knownBad } from "../../src/known-bad/index.js";
import type { Canonicalizer, CorpusCase, Profile } from "../../src/types.js";
import { LENIENT_READERS, read } from "./lenient-readers.js";

const STORED = ["jcs", "reject", "canon-or-reject", "invariants"] as const;

/** The cases lines mode sends otherwise than as their own bytes, with the form it sends. */
async function formsOf(profile: Profile): Promise<[CorpusCase, CorpusCase][]> {
  const corpus = await loadCorpus({ suites: [...STORED], profile, numbers: 0 });
  const sent = casesForLines(corpus.cases);
  return corpus.cases.flatMap((c, k) => (sent[k] === c ? [] : [[c, sent[k]!] as [CorpusCase, CorpusCase]]));
}

const judge = async (c: CorpusCase, impl: Canonicalizer) =>
  (await checkFor(c.kind)(c, { write: impl, read: impl })).pass;

/** A lenient reader's verdict on a stored case of one input, by the case's own rule. */
function readerVerdict(reader: string, c: CorpusCase, bytes: Uint8Array): boolean {
  const reading = read(reader, bytes);
  if (c.kind === "reject") return reading === "rejected";
  if (c.kind === "canon" || c.kind === "canon-or-reject") {
    const exact = reading === `canonical ${Buffer.from(c.expected).toString("hex")}`;
    return exact || (c.kind === "canon-or-reject" && reading === "rejected");
  }
  throw new Error(`a lines form on a ${c.kind} case`);
}

/**
 * The lenient readers a lines form is known to be judged otherwise by, and why no one-line form can
 * do better: each is a reader no JSON parser is (YAML, Hjson), whose implementation fails other
 * cases in both protocols (single quotes, bare words, # comments), and docs/protocol.md says so.
 * The test holds this list exact: a new divergence fails it, and so does one that went away.
 */
const KNOWN_DIVERGENCES: Record<string, string[]> = {
  // YAML flow style: a key and its colon on two lines is refused; on one line, taken.
  "jcs/ws-everywhere": ["yamlKeys"],
  // YAML double-quoted strings take a raw line break (folded) but no other raw control character.
  "reject/raw-control-u000a": ["multiline"],
  "reject/raw-control-u000d": ["multiline"],
  "reject/raw-control-in-key": ["multiline"],
  "reject/escape-raw-newline": ["multiline"],
  // Hjson: a bare word (the BOM) runs to the end of its line, taking `[1]` with it on one line.
  "canon-or-reject/bom-then-whitespace": ["quoteless"],
};

/**
 * The known-bads a lines form is judged otherwise by, held exact like the readers above. One is open
 * (issue 29 item 7): `reject/comment-line` is `// note\n[1]`, a comment before the value, and its
 * lines form `[1] /* note *\/` puts the comment after it, where a reader that stops after its first
 * value never looks: it refuses the original and takes the form. A form with the comment where the
 * original has it, `/* note *\/ [1]`, reads as the original to it and to Ruby's reader alike (the
 * corpus's own, scripts/gen-vectors.ts: not this test's to change).
 */
const KNOWN_IMPLEMENTATION_DIVERGENCES: Record<string, string[]> = {
  "reject/comment-line": ["known-bad:stops_after_first_value"],
};

for (const profile of ["rfc8785", "nfc"] as const) {
  test(`${profile}: each case lines mode sends otherwise is a lines form with the original's verdict for every reader`, async () => {
    const forms = await formsOf(profile);
    assert.ok(forms.length >= 8, `${forms.length} cases with a lines form`);
    const impls = [referenceCanonicalizer(), ...KNOWN_BADS.map((bad) => canonicalizersOf(bad).write)];
    const diverging: Record<string, string[]> = {};
    const implementations: Record<string, string[]> = {};
    for (const [original, sent] of forms) {
      const name = `${original.suite}/${original.name}`;
      assert.equal(sent.notRun, undefined, `${name} is not run in lines mode: ${sent.notRun}`);
      assert.ok("input" in sent && "input" in original && sent.input !== original.input, name);
      // The form itself travels as its own bytes.
      assert.deepEqual(linesCanCarry(sent.input), { faithful: true }, name);
      for (const impl of impls) {
        if ((await judge(sent, impl)) !== (await judge(original, impl))) {
          implementations[name] = [...(implementations[name] ?? []), impl.label];
        }
      }
      const line = encodeRequestLine(sent.input).subarray(0, -1);
      const readers = Object.keys(LENIENT_READERS).filter(
        (reader) => readerVerdict(reader, sent, line) !== readerVerdict(reader, original, original.input),
      );
      if (readers.length > 0) diverging[name] = readers;
    }
    assert.deepEqual(diverging, KNOWN_DIVERGENCES);
    assert.deepEqual(implementations, KNOWN_IMPLEMENTATION_DIVERGENCES);
  });
}

test("the // comment line: Ruby's reader takes the input and refuses the old stand-in `[1] // note`, not the form", async () => {
  const bytes = (s: string) => Buffer.from(s, "latin1");
  const ruby = canonicalizersOf(knownBad("accepts_line_comments")).write;
  for (const reader of ["commentsEndedByBreak"]) {
    assert.equal(read(reader, bytes("[1] // note")), "rejected");
    assert.equal(read(reader, bytes("// note\n[1]")), read(reader, bytes("[1] /* note */")));
  }
  assert.equal((await ruby.canonicalize(bytes("// note\n[1]"))).status, "canonical");
  assert.equal((await ruby.canonicalize(bytes("[1] // note"))).status, "rejected");
  assert.equal((await ruby.canonicalize(bytes("[1] /* note */"))).status, "canonical");
});
