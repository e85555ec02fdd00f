// The corpus against the reference canonicalizer (src/jcs): the expected outputs were written from
// the RFC, so agreement here checks both. A disagreement is a bug in one of them.
import assert from "node:assert/strict";
import { test } from "node:test";
import { loadCorpus } from "../../src/corpus/index.js";
import { canonicalize, JcsError, keccak256Hex, type ParseOptions, sha256Hex } from "../../src/jcs/index.js";
import type { CorpusCase } from "../../src/types.js";

const corpus = await loadCorpus({
  suites: ["jcs", "reject", "canon-or-reject", "invariants"],
  profile: "rfc8785",
  numbers: 0,
});
const ofKind = <K extends CorpusCase["kind"]>(kind: K) =>
  corpus.cases.filter((c): c is Extract<CorpusCase, { kind: K }> => c.kind === kind);
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("utf8");

function answer(input: Uint8Array, options?: ParseOptions): { output: Uint8Array } | { error: JcsError } {
  try {
    return { output: canonicalize(input, options) };
  } catch (error) {
    if (error instanceof JcsError) return { error };
    throw error;
  }
}

test("every canon case's expected output is the reference's, and its pinned digests match", () => {
  const cases = ofKind("canon");
  assert.ok(cases.length > 150);
  for (const c of cases) {
    const got = answer(c.input);
    assert.ok(
      "output" in got,
      `${c.name}: the reference refused it: ${"error" in got ? got.error.message : ""}`,
    );
    assert.equal(text(got.output), text(c.expected), c.name);
    assert.equal(sha256Hex(got.output), c.sha256, `${c.name}: sha256`);
    assert.equal(keccak256Hex(got.output), c.keccak256, `${c.name}: keccak256`);
  }
});

test("canoncheck's published digests (seed 002 shows their first and last digits) are the pinned ones", () => {
  const pinned: Record<string, Record<"sha256" | "keccak256", [string, string]>> = {
    "canoncheck-record-agent-output": { sha256: ["d9d95374", "eff393f"], keccak256: ["35ee5191", "cee1172"] },
    "canoncheck-numbers": { sha256: ["b175a680", "a20badbf"], keccak256: ["f1ddcb33", "5c63ca46"] },
  };
  for (const [name, digests] of Object.entries(pinned)) {
    const c = ofKind("canon").find((k) => k.name === name);
    assert.ok(c, name);
    for (const algorithm of ["sha256", "keccak256"] as const) {
      const [head, tail] = digests[algorithm];
      assert.ok(
        c[algorithm].startsWith(head) && c[algorithm].endsWith(tail),
        `${name} ${algorithm} ${c[algorithm]}`,
      );
    }
  }
});

test("every reject case is refused by the reference", () => {
  const cases = ofKind("reject");
  assert.ok(cases.length > 100);
  for (const c of cases) {
    const got = answer(c.input);
    assert.ok(
      "error" in got,
      `${c.name}: the reference accepted it as ${"output" in got ? text(got.output) : ""}`,
    );
  }
});

test("every canon-or-reject case is refused or answered with exactly its expected bytes, strict or lenient", () => {
  const lenient: ParseOptions = { bom: "ignore", bigIntegers: "round", maxDepth: 100_000 };
  const strict: ParseOptions = { bom: "reject", bigIntegers: "reject", maxDepth: 500 };
  for (const c of ofKind("canon-or-reject")) {
    for (const options of [undefined, lenient, strict]) {
      const got = answer(c.input, options);
      if ("output" in got)
        assert.equal(text(got.output), text(c.expected), `${c.name} ${JSON.stringify(options)}`);
    }
  }
  // Each side of each choice is taken by some setting, so both halves of the expectation are exercised.
  const accepted = (name: string, options: ParseOptions) => {
    const c = ofKind("canon-or-reject").find((k) => k.name === name)!;
    return "output" in answer(c.input, options);
  };
  for (const name of ["bom-object", "big-int-2-53-plus-1", "nesting-1000-arrays"]) {
    assert.equal(accepted(name, lenient), true, `${name} lenient`);
    assert.equal(accepted(name, strict), false, `${name} strict`);
  }
});

test("every equal pair reconciles and every differ pair stays apart under the reference", () => {
  for (const c of [...ofKind("equal"), ...ofKind("differ")]) {
    const a = answer(c.a);
    const b = answer(c.b);
    assert.ok("output" in a && "output" in b, `${c.name}: refused`);
    assert.equal(text(a.output) === text(b.output), c.kind === "equal", `${c.kind} ${c.name}`);
  }
});

test("every idempotent and roundtrip input is accepted and canonical output reads back as itself", () => {
  for (const c of [...ofKind("idempotent"), ...ofKind("roundtrip")]) {
    const once = answer(c.input);
    assert.ok("output" in once, `${c.name}: refused`);
    const twice = answer(once.output);
    assert.ok("output" in twice, `${c.name}: refused its own output`);
    assert.equal(text(twice.output), text(once.output), c.name);
  }
});

test("the number cases agree with ECMAScript's String(n), the oracle RFC 8785 §3.2.2.3 names", () => {
  for (const c of ofKind("canon").filter((k) => k.source === "RFC 8785 §3.2.2.3")) {
    const value = JSON.parse(text(c.input));
    const expected = Array.isArray(value) ? `[${value.map(String).join(",")}]` : String(value);
    assert.equal(text(c.expected), expected, c.name);
  }
});
