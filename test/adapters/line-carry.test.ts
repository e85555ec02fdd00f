// linesCanCarry (src/adapters/line-framing.ts): which inputs the lines protocol carries faithfully.
// The proof is a property against the reference parser behind lenient front ends
// (./lenient-readers.ts): whenever linesCanCarry says yes, every reader, strict or lenient, reads the
// request line exactly as it reads the input. The examples then show each rule is needed: for each
// input it refuses, some lenient reader does read the line differently.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { encodeRequestLine, linesCanCarry } from "../../src/adapters/line-framing.js";
import { loadCorpus } from "../../src/corpus/index.js";
import { LENIENT_READERS, read } from "./lenient-readers.js";

const bytes = (s: string) => Buffer.from(s, "latin1");
/** What the command receives: the request line without its final LF. */
const sent = (input: Uint8Array) => encodeRequestLine(input).subarray(0, -1);

/** The readers that read `input` and its request line differently. */
function disagreeing(input: Uint8Array): string[] {
  const line = sent(input);
  return Object.keys(LENIENT_READERS).filter((name) => read(name, input) !== read(name, line));
}

// Pieces that matter to some reader: structure, whitespace and breaks, values, comment openers, line
// starts, other quoting, controls and a non-ASCII byte.
const PIECES = [
  "{",
  "}",
  "[",
  "]",
  ",",
  ":",
  " ",
  "\t",
  "\n",
  "\r",
  "\r\n",
  "\n\n",
  '"a"',
  '"b"',
  '"',
  "\\",
  "1",
  "-1",
  "2.5e3",
  "0",
  "true",
  "null",
  "x",
  "//",
  "#",
  "/*",
  "*/",
  "-->",
  "'",
  "'q'",
  "\x01",
  "\xc3\xa9",
  ";",
];
const pieces = fc.array(fc.constantFrom(...PIECES), { maxLength: 24 }).map((p) => p.join(""));
// Pretty-printed JSON in each line-ending style, sometimes with one piece dropped in somewhere.
const pretty = fc
  .tuple(
    fc.jsonValue({ maxDepth: 3 }),
    fc.constantFrom("\n", "\r\n", "\r"),
    fc.integer({ min: 0, max: 4 }),
    fc.option(fc.tuple(fc.constantFrom(...PIECES), fc.nat()), { nil: undefined }),
  )
  .map(([value, eol, indent, extra]) => {
    let text = (JSON.stringify(value, null, indent) ?? "null").replaceAll("\n", eol);
    if (extra !== undefined) {
      const at = extra[1] % (text.length + 1);
      text = text.slice(0, at) + extra[0] + text.slice(at);
    }
    return text;
  });

test("faithful means every reader, strict or lenient, reads the request line as it reads the input", () => {
  let faithfulWithBreaks = 0;
  fc.assert(
    fc.property(fc.oneof(pieces, pretty), (text) => {
      const input = bytes(text);
      const carry = linesCanCarry(input);
      if (!carry.faithful) return;
      if (input.includes(0x0a) || input.includes(0x0d)) faithfulWithBreaks++;
      // Faithful rewrites only ever turn a CR or LF into a space.
      const line = sent(input);
      for (let i = 0; i < input.length; i++) {
        const expected = input[i] === 0x0a || input[i] === 0x0d ? 0x20 : input[i];
        assert.equal(line[i], expected, `byte ${i} of ${JSON.stringify(text)}`);
      }
      assert.deepEqual(disagreeing(input), [], `readers that differ on ${JSON.stringify(text)}`);
    }),
    { numRuns: 4000, seed: 8785 },
  );
  // Not vacuous: plenty of the inputs that pass do have line breaks to rewrite.
  assert.ok(faithfulWithBreaks >= 500, `only ${faithfulWithBreaks} faithful inputs had a line break`);
});

test("each refusal is needed: some lenient reader reads these request lines differently", () => {
  const cases: [string, RegExp, string][] = [
    ["// note\n1", /LF at byte 7 ends a line holding `\/\/` \(byte 0\), not a JSON token/, "comments"],
    ["[1, // c\n2]", /LF at byte 8 ends a line holding `\/\/` \(byte 4\)/, "comments"],
    ["[1, # c\n2]", /LF at byte 7 ends a line holding `#`/, "comments"],
    ['["a"\n"b"]', /LF at byte 4 has no comma or bracket beside it/, "separators"],
    ["[1\n2]", /LF at byte 2 has no comma or bracket beside it/, "separators"],
    ['{"a": 1 2\n}', /ends a line where a value is followed by another token \(byte 8\)/, "quoteless"],
    ["[x\n]", /ends a line holding `x`/, "quoteless"],
    ["[\n--> c\n1]", /LF at byte 1 is followed by `-->` \(byte 2\), not a JSON token/, "jsLineStart"],
    ['{"a"\n:1}', /LF at byte 4 has no comma or bracket beside it/, "yamlKeys"],
    ['["a\nb"]', /a raw LF inside a string \(byte 3\) is sent as U\+0001/, "rawControls"],
    ['["a\rb"]', /a raw CR inside a string \(byte 3\)/, "multiline"],
    ["['a\\\nb']", /ends a line holding `'a\\`/, "singleQuotes"],
  ];
  for (const [text, why, reader] of cases) {
    const carry = linesCanCarry(bytes(text));
    assert.equal(carry.faithful, false, JSON.stringify(text));
    assert.match(carry.faithful ? "" : carry.why, why, JSON.stringify(text));
    assert.ok(disagreeing(bytes(text)).includes(reader), `${reader} reads ${JSON.stringify(text)} otherwise`);
  }
  const inString = linesCanCarry(bytes('"a\nb"'));
  assert.deepEqual(inString.faithful ? undefined : [inString.offset, inString.inString], [2, true]);
  const between = linesCanCarry(bytes("// note\n1"));
  assert.deepEqual(between.faithful ? undefined : [between.offset, between.inString], [7, false]);
});

test("what lines mode carries: no line break, and JSON laid out over lines", () => {
  for (const text of [
    "",
    "[1,2]",
    "// a comment, but no line break to rewrite",
    '{\r\n  "a": 1,\r\n  "b": [\r\n    true\r\n  ]\r\n}\r\n',
    " \n null \t",
    "[1 ,\t2 ,\n3]",
    '{\n\t"a":\t{\n\t\t"b":\t2\n\t}\n}',
    "[\n]",
  ]) {
    assert.deepEqual(linesCanCarry(bytes(text)), { faithful: true }, JSON.stringify(text));
  }
});

test("the corpus: every layout case is carried, comments and raw controls in strings are not", async () => {
  const corpus = await loadCorpus({
    suites: ["jcs", "reject", "canon-or-reject", "invariants"],
    profile: "rfc8785",
    numbers: 0,
  });
  const refused: string[] = [];
  for (const c of corpus.cases) {
    const inputs = "input" in c ? [c.input] : "a" in c ? [c.a, c.b] : [];
    if (inputs.some((i) => !linesCanCarry(i).faithful)) refused.push(`${c.suite}/${c.name}`);
  }
  // A CR between a key and its colon (YAML wants them on one line); two comments; raw controls in
  // strings (four cases); a BOM, which is no JSON token, on the line before an LF.
  assert.deepEqual(refused.sort(), [
    "canon-or-reject/bom-then-whitespace",
    "jcs/ws-everywhere",
    "reject/comment-line",
    "reject/comment-line-in-array",
    "reject/escape-raw-newline",
    "reject/raw-control-in-key",
    "reject/raw-control-u000a",
    "reject/raw-control-u000d",
  ]);
});
