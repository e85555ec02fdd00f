// Open choices are choices (docs/architecture.md, "Judgement"): no case outside canon-or-reject depends on a choice the RFCs
// leave open (a top-level scalar, a BOM, an integer literal past 2^53), and lines mode sends every
// stored case in a form it carries faithfully (so a correct implementation is never "not run").
import assert from "node:assert/strict";
import { test } from "node:test";
import { casesForLines, linesCanCarry } from "../../src/adapters/index.js";
import { loadCorpus } from "../../src/corpus/index.js";
import { parse } from "../../src/jcs/index.js";
import type { CorpusCase } from "../../src/types.js";

const corpus = await loadCorpus({
  suites: ["jcs", "reject", "canon-or-reject", "invariants"],
  profile: "rfc8785",
  numbers: 0,
});
const of = (suite: string) => corpus.cases.filter((c) => c.suite === suite);
const inputs = (c: CorpusCase): Uint8Array[] =>
  "input" in c
    ? [c.input]
    : "a" in c
      ? [c.a, c.b]
      : c.kind === "consistent-choice"
        ? c.members.map((m) => m.input)
        : [];
const firstByte = (b: Uint8Array) => b.find((x) => ![0x20, 0x09, 0x0a, 0x0d].includes(x));

test("every jcs and invariants input is an object or an array at the top, without a BOM", () => {
  for (const c of [...of("jcs"), ...of("invariants")]) {
    for (const input of inputs(c)) {
      const value = parse(input);
      assert.ok(value !== null && typeof value === "object", `${c.suite}/${c.name} is a scalar text`);
      assert.notEqual(input[0], 0xef, `${c.suite}/${c.name} starts with a BOM`);
    }
  }
});

test("no jcs or invariants input holds an integer literal past 2^53", () => {
  for (const c of [...of("jcs"), ...of("invariants")]) {
    for (const input of inputs(c)) {
      const text = Buffer.from(input)
        .toString("latin1")
        .replace(/"(?:[^"\\]|\\.)*"/g, '""');
      for (const token of text.match(/-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g) ?? []) {
        if (/^-?\d+$/.test(token)) assert.ok(Number.isSafeInteger(Number(token)), `${c.name}: ${token}`);
      }
    }
  }
});

test("a reject input starts with [ or {, unless its rule is about what stands around the value", () => {
  const around = new Set([
    "empty-input",
    "whitespace-only",
    "comment-line",
    "comment-block",
    "unmatched-close-bracket",
    "ws-nbsp-top-level",
  ]);
  for (const c of of("reject")) {
    const input = (c as Extract<CorpusCase, { kind: "reject" }>).input;
    const b = firstByte(input);
    if (around.has(c.name)) continue;
    assert.ok(b === 0x5b || b === 0x7b, `reject/${c.name} is not sent inside a container`);
  }
});

test("top-level scalars are canon-or-reject only, with one consistency case naming them all", () => {
  const choice = of("canon-or-reject").find((c) => c.name === "top-level-scalars-consistent");
  assert.ok(choice && choice.kind === "consistent-choice");
  const tops = of("canon-or-reject").filter((c) => c.name.startsWith("top-level-") && c !== choice);
  assert.deepEqual(
    choice.members.map((m) => m.name),
    tops.map((c) => c.name),
  );
  for (const c of tops) {
    assert.equal(c.kind, "canon-or-reject");
    const value = parse((c as Extract<CorpusCase, { kind: "canon-or-reject" }>).input);
    assert.ok(value === null || typeof value !== "object", c.name);
  }
});

test("lines mode carries every stored case, itself or in its lines form: none is left not run", () => {
  const sent = casesForLines(corpus.cases);
  let replaced = 0;
  sent.forEach((c, i) => {
    assert.equal(c.notRun, undefined, `${c.suite}/${c.name}: ${c.notRun}`);
    for (const input of inputs(c)) assert.ok(linesCanCarry(input).faithful, `${c.suite}/${c.name}`);
    if (c !== corpus.cases[i]) replaced++;
  });
  // comment-line, comment-line-in-array, ws-everywhere, bom-then-whitespace, the raw CR/LF cases.
  assert.equal(replaced, 8);
});
