// One defect, one cause (issue 29 item 4): a cause is the rule broken and the kind of difference, not
// the character, the number's sign or the protocol that showed it; two defects stay two causes. Each
// case here is judged by its kind's real check, against an implementation that has the defect (a
// known-bad's write side, through what the lines adapter makes of an answer of several lines).
import assert from "node:assert/strict";
import { test } from "node:test";
import { wrongLineCount } from "../../src/adapters/lines-alone.js";
import { type CauseGroup, groupByCause } from "../../src/causes/group.js";
import { checkFor } from "../../src/checks/index.js";
import { canonicalize } from "../../src/jcs/index.js";
import { knownBad } from "../../src/known-bad/index.js";
import type { Answer, Canonicalizer, CaseResult, CorpusCase } from "../../src/types.js";
import {
  bytes,
  canonCase,
  canonical,
  canonOrRejectCase,
  context,
  failed,
  idempotentCase,
  pairCase,
  rejectCase,
  rejected,
} from "../checks/fakes.js";
import { sharedProof } from "../helpers/proof.js";

const decoder = new TextDecoder();

/** A known-bad as an implementation; in lines mode an output with a raw line feed is the several
 * lines the adapter reads. */
function implementation(name: string, protocol: "once" | "lines"): Canonicalizer {
  const bad = knownBad(name);
  return {
    label: name,
    async canonicalize(input): Promise<Answer> {
      let output: Buffer;
      try {
        output = Buffer.from(bad.write(input));
      } catch (error) {
        return rejected((error as Error).message);
      }
      if (protocol === "lines" && output.includes(0x0a)) return wrongLineCount(lines(output));
      return { status: "canonical", output };
    },
    async close() {},
  };
}

function lines(output: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let from = 0;
  for (let at = output.indexOf(0x0a); at !== -1; at = output.indexOf(0x0a, from)) {
    out.push(output.subarray(from, at));
    from = at + 1;
  }
  return [...out, output.subarray(from)];
}

/** A canon case of `input`, expecting what RFC 8785 writes for it. */
function canonOf(input: string, name: string): CorpusCase {
  return canonCase(input, decoder.decode(canonicalize(bytes(input))), name);
}

async function judgeAll(cases: CorpusCase[], impl: Canonicalizer): Promise<CaseResult[]> {
  return Promise.all(cases.map((c) => checkFor(c.kind)(c, context(impl))));
}

const shown = (groups: CauseGroup[]) => groups.map((g) => `${g.count} ${g.cause}: ${g.title}`).join("\n");

test("control characters written raw are one cause, whichever character, case kind or protocol shows it", async () => {
  const controls = ["\\u0000", "\\u0001", "\\b", "\\t", "\\n", "\\u000b", "\\f", "\\r", "\\u001f"];
  const cases = [
    ...controls.map((sequence, k) => canonOf(`["${sequence}"]`, `control-${k}`)),
    canonOf(`{"${"\\u0010".repeat(3)}":1,"a\\nb":{"\\u0000":0}}`, "names"),
    canonOf(`{"x":"${"y".repeat(300)}\\n"}`, "cut-after-a-long-line"),
    pairCase("equal", '["a\\nb"]', '["a\\u000ab"]'),
    idempotentCase('{"c":"\\u0000\\u0001\\n"}'),
    // A top-level choice whose string member holds a line feed: in lines mode that member gets no
    // answer (its own case fails too), which the choice rule counts as no choice.
    ...choiceWithMembers([
      ["top-level-string", '"a\\nb"'],
      ["top-level-integer", "1"],
      ["top-level-true", "true"],
    ]),
  ];
  for (const protocol of ["once", "lines"] as const) {
    const results = await judgeAll(cases, implementation("writes_raw_controls", protocol));
    // The pair's two outputs are alike once written (I2 holds), and the choice is consistent, unless
    // the lines protocol splits them; the other members are right.
    const failures = results.filter((r) => !r.pass);
    assert.equal(failures.length, protocol === "lines" ? cases.length - 2 : cases.length - 4);
    if (protocol === "lines") assert.ok(results.some((r) => r.got.includes("answered with 2 lines")));
    const groups = groupByCause(results);
    assert.deepEqual(
      groups.map((g) => [g.cause, g.count]),
      [["difference:raw-controls", failures.length]],
      `${protocol}:\n${shown(groups)}`,
    );
    assert.match(groups[0]!.title, /raw where RFC 8785 §3\.2\.2\.2 escapes them/);
  }
});

test("an answer of two lines that is no output split at its raw line feeds stays a failure of its own", async () => {
  // A stray print before the right output: the lines do not make RFC 8785's output with raw controls.
  const print: Canonicalizer = {
    label: "prints",
    async canonicalize(input) {
      return wrongLineCount([Buffer.from("debug: got it"), Buffer.from(canonicalize(input))]);
    },
    async close() {},
  };
  const cases = [canonOf('["a\\nb"]', "a"), canonOf("[1]", "b")];
  const groups = groupByCause(await judgeAll(cases, print));
  assert.deepEqual(
    groups.map((g) => [g.kind, g.count]),
    [["failure", 2]],
    shown(groups),
  );
  assert.match(groups[0]!.title, /^no answer: “answered with N lines/);
});

test("a refusal whose messages differ only in a number's sign is one cause", async () => {
  const cases = [canonOf("[1.5]", "plus"), canonOf("[-1.5]", "minus"), canonOf('{"a":-2.25}', "nested")];
  const impl: Canonicalizer = {
    label: "olpc",
    async canonicalize(input) {
      const number = /-?\d+\.\d+/.exec(decoder.decode(input))![0];
      return rejected(`cannot encode ${number}`);
    },
    async close() {},
  };
  const groups = groupByCause(await judgeAll(cases, impl));
  assert.deepEqual(
    groups.map((g) => [g.cause, g.count]),
    [["refusal:cannot encode N", 3]],
  );
});

test("a reader that stops after its first value is one cause, white space of another kind after it included", async () => {
  const inputs = ["[1] x", "[1]]", '{"a":1}{"b":2}', "1 2", '{"a":1}\u00a0', "[1]\u0000"];
  const cases = inputs.map((input, k) => rejectCase(input, `trailing-${k}`));
  const stops = groupByCause(await judgeAll(cases, implementation("stops_after_first_value", "once")));
  assert.deepEqual(
    stops.map((g) => [g.cause, g.count]),
    [["acceptance:trailing-content", inputs.length]],
    shown(stops),
  );
  // Alone, a no-break space or a comment after the value is what a reader of Unicode white space or
  // of comments accepts too: it stays under the rule its case tests.
  const comments = [
    rejectCase("[1] /* note */", "comment-after"),
    rejectCase("/* note */ [1]", "comment-before"),
  ];
  for (const c of comments) c.source = "RFC 8259 §2";
  const ruby = groupByCause(await judgeAll(comments, implementation("accepts_line_comments", "once")));
  assert.deepEqual(
    ruby.map((g) => [g.cause, g.count]),
    [["acceptance:RFC 8259 §2", 2]],
    shown(ruby),
  );
  const spaces = [rejectCase('{"a":1}\u00a0', "nbsp-after"), rejectCase('{"a":\u00a01}', "nbsp-inside")];
  for (const c of spaces) c.source = "RFC 8785 §3.2.1";
  const unicode = groupByCause(await judgeAll(spaces, implementation("accepts_unicode_whitespace", "once")));
  assert.deepEqual(
    unicode.map((g) => [g.cause, g.count]),
    [["acceptance:RFC 8785 §3.2.1", 2]],
    shown(unicode),
  );
});

test("an answer that is not UTF-8 is called that, not no answer", async () => {
  const reason = "answer is not UTF-8: invalid byte 0xff at offset 2";
  const groups = groupByCause(await judgeAll([canonOf('["a"]', "bytes")], { ...fixed(failed(reason)) }));
  assert.match(
    groups[0]!.title,
    /^answers with bytes that are not UTF-8: “answer is not UTF-8: invalid byte 0xff/,
  );
  const timeout = groupByCause(
    await judgeAll([canonOf('["a"]', "t")], fixed(failed("timed out after 10 s"))),
  );
  assert.match(timeout[0]!.title, /^no answer: /);
  assert.ok(canonical("[]"));
});

/** A consistent-choice case of `members` (name, input), and each member as its canon-or-reject case. */
function choiceWithMembers(members: [string, string][]): CorpusCase[] {
  const withExpected = members.map(([name, input]) => ({
    name,
    input,
    expected: decoder.decode(canonicalize(bytes(input))),
  }));
  return [
    ...withExpected.map((m) => ({ ...canonOrRejectCase(m.input, m.expected), name: m.name })),
    {
      suite: "canon-or-reject",
      name: "top-level-scalars-consistent",
      why: "a test case",
      source: "test",
      kind: "consistent-choice",
      members: withExpected.map((m) => ({
        name: m.name,
        input: bytes(m.input),
        expected: bytes(m.expected),
      })),
    },
  ];
}

function fixed(answer: Answer): Canonicalizer {
  return { label: "fixed", canonicalize: async () => answer, async close() {} };
}

test("a choice made otherwise for some members, for a fault the run shows elsewhere, is that fault", async () => {
  const members = [
    { name: "top-level-string", input: '"a"' },
    { name: "top-level-fraction", input: "1.5" },
    { name: "top-level-zero", input: "0" },
  ].map((m) => ({ ...m, expected: decoder.decode(canonicalize(bytes(m.input))) }));
  const memberCases: CorpusCase[] = members.map((m) => ({
    ...canonOrRejectCase(m.input, m.expected),
    name: m.name,
  }));
  const choice: CorpusCase = {
    suite: "canon-or-reject",
    name: "top-level-scalars-consistent",
    why: "a test case",
    source: "test",
    kind: "consistent-choice",
    members: members.map((m) => ({ name: m.name, input: bytes(m.input), expected: bytes(m.expected) })),
  };
  const olpc: Canonicalizer = {
    label: "olpc",
    async canonicalize(input) {
      const text = decoder.decode(input);
      const fraction = /-?\d+\.\d+/.exec(text);
      return fraction
        ? rejected(`cannot encode ${fraction[0]}`)
        : { status: "canonical", output: canonicalize(input) };
    },
    async close() {},
  };
  const alone = groupByCause(await judgeAll([...memberCases, choice], olpc));
  // Refusing a top-level fraction is a legitimate answer to its own case: only the choice fails, and
  // nothing else the run shows explains it.
  assert.deepEqual(
    alone.map((g) => [g.cause, g.kind]),
    [["case:canon-or-reject/top-level-scalars-consistent", "case"]],
  );
  assert.match(alone[0]!.title, /makes one choice the RFC leaves differently/);
  const results = await judgeAll([canonOf("[1.5]", "fraction"), ...memberCases, choice], olpc);
  const groups = groupByCause(results);
  assert.deepEqual(
    groups.map((g) => [g.cause, g.cases]),
    [["refusal:cannot encode N", ["jcs/fraction", "canon-or-reject/top-level-scalars-consistent"]]],
    shown(groups),
  );
});

test("a hang among misread numbers is a second cause, not a form of the numbers difference", async () => {
  const run = (await sharedProof()).runs.find((r) => r.bad.name === "hangs_among_subnormal_misreads")!;
  const groups = groupByCause(run.results);
  const numbers = run.results.find((r) => r.suite === "numbers" && !r.pass)!;
  assert.deepEqual(
    groups.map((g) => [g.kind, g.cases.includes(`numbers/${numbers.name}`)]),
    [
      ["difference", false],
      ["case", true],
    ],
    shown(groups),
  );
  assert.match(groups[1]!.title, /^no answer: /);
});
